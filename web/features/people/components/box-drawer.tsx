import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useRef, useState } from 'react';
import { BOX_MIN_SIDE, type BoxRect, clampBox } from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';

/** One key press moves or resizes the box by this share of the image's side (Page keys: 5 times as much). */
const STEP = 0.01;
/** The box a key makes when there is none: in the middle, a fifth of the image. */
const FIRST_BOX: BoxRect = { x: 0.4, y: 0.4, w: 0.2, h: 0.2 };

const percent = (v: number) => `${Math.round(v * 100)}`;

/**
 * An image on which a box is drawn: with the mouse (or a finger, or a pen) by dragging from one
 * corner to the other, or with the keyboard: N (or Enter) makes a box in the middle, the arrow keys
 * move it, Shift and the arrows make it wider/narrower and taller/shorter; Page Up/Down with them
 * move by larger steps. Where the box is, is said in words in a live region. `children` are drawn
 * over the image (the boxes already there).
 */
export function BoxDrawer({
  src,
  alt,
  width,
  height,
  value,
  onChange,
  children,
}: {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  value: BoxRect | null;
  onChange: (box: BoxRect) => void;
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [said, setSaid] = useState('');

  const point = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1),
      y: Math.min(Math.max((event.clientY - rect.top) / rect.height, 0), 1),
    };
  };
  const between = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    clampBox({
      x: Math.min(a.x, b.x),
      y: Math.min(a.y, b.y),
      w: Math.max(Math.abs(a.x - b.x), BOX_MIN_SIDE),
      h: Math.max(Math.abs(a.y - b.y), BOX_MIN_SIDE),
    });
  const tell = (box: BoxRect) =>
    setSaid(
      t('people.box_where', 'Kassin: {x} % frá vinstru, {y} % frá erva, {w} % breiður, {h} % høgur.', {
        x: percent(box.x),
        y: percent(box.y),
        w: percent(box.w),
        h: percent(box.h),
      }),
    );

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    frame.current?.focus();
    frame.current?.setPointerCapture?.(event.pointerId);
    start.current = point(event);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!start.current) return;
    onChange(between(start.current, point(event)));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!start.current) return;
    const box = between(start.current, point(event));
    start.current = null;
    onChange(box);
    tell(box);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (!value) {
      if (event.key === 'n' || event.key === 'N' || event.key === 'Enter') {
        event.preventDefault();
        onChange(FIRST_BOX);
        tell(FIRST_BOX);
      }
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = arrows[event.key];
    if (!move) return;
    event.preventDefault();
    const step = STEP * (event.repeat ? 2 : 1);
    const [dx, dy] = move;
    const next = event.shiftKey
      ? clampBox({ ...value, w: value.w + dx * step, h: value.h - dy * step })
      : clampBox({
          ...value,
          x: Math.min(Math.max(value.x + dx * step, 0), 1 - value.w),
          y: Math.min(Math.max(value.y + dy * step, 0), 1 - value.h),
        });
    onChange(next);
    tell(next);
  }

  return (
    <div className="space-y-2">
      <div
        ref={frame}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing surface takes the keys that make and move the box
        tabIndex={0}
        aria-label={t('people.drawer_label', 'Tekna ein kassa um persónin')}
        aria-describedby={`${id}-help`}
        className="relative inline-block max-w-full cursor-crosshair touch-none select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <img
          src={src}
          alt={alt}
          width={width ?? undefined}
          height={height ?? undefined}
          draggable={false}
          className="block h-auto max-h-[60vh] w-auto max-w-full"
        />
        {children}
        {value && (
          <div
            data-testid="drawn-box"
            className="pointer-events-none absolute border-2 border-dashed border-yellow-300 bg-yellow-300/20 outline outline-1 outline-black"
            style={{
              left: `${value.x * 100}%`,
              top: `${value.y * 100}%`,
              width: `${value.w * 100}%`,
              height: `${value.h * 100}%`,
            }}
          />
        )}
      </div>
      <p id={`${id}-help`} className="text-sm text-slate-700">
        {t(
          'people.drawer_help',
          'Drag á myndini. Við knappaborðinum: N ger ein kassa, pílarnir flyta hann, Shift og pílarnir broyta støddina.',
        )}
      </p>
      <p role="status" className="sr-only">
        {said}
      </p>
    </div>
  );
}
