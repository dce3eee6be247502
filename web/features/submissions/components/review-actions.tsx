import { Check, Trash2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { RightsChoices } from '#web/features/media/index.ts';
import type { ReviewStatus } from '../api/review-submission.ts';

const approveButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-green-700 px-4 py-2 font-medium text-white hover:bg-green-800 disabled:opacity-70';
const rejectButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-70';
const deleteButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-70';

/** The dialog's foot: for a pending submission the rights and notes with Approve / Reject; Delete; Close. */
export function ReviewActions({
  submission,
  notes,
  onNotes,
  rights,
  onRights,
  busy,
  onReview,
  onDelete,
}: {
  submission: StaffSubmissionDetail;
  notes: string;
  onNotes: (notes: string) => void;
  rights: string;
  onRights: (rights: string) => void;
  busy: boolean;
  onReview: (submission: StaffSubmissionDetail, status: ReviewStatus, notes: string, rights: string) => void;
  onDelete: (submission: StaffSubmissionDetail) => void;
}) {
  const t = useT();
  const notesId = useId();
  const rightsId = useId();
  return (
    <div className="space-y-3 border-t border-slate-200 p-4">
      {submission.status === 'pending' && (
        <div>
          <label htmlFor={rightsId} className="block text-sm font-medium text-slate-800">
            {t('admin.submissions.rights_label', 'Rights statement of the approved item')}
          </label>
          <select
            id={rightsId}
            value={rights}
            onChange={(event) => onRights(event.target.value)}
            className="mt-1 mb-2 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <RightsChoices empty={t('admin.upload.field.rights_default', "The site's default")} />
          </select>
          <label htmlFor={notesId} className="block text-sm font-medium text-slate-800">
            {t('admin.submissions.notes_label', 'Review notes (optional)')}
          </label>
          <textarea
            id={notesId}
            rows={2}
            maxLength={5000}
            value={notes}
            onChange={(event) => onNotes(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
          />
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {submission.status === 'pending' && (
          <>
            <Button
              className={approveButton}
              disabled={busy}
              onClick={() => onReview(submission, 'approved', notes, rights)}
              aria-keyshortcuts="A"
            >
              <Check aria-hidden="true" className="size-4" />
              {t('admin.submissions.approve', 'Approve')}
            </Button>
            <Button
              className={rejectButton}
              disabled={busy}
              onClick={() => onReview(submission, 'rejected', notes, rights)}
              aria-keyshortcuts="R"
            >
              <X aria-hidden="true" className="size-4" />
              {t('admin.submissions.reject', 'Reject')}
            </Button>
          </>
        )}
        <Button className={deleteButton} disabled={busy} onClick={() => onDelete(submission)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('admin.submissions.delete', 'Delete')}
        </Button>
        <Dialog.Close className={secondaryButton}>{t('admin.submissions.close', 'Close')}</Dialog.Close>
      </div>
    </div>
  );
}
