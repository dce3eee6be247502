import type { DashboardData } from '#common/api/dashboard.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { listRecentActivity, presentActivity } from '../activity/activity.public.ts';
import { countPendingContributions } from '../knowledge/knowledge.public.ts';
import { countPendingSuggestions } from '../people/people.public.ts';
import { percentOf, presentCategoryShare, presentStats } from './dashboard.presenter.ts';
import { getDashboardCounts, listTopCategories } from './dashboard.repository.ts';

/** Categories in the distribution (admin-back-office.md §9). */
export const DISTRIBUTION_SIZE = 5;
/** Entries in Recent Activity (admin-back-office.md §9: activity list 8). */
export const RECENT_ACTIVITY_SIZE = 8;

/**
 * The dashboard (admin-back-office.md §2, §3) for every staff role: exact counts over the whole
 * archive, computed by the database (the original app counted a sample of 1,000 rows).
 */
export async function getDashboard(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<DashboardData> {
  authorize(actor, 'admin:dashboard');
  const [counts, top, activity, pendingKnowledge, pendingNames] = await Promise.all([
    getDashboardCounts(ctx.db),
    listTopCategories(ctx.db, DISTRIBUTION_SIZE),
    listRecentActivity(ctx.db, RECENT_ACTIVITY_SIZE),
    countPendingContributions(ctx.db),
    countPendingSuggestions(ctx.db),
  ]);
  const stats = { ...presentStats(counts), pendingKnowledge, pendingNames };
  return {
    stats,
    healthScore: percentOf(stats.categorizedMedia, stats.totalMedia),
    categoryDistribution: top.map((row) => presentCategoryShare(row, stats.totalMedia)),
    recentActivity: activity.map(presentActivity),
  };
}
