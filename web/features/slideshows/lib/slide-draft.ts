/** Thumbnails the selected-media preview shows before '+N' (admin-back-office.md §9). */
export const PREVIEW_MAX = 24;

/** The first `max` of `list` for the preview, and how many more the '+N' stands for. */
export function previewOf<T>(list: readonly T[], max = PREVIEW_MAX): { shown: T[]; more: number } {
  const shown = list.slice(0, max);
  return { shown, more: list.length - shown.length };
}

/**
 * Whether the slide at `index` may move by one: inside the list, and within its group (existing
 * slides keep before new ones, which are appended on save after the highest order_index).
 */
export function canMove(slides: readonly { slideId: string | null }[], index: number, by: -1 | 1): boolean {
  const to = index + by;
  if (index < 0 || index >= slides.length || to < 0 || to >= slides.length) return false;
  return (slides[index]!.slideId === null) === (slides[to]!.slideId === null);
}

/** `slides` with the one at `index` moved by one place. */
export function moveSlide<T>(slides: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...slides];
  const [slide] = next.splice(index, 1);
  next.splice(index + by, 0, slide!);
  return next;
}
