/**
 * What the harness opened (databases, apps) and a test file has not closed yet. Test files share
 * worker processes (vitest.config.ts `isolate: false`), so whatever one leaves open is closed when
 * it ends (server/test/per-file.ts), not left to hold memory and threads under the files after it.
 */
const open = new Set<() => Promise<void>>();

/** `close`, callable any number of times, remembered until it is called. */
export function closedAtFileEnd(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    open.delete(once);
    closing ??= close();
    return closing;
  };
  open.add(once);
  return once;
}

/** Closes what is still open, newest first; how many there were. */
export async function closeLeftOpen(): Promise<number> {
  const left = [...open].reverse();
  for (const close of left) await close().catch(() => {});
  return left.length;
}
