import type { IdSearchResult, IdSearchType } from '#common/api/search.ts';
import { type AdminPath, paths } from '#common/paths.ts';
import type { MediaType } from '#common/enums.ts';
import { mediaFileUrl } from '../media/media.public.ts';
import type { DisplayIdMatchRow } from './search.repository.ts';

/** The admin screen that manages each type (admin-back-office.md §2 ID search dialog). */
export const MANAGE_PATHS: Record<IdSearchType, AdminPath> = {
  media: paths.admin.media,
  document: paths.admin.documents,
  slideshow: paths.admin.slideshows,
  category: paths.admin.categories,
  submission: paths.admin.submissions,
  user: paths.admin.users,
};

export function presentMatch(
  row: DisplayIdMatchRow,
  mayReadMedia: (media: { isPublic: boolean; mediaType: MediaType }) => boolean,
): IdSearchResult {
  const thumb =
    row.type === 'media' &&
    row.thumb_key &&
    row.media_type &&
    mayReadMedia({ isPublic: row.is_public, mediaType: row.media_type })
      ? mediaFileUrl(row.id, 'thumb', row.thumb_key.split('/').pop()!, row.file_salt)
      : null;
  let publicPath: string | null = null;
  if (row.is_public && row.type === 'media') publicPath = paths.media(row.id);
  if (row.is_public && row.type === 'slideshow') publicPath = paths.slideshow(row.id);
  return {
    type: row.type,
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    description: row.description || null,
    thumbnailUrl: thumb,
    managePath: MANAGE_PATHS[row.type],
    publicPath,
  };
}
