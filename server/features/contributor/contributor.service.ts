import type { ContributorDashboard } from '#common/api/contributor.ts';
import { contributionScore, nextGoal, successRate } from '#common/contributor.ts';
import { CONTRIBUTOR_SUBMISSIONS_LIMIT, RECENT_DAYS } from '#common/limits.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import {
  getContributorTotals,
  listOwnSubmissions,
  presentSubmission,
} from '../submissions/submissions.public.ts';

/** The signed-in contributor's statistics and own submissions (never anyone else's). */
export async function getContributorDashboard(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<ContributorDashboard> {
  authorize(actor, 'contributor:dashboard');
  const [totals, rows] = await Promise.all([
    getContributorTotals(ctx.db, actor.id, RECENT_DAYS),
    listOwnSubmissions(ctx.db, actor.id, CONTRIBUTOR_SUBMISSIONS_LIMIT),
  ]);
  return {
    stats: {
      total: totals.total,
      approved: totals.approved,
      pending: totals.pending,
      rejected: totals.rejected,
      successRate: successRate(totals.approved, totals.total),
      totalViews: totals.views,
      score: contributionScore(totals.approved, totals.views),
      recentActivity: totals.recent,
    },
    nextGoal: nextGoal(totals.approved),
    submissions: rows.map(presentSubmission),
  };
}
