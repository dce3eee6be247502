import { Check, Mail, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { StaffKnowledge } from '#common/api/knowledge.ts';
import { KNOWLEDGE_FIELDS, type KnowledgeField, type KnowledgeMode } from '#common/knowledge-form.ts';
import { paths } from '#common/paths.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import {
  type KnowledgeFilter,
  useAcceptKnowledge,
  useKnowledgeEvents,
  useKnowledgeList,
  useKnowledgeStats,
  useRejectKnowledge,
  useReplyKnowledge,
} from '../api/review-knowledge.ts';

const FILTERS: KnowledgeFilter[] = ['pending', 'accepted', 'rejected', 'all'];
const control = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

function fieldLabel(field: KnowledgeField, t: Translate) {
  const labels: Record<KnowledgeField, string> = {
    description: t('admin.knowledge.field.description', 'Description'),
    historicalContext: t('admin.knowledge.field.historical_context', 'Historical context'),
    keywords: t('admin.knowledge.field.keywords', 'Keywords'),
    location: t('admin.knowledge.field.location', 'Location'),
    originalDate: t('admin.knowledge.field.original_date', 'Original date'),
  };
  return labels[field];
}

function statusLabel(status: KnowledgeFilter, t: Translate) {
  const labels: Record<KnowledgeFilter, string> = {
    pending: t('admin.knowledge.status.pending', 'Pending'),
    accepted: t('admin.knowledge.status.accepted', 'Accepted'),
    rejected: t('admin.knowledge.status.rejected', 'Rejected'),
    all: t('admin.knowledge.status.all', 'All'),
  };
  return labels[status];
}

/** The text staff start from: what was told, one line per part. */
function toldText(row: StaffKnowledge) {
  return [row.who, row.place, row.time, row.other].filter(Boolean).join('\n');
}

/**
 * What visitors told about items (issue 29 §1), beside submissions: accept into a field of the
 * item (adding to it or replacing it, the text as edited), reject, or answer by e-mail. Live: a
 * contribution sent or reviewed anywhere reloads the list.
 */
export function AdminKnowledgePage() {
  const t = useT();
  const [status, setStatus] = useState<KnowledgeFilter>('pending');
  const [q, setQ] = useState('');
  const list = useKnowledgeList(status, q.trim());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const stats = useKnowledgeStats();
  useKnowledgeEvents();
  const filterId = useId();
  const searchId = useId();

  return (
    <Page title={t('admin.knowledge.title', 'What visitors told')} width="max-w-4xl">
      <p className="text-slate-700">
        {t(
          'admin.knowledge.intro',
          'Visitors tell who is in a photo, where and when it was taken. Accept it into a field of the item, reject it, or answer by e-mail.',
        )}
      </p>
      {stats.data && (
        <p className="mt-2 text-sm text-slate-700">
          {t(
            'admin.knowledge.counts',
            '{pending} pending · {accepted} accepted · {rejected} rejected',
            stats.data,
          )}
        </p>
      )}
      <div className="mt-4 grid max-w-2xl gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            {t('admin.knowledge.search', 'Search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={control}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={filterId} className="block text-sm font-medium text-slate-800">
            {t('admin.knowledge.filter', 'Show')}
          </label>
          <select
            id={filterId}
            className={control}
            value={status}
            onChange={(event) => setStatus(event.target.value as KnowledgeFilter)}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-6">
        {list.isPending ? (
          <Spinner text={t('admin.knowledge.loading', 'Loading…')} />
        ) : list.error ? (
          <Alert tone="error">{t('admin.knowledge.load_failed', 'The list could not be loaded.')}</Alert>
        ) : items.length === 0 ? (
          <p className="text-slate-700">{t('admin.knowledge.empty', 'Nothing here.')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">
              {t('admin.knowledge.showing', 'Showing {n} of {total}', {
                n: items.length,
                total: list.data.pages[0]?.total ?? items.length,
              })}
            </p>
            <ul className="space-y-4">
              {items.map((row) => (
                <li key={row.id}>
                  <Contribution row={row} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <button
                type="button"
                className={`${secondaryButton} mt-4`}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('admin.knowledge.more', 'Show more')}
              </button>
            )}
          </>
        )}
      </div>
    </Page>
  );
}

function Contribution({ row }: { row: StaffKnowledge }) {
  const t = useT();
  const headingId = useId();
  const parts: [string, string | null][] = [
    [t('admin.knowledge.who', 'Who'), row.who],
    [t('admin.knowledge.where', 'Where'), row.place],
    [t('admin.knowledge.when', 'When'), row.time],
    [t('admin.knowledge.other', 'Other'), row.other],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        <Link to={paths.media(row.media.id)} className="text-blue-800 underline-offset-2 hover:underline">
          {row.media.title}
        </Link>{' '}
        <span className="text-sm font-normal text-slate-600">{row.media.displayId}</span>
      </h2>
      <p className="text-sm text-slate-700">
        {statusLabel(row.status, t)} · {row.contributorName ?? t('admin.knowledge.no_name', 'No name given')}
        {row.contributorEmail ? ` <${row.contributorEmail}>` : ''}
        {row.signedIn ? ` · ${t('admin.knowledge.signed_in', 'signed in')}` : ''}
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
        {parts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-800">{label}</dt>
              <dd className="whitespace-pre-line text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      {row.status === 'accepted' && row.acceptedField && (
        <p className="text-sm text-green-800">
          {t('admin.knowledge.accepted_into', 'Accepted into {field}.', {
            field: fieldLabel(row.acceptedField, t),
          })}
        </p>
      )}
      {row.status !== 'accepted' && <AcceptForm row={row} />}
      {row.contributorEmail && <ReplyForm row={row} />}
    </article>
  );
}

