import { Images } from 'lucide-react';
import { Link } from 'react-router';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import type { NearDuplicateChoice } from '#common/near-duplicates.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useResolveNearDuplicate } from '../api/review-submission.ts';

/**
 * Items whose picture looks like the submission's (perceptual hash, issue 29), each shown beside
 * it with the question "same photo?" and staff's three answers while it is not yet approved: keep
 * both, replace the item's file, or link as another version. The server checks the pair again.
 */
export function NearDuplicates({
  submission,
  notes,
  rights,
}: {
  submission: StaffSubmissionDetail;
  notes: string;
  rights: string;
}) {
  const t = useT();
  const say = useErrorText();
  const resolve = useResolveNearDuplicate();
  if (submission.nearDuplicates.length === 0) return null;
  const open = submission.status !== 'approved';
  const choices: { choice: NearDuplicateChoice; label: string }[] = [
    { choice: 'keep_both', label: t('admin.submissions.near_keep_both', 'Keep both') },
    { choice: 'replace', label: t('admin.submissions.near_replace', 'Replace') },
    { choice: 'version', label: t('admin.submissions.near_version', 'Link as another version') },
  ];
  const ownPicture = submission.thumbnailUrl ?? submission.displayUrl;
  return (
    <div className="space-y-3">
      {submission.nearDuplicates.map((item) => (
        <section
          key={item.id}
          aria-label={t('admin.submissions.near_title', 'This looks like {id} — same photo?', {
            id: item.displayId,
          })}
          className="rounded-md border border-orange-300 bg-orange-50 p-4 text-orange-900"
        >
          <p className="flex items-center gap-2 font-medium">
            <Images aria-hidden="true" className="size-4" />
            {t('admin.submissions.near_title', 'This looks like {id} — same photo?', { id: item.displayId })}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <figure>
              {ownPicture && (
                <img src={ownPicture} alt="" className="h-28 w-full rounded bg-white object-contain" />
              )}
              <figcaption className="text-xs">
                {t('admin.submissions.near_this', 'This submission')}
              </figcaption>
            </figure>
            <figure>
              {item.thumbnailUrl && (
                <img src={item.thumbnailUrl} alt="" className="h-28 w-full rounded bg-white object-contain" />
              )}
              <figcaption className="text-xs">
                <Link className="text-blue-800 underline" to={paths.media(item.id)}>
                  {item.displayId}
                </Link>{' '}
                {item.title}
              </figcaption>
            </figure>
          </div>
          <p className="mt-1 text-xs">
            {t('admin.submissions.near_distance', '{bits} of 64 bits differ', { bits: item.distance })}
          </p>
          {open && (
            <div className="mt-2 flex flex-wrap gap-2">
              {choices.map(({ choice, label }) => (
                <button
                  key={choice}
                  type="button"
                  className={secondaryButton}
                  disabled={resolve.isPending}
                  onClick={() =>
                    resolve.mutate({
                      id: submission.id,
                      mediaId: item.id,
                      choice,
                      reviewNotes: notes,
                      rights,
                    })
                  }
                >
                  {label}
                </button>
              ))}
            </div>
          )}
        </section>
      ))}
      {resolve.isError && (
        <Alert tone="error">
          <p>{say(resolve.error)}</p>
        </Alert>
      )}
      {resolve.isSuccess && (
        <p role="status" className="text-sm text-green-800">
          {t('admin.submissions.near_done', 'Approved.')}
        </p>
      )}
    </div>
  );
}
