import type { DashboardData, DashboardStats } from '#common/api/dashboard.ts';
import type { DashboardCountsRow, TopCategoryRow } from './dashboard.repository.ts';

const n = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** `part` of `whole` as a rounded percentage; 0 when there is nothing. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export function presentStats(
  row: DashboardCountsRow,
): Omit<DashboardStats, 'pendingKnowledge' | 'pendingNames'> {
  return {
    totalMedia: n(row.total_media),
    publicMedia: n(row.public_media),
    featuredMedia: n(row.featured_media),
    categorizedMedia: n(row.categorized_media),
    totalFolders: n(row.total_folders),
    totalCategories: n(row.total_categories),
    pendingSubmissions: n(row.pending_submissions),
    totalViews: n(row.total_views),
    recentUploads: n(row.recent_uploads),
    totalSlideshows: n(row.total_slideshows),
    totalDocuments: n(row.total_documents),
    totalUsers: n(row.total_users),
  };
}

export function presentCategoryShare(
  row: TopCategoryRow,
  totalMedia: number,
): DashboardData['categoryDistribution'][number] {
  const count = n(row.item_count);
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    icon: row.icon,
    count,
    percentage: percentOf(count, totalMedia),
  };
}
