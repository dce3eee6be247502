import { Check, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { StaffSuggestion } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import {
  type SuggestionFilter,
  useAcceptSuggestion,
  usePeopleList,
  useRejectSuggestion,
  useSuggestionEvents,
  useSuggestionList,
  useSuggestionStats,
} from '../api/admin-people.ts';

const FILTERS: SuggestionFilter[] = ['pending', 'accepted', 'rejected', 'all'];
const control = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

function statusLabel(status: SuggestionFilter, t: Translate) {
  const labels: Record<SuggestionFilter, string> = {
    pending: t('admin.knowledge.status.pending', 'Pending'),
    accepted: t('admin.knowledge.status.accepted', 'Accepted'),
    rejected: t('admin.knowledge.status.rejected', 'Rejected'),
    all: t('admin.knowledge.status.all', 'All'),
  };
  return labels[status];
}

/**
 * Visitors' names for people on photos (issue 29 §2), reviewed like what they tell (part 1):
 * accept with a person from the list or a new one (the name as the visitor wrote it, or edited),
 * or reject. Live: a name sent or reviewed anywhere reloads the list.
 */
export function AdminPersonSuggestionsPage() {
  const t = useT();
  const [status, setStatus] = useState<SuggestionFilter>('pending');
  const [q, setQ] = useState('');
  const list = useSuggestionList(status, q.trim());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const stats = useSuggestionStats();
  useSuggestionEvents();
  const filterId = useId();
  const searchId = useId();

  return (
    <Page title={t('admin.person_suggestions.title', 'Names for people on photos')} width="max-w-4xl">
      <p className="text-slate-700">
        {t(
          'admin.person_suggestions.intro',
          'Visitors name a person in a box on a photo, or draw a new box. Accept the name with a person from the list or a new one, or reject it.',
        )}{' '}
        <Link to={paths.admin.people} className="text-blue-700 underline">
          {t('admin.nav.people', 'People')}
        </Link>
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
            onChange={(e) => setQ(e.target.value)}
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
            onChange={(e) => setStatus(e.target.value as SuggestionFilter)}
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
                  <Suggestion row={row} />
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

function Suggestion({ row }: { row: StaffSuggestion }) {
  const t = useT();
  const headingId = useId();
  const { box } = row;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        «{row.name}» ·{' '}
        <Link to={paths.media(row.media.id)} className="text-blue-800 underline underline-offset-2">
          {row.media.title}
        </Link>{' '}
        <span className="text-sm font-normal text-slate-600">{row.media.displayId}</span>
      </h2>
      <div className="flex flex-wrap gap-4">
        {row.media.thumb && (
          <div className="relative inline-block">
            <img src={row.media.thumb} alt={row.media.title} className="block h-40 w-auto rounded" />
            <span
              aria-hidden="true"
              className="absolute border-2 border-yellow-300 shadow-[0_0_0_1px_rgba(0,0,0,0.8)]"
              style={{
                left: `${box.x * 100}%`,
                top: `${box.y * 100}%`,
                width: `${box.w * 100}%`,
                height: `${box.h * 100}%`,
              }}
            />
          </div>
        )}
        <dl className="grid flex-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="font-medium text-slate-800">{t('admin.person_suggestions.box', 'Box')}</dt>
          <dd className="text-slate-900">
            {box.id
              ? box.personName
                ? t('admin.person_suggestions.named_now', 'Named now: {name}', { name: box.personName })
                : t('admin.person_suggestions.unnamed_box', 'An unnamed box')
              : t('admin.person_suggestions.new_box', 'A new box the visitor drew')}
          </dd>
          {row.note && (
            <>
              <dt className="font-medium text-slate-800">
                {t('admin.person_suggestions.note', 'How they know')}
              </dt>
              <dd className="whitespace-pre-line text-slate-900">{row.note}</dd>
            </>
          )}
          <dt className="font-medium text-slate-800">{t('admin.person_suggestions.from', 'From')}</dt>
          <dd className="text-slate-900">
            {statusLabel(row.status, t)} ·{' '}
            {row.contributorName ?? t('admin.knowledge.no_name', 'No name given')}
            {row.contributorEmail ? ` <${row.contributorEmail}>` : ''}
            {row.signedIn ? ` · ${t('admin.knowledge.signed_in', 'signed in')}` : ''}
          </dd>
        </dl>
      </div>
      {row.status === 'accepted' && row.person && (
        <p className="text-sm text-green-800">
          {t('admin.person_suggestions.accepted_as', 'Named {name}.', { name: row.person.name })}
        </p>
      )}
      {row.status !== 'accepted' && <AcceptForm row={row} />}
    </article>
  );
}

function AcceptForm({ row }: { row: StaffSuggestion }) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const { data } = usePeopleList(row.name);
  const matches = data?.pages.flatMap((page) => page.items) ?? [];
  const [choice, setChoice] = useState<string>('new');
  const [name, setName] = useState(row.name);
  const accept = useAcceptSuggestion({
    onSuccess: () => toast.success(t('admin.person_suggestions.accepted', 'The name is on the photo.')),
    onError: (error) => toast.error(say(error)),
  });
  const reject = useRejectSuggestion({
    onSuccess: () => toast.success(t('admin.knowledge.rejected', 'Rejected.')),
    onError: (error) => toast.error(say(error)),
  });
  const busy = accept.isPending || reject.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    accept.mutate(choice === 'new' ? { id: row.id, newPerson: { name } } : { id: row.id, personId: choice });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md bg-slate-50 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-who`} className="block text-sm font-medium text-slate-800">
            {t('admin.person_suggestions.as', 'Name the box as')}
          </label>
          <select
            id={`${id}-who`}
            className={control}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="new">{t('admin.people.new_person', 'Nýggjur persónur…')}</option>
            {matches.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.born || p.died ? ` (${[p.born, p.died].filter(Boolean).join('–')})` : ''}
              </option>
            ))}
          </select>
        </div>
        {choice === 'new' && (
          <div>
            <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
              {t('admin.people.new_name', 'Navn á nýggja persóninum')}
            </label>
            <input
              id={`${id}-name`}
              type="text"
              maxLength={200}
              className={control}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy || (choice === 'new' && !name.trim())}>
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
