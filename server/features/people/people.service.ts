import type { z } from 'zod';
import type {
  acceptSuggestionBody,
  createBoxBody,
  createSuggestionBody,
  mergePersonBody,
  peopleListQuery,
  personBody,
  suggestionListQuery,
  updateBoxBody,
  updatePersonBody,
} from '#common/api/people.ts';
import { clampBox } from '#common/people.ts';
import { type Actor, can } from '#common/permissions.ts';
import type { PeopleTable } from '#server/db/schema.ts';
import type { Db } from '#server/db/database.ts';
import { readInOneTurn } from '#server/db/same-turn.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { consumeRateLimit } from '#server/http/rate-limit.ts';
import { queueMail } from '#server/mail/mail-job.ts';
import { logActivity } from '../activity/activity.public.ts';
import { listFaceIdsOfBox, listFaceIdsOfPerson, refreshLookAlikes } from '../faces/faces.public.ts';
import { getMedia, getMediaForUpdate, updateMedia, updateMediaMany } from '../media/media.public.ts';
import { rateLimitKey, SUBMISSION_RATE } from '../submissions/submissions.public.ts';
import { publishSuggestionEvent } from './people-events.ts';
import {
  presentPublicBox,
  presentPublicPerson,
  presentStaffBox,
  presentStaffPerson,
  presentStaffSuggestion,
  presentSuggestionStats,
} from './people.presenter.ts';
import * as repo from './people.repository.ts';

/** The person page lists at most this many photos (a person on more is a rare archive's luck). */
const PERSON_PAGE_ITEMS = 500;

type PersonInput = z.output<typeof personBody>;

const personColumns = (input: Partial<PersonInput>) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.born !== undefined ? { born: input.born } : {}),
  ...(input.died !== undefined ? { died: input.died } : {}),
  ...(input.note !== undefined ? { note: input.note } : {}),
  ...(input.isPrivate !== undefined ? { is_private: input.isPrivate } : {}),
});

async function newPerson(trx: Db, actor: { id: string }, input: PersonInput) {
  const { id } = await repo.createPerson(trx, {
    ...(personColumns(input) as Pick<PeopleTable, 'name'>),
    created_by: actor.id,
  });
  await logActivity(trx, actor, 'person.created', { id, name: input.name });
  return id;
}

// ---- the list staff keep ------------------------------------------------------------------------

export async function listPeopleForStaff(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof peopleListQuery>,
) {
  authorize(actor, 'media:manage');
  const page = await repo.listPeople(ctx.db, query.q || undefined, query.cursor, query.limit);
  return { items: page.rows.map(presentStaffPerson), total: page.total, nextCursor: page.nextCursor };
}

async function staffPerson(ctx: AppContext, id: string) {
  const row = await repo.getStaffPerson(ctx.db, id);
  if (!row) throw notFound('Person not found');
  return presentStaffPerson(row);
}

export async function createPersonForStaff(ctx: AppContext, actor: Actor, input: PersonInput) {
  authorize(actor, 'media:manage');
  const id = await ctx.db.transaction().execute((trx) => newPerson(trx, actor, input));
  return staffPerson(ctx, id);
}

export async function updatePersonForStaff(
  ctx: AppContext,
  actor: Actor,
  { id, ...input }: z.output<typeof updatePersonBody> & { id: string },
) {
  authorize(actor, 'media:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getPersonForUpdate(trx, id);
    if (!row) throw notFound('Person not found');
    await repo.updatePerson(trx, id, personColumns(input));
    await touchItems(trx, await repo.listMediaIdsOfPerson(trx, id));
    // Made private: no offer looks like them any more; made public: offers may again.
    if (input.isPrivate !== undefined && input.isPrivate !== row.is_private)
      await refreshLookAlikes(trx, await listFaceIdsOfPerson(trx, id));
    await logActivity(trx, actor, 'person.updated', { id, name: input.name ?? row.name });
  });
  return staffPerson(ctx, id);
}

