import { Link } from 'react-router';
import type { PublicBox } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';

const place = (box: { x: number; y: number; w: number; h: number }) => ({
  left: `${box.x * 100}%`,
  top: `${box.y * 100}%`,
  width: `${box.w * 100}%`,
  height: `${box.h * 100}%`,
});

/**
 * The boxes of the people on an image, drawn over it (the parent is positioned and exactly the
 * image's size): each numbered, with the person's name as text under it, a link to their page;
 * an unnamed box (or a private person's) says so. The names are text, so a screen reader reads
 * them, and the links are reached with Tab.
 */
export function PeopleOverlay({
  boxes,
  numbered = true,
}: {
  boxes: readonly PublicBox[];
  numbered?: boolean;
}) {
  const t = useT();
  return (
    <ul aria-label={t('people.on_image', 'Fólk á myndini')} className="absolute inset-0">
      {boxes.map((box, i) => {
        const label = `${numbered ? `${i + 1}. ` : ''}${box.person?.name ?? t('people.unnamed', 'Ókendur persónur')}`;
        return (
          <li key={box.id} className="absolute" style={place(box)}>
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 border-2 border-yellow-300 shadow-[0_0_0_1px_rgba(0,0,0,0.8)]"
            />
            {box.person ? (
              <Link
                to={paths.person(box.person.id)}
                className="absolute top-full left-0 mt-0.5 max-w-[16rem] truncate rounded bg-black/85 px-1.5 py-0.5 text-xs font-medium text-white underline focus-visible:outline-2 focus-visible:outline-yellow-300"
              >
                {label}
              </Link>
            ) : (
              <span className="absolute top-full left-0 mt-0.5 max-w-[16rem] truncate rounded bg-black/85 px-1.5 py-0.5 text-xs text-white">
                {label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
