import { ID_SEARCH_EMPTY_MESSAGE, ID_SEARCH_TYPES, type IdSearchResponse } from '#common/api/search.ts';
import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type Actor, can } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { badRequest } from '#server/errors.ts';
import { presentMatch } from './search.presenter.ts';
import { type DisplayIdMatchRow, findByDisplayId } from './search.repository.ts';

/**
 * Whether the caller may see a match at all: what the public sees (public items, slideshows,
 * documents and categories) for every staff role; the rest only for those who manage that kind.
 * Display IDs run in sequence, so without this a viewer could list every private item, every
 * submitter's e-mail and every account (DESIGN.md §4.3: viewers get the dashboard and the log).
 */
function maySee(actor: Actor, row: DisplayIdMatchRow): boolean {
  switch (row.type) {
    case 'media':
      return can(actor, 'media:read', {
        kind: 'media',
        isPublic: row.is_public,
        mediaType: row.media_type ?? 'image',
      });
    case 'document':
      return can(actor, 'document:read', { kind: 'document', isPublic: row.is_public });
    case 'slideshow':
      return can(actor, 'slideshow:read', { kind: 'slideshow', isPublic: row.is_public });
    case 'category':
      return row.is_public || can(actor, 'category:manage');
    case 'submission':
      return can(actor, 'submission:review');
    case 'user':
      return can(actor, 'user:manage');
  }
}

/**
 * The ID search dialog (admin-back-office.md §2, §5): every record whose display ID is the typed
 * one, after stripping a leading '#', trimming and uppercasing, that the caller may see. Open to
 * every staff role: results name the screen that manages them, which the caller may or may not be
 * allowed to open.
 */
export async function searchByDisplayId(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<IdSearchResponse> {
  authorize(actor, 'admin:dashboard');
  const id = normalizeDisplayIdQuery(input.id);
  if (!id) throw badRequest(ID_SEARCH_EMPTY_MESSAGE, 'ID_REQUIRED');
  const rows = (await findByDisplayId(ctx.db, id)).filter((row) => maySee(actor, row));
  rows.sort((a, b) => ID_SEARCH_TYPES.indexOf(a.type) - ID_SEARCH_TYPES.indexOf(b.type));
  return {
    id,
    results: rows.map((row) =>
      presentMatch(row, (media) => can(actor, 'media:read', { kind: 'media', ...media })),
    ),
  };
}
