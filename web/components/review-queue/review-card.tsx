import { Check, Mail, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { reviewControl, reviewLabel, reviewStatusLabel } from './review-queue.tsx';
import type { ActionMessages, ReviewFilter } from './use-review-queue.ts';

/** What every reviewed row says about where it came from. */
export interface ReviewRow {
  id: string;
  status: Exclude<ReviewFilter, 'all'>;
  media: { id: string; title: string; displayId: string };
  contributorName: string | null;
  contributorEmail: string | null;
  signedIn: boolean;
}

/**
 * One row of a review queue: an article named by its heading (the item's title, linked, with its
 * number, after the screen's `before`), then the screen's own content.
 */
export function ReviewCard({
  row,
  before,
  children,
}: {
  row: ReviewRow;
  before?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {before}
        <Link to={paths.media(row.media.id)} className="text-blue-800 underline underline-offset-2">
          {row.media.title}
        </Link>{' '}
        <span className="text-sm font-normal text-slate-600">{row.media.displayId}</span>
      </h2>
      {children}
    </article>
  );
}

/** 'Pending · Name <e-mail> · signed in': the row's status and who sent it. */
export function ContributorLine({ row }: { row: ReviewRow }) {
  const t = useT();
  return (
    <>
      {reviewStatusLabel(row.status, t)} ·{' '}
      {row.contributorName ?? t('admin.knowledge.no_name', 'No name given')}
      {row.contributorEmail ? ` <${row.contributorEmail}>` : ''}
      {row.signedIn ? ` · ${t('admin.knowledge.signed_in', 'signed in')}` : ''}
    </>
  );
}

/**
 * The accept/reject form under a row not yet accepted: the screen's fields (`children`), then
 * Accept (a submit: Enter in a field accepts) and, while the row is pending, Reject.
 */
export function ReviewForm({
  row,
  onAccept,
  onReject,
  canAccept,
  busy,
  children,
}: {
  row: ReviewRow;
  onAccept: () => void;
  onReject: () => void;
  canAccept: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  const t = useT();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onAccept();
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md bg-slate-50 p-3">
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy || !canAccept}>
          <Check aria-hidden="true" className="size-5" />
          {t('admin.knowledge.accept', 'Accept')}
        </button>
        {row.status === 'pending' && (
          <button type="button" className={secondaryButton} disabled={busy} onClick={onReject}>
            <X aria-hidden="true" className="size-5" />
            {t('admin.knowledge.reject', 'Reject')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * 'Answer by e-mail' under a row whose sender gave an address: a disclosure with the answer's text;
 * `send(text, done)` calls `done` once it went, which empties the box.
 */
export function ReplyForm({
  replied,
  pending,
  send,
}: {
  replied: boolean;
  pending: boolean;
  send: (text: string, done: () => void) => void;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer font-medium text-slate-900">
        {t('admin.knowledge.reply', 'Answer by e-mail')}
        {replied ? ` (${t('admin.knowledge.replied', 'answered')})` : ''}
      </summary>
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          send(text, () => setText(''));
        }}
      >
        <label htmlFor={`${id}-reply`} className={reviewLabel}>
          {t('admin.knowledge.reply_text', 'Your answer')}
        </label>
        <textarea
          id={`${id}-reply`}
          className={reviewControl}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={secondaryButton} disabled={pending || !text.trim()}>
          <Mail aria-hidden="true" className="size-5" />
          {t('admin.knowledge.send_reply', 'Send answer')}
        </button>
      </form>
    </details>
  );
}

/** An action's outcome as a toast: `success` when it went, the error's text when it did not. */
export function useToastMessages(success: string): ActionMessages {
  const say = useErrorText();
  return { onSuccess: () => toast.success(success), onError: (error) => toast.error(say(error)) };
}
