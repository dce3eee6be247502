import type { DashboardStats } from './api/dashboard.ts';
import { type AdminPath, ADMIN_ROUTES } from './paths.ts';
import type { Action } from './permissions.ts';

/**
 * The dashboard's Recommended Actions (admin-back-office.md §2, §9), worked out from its figures.
 * Zod-free at run time (the stats' type only), so the web can import it.
 */
export const SUGGESTION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];

export const SUGGESTION_IDS = [
  'review-submissions',
  'review-knowledge',
  'review-names',
  'upload-media',
  'create-categories',
  'organize-media',
  'feature-media',
] as const;
export type SuggestionId = (typeof SUGGESTION_IDS)[number];

/** Below this share of categorized media (percent) the dashboard suggests organising it. */
export const ORGANIZE_BELOW_PERCENT = 70;
/** Where the browser keeps the ids of dismissed suggestions (a JSON list). */
export const DISMISSED_SUGGESTIONS_KEY = 'dismissed_suggestions';

export interface Suggestion {
  id: SuggestionId;
  priority: SuggestionPriority;
  /** The screen that acts on it, and the permission that screen needs. */
  path: AdminPath;
  action: Action;
  /** Figures its text names: pending submissions, the categorized percentage. */
  values: Record<string, number>;
}

export type SuggestionStats = Pick<
  DashboardStats,
  'totalMedia' | 'categorizedMedia' | 'totalCategories' | 'pendingSubmissions' | 'featuredMedia'
> &
  Partial<Pick<DashboardStats, 'pendingKnowledge' | 'pendingNames'>>;

/**
 * The suggestions for these figures, most pressing first (urgent, high, medium, low), without
 * the dismissed ones. Pending submissions are urgent; an archive without media or without
 * categories is high; media less than 70 % categorized is 'Organize Your Media' (medium); media
 * with none featured is low.
 */
export function suggestionsFor(stats: SuggestionStats, dismissed: readonly string[] = []): Suggestion[] {
  const list: Suggestion[] = [];
  if (stats.pendingSubmissions > 0)
    list.push({
      id: 'review-submissions',
      priority: 'urgent',
      path: ADMIN_ROUTES.submissions,
      action: 'submission:review',
      values: { count: stats.pendingSubmissions },
    });
  // What visitors told about items waits for staff as submissions do, after them (issue 29).
  if ((stats.pendingKnowledge ?? 0) > 0)
    list.push({
      id: 'review-knowledge',
      priority: 'high',
      path: ADMIN_ROUTES.knowledge,
      action: 'submission:review',
      values: { count: stats.pendingKnowledge ?? 0 },
    });
  // Visitors' names for people on photos (issue 29 §2), likewise.
  if ((stats.pendingNames ?? 0) > 0)
    list.push({
      id: 'review-names',
      priority: 'high',
      path: ADMIN_ROUTES.personSuggestions,
      action: 'submission:review',
      values: { count: stats.pendingNames ?? 0 },
    });
  if (stats.totalCategories === 0)
    list.push({
      id: 'create-categories',
      priority: 'high',
      path: ADMIN_ROUTES.categories,
      action: 'category:manage',
      values: {},
    });
  if (stats.totalMedia === 0)
    list.push({
      id: 'upload-media',
      priority: 'high',
      path: ADMIN_ROUTES.upload,
      action: 'media:manage',
      values: {},
    });
  if (stats.totalMedia > 0 && stats.categorizedMedia * 100 < ORGANIZE_BELOW_PERCENT * stats.totalMedia)
    list.push({
      id: 'organize-media',
      priority: 'medium',
      path: ADMIN_ROUTES.media,
      action: 'media:manage',
      values: { percent: Math.round((stats.categorizedMedia / stats.totalMedia) * 100) },
    });
  if (stats.totalMedia > 0 && stats.featuredMedia === 0)
    list.push({
      id: 'feature-media',
      priority: 'low',
      path: ADMIN_ROUTES.media,
      action: 'media:manage',
      values: {},
    });
  const rank = (s: Suggestion) => SUGGESTION_PRIORITIES.indexOf(s.priority);
  return list.filter((s) => !dismissed.includes(s.id)).sort((a, b) => rank(a) - rank(b));
}

/** The dismissed ids kept in the browser; anything unreadable counts as none. */
export function parseDismissed(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