/** Deleted: the boxes that named them stay on their photos, unnamed (someone may know who it is). */
export async function deletePersonForStaff(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'media:manage');
  await ctx.db.transaction().execute(async (trx) => {
    await touchItems(trx, await repo.listMediaIdsOfPerson(trx, id));
    const faces = await listFaceIdsOfPerson(trx, id);
    const row = await repo.deletePerson(trx, id);
    if (!row) throw notFound('Person not found');
    await refreshLookAlikes(trx, faces);
    await logActivity(trx, actor, 'person.deleted', { id, name: row.name });
  });
}

/**
 * Two entries of the list are one person (Immich's most-wanted "merge people"): every box and
 * accepted name of `id` moves to `into`, `id` is deleted, in one transaction; the offers that
 * looked like their faces are compared again (the faces are the same, the person and maybe their
 * privacy not).
 */
export async function mergePersonForStaff(
  ctx: AppContext,
  actor: Actor,
  { id, into }: z.output<typeof mergePersonBody> & { id: string },
) {
  authorize(actor, 'media:manage');
  if (id === into) throw badRequest('A person cannot be merged into themselves.', 'SAME_PERSON');
  await ctx.db.transaction().execute(async (trx) => {
    // Both locked, in id order (two merges of the same pair, either way round, never deadlock).
    const [first, second] = [id, into].sort();
    const locked = new Map<string, Awaited<ReturnType<typeof repo.getPersonForUpdate>>>();
    for (const key of [first!, second!]) locked.set(key, await repo.getPersonForUpdate(trx, key));
    const from = locked.get(id);
    const target = locked.get(into);
    if (!from) throw notFound('Person not found');
    if (!target) throw new AppError(400, 'UNKNOWN_PERSON', 'That person is not in the list.');
    const items = await repo.listMediaIdsOfPerson(trx, id);
    const faces = await listFaceIdsOfPerson(trx, id);
    await repo.movePerson(trx, id, into);
    await repo.deletePerson(trx, id);
    await refreshLookAlikes(trx, faces);
    await touchItems(trx, items);
    await logActivity(trx, actor, 'person.merged', {
      id: into,
      name: target.name,
      details: { from: id, fromName: from.name, boxes: items.length },
    });
  });
  return staffPerson(ctx, into);
}

/**
 * Who is named on an item is part of its description (Dublin Core's subjects, the IIIF
 * annotations): a change moves the item's datestamp, so harvesters (OAI-PMH `from`) fetch it again.
 */
async function touchItems(trx: Db, mediaIds: string[]) {
  await updateMediaMany(trx, mediaIds, {});
}

// ---- boxes on an image --------------------------------------------------------------------------

async function imageForUpdate(trx: Db, mediaId: string) {
  const item = await getMediaForUpdate(trx, mediaId);
  if (!item) throw notFound('Media not found');
  if (item.media_type !== 'image') throw badRequest('People are marked on images only.', 'NOT_AN_IMAGE');
  return item;
}

/** The person a box names: one from the list, a new one, or (null) no one yet. */
async function personFor(
  trx: Db,
  actor: { id: string },
  input: { personId?: string | null; newPerson?: PersonInput },
): Promise<string | null | undefined> {
  if (input.newPerson) return newPerson(trx, actor, input.newPerson);
  if (input.personId === undefined || input.personId === null) return input.personId;
  if (!(await repo.getPerson(trx, input.personId)))
    throw new AppError(400, 'UNKNOWN_PERSON', 'That person is not in the list.');
  return input.personId;
}

async function mediaOfBox(db: Db, id: string) {
  const box = await repo.getBox(db, id);
  if (!box) throw notFound('Box not found');
  return box.media_id;
}

export async function listBoxesForStaff(ctx: AppContext, actor: Actor, { mediaId }: { mediaId: string }) {
  authorize(actor, 'media:manage');
  if (!(await getMedia(ctx.db, mediaId))) throw notFound('Media not found');
  const rows = await repo.listMediaBoxes(ctx.db, mediaId);
  return { boxes: rows.map(presentStaffBox) };
}