function AcceptForm({ row }: { row: StaffKnowledge }) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const [field, setField] = useState<KnowledgeField>('description');
  const [mode, setMode] = useState<KnowledgeMode>('add');
  const [text, setText] = useState(() => toldText(row));
  const accept = useAcceptKnowledge({
    onSuccess: () => toast.success(t('admin.knowledge.accepted', 'Added to the item.')),
    onError: (error) => toast.error(say(error)),
  });
  const reject = useRejectKnowledge({
    onSuccess: () => toast.success(t('admin.knowledge.rejected', 'Rejected.')),
    onError: (error) => toast.error(say(error)),
  });
  const busy = accept.isPending || reject.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    accept.mutate({ id: row.id, field, mode, text });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md bg-slate-50 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-field`} className="block text-sm font-medium text-slate-800">
            {t('admin.knowledge.into', 'Add it to')}
          </label>
          <select
            id={`${id}-field`}
            className={control}
            value={field}
            onChange={(event) => setField(event.target.value as KnowledgeField)}
          >
            {KNOWLEDGE_FIELDS.map((value) => (
              <option key={value} value={value}>
                {fieldLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="block text-sm font-medium text-slate-800">
            {t('admin.knowledge.mode', 'How')}
          </legend>
          <div className="mt-2 flex gap-4">
            {(['add', 'replace'] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {value === 'add'
                  ? t('admin.knowledge.mode_add', 'Add to what is there')
                  : t('admin.knowledge.mode_replace', 'Replace it')}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
          {t('admin.knowledge.text', 'Text to add')}
        </label>
        <textarea
          id={`${id}-text`}
          className={control}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy || !text.trim()}>
          <Check aria-hidden="true" className="size-5" />
          {t('admin.knowledge.accept', 'Accept')}
        </button>
        {row.status === 'pending' && (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => reject.mutate(row.id)}
          >
            <X aria-hidden="true" className="size-5" />
            {t('admin.knowledge.reject', 'Reject')}
          </button>
        )}
      </div>
    </form>
  );
}

function ReplyForm({ row }: { row: StaffKnowledge }) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const [text, setText] = useState('');
  const reply = useReplyKnowledge({
    onSuccess: () => toast.success(t('admin.knowledge.reply_sent', 'Your answer is on its way.')),
    onError: (error) => toast.error(say(error)),
  });
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer font-medium text-slate-900">
        {t('admin.knowledge.reply', 'Answer by e-mail')}
        {row.repliedAt ? ` (${t('admin.knowledge.replied', 'answered')})` : ''}
      </summary>
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          reply.mutate({ id: row.id, text }, { onSuccess: () => setText('') });
        }}
      >
        <label htmlFor={`${id}-reply`} className="block text-sm font-medium text-slate-800">
          {t('admin.knowledge.reply_text', 'Your answer')}
        </label>
        <textarea
          id={`${id}-reply`}
          className={control}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={secondaryButton} disabled={reply.isPending || !text.trim()}>
          <Mail aria-hidden="true" className="size-5" />
          {t('admin.knowledge.send_reply', 'Send answer')}
        </button>
      </form>
    </details>
  );
}
