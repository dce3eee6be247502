import { type ReactNode, useId } from 'react';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { REVIEW_FILTERS, type ReviewFilter, type ReviewQueueState } from './use-review-queue.ts';

/** A review form's field (select, input, textarea). */
export const reviewControl = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';
export const reviewLabel = 'block text-sm font-medium text-slate-800';

export function reviewStatusLabel(status: ReviewFilter, t: Translate) {
  const labels: Record<ReviewFilter, string> = {
    pending: t('admin.knowledge.status.pending', 'Pending'),
    accepted: t('admin.knowledge.status.accepted', 'Accepted'),
    rejected: t('admin.knowledge.status.rejected', 'Rejected'),
    all: t('admin.knowledge.status.all', 'All'),
  };
  return labels[status];
}

/**
 * A staff review screen (visitors' knowledge, names for people on photos): the intro, the counts
 * by status, the search and the status filter, then the queue's cards newest first, a page at a
 * time ('Show more'). The screen gives the data (`useReviewQueue`) and draws one card per row.
 */
export function ReviewQueue<T extends { id: string }>({
  title,
  intro,
  queue,
  renderItem,
}: {
  title: string;
  intro: ReactNode;
  queue: ReviewQueueState<T>;
  renderItem: (row: T) => ReactNode;
}) {
  const t = useT();
  const { status, setStatus, q, setQ, list, items, stats } = queue;
  const filterId = useId();

  return (
    <Page title={title} width="max-w-4xl">
      <p className="text-slate-700">{intro}</p>
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
        <QueueSearch value={q} onChange={setQ} />
        <div>
          <label htmlFor={filterId} className={reviewLabel}>
            {t('admin.knowledge.filter', 'Show')}
          </label>
          <select
            id={filterId}
            className={reviewControl}
            value={status}
            onChange={(event) => setStatus(event.target.value as ReviewFilter)}
          >
            {REVIEW_FILTERS.map((value) => (
              <option key={value} value={value}>
                {reviewStatusLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueueList list={list} items={items} renderItem={renderItem} />
    </Page>
  );
}

/** 'Search' above a queue: the list follows each keystroke (the search is trimmed). */
export function QueueSearch({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (q: string) => void;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={reviewLabel}>
        {t('admin.knowledge.search', 'Search')}
      </label>
      <input
        id={id}
        type="search"
        className={reviewControl}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A staff list read a page at a time (a TanStack infinite query of `ListPage`s): loading, the
 * error, 'Nothing here.', else 'Showing N of M', one `<li>` per row and 'Show more'.
 */
export function QueueList<T extends { id: string }>({
  list,
  items,
  renderItem,
  className = 'space-y-4',
  itemClassName,
}: {
  list: {
    isPending: boolean;
    error: unknown;
    data?: { pages: readonly { total: number }[] };
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  items: readonly T[];
  renderItem: (row: T) => ReactNode;
  className?: string;
  itemClassName?: string;
}) {
  const t = useT();
  return (
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
              total: list.data?.pages[0]?.total ?? items.length,
            })}
          </p>
          <ul className={className}>
            {items.map((row) => (
              <li key={row.id} className={itemClassName}>
                {renderItem(row)}
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
  );
}
