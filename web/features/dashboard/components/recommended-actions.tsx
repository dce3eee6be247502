import { X } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '#common/api/dashboard.ts';
import { type Actor, can } from '#common/permissions.ts';
import {
  type Suggestion,
  type SuggestionId,
  type SuggestionPriority,
  suggestionsFor,
} from '#common/suggestions.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { useDismissedSuggestions } from '../lib/use-dismissed-suggestions.ts';

const PRIORITY_STYLE: Record<SuggestionPriority, string> = {
  urgent: 'border-red-300 bg-red-50',
  high: 'border-orange-300 bg-orange-50',
  medium: 'border-blue-200 bg-blue-50',
  low: 'border-slate-200 bg-slate-50',
};

const PRIORITY_TEXTS = {
  urgent: { key: 'admin.dashboard.priority.urgent', label: 'Urgent' },
  high: { key: 'admin.dashboard.priority.high', label: 'High' },
  medium: { key: 'admin.dashboard.priority.medium', label: 'Medium' },
  low: { key: 'admin.dashboard.priority.low', label: 'Low' },
} as const satisfies Record<SuggestionPriority, { key: string; label: string }>;

function texts(s: Suggestion, t: Translate): { title: string; text: string; action: string } {
  const texts: Record<SuggestionId, () => { title: string; text: string; action: string }> = {
    'review-submissions': () => ({
      title: t('admin.dashboard.suggest.review.title', 'Review Pending Submissions'),
      text: t(
        'admin.dashboard.suggest.review.text',
        '{count} submission(s) are waiting for review.',
        s.values,
      ),
      action: t('admin.dashboard.suggest.review.action', 'Review Now'),
    }),
    'review-knowledge': () => ({
      title: t('admin.dashboard.suggest.knowledge.title', 'Review What Visitors Told'),
      text: t(
        'admin.dashboard.suggest.knowledge.text',
        '{count} contribution(s) about items are waiting for review.',
        s.values,
      ),
      action: t('admin.dashboard.suggest.knowledge.action', 'Review Now'),
    }),
    'review-names': () => ({
      title: t('admin.dashboard.suggest.names.title', 'Review Names for People on Photos'),
      text: t(
        'admin.dashboard.suggest.names.text',
        '{count} name(s) for people on photos are waiting for review.',
        s.values,
      ),
      action: t('admin.dashboard.suggest.names.action', 'Review Now'),
    }),
    'create-categories': () => ({
      title: t('admin.dashboard.suggest.categories.title', 'Create Categories'),
      text: t(
        'admin.dashboard.suggest.categories.text',
        'Categories help visitors find items. Create your first categories.',
      ),
      action: t('admin.dashboard.suggest.categories.action', 'Create Categories'),
    }),
    'upload-media': () => ({
      title: t('admin.dashboard.suggest.upload.title', 'Upload Your First Media'),
      text: t(
        'admin.dashboard.suggest.upload.text',
        'The archive has no media yet. Start by uploading some.',
      ),
      action: t('admin.dashboard.suggest.upload.action', 'Upload Media'),
    }),
    'organize-media': () => ({
      title: t('admin.dashboard.suggest.organize.title', 'Organize Your Media'),
      text: t(
        'admin.dashboard.suggest.organize.text',
        'Only {percent}% of your media has a category. Categorize items to make them easier to find.',
        s.values,
      ),
      action: t('admin.dashboard.suggest.organize.action', 'Organize Media'),
    }),
    'feature-media': () => ({
      title: t('admin.dashboard.suggest.feature.title', 'Feature Your Best Content'),
      text: t(
        'admin.dashboard.suggest.feature.text',
        'No media is featured. Feature items to show them first.',
      ),
      action: t('admin.dashboard.suggest.feature.action', 'Choose Featured Media'),
    }),
  };
  return texts[s.id]();
}

/**
 * Recommended Actions (admin-back-office.md §2, §9): dismissible cards, urgent first. Dismissals
 * stay in this browser. The link to act shows only to users who may open its screen.
 */
export function RecommendedActions({ stats, actor }: { stats: DashboardStats; actor: Actor }) {
  const t = useT();
  const [dismissed, dismiss] = useDismissedSuggestions();
  const suggestions = suggestionsFor(stats, dismissed);
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-suggestions" className="mt-8">
      <h2 id="dashboard-suggestions" className="text-xl font-semibold text-slate-900">
        {t('admin.dashboard.suggestions', 'Recommended Actions')}
      </h2>
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {suggestions.map((s) => {
          const { title, text, action } = texts(s, t);
          return (
            <li key={s.id} className={`relative rounded-lg border p-4 pr-12 ${PRIORITY_STYLE[s.priority]}`}>
              <p className="text-xs font-semibold tracking-wide text-slate-800 uppercase">
                {t(PRIORITY_TEXTS[s.priority].key, PRIORITY_TEXTS[s.priority].label)}
              </p>
              <h3 className="mt-1 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-800">{text}</p>
              {can(actor, s.action) && (
                <Link
                  to={s.path}
                  className="mt-3 inline-block text-sm font-medium text-blue-800 underline hover:text-blue-950"
                >
                  {action}
                </Link>
              )}
              <button
                type="button"
                className="absolute top-3 right-3 rounded p-1 text-slate-700 hover:bg-white/70 focus-visible:outline-2 focus-visible:outline-blue-700"
                aria-label={t('admin.dashboard.dismiss', 'Dismiss: {title}', { title })}
                onClick={() => dismiss(s.id)}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
