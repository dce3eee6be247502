import type { AdminCategory, Category } from '#common/api/categories.ts';
import { toNumber } from '#server/db/database.ts';
import type { CategoryRow } from '#server/db/schema.ts';

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    displayId: row.display_id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    isPublic: row.is_public,
  };
}

/** A card of the categories screen: the category with its counts. */
export function presentAdminCategory(
  row: CategoryRow & {
    media_count: string | number | null;
    view_count: string | number | null;
    recent_uploads: string | number | null;
  },
): AdminCategory {
  return {
    ...presentCategory(row),
    mediaCount: toNumber(row.media_count ?? 0),
    viewCount: toNumber(row.view_count ?? 0),
    recentUploads: toNumber(row.recent_uploads ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