async function staffBox(ctx: AppContext, id: string) {
  const row = await repo.getBox(ctx.db, id);
  if (!row) throw notFound('Box not found');
  return presentStaffBox(row);
}

export async function createBoxForStaff(
  ctx: AppContext,
  actor: Actor,
  { mediaId, ...input }: z.output<typeof createBoxBody> & { mediaId: string },
) {
  authorize(actor, 'media:manage');
  const id = await ctx.db.transaction().execute(async (trx) => {
    const item = await imageForUpdate(trx, mediaId);
    const personId = (await personFor(trx, actor, input)) ?? null;
    const { id } = await repo.createBox(trx, {
      media_id: item.id,
      person_id: personId,
      ...clampBox(input),
      source: 'staff',
      status: 'confirmed',
      created_by: actor.id,
    });
    await updateMedia(trx, item.id, {});
    await logActivity(trx, actor, 'person.marked', { type: 'media', id: item.id, name: item.title });
    return id;
  });
  return staffBox(ctx, id);
}

export async function updateBoxForStaff(
  ctx: AppContext,
  actor: Actor,
  { id, ...input }: z.output<typeof updateBoxBody> & { id: string },
) {
  authorize(actor, 'media:manage');
  await ctx.db.transaction().execute(async (trx) => {
    // The item first, then the box: the order every writer of boxes locks them in.
    const item = await imageForUpdate(trx, await mediaOfBox(trx, id));
    const box = await repo.getBoxForUpdate(trx, id);
    if (!box) throw notFound('Box not found');
    const personId = await personFor(trx, actor, input);
    const rect = clampBox({
      x: input.x ?? box.x,
      y: input.y ?? box.y,
      w: input.w ?? box.w,
      h: input.h ?? box.h,
    });
    await repo.updateBox(trx, id, {
      ...rect,
      ...(personId !== undefined ? { person_id: personId } : {}),
      ...(input.status ? { status: input.status } : {}),
    });
    // Named, renamed, confirmed or dismissed: the offers elsewhere that looked like its face, or
    // now do, are made right again.
    if (personId !== undefined || input.status) await refreshLookAlikes(trx, await listFaceIdsOfBox(trx, id));
    await updateMedia(trx, item.id, {});
    await logActivity(trx, actor, 'person.box_updated', { type: 'media', id: item.id, name: item.title });
  });
  return staffBox(ctx, id);
}

export async function deleteBoxForStaff(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'media:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const item = await getMediaForUpdate(trx, await mediaOfBox(trx, id));
    const box = await repo.getBoxForUpdate(trx, id);
    if (!box) throw notFound('Box not found');
    const faces = await listFaceIdsOfBox(trx, id);
    await repo.deleteBox(trx, id);
    await refreshLookAlikes(trx, faces);
    await updateMedia(trx, box.media_id, {});
    await logActivity(trx, actor, 'person.unmarked', {
      type: 'media',
      id: box.media_id,
      name: item?.title ?? null,
    });
  });
}

// ---- public -------------------------------------------------------------------------------------

/** An item the actor may see (as its page answers), else not found. */
type PublicBoxRow = Awaited<ReturnType<typeof repo.listPublicBoxesOfItems>>[number];

/** An item and its public boxes, read with those of every media page asked in the same turn. */
const publicBoxesOf = readInOneTurn(async (db, ids: string[]) => {
  const byItem = new Map<string, PublicBoxRow[]>();
  for (const row of await repo.listPublicBoxesOfItems(db, ids)) {
    const rows = byItem.get(row.media_id) ?? [];
    rows.push(row);
    byItem.set(row.media_id, rows);
  }
  return byItem;
});

/** "Show who is here": the item's confirmed boxes; a private person's is left out. */
export async function listPublicBoxes(ctx: AppContext, actor: Actor, { mediaId }: { mediaId: string }) {
  authorize(actor, 'media:read');
  const rows = await publicBoxesOf(ctx.db, mediaId);
  const item = rows?.[0];
  if (
    !item ||
    !can(actor, 'media:read', { kind: 'media', isPublic: item.is_public, mediaType: item.media_type })
  )
    throw notFound('Media not found or not public');
  return {
    boxes: rows
      .filter((row) => row.id !== null)
      .map((row) => presentPublicBox(row as Parameters<typeof presentPublicBox>[0])),
  };
}

