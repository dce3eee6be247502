import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { linkButton } from '#web/components/button.tsx';
import { useFaceSuggestions } from '../api/face-suggestions.ts';

const percent = (fraction: number) => Math.round(fraction * 100);

/**
 * The faces the face job found on an item and staff have not decided yet (issue 29 §3), in the
 * item's staff view: where each is, and "looks like {person} (PHOTO-…)" when a face in a named box
 * is near. Staff only: the server answers it to those who manage media and to nobody else.
 */
export function FaceSuggestionsList({ mediaId }: { mediaId: string }) {
  const t = useT();
  const { data } = useFaceSuggestions(mediaId);
  if (!data || data.suggestions.length === 0) return null;
  return (
    <section
      aria-labelledby={`faces-${mediaId}`}
      className="rounded-md border border-slate-200 p-3 sm:col-span-2"
      data-face-suggestions
    >
      <h3 id={`faces-${mediaId}`} className="text-sm font-semibold text-slate-900">
        {t('admin.faces.suggestions_title', 'Suggested faces ({count})', { count: data.suggestions.length })}
      </h3>
      <ul className="mt-2 grid gap-1 text-sm text-slate-800">
        {data.suggestions.map((face, index) => (
          <li key={face.boxId} data-face-box={face.boxId}>
            {t('admin.faces.suggestion_place', 'Face {n}: {left} % from the left, {top} % from the top', {
              n: index + 1,
              left: percent(face.x),
              top: percent(face.y),
            })}
            {face.lookAlike ? (
              <>
                {' — '}
                {t('admin.faces.looks_like', 'looks like {name}', { name: face.lookAlike.name })} (
                <Link to={paths.media(face.lookAlike.mediaId)} className={linkButton}>
                  {face.lookAlike.displayId}
                </Link>
                )
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
