import { Check, ChevronLeft, ChevronRight, Copy, Trash2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useSubmissionDetail } from '../api/get-submission.ts';
import type { ReviewStatus } from '../api/review-submission.ts';
import { fileSizeText, mediaTypeLabel } from '../lib/review-texts.ts';
import { RightsChoices } from '#web/features/media/index.ts';
import { NearDuplicates } from './near-duplicates.tsx';
import { SubmissionPreview } from './submission-preview.tsx';
import { StatusBadge } from './submission-status-badge.tsx';

const approveButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-green-700 px-4 py-2 font-medium text-white hover:bg-green-800 disabled:opacity-70';
const rejectButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-70';
const deleteButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-70';

/** Keys typed into a field are text, not shortcuts. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface DetailsNavigation {
  /** '3 of 40' */
  position: string | null;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
}

/**
 * One submission in full (Radix Dialog): the file, every field, the duplicate flag, optional
 * review notes, Approve / Reject (pending only) and Delete. Made for working through a queue by
 * keyboard while it is open: J or → next, K or ← previous, A approve, R reject (not while typing
 * in the notes, and not while a confirmation is asked).
 */
export function SubmissionDetailsDialog({
  id,
  onClose,
  navigation,
  busy,
  onReview,
  onDelete,
  formatTime,
}: {
  id: string | null;
  onClose: () => void;
  navigation: DetailsNavigation;
  busy: boolean;
  /** `rights`: the approved item's rights statement ('' for the site's default). */
  onReview: (submission: StaffSubmissionDetail, status: ReviewStatus, notes: string, rights: string) => void;
  onDelete: (submission: StaffSubmissionDetail) => void;
  formatTime: (iso: string) => string;
}) {
  const t = useT();
  const say = useErrorText();
  const detail = useSubmissionDetail(id);
  const submission = detail.data?.id === id ? detail.data : undefined;
  const [notes, setNotes] = useState('');
  const [rights, setRights] = useState('');
  const notesId = useId();
  const rightsId = useId();
  const hintId = useId();

  // Notes belong to the submission they were written for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another submission opens
  useEffect(() => {
    setNotes('');
    setRights('');
  }, [id]);

  // The latest values for the document-wide key handler below, without re-adding it per render.
  const latest = useRef({ submission, notes, rights, navigation, busy, onReview });
  latest.current = { submission, notes, rights, navigation, busy, onReview };

  useEffect(() => {
    if (id === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      // A confirmation on top (delete) takes its own keys.
      if (document.querySelector('[role="alertdialog"]')) return;
      const { submission, notes, rights, navigation, busy, onReview } = latest.current;
      const inPlayer = event.target instanceof HTMLMediaElement;
      const key = event.key;
      if (key === 'j' || key === 'J' || (key === 'ArrowRight' && !inPlayer)) {
        if (navigation.onNext) {
          event.preventDefault();
          navigation.onNext();
        }
      } else if (key === 'k' || key === 'K' || (key === 'ArrowLeft' && !inPlayer)) {
        if (navigation.onPrevious) {
          event.preventDefault();
          navigation.onPrevious();
        }
      } else if ((key === 'a' || key === 'A') && submission?.status === 'pending' && !busy) {
        event.preventDefault();
        onReview(submission, 'approved', notes, rights);
      } else if ((key === 'r' || key === 'R') && submission?.status === 'pending' && !busy) {
        event.preventDefault();
        onReview(submission, 'rejected', notes, rights);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id]);

  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={hintId}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-xl font-semibold text-slate-900">
                {submission?.title ?? t('admin.submissions.details', 'Submission details')}
              </Dialog.Title>
              <p className="text-sm text-slate-700">
                {submission?.displayId}
                {navigation.position && <span className="ml-2">({navigation.position})</span>}
              </p>
            </div>
            <div className="flex items-center gap-1">
              <button
                type="button"
                className="rounded p-2 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
                onClick={() => navigation.onPrevious?.()}
                disabled={!navigation.onPrevious}
                aria-label={t('admin.submissions.previous', 'Previous submission')}
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </button>
              <button
                type="button"
                className="rounded p-2 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
                onClick={() => navigation.onNext?.()}
                disabled={!navigation.onNext}
                aria-label={t('admin.submissions.next', 'Next submission')}
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </button>
              <Dialog.Close
                className="rounded p-2 text-slate-800 hover:bg-slate-100"
                aria-label={t('admin.submissions.close', 'Close')}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Description
            id={hintId}
            className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700"
          >
            {t('admin.submissions.shortcuts', 'Keyboard: J or → next, K or ← previous, A approve, R reject.')}
          </Dialog.Description>

          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {!submission && detail.isError ? (
              <Alert tone="error">
                <p>
                  {say(detail.error, {
                    '*': t('admin.submissions.load_failed', 'Failed to load submissions'),
                  })}
                </p>
              </Alert>
            ) : !submission ? (
              <Spinner text={t('list.loading', 'Loading...')} />
            ) : (
              <div className="grid gap-6 md:grid-cols-2">
                <div className="space-y-3">
                  <SubmissionPreview submission={submission} />
                  <DuplicateFlag submission={submission} />
                  <NearDuplicates submission={submission} notes={notes} rights={rights} />
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <Field label={t('admin.submissions.field.status', 'Status')}>
                    <StatusBadge status={submission.status} />
                  </Field>
                  <Field label={t('admin.submissions.field.type', 'Type')}>
                    {mediaTypeLabel(submission.mediaType, t)} ({submission.mimeType})
                  </Field>
                  <Field label={t('admin.submissions.field.file', 'File')}>
                    <span className="break-all">{submission.fileName}</span> (
                    {fileSizeText(submission.fileSize)})
                  </Field>
                  <Field label={t('admin.submissions.field.submitted', 'Submitted')}>
                    <time dateTime={submission.createdAt}>{formatTime(submission.createdAt)}</time>
                  </Field>
                  <Field label={t('admin.submissions.field.submitter', 'Submitter')}>
                    {submission.submitterName || t('admin.submissions.anonymous', 'Anonymous')}
                    {submission.submitterEmail && (
                      <>
                        {' '}
                        <a
                          className="break-all text-blue-800 underline"
                          href={`mailto:${submission.submitterEmail}`}
                        >
                          {submission.submitterEmail}
                        </a>
                      </>
                    )}
                  </Field>
                  {submission.submitterMessage && (
                    <Field label={t('admin.submissions.field.message', 'Message')}>
                      <span className="whitespace-pre-wrap">{submission.submitterMessage}</span>
                    </Field>
                  )}
                  {submission.description && (
                    <Field label={t('admin.submissions.field.description', 'Description')}>
                      <span className="whitespace-pre-wrap">{submission.description}</span>
                    </Field>
                  )}
                  {submission.photographer && (
                    <Field label={t('admin.submissions.field.photographer', 'Photographer')}>
                      {submission.photographer}
                    </Field>
                  )}
                  {submission.location && (
                    <Field label={t('admin.submissions.field.location', 'Location')}>
                      {submission.location}
                    </Field>
                  )}
                  {submission.originalDate && (
                    <Field label={t('admin.submissions.field.original_date', 'Original date')}>
                      {submission.originalDate}
                    </Field>
                  )}
                  {submission.source && (
                    <Field label={t('admin.submissions.field.source', 'Source')}>{submission.source}</Field>
                  )}
                  {submission.keywords.length > 0 && (
                    <Field label={t('admin.submissions.field.keywords', 'Keywords')}>
                      {submission.keywords.join(', ')}
                    </Field>
                  )}
                  {submission.reviewer && (
                    <Field label={t('admin.submissions.field.reviewer', 'Reviewed by')}>
                      {submission.reviewer.fullName || submission.reviewer.email}
                      {submission.reviewedAt && (
                        <>
                          {', '}
                          <time dateTime={submission.reviewedAt}>{formatTime(submission.reviewedAt)}</time>
                        </>
                      )}
                    </Field>
                  )}
                  {submission.reviewNotes && (
                    <Field label={t('admin.submissions.field.notes', 'Review notes')}>
                      <span className="whitespace-pre-wrap">{submission.reviewNotes}</span>
                    </Field>
                  )}
                  {submission.approvedMedia && (
                    <Field label={t('admin.submissions.field.item', 'Gallery item')}>
                      <Link className="text-blue-800 underline" to={paths.media(submission.approvedMedia.id)}>
                        {t('admin.submissions.view_item', 'View in gallery')}
                      </Link>{' '}
                      {t('admin.submissions.views', '({count} views)', {
                        count: String(submission.approvedMedia.viewCount),
                      })}
                    </Field>
                  )}
                </dl>
              </div>
            )}
          </div>

          {submission && (
            <div className="space-y-3 border-t border-slate-200 p-4">
              {submission.status === 'pending' && (
                <div>
                  <label htmlFor={rightsId} className="block text-sm font-medium text-slate-800">
                    {t('admin.submissions.rights_label', 'Rights statement of the approved item')}
                  </label>
                  <select
                    id={rightsId}
                    value={rights}
                    onChange={(event) => setRights(event.target.value)}
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
                    onChange={(event) => setNotes(event.target.value)}
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
                <Dialog.Close className={secondaryButton}>
                  {t('admin.submissions.close', 'Close')}
                </Dialog.Close>
              </div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </>
  );
}

/** Same bytes as an item already in the archive (with a link to it) or as an earlier submission. */
function DuplicateFlag({ submission }: { submission: StaffSubmissionDetail }) {
  const t = useT();
  if (!submission.duplicateOfMediaId && !submission.duplicateOfSubmissionId) return null;
  return (
    <div className="rounded-md border border-orange-300 bg-orange-50 p-4 text-orange-900">
      <p className="flex items-center gap-2 font-medium">
        <Copy aria-hidden="true" className="size-4" />
        {t('admin.submissions.duplicate', 'Possible duplicate')}
      </p>
      {submission.duplicateOfMediaId ? (
        <p className="mt-1">
          {t('admin.submissions.duplicate_media', 'The same file is already in the archive.')}{' '}
          <Link className="text-blue-800 underline" to={paths.media(submission.duplicateOfMediaId)}>
            {t('admin.submissions.duplicate_link', 'View the existing item')}
          </Link>
        </p>
      ) : (
        <p className="mt-1">
          {t('admin.submissions.duplicate_submission', 'The same file was sent in an earlier submission.')}
        </p>
      )}
    </div>
  );
}
