/**
 * The face job's look-alikes kept right (issue 29 §3): an open offer's "looks like {person}
 * (PHOTO-…)" is made again, in the transaction of the change, when staff name, rename, confirm or
 * dismiss a box, delete it, accept a visitor's name for it, or make its person private or public or
 * delete them. With stored descriptors (128 numbers, as the job stores them) at known distances:
 * the offer's face is the origin; the named faces lie 0.2, 0.3 and 0.5 from it (the threshold is
 * FACE_MATCH_THRESHOLD, 0.4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_MATCH_THRESHOLD } from '#common/faces.ts';
import { asRoles, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let editor: RoleClient;
let anonymous: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ editor, anonymous } = await asRoles(t, ['editor', 'anonymous']));
});
afterAll(() => t?.close());

/** A descriptor: zero but at the given places. */
const at = (...values: [number, number][]) => {
  const v = new Array<number>(128).fill(0);
  for (const [i, x] of values) v[i] = x;
  return v;
};

/** A box on an item with the job's face in it (the box staff drew, or the job's own offer). */
async function faceIn(
  mediaId: string,
  descriptor: number[],
  box: { source: 'staff' | 'face'; status: 'confirmed' | 'suggested'; personId?: string },
  like?: { faceId: string; personId: string; distance: number },
) {
  const { id: boxId } = await t.db
    .insertInto('person_boxes')
    .values({
      media_id: mediaId,
      person_id: box.personId ?? null,
      x: 0.1,
      y: 0.1,
      w: 0.2,
      h: 0.2,
      source: box.source,
      status: box.status,
      suggested_person_id: like?.personId ?? null,
      confidence: like ? 1 - like.distance : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: faceId } = await t.db
    .insertInto('media_faces')
    .values({
      media_id: mediaId,
      box_id: boxId,
      x: 0.12,
      y: 0.12,
      w: 0.15,
      h: 0.15,
      score: 0.9,
      descriptor,
      look_alike_face_id: like?.faceId ?? null,
      look_alike_distance: like?.distance ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { boxId, faceId };
}

async function person(name: string) {
  const res = await editor.post('/api/admin/people', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().person.id as string;
}

/** What staff are shown of the item's one offer: who it looks like, on which photo, how far. */
async function lookAlike(mediaId: string) {
  const res = await editor.get(`/api/admin/faces/media/${mediaId}`);
  expect(res.statusCode, res.body).toBe(200);
  const [offer] = res.json().suggestions as {
    boxId: string;
    lookAlike: { personId: string; name: string; displayId: string; distance: number } | null;
  }[];
  const box = await t.db
    .selectFrom('person_boxes')
    .select(['suggested_person_id', 'confidence'])
    .where('id', '=', offer!.boxId)
    .executeTakeFirstOrThrow();
  const like = offer!.lookAlike;
  // The box's own record of it agrees with the face's.
  expect(box.suggested_person_id).toBe(like?.personId ?? null);
  if (like) expect(box.confidence).toBeCloseTo(1 - like.distance, 5);
  else expect(box.confidence).toBeNull();
  return like && { name: like.name, displayId: like.displayId, distance: Number(like.distance.toFixed(3)) };
}

describe("an offer's look-alike", () => {
  it('follows the named faces as staff name, rename, confirm, dismiss and delete boxes and people', async () => {
    expect(FACE_MATCH_THRESHOLD).toBeGreaterThan(0.3);
    expect(FACE_MATCH_THRESHOLD).toBeLessThan(0.5);
    const [offerItem, near, middle, far] = await Promise.all([
      buildMedia(t, { title: 'Offer' }),
      buildMedia(t, { title: 'Near', is_public: true }),
      buildMedia(t, { title: 'Middle', is_public: true }),
      buildMedia(t, { title: 'Far' }),
    ]);
    const anna = await person('Anna á Ryggi');
    const beinta = await person('Beinta Broberg');
    const patch = (path: string, body: Record<string, unknown>) =>
      editor
        .patch(`/api/admin/people/${path}`, body)
        .then((res) => expect(res.statusCode, res.body).toBe(200));

    // Middle names Beinta 0.3 away: the job found her when it scanned the offer.
    const mid = await faceIn(middle.id, at([1, 0.3]), {
      source: 'staff',
      status: 'confirmed',
      personId: beinta,
    });
    await faceIn(
      offerItem.id,
      at(),
      { source: 'face', status: 'suggested' },
      {
        faceId: mid.faceId,
        personId: beinta,
        distance: 0.3,
      },
    );
    // Near, 0.2 away, and Far, 0.5 away, are boxes nobody has named yet; an offer on Near itself,
    // close to Near's face, is never compared with a face on its own photo.
    const nearBox = await faceIn(near.id, at([0, 0.2]), { source: 'staff', status: 'confirmed' });
    const farBox = await faceIn(far.id, at([2, 0.5]), { source: 'staff', status: 'confirmed' });
    await faceIn(near.id, at([0, 0.25]), { source: 'face', status: 'suggested' });
    const beintaOnMiddle = { name: 'Beinta Broberg', displayId: middle.display_id, distance: 0.3 };
    expect(await lookAlike(offerItem.id)).toEqual(beintaOnMiddle);

    // Staff name Near's box Anna: she is nearer, and the offer looks like her now.
    await patch(`boxes/${nearBox.boxId}`, { personId: anna });
    const annaOnNear = { name: 'Anna á Ryggi', displayId: near.display_id, distance: 0.2 };
    expect(await lookAlike(offerItem.id)).toEqual(annaOnNear);
    expect(await lookAlike(near.id)).toBeNull();
    // Far named too: beyond the threshold, it changes nothing.
    await patch(`boxes/${farBox.boxId}`, { personId: anna });
    expect(await lookAlike(offerItem.id)).toEqual(annaOnNear);

    // Anna made private: no offer looks like her; public again: it does.
    await patch(anna, { isPrivate: true });
    expect(await lookAlike(offerItem.id)).toEqual(beintaOnMiddle);
    await patch(anna, { isPrivate: false });
    expect(await lookAlike(offerItem.id)).toEqual(annaOnNear);
    // Renamed (the person's name): shown as it is now, the same face.
    await patch(anna, { name: 'Anna Jacobsen' });
    expect(await lookAlike(offerItem.id)).toEqual({ ...annaOnNear, name: 'Anna Jacobsen' });

    // Near's box dismissed, then confirmed again.
    await patch(`boxes/${nearBox.boxId}`, { status: 'dismissed' });
    expect(await lookAlike(offerItem.id)).toEqual(beintaOnMiddle);
    await patch(`boxes/${nearBox.boxId}`, { status: 'confirmed' });
    expect(await lookAlike(offerItem.id)).toEqual({ ...annaOnNear, name: 'Anna Jacobsen' });
    // Near's box named Beinta instead: still the nearest face, now hers.
    await patch(`boxes/${nearBox.boxId}`, { personId: beinta });
    expect(await lookAlike(offerItem.id)).toEqual({ ...annaOnNear, name: 'Beinta Broberg' });
    // Unnamed: back to Middle.
    await patch(`boxes/${nearBox.boxId}`, { personId: null });
    expect(await lookAlike(offerItem.id)).toEqual(beintaOnMiddle);

    // Beinta deleted: her boxes stay, unnamed, and the offer looks like no one.
    expect((await editor.delete(`/api/admin/people/${beinta}`)).statusCode).toBe(204);
    expect(await lookAlike(offerItem.id)).toBeNull();

    // A visitor names Middle's box; staff accept: the offer looks like that person.
    const sent = await anonymous.post('/api/people/suggestions', {
      mediaId: middle.id,
      boxId: mid.boxId,
      name: 'Katrin Petersen',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const accepted = await editor.post(`/api/admin/people/suggestions/${sent.json().suggestion.id}/accept`, {
      newPerson: { name: 'Katrin Petersen' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await lookAlike(offerItem.id)).toEqual({ ...beintaOnMiddle, name: 'Katrin Petersen' });

    // Katrin merged into Anna (the same woman): the offer looks like Anna, on the same photo.
    const merged = await editor.post(`/api/admin/people/${accepted.json().suggestion.person.id}/merge`, {
      into: anna,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await lookAlike(offerItem.id)).toEqual({ ...beintaOnMiddle, name: 'Anna Jacobsen' });

    // Middle's box deleted: its face is nobody's, and the offer looks like no one again.
    expect((await editor.delete(`/api/admin/people/boxes/${mid.boxId}`)).statusCode).toBe(204);
    expect(await lookAlike(offerItem.id)).toBeNull();
  });
});
