import { sql } from 'kysely';
import type { IdSearchType } from '#common/api/search.ts';
import type { MediaType } from '#common/enums.ts';
import type { Db } from '#server/db/database.ts';

const kind = (type: IdSearchType) => sql<IdSearchType>`${sql.lit(type)}`;
const noText = sql<string | null>`null::text`;
const noMediaType = sql<MediaType | null>`null::text`;

/**
 * Every row whose display_id is exactly `displayId`, in media items, documents, slideshows,
 * categories, submissions and users (one statement; each table's display_id is unique and indexed).
 * A media item brings the file key of its thumbnail, if made; a user's title is name, else e-mail.
 */
export function findByDisplayId(db: Db, displayId: string) {
  const media = db
    .selectFrom('media_items')
    .leftJoin('derivatives', (join) =>
      join
        .onRef('derivatives.owner_id', '=', 'media_items.id')
        .on('derivatives.owner_type', '=', 'media')
        .on('derivatives.variant', '=', 'thumb'),
    )
    .where('media_items.display_id', '=', displayId)
    .select([
      kind('media').as('type'),
      'media_items.id',
      'media_items.display_id',
      'media_items.title',
      'media_items.description',
      'media_items.is_public',
      sql<MediaType | null>`media_items.media_type::text`.as('media_type'),
      sql<string | null>`derivatives.file_key`.as('thumb_key'),
      'media_items.file_salt',
    ]);
  // Documents and slideshows answer the same columns under their own type.
  const titled = (table: 'documents' | 'slideshows', type: IdSearchType) =>
    db
      .selectFrom(table)
      .where('display_id', '=', displayId)
      .select([
        kind(type).as('type'),
        'id',
        'display_id',
        'title',
        'description',
        'is_public',
        noMediaType.as('media_type'),
        noText.as('thumb_key'),
        noText.as('file_salt'),
      ]);
  const categories = db
    .selectFrom('categories')
    .where('display_id', '=', displayId)
    .select([
      kind('category').as('type'),
      'id',
      'display_id',
      'name as title',
      'description',
      'is_public',
      noMediaType.as('media_type'),
      noText.as('thumb_key'),
      noText.as('file_salt'),
    ]);
  const submissions = db
    .selectFrom('submissions')
    .where('display_id', '=', displayId)
    .select([
      kind('submission').as('type'),
      'id',
      'display_id',
      'title',
      sql<
        string | null
      >`concat_ws(' · ', nullif(submitter_name, ''), nullif(submitter_email, ''), status::text)`.as(
        'description',
      ),
      sql<boolean>`false`.as('is_public'),
      noMediaType.as('media_type'),
      noText.as('thumb_key'),
      noText.as('file_salt'),
    ]);
  const users = db
    .selectFrom('users')
    .where('display_id', '=', displayId)
    .select([
      kind('user').as('type'),
      'id',
      'display_id',
      sql<string>`coalesce(nullif(trim(full_name), ''), email)`.as('title'),
      sql<
        string | null
      >`concat_ws(' · ', case when nullif(trim(full_name), '') is not null then email end, role::text)`.as(
        'description',
      ),
      sql<boolean>`false`.as('is_public'),
      noMediaType.as('media_type'),
      noText.as('thumb_key'),
      noText.as('file_salt'),
    ]);
  return media
    .unionAll(titled('documents', 'document'))
    .unionAll(titled('slideshows', 'slideshow'))
    .unionAll(categories)
    .unionAll(submissions)
    .unionAll(users)
    .execute();
}

export type DisplayIdMatchRow = Awaited<ReturnType<typeof findByDisplayId>>[number];
