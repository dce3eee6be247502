import { Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { PublicBox } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { useHydrated } from '#web/lib/hydrated.ts';
import { useMediaBoxes } from '../api/public-people.ts';
import { PeopleOverlay } from './people-overlay.tsx';
import { SuggestName } from './suggest-name.tsx';

/**
 * "Who is in the picture" on a public image's page (issue 29 §2): "show who is here" opens the
 * image with its boxes and the names as a list (a <details>, so it works before the script and
 * without it), and "Suggest a name" names a box, or (with the script) a box the visitor draws.
 * Without script the form is posted to the page's own address with its mark and the server draws
 * the page again with the outcome (common/people.ts), as "Do you know more" does.
 */
export function WhoIsHere({
  mediaId,
  title,
  src,
  width,
  height,
}: {
  mediaId: string;
  title: string;
  src: string | null;
  width: number | null;
  height: number | null;
}) {
  const t = useT();
  const { data: boxes = [] } = useMediaBoxes(mediaId);
  const id = useId();
  const headingId = `${id}-heading`;
  // Drawing a new box needs the script; naming a box does not.
  const canDraw = useHydrated() && src !== null;
  if (boxes.length === 0 && !canDraw) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('people.title', 'Fólk á myndini')}
      </h2>
      {boxes.length > 0 && src && (
        <details className="group">
          <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100">
            <Users aria-hidden="true" className="size-4" />
            {t('people.show', 'Vís hvør er her')} ({boxes.length})
          </summary>
          <div className="mt-3 space-y-3">
            <div className="relative inline-block max-w-full">
              <img
                src={src}
                alt={title}
                width={width ?? undefined}
                height={height ?? undefined}
                loading="lazy"
                className="block h-auto max-h-[70vh] w-auto max-w-full"
              />
              <PeopleOverlay boxes={boxes} />
            </div>
          </div>
        </details>
      )}
      {boxes.length > 0 && <NamesList boxes={boxes} />}
      <SuggestName
        mediaId={mediaId}
        boxes={boxes}
        src={canDraw ? src : null}
        title={title}
        width={width}
        height={height}
      />
    </section>
  );
}

/** The names in words, numbered as the boxes are. */
function NamesList({ boxes }: { boxes: readonly PublicBox[] }) {
  const t = useT();
  return (
    <ol className="list-inside list-decimal space-y-1 text-sm text-slate-800">
      {boxes.map((box) => (
        <li key={box.id}>
          {box.person ? (
            <Link to={paths.person(box.person.id)} className="font-medium text-blue-700 underline">
              {box.person.name}
            </Link>
          ) : (
            t('people.unnamed', 'Ókendur persónur')
          )}
        </li>
      ))}
    </ol>
  );
}
