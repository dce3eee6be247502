import type { AdminCategory, AdminCategoryStats, Category, PublicCategory } from '#common/api/categories.ts';
import { toNumber } from '#server/db/database.ts';
import type { CategoryRow } from '#server/db/schema.ts';
import type { CategoryStatsRow } from './categories.repository.ts';

/** A category of the public list (the gallery's filter): no display ID, no visibility. */
export function presentPublicCategory(
  row: Pick<CategoryRow, 'id' | 'name' | 'color' | 'icon' | 'description'>,
): PublicCategory {
  return { id: row.id, name: row.name, color: row.color, icon: row.icon, description: row.description };
}

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

/** The categories screen's header counts and stat cards (a category is unused when no item has it). */
export function presentCategoryStats(row: CategoryStatsRow): AdminCategoryStats {
  const total = toNumber(row.total);
  const active = toNumber(row.active);
  return {
    total,
    active,
    unused: total - active,
    public: toNumber(row.public),
    itemsTagged: toNumber(row.items_tagged),
    totalMedia: toNumber(row.total_media),
    views: toNumber(row.views),
    recentUploads: toNumber(row.recent_uploads),
  };
}
