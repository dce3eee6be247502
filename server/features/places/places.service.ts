import type { CreatePlaceBody, Place, UpdatePlaceBody } from '#common/api/places.ts';
import type { Actor } from '#common/permissions.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { AppError, notFound } from '#server/errors.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { logActivity } from '../activity/activity.public.ts';
import { presentPlace } from './places.presenter.ts';
import * as repo from './places.repository.ts';

/**
 * Every place, for the pickers and the public pages: the same for every visitor, kept until the
 * public content changes (migration 0038 moves the version on any change to `places`).
 */
export async function listPlaces(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return sharedAnswer(ctx.db, 'places', async () => ({
    places: (await repo.listPlaces(ctx.db)).map(presentPlace),
  }));
}

const nameTaken = (name: string) =>
  new AppError(409, 'PLACE_EXISTS', `There is already a place called ${name}.`);

export async function createPlace(ctx: AppContext, actor: Actor, body: CreatePlaceBody): Promise<Place> {
  authorize(actor, 'place:manage');
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.getPlaceByName(trx, body.nameFo)) throw nameTaken(body.nameFo);
    const created = await repo.createPlace(trx, {
      name_fo: body.nameFo,
      name_en: body.nameEn ?? body.nameFo,
      latitude: body.latitude,
      longitude: body.longitude,
      source: null,
      created_by: actor.id,
    });
    await logActivity(trx, actor, 'place.created', { id: created.id, name: created.name_fo });
    return created;
  });
  return presentPlace(row);
}

const COLUMNS = {
  nameFo: 'name_fo',
  nameEn: 'name_en',
  latitude: 'latitude',
  longitude: 'longitude',
} as const satisfies Record<keyof UpdatePlaceBody, string>;

/**
 * An edit: only the fields sent change. Items that have the place keep their own point: a place's
 * point is where an item goes when staff choose it, not a link (moving Gøta does not move its photos).
 */
export async function updatePlace(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: UpdatePlaceBody & { id: string },
): Promise<Place> {
  authorize(actor, 'place:manage');
  const sent = (Object.keys(COLUMNS) as (keyof UpdatePlaceBody)[]).filter((f) => body[f] !== undefined);
  const values = Object.fromEntries(sent.map((field) => [COLUMNS[field], body[field]]));
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.getPlaceForUpdate(trx, id);
    if (!before) throw notFound('Place not found');
    if (body.nameFo !== undefined && (await repo.getPlaceByName(trx, body.nameFo, id)))
      throw nameTaken(body.nameFo);
    const updated = await repo.updatePlace(trx, id, values);
    if (!updated) throw notFound('Place not found');
    const changed = sent.filter((field) => before[COLUMNS[field]] !== updated[COLUMNS[field]]);
    await logActivity(trx, actor, 'place.updated', {
      id,
      name: updated.name_fo,
      details: Object.fromEntries(changed.map((field) => [field, body[field]])),
    });
    return updated;
  });
  return presentPlace(row);
}

/**
 * Deletes a place no item has. A place in use is refused (409 PLACE_IN_USE, saying how many items
 * have it): an archive does not lose where its photos were taken as a side effect; staff move those
 * items to another place first (the media screen's filter and bulk "Set place" do it at once).
 */
export async function deletePlace(ctx: AppContext, actor: Actor, { id }: { id: string }): Promise<void> {
  authorize(actor, 'place:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getPlaceForUpdate(trx, id);
    if (!row) throw notFound('Place not found');
    const items = await repo.countItemsAtPlace(trx, id);
    if (items > 0)
      throw new AppError(
        409,
        'PLACE_IN_USE',
        `${row.name_fo} is the place of ${items} ${items === 1 ? 'item' : 'items'}: give ${items === 1 ? 'it' : 'them'} another place first.`,
        { items },
      );
    await repo.deletePlace(trx, id);
    await logActivity(trx, actor, 'place.deleted', { id, name: row.name_fo });
  });
}
