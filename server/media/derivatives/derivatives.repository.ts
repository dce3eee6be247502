import type { Db } from '../../db/database.ts';
import type { DerivativeOwner, DerivativeVariant } from '../../db/schema.ts';

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

/** Replaces the owner's derivatives by the new set; returns the file keys no longer used. */
export async function replaceDerivatives(
  db: Db,
  ownerType: DerivativeOwner,
  ownerId: string,
  made: NewDerivative[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .deleteFrom('derivatives')
      .where('owner_type', '=', ownerType)
      .where('owner_id', '=', ownerId)
      .returning('file_key')
      .execute();
    if (made.length > 0) {
      await trx
        .insertInto('derivatives')
        .values(
          made.map((d) => ({
            owner_type: ownerType,
            owner_id: ownerId,
            variant: d.variant,
            file_key: d.fileKey,
            mime_type: d.mimeType,
            file_size: d.fileSize,
            width: d.width,
            height: d.height,
            watermarked: d.watermarked,
          })),
        )
        .execute();
    }
    const kept = new Set(made.map((d) => d.fileKey));
    return old.map((o) => o.file_key).filter((key) => !kept.has(key));
  });
}