/**
 * The person page: a person who is not private and is named on at least one public photo. Anyone
 * else is not found, so a private person's name, or one on hidden items only, never shows.
 */
export async function getPublicPerson(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'gallery:browse');
  const person = await repo.getPerson(ctx.db, id);
  if (!person || person.is_private) throw notFound('Person not found');
  const items = await repo.listPublicItemsOfPerson(ctx.db, id, PERSON_PAGE_ITEMS);
  if (items.length === 0) throw notFound('Person not found');
  return presentPublicPerson(person, items);
}

// ---- visitors' suggestions ----------------------------------------------------------------------

type CreateSuggestion = z.output<typeof createSuggestionBody> & { ip: string };

/**
 * A visitor's name for a box on a public image, or for a box they drew, under the protections of
 * "Do you know more" (part 1): the bots' field, the sender's allowance in a bucket of its own, NUL
 * and lengths refused before this runs. An item (or box) the sender may not see is not found.
 */
export async function createSuggestion(
  ctx: AppContext,
  actor: Actor,
  { ip, website, ...body }: CreateSuggestion,
) {
  authorize(actor, 'submission:create');
  if (website) throw badRequest('Ein feilur hendi, meðan tín sending varð viðgjørd.', 'REJECTED');
  await consumeRateLimit(
    ctx.db,
    `people:${rateLimitKey(actor, ip)}`,
    actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous,
  );
  const created = await ctx.db.transaction().execute(async (trx) => {
    const item = await getMediaForUpdate(trx, body.mediaId);
    if (!item?.is_public || item.media_type !== 'image') throw notFound('Media not found or not public');
    if (body.boxId) {
      const box = await repo.getBox(trx, body.boxId);
      // Only a box the public is shown: not an offer, not a private person's.
      if (!box || box.media_id !== item.id || box.status !== 'confirmed' || box.person_is_private)
        throw notFound('Box not found');
    }
    return repo.createSuggestion(trx, {
      media_id: item.id,
      box_id: body.boxId ?? null,
      ...(body.box ? clampBox(body.box) : {}),
      name: body.name,
      note: body.note ?? null,
      contributor_name: body.contributorName ?? null,
      contributor_email: body.contributorEmail ?? null,
      submitted_by: actor?.id ?? null,
    });
  });
  publishSuggestionEvent({ type: 'changed', id: created.id, status: 'pending' });
  return { id: created.id };
}

export async function listSuggestionsForReview(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof suggestionListQuery>,
) {
  authorize(actor, 'submission:review');
  const { cursor, limit, q, status } = query;
  const page = await repo.listSuggestions(
    ctx.db,
    { q: q || undefined, status: status === 'all' ? undefined : status },
    cursor,
    limit,
  );
  return { items: page.rows.map(presentStaffSuggestion), total: page.total, nextCursor: page.nextCursor };
}

export async function getSuggestionStats(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'submission:review');
  return presentSuggestionStats(await repo.countSuggestions(ctx.db));
}

export function authorizeSuggestionEvents(actor: Actor): string {
  authorize(actor, 'submission:review');
  return actor.id;
}

const alreadyAccepted = () =>
  new AppError(409, 'ALREADY_ACCEPTED', 'This suggestion is already on its photo; edit the box instead.');

/**
 * Staff accept: the box named (a new box made where the visitor drew it) with a person from the
 * list or a new one, the suggestion marked, logged and the thank-you queued, in one transaction.
 */
