import { Images } from 'lucide-react';
import { Link } from 'react-router';
import type { NearDuplicate } from '#common/near-duplicates.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';

/**
 * The photos the archive held already that a file just uploaded looks like (perceptual hash, issue
 * 29 §4): the upload is made, and staff are asked whether it is the same photo, with a link to
 * each to compare (and then remove the new one, or keep both).
 */
export function UploadNearDuplicates({ items }: { items: readonly NearDuplicate[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <div className="mt-2 space-y-2">
      {items.map((item) => {
        const question = t('admin.upload.near_title', 'This looks like {id} — same photo?', {
          id: item.displayId,
        });
        return (
          <section
            key={item.id}
            aria-label={question}
            className="flex items-start gap-3 rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900"
          >
            {item.thumbnailUrl && (
              <img
                src={item.thumbnailUrl}
                alt=""
                className="h-16 w-16 shrink-0 rounded bg-white object-contain"
              />
            )}
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-medium">
                <Images aria-hidden="true" className="size-4 shrink-0" />
                {question}
              </p>
              <p>
                <Link
                  className="font-medium text-blue-800 underline"
                  to={paths.media(item.id)}
                  target="_blank"
                >
                  {item.displayId}
                </Link>{' '}
                {item.title}
                {' · '}
                {t('admin.upload.near_distance', '{bits} of 64 bits differ', { bits: item.distance })}
              </p>
            </div>
          </section>
        );
      })}
    </div>
  );
}
