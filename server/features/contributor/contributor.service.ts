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
import { getOwnKnowledge } from '../knowledge/knowledge.public.ts';
import { getOwnNameSuggestions } from '../people/people.public.ts';

/**
 * The signed-in contributor's statistics, own submissions, own contributions of knowledge and own
 * names for people on photos (issue 29; never anyone else's).
 */
export async function getContributorDashboard(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<ContributorDashboard> {
  authorize(actor, 'contributor:dashboard');
  const [totals, rows, knowledge, names] = await Promise.all([
    getContributorTotals(ctx.db, actor.id, RECENT_DAYS),
    listOwnSubmissions(ctx.db, actor.id, CONTRIBUTOR_SUBMISSIONS_LIMIT),
    getOwnKnowledge(ctx.db, actor.id, CONTRIBUTOR_SUBMISSIONS_LIMIT),
    getOwnNameSuggestions(ctx.db, actor.id, CONTRIBUTOR_SUBMISSIONS_LIMIT),
  ]);
  return {
    stats: {
      total: totals.total,
      approved: totals.approved,
      pending: totals.pending,
      rejected: totals.rejected,
      successRate: successRate(totals.approved, totals.total),
      totalViews: totals.views,
      score: contributionScore(totals.approved, totals.views, knowledge.accepted, names.accepted),
      acceptedKnowledge: knowledge.accepted,
      acceptedNames: names.accepted,
      recentActivity: totals.recent,
    },
    nextGoal: nextGoal(totals.approved),
    submissions: rows.map(presentSubmission),
    contributions: knowledge.contributions,
    nameSuggestions: names.suggestions,
  };
}