export async function acceptSuggestion(
  ctx: AppContext,
  actor: Actor,
  { id, ...input }: z.output<typeof acceptSuggestionBody> & { id: string },
) {
  authorize(actor, 'submission:review');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getSuggestionForUpdate(trx, id);
    if (!row) throw notFound('Suggestion not found');
    if (row.status === 'accepted') throw alreadyAccepted();
    const item = await imageForUpdate(trx, row.media_id);
    const personId = (await personFor(trx, actor, input)) as string;
    let boxId = row.box_id;
    if (boxId) {
      const box = await repo.getBoxForUpdate(trx, boxId);
      if (!box) throw notFound('Box not found');
      await repo.updateBox(trx, boxId, { person_id: personId, status: 'confirmed' });
      await refreshLookAlikes(trx, await listFaceIdsOfBox(trx, boxId));
    } else {
      ({ id: boxId } = await repo.createBox(trx, {
        media_id: item.id,
        person_id: personId,
        x: row.x!,
        y: row.y!,
        w: row.w!,
        h: row.h!,
        source: 'visitor',
        status: 'confirmed',
        created_by: row.submitted_by,
      }));
    }
    await updateMedia(trx, item.id, {});
    await repo.updateSuggestion(trx, id, {
      status: 'accepted',
      person_id: personId,
      result_box_id: boxId,
      reviewed_by: actor.id,
      reviewed_at: new Date(),
    });
    if (row.contributor_email)
      await queueMail(trx, {
        to: row.contributor_email,
        subject: 'Takk fyri! / Thank you!',
        text: [
          `Hey${row.contributor_name ? ` ${row.contributor_name}` : ''},`,
          '',
          `Takk fyri! The name you gave on "${item.title}" (${item.display_id}) is now on the photo:`,
          `${ctx.config.publicUrl}/media/${item.id}`,
        ].join('\n'),
      });
    await logActivity(trx, actor, 'person.suggestion_accepted', { id, name: item.title });
  });
  return reviewed(ctx, id);
}

export async function rejectSuggestion(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'submission:review');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getSuggestionForUpdate(trx, id);
    if (!row) throw notFound('Suggestion not found');
    if (row.status === 'accepted') throw alreadyAccepted();
    await repo.updateSuggestion(trx, id, {
      status: 'rejected',
      reviewed_by: actor.id,
      reviewed_at: new Date(),
    });
    await logActivity(trx, actor, 'person.suggestion_rejected', { id, name: null });
  });
  return reviewed(ctx, id);
}

async function reviewed(ctx: AppContext, id: string) {
  ctx.jobs.wake();
  const row = await repo.getStaffSuggestion(ctx.db, id);
  if (!row) throw notFound('Suggestion not found');
  publishSuggestionEvent({ type: 'changed', id, status: row.status });
  return presentStaffSuggestion(row);
}

// ---- open standards -----------------------------------------------------------------------------

/** The named boxes of public people on these items, by item (IIIF annotations). */
export async function listPublicNamedBoxes(db: Db, mediaIds: string[]) {
  const rows = await repo.listPublicNamedBoxes(db, mediaIds);
  const byItem = new Map<
    string,
    { id: string; x: number; y: number; w: number; h: number; personId: string; name: string }[]
  >();
  for (const row of rows) {
    const list = byItem.get(row.media_id) ?? [];
    list.push({
      id: row.id,
      x: row.x,
      y: row.y,
      w: row.w,
      h: row.h,
      personId: row.person_id,
      name: row.name,
    });
    byItem.set(row.media_id, list);
  }
  return byItem;
}

// ---- the contributor's dashboard ----------------------------------------------------------------

/** A signed-in contributor's own names for people on photos, with their status, and how many were accepted. */
export async function getOwnNameSuggestions(db: Db, userId: string, limit: number) {
  const [rows, accepted] = await Promise.all([
    repo.listOwnSuggestions(db, userId, limit),
    repo.countOwnAcceptedSuggestions(db, userId),
  ]);
  return {
    accepted,
    suggestions: rows.map((row) => ({
      id: row.id,
      mediaId: row.media_id,
      mediaTitle: row.media_title,
      name: row.name,
      status: row.status,
      createdAt: row.created_at.toISOString(),
    })),
  };
}
