import { z } from 'zod';
import { knowledgeSummary } from './knowledge.ts';
import { nameSuggestionSummary } from './people.ts';
import { submissionSummary } from './submissions.ts';

/** The contributor's dashboard (public-site.md §9). */

export const contributorDashboardResponse = z.object({
  stats: z.object({
    total: z.number(),
    approved: z.number(),
    pending: z.number(),
    rejected: z.number(),
    /** approved / total in percent, rounded. */
    successRate: z.number(),
    totalViews: z.number(),
    /** 10 × approved + total views of the approved items + 10 × accepted knowledge and names. */
    score: z.number(),
    /** Contributions of knowledge about items that staff accepted (issue 29). */
    acceptedKnowledge: z.number(),
    /** Names for people on photos that staff accepted (issue 29 §2). */
    acceptedNames: z.number(),
    /** Submissions in the last 7 days. */
    recentActivity: z.number(),
  }),
  /** 5 approved, then 10, then null ('top contributor'). */
  nextGoal: z.object({ target: z.number().nullable(), remaining: z.number() }),
  /** Latest 50, newest first. */
  submissions: z.array(submissionSummary),
  /** What they told about items (issue 29), latest 50, newest first, with their status. */
  contributions: z.array(knowledgeSummary),
  /** The names they gave people on photos (issue 29 §2), latest 50, newest first, with their status. */
  nameSuggestions: z.array(nameSuggestionSummary),
});
export type ContributorDashboard = z.infer<typeof contributorDashboardResponse>;
