import { z } from 'zod';
import { activityEntry } from './activity.ts';

/** The staff dashboard (admin-back-office.md §2, §3). */

const dashboardCount = z.number().int().nonnegative();

/** The dashboard's figures, exact over the whole archive. 'Recent' is the last 7 days. */
export const dashboardStats = z.object({
  totalMedia: dashboardCount,
  publicMedia: dashboardCount,
  featuredMedia: dashboardCount,
  categorizedMedia: dashboardCount,
  totalFolders: dashboardCount,
  totalCategories: dashboardCount,
  pendingSubmissions: dashboardCount,
  /** Visitors' knowledge about items waiting for review (issue 29). */
  pendingKnowledge: dashboardCount,
  /** Visitors' names for people on photos waiting for review (issue 29 §2). */
  pendingNames: dashboardCount,
  totalViews: dashboardCount,
  recentUploads: dashboardCount,
  totalSlideshows: dashboardCount,
  totalDocuments: dashboardCount,
  totalUsers: dashboardCount,
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const dashboardResponse = z.object({
  stats: dashboardStats,
  /** Categorized share of all media, a rounded percentage (0 when there is no media). */
  healthScore: z.number().int().min(0).max(100),
  /** The top 5 categories by item count; `percentage` is of all media, rounded. */
  categoryDistribution: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      color: z.string(),
      icon: z.string().nullable(),
      count: dashboardCount,
      percentage: z.number().int().min(0).max(100),
    }),
  ),
  /** The newest 8 entries of the activity log. */
  recentActivity: z.array(activityEntry),
});
export type DashboardData = z.infer<typeof dashboardResponse>;
