import type { Db } from '#server/db/database.ts';
import { rightsStatement } from '#common/rights.ts';
import { DEFAULT_WATERMARK_TEXT, type WatermarkSettings } from '#common/watermark.ts';
import type { DerivativeOwner, DerivativeVariant } from '#server/db/schema.ts';

export interface NewDerivative {
  variant: DerivativeVariant;
  fileKey: string;
  mimeType: string;
  fileSize: number;
  width: number | null;
  height: number | null;
  watermarked: boolean;
}

export function listDerivatives(db: Db, ownerType: DerivativeOwner, ownerId: string) {
  return db
    .selectFrom('derivatives')
    .selectAll()
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .execute();
}

/** The derivatives of several owners in one query (a page of the gallery, a slideshow). */
export async function listDerivativesOf(db: Db, ownerType: DerivativeOwner, ownerIds: string[]) {
  if (ownerIds.length === 0) return [];
  return db
    .selectFrom('derivatives')
    .select(['owner_id', 'variant', 'file_key'])
    .where('owner_type', '=', ownerType)
    .where('owner_id', 'in', ownerIds)
    .execute();
}

export function getDerivative(
  db: Db,
  ownerType: DerivativeOwner,
  ownerId: string,
  variant: DerivativeVariant,
) {
  return db
    .selectFrom('derivatives')
    .selectAll()
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('variant', '=', variant)
    .executeTakeFirst();
}

/**
 * Replaces the owner's derivatives by the new set, but for those of the `keep` variants (a
 * playable copy outlives a new poster); returns the file keys no longer used. Two statements: the
 * caller gives a transaction, so no reader sees the owner without them.
 */
export async function replaceDerivatives(
  db: Db,
  ownerType: DerivativeOwner,
  ownerId: string,
  made: NewDerivative[],
  keep: DerivativeVariant[] = [],
): Promise<string[]> {
  let removing = db
    .deleteFrom('derivatives')
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId);
  if (keep.length > 0) removing = removing.where('variant', 'not in', keep);
  const old = await removing.returning('file_key').execute();
  if (made.length > 0) {
    await db
      .insertInto('derivatives')
      .values(made.map((d) => derivativeRow(ownerType, ownerId, d)))
      .execute();
  }
  const kept = new Set(made.map((d) => d.fileKey));
  return old.map((o) => o.file_key).filter((key) => !kept.has(key));
}

const derivativeRow = (ownerType: DerivativeOwner, ownerId: string, d: NewDerivative) => ({
  owner_type: ownerType,
  owner_id: ownerId,
  variant: d.variant,
  file_key: d.fileKey,
  mime_type: d.mimeType,
  file_size: d.fileSize,
  width: d.width,
  height: d.height,
  watermarked: d.watermarked,
});

/**
 * Puts one derivative in place of the owner's of its variant; returns the file key no longer used.
 * Two statements: the caller gives a transaction.
 */
export async function putDerivative(
  db: Db,
  ownerType: DerivativeOwner,
  ownerId: string,
  d: NewDerivative,
): Promise<string | undefined> {
  const old = await db
    .deleteFrom('derivatives')
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('variant', '=', d.variant)
    .returning('file_key')
    .executeTakeFirst();
  await db
    .insertInto('derivatives')
    .values(derivativeRow(ownerType, ownerId, d))
    .execute();
  return old?.file_key;
}

export interface DerivativeSource {
  fileKey: string;
  mimeType: string;
  mediaType: string;
  /** Null when no watermark applies: submissions (staff-only) or an item recorded without one. */
  watermark: WatermarkSettings | null;
  /**
   * Whether the row has the near-duplicate hashes of this very file (the ingest makes them and
   * records them with the file; rows older than them have none, and get them from this job).
   */
  hashed: boolean;
  /** Width × height as the ingest read them, when it did. */
  pixels: number | null;
}

/** What a derivative job works from: the owner's original and, for public media, its recorded watermark. */
export async function getDerivativeSource(
  db: Db,
  payload: { ownerType: DerivativeOwner; ownerId: string },
): Promise<DerivativeSource | undefined> {
  if (payload.ownerType === 'submission') {
    const row = await db
      .selectFrom('submissions')
      .select(['file_key', 'mime_type', 'media_type', 'dhash', 'dhash_turns', 'width', 'height'])
      .where('id', '=', payload.ownerId)
      .executeTakeFirst();
    return (
      row && {
        fileKey: row.file_key,
        mimeType: row.mime_type,
        mediaType: row.media_type,
        watermark: null,
        hashed: hashed(row),
        pixels: pixelsOf(row),
      }
    );
  }
  const row = await db
    .selectFrom('media_items')
    .selectAll()
    .where('id', '=', payload.ownerId)
    .executeTakeFirst();
  if (!row) return undefined;
  // With the site setting on, an item free of copyright (CC0, Public Domain Mark) gets no mark.
  const followsRights = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', 'watermark_follows_rights')
    .executeTakeFirst();
  const unmarked = followsRights?.value === 'true' && rightsStatement(row.rights)?.publicDomain === true;
  return {
    fileKey: row.file_key,
    mimeType: row.mime_type,
    mediaType: row.media_type,
    hashed: hashed(row),
    pixels: pixelsOf(row),
    watermark:
      row.watermark_enabled && !unmarked
        ? ({
            type: row.watermark_type,
            position: row.watermark_position,
            opacity: row.watermark_opacity,
            size: row.watermark_size,
            level: row.watermark_level,
            text: row.watermark_text || DEFAULT_WATERMARK_TEXT,
          } as WatermarkSettings)
        : null,
  };
}

const pixelsOf = (row: { width: number | null; height: number | null }) =>
  row.width && row.height ? row.width * row.height : null;

const hashed = (row: { dhash: string | null; dhash_turns: string[] | null }) =>
  row.dhash !== null && row.dhash_turns !== null;

export async function setProcessing(
  db: Db,
  payload: { ownerType: DerivativeOwner; ownerId: string },
  values: {
    processing_status: 'ready' | 'failed';
    processing_error: string | null;
    placeholder?: string;
    dhash?: string;
    dhash_turns?: string[];
    /** Items only (submissions have no such column). */
    duration_seconds?: number;
  },
) {
  if (payload.ownerType === 'media') {
    await db.updateTable('media_items').set(values).where('id', '=', payload.ownerId).execute();
    return;
  }
  const { duration_seconds: _itemsOnly, ...rest } = values;
  await db.updateTable('submissions').set(rest).where('id', '=', payload.ownerId).execute();
}

/** The pixel size and type of some derivatives of several owners (a page's preview image, server/web). */
export async function listDerivativeSizes(
  db: Db,
  ownerType: DerivativeOwner,
  ownerIds: string[],
  variants: DerivativeVariant[],
) {
  if (ownerIds.length === 0 || variants.length === 0) return [];
  return db
    .selectFrom('derivatives')
    .select(['owner_id', 'variant', 'width', 'height', 'mime_type'])
    .where('owner_type', '=', ownerType)
    .where('owner_id', 'in', ownerIds)
    .where('variant', 'in', variants)
    .execute();
}
