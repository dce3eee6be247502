/**
 * Face suggestions (issue 29 §3) through the real app: the switch (admins only; off deletes what
 * the job stored, on resumes with the backfill), the job after a staff upload's derivatives and as
 * a backfill, on a real group photo (@vladmandic/face-api's demo photo with three people), the
 * look-alike by descriptor against a face in a named box, and nothing of it ever public.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_MATCH_THRESHOLD } from '#common/faces.ts';
import { asRoles, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { faceApiSample, scratchPath } from '#server/test/fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { closeFaceEngine } from '#server/media/faces/face-engine.ts';
import { FACE_SCAN_JOB, queueFaceScan } from './face-job.ts';

let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
let publicUser: RoleClient;
let anonymous: RoleClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, viewer, public: publicUser, anonymous } = await asRoles(t));
});
afterAll(async () => {
  await closeFaceEngine();
  await t?.close();
});

/** A ready image item whose stored file is `path` (public unless told). */
async function imageItem(path: string, isPublic = true) {
  const key = `media/test/faces-${randomUUID()}.jpg`;
  await t.ctx.blobs.put(key, await readFile(path), { contentType: 'image/jpeg' });
  return buildMedia(t, {
    file_key: key,
    mime_type: 'image/jpeg',
    processing_status: 'ready',
    is_public: isPublic,
  });
}

const suggestions = async (mediaId: string, client = editor) => {
  const res = await client.get(`/api/admin/faces/media/${mediaId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().suggestions as {
    boxId: string;
    x: number;
    y: number;
    w: number;
    h: number;
    lookAlike: { personId: string; name: string; displayId: string; distance: number } | null;
  }[];
};
const count = async (table: 'media_faces' | 'face_scans') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const faceBoxes = (mediaId: string) =>
  t.db
    .selectFrom('person_boxes')
    .selectAll()
    .where('media_id', '=', mediaId)
    .where('source', '=', 'face')
    .execute();

describe('/api/admin/faces', () => {
  it('is off until an admin switches it on, and tells its progress to admins only', async () => {
    const res = await admin.get('/api/admin/faces');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, scanned: 0, faces: 0, suggestions: 0 });
    expect(res.json().threshold).toBe(FACE_MATCH_THRESHOLD);
    for (const [client, status] of [
      [editor, 403],
      [viewer, 403],
      [publicUser, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.get('/api/admin/faces')).statusCode).toBe(status);
      const put = await client.put('/api/admin/faces', { enabled: true });
      expect(put.statusCode).toBe(status);
    }
    expect((await admin.get('/api/admin/faces')).json().enabled).toBe(false);
  });

  it('refuses a body that is not { enabled: true | false }', async () => {
    for (const body of [{ enabled: 'yes' }, {}, { enabled: true, extra: 1 }]) {
      const res = await admin.put('/api/admin/faces', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("lists an item's suggestions to those who manage media, and answers 404 for no item", async () => {
    const item = await buildMedia(t);
    for (const [client, status] of [
      [admin, 200],
      [editor, 200],
      [viewer, 403],
      [publicUser, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.get(`/api/admin/faces/media/${item.id}`)).statusCode).toBe(status);
    }
    const missing = await editor.get(`/api/admin/faces/media/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await editor.get('/api/admin/faces/media/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the face job', { timeout: 600_000 }, () => {
  let group: { id: string; display_id: string };
  let staffBox: string;
  let missingFile: { id: string };

  it('does nothing while off: no scan is queued for a new image', async () => {
    group = await imageItem(faceApiSample(1));
    expect(await queueFaceScan(t.db, group.id)).toBe(false);
    expect(await t.jobs.drain()).toBe(0);
    expect(await count('face_scans')).toBe(0);
  });

  it('switched on, the backfill finds the faces of older images and offers a box for each one not in a box', async () => {
    // Staff had drawn a box around the right-hand face (measured on the photo: centre 0.82, 0.25).
    staffBox = (
      await t.db
        .insertInto('person_boxes')
        .values({
          media_id: group.id,
          x: 0.74,
          y: 0.1,
          w: 0.16,
          h: 0.3,
          source: 'staff',
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // An item whose file the store does not have: recorded with its reason, not retried for ever.
    missingFile = await buildMedia(t, { processing_status: 'ready' });

    const res = await admin.put('/api/admin/faces', { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enabled).toBe(true);
    await t.jobs.drain();

    const offered = await suggestions(group.id);
    expect(offered).toHaveLength(2);
    const centres = offered.map((s) => [s.x + s.w / 2, s.y + s.h / 2]).sort((a, b) => a[0]! - b[0]!);
    expect(centres[0]![0]).toBeCloseTo(0.27, 1);
    expect(centres[1]![0]).toBeCloseTo(0.48, 1);
    expect(offered.every((s) => s.lookAlike === null)).toBe(true); // nobody is named yet
    const faces = await t.db.selectFrom('media_faces').selectAll().where('media_id', '=', group.id).execute();
    expect(faces).toHaveLength(3);
    expect(faces.filter((f) => f.box_id === staffBox)).toHaveLength(1);
    expect(faces.every((f) => f.descriptor.length === 128)).toBe(true);
    const scans = await t.db.selectFrom('face_scans').selectAll().orderBy('faces').execute();
    expect(scans.map((s) => [s.media_id, s.faces, s.error === null])).toEqual([
      [missingFile.id, 0, false],
      [group.id, 3, true],
    ]);
    expect((await admin.get('/api/admin/faces')).json()).toMatchObject({
      enabled: true,
      scanned: 2,
      faces: 3,
      suggestions: 2,
    });
  });

  it("scans a staff upload after its derivatives and offers 'this looks like' a person named on another photo", async () => {
    const person = await t.db
      .insertInto('people')
      .values({ name: 'Jóna í Húsinum', updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('person_boxes').set({ person_id: person.id }).where('id', '=', staffBox).execute();

    // The right part of the same photo, rescanned: the middle and the right-hand face.
    const path = await scratchPath('detail.jpg');
    const { width = 0, height = 0 } = await sharp(faceApiSample(1)).metadata();
    await sharp(faceApiSample(1))
      .extract({ left: Math.round(width * 0.36), top: 0, width: width - Math.round(width * 0.36), height })
      .jpeg({ quality: 80 })
      .toFile(path);
    const { payload, headers } = multipartUpload({ title: 'Tríggjar vinkonur' }, { path });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: editor.cookie! },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const detail = uploaded.json().media as { id: string };
    await t.jobs.drain(); // derivatives, then the scan they queue

    const offered = await suggestions(detail.id);
    expect(offered).toHaveLength(2);
    const [middle, right] = offered.sort((a, b) => a.x - b.x);
    expect(right!.lookAlike).toMatchObject({
      personId: person.id,
      name: 'Jóna í Húsinum',
      displayId: group.display_id,
    });
    expect(right!.lookAlike!.distance).toBeLessThan(FACE_MATCH_THRESHOLD);
    expect(middle!.lookAlike).toBeNull();
    // The people screens read the same offer from the box itself.
    const box = await t.db
      .selectFrom('person_boxes')
      .selectAll()
      .where('id', '=', right!.boxId)
      .executeTakeFirstOrThrow();
    expect(box).toMatchObject({
      source: 'face',
      status: 'suggested',
      person_id: null,
      suggested_person_id: person.id,
    });

    // Never public: not in the item's public answer, not on its page, not to the public's roles.
    await t.db.updateTable('media_items').set({ is_public: true }).where('id', '=', detail.id).execute();
    for (const client of [anonymous, publicUser]) {
      const item = await client.get(`/api/media/${detail.id}`);
      expect(item.statusCode).toBe(200);
      for (const s of offered) expect(item.body).not.toContain(s.boxId);
      expect(item.body).not.toContain('Jóna');
      expect((await client.get(`/api/admin/faces/media/${detail.id}`)).statusCode).toBeGreaterThanOrEqual(
        401,
      );
    }
  });

  it('switched off, deletes every descriptor and undecided suggestion, and on again scans everything anew', async () => {
    // A scan queued but not yet run is dropped too.
    expect(await queueFaceScan(t.db, group.id)).toBe(true);
    const off = await admin.put('/api/admin/faces', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, scanned: 0, faces: 0, suggestions: 0 });
    expect(await count('media_faces')).toBe(0);
    expect(await count('face_scans')).toBe(0);
    expect(await faceBoxes(group.id)).toEqual([]);
    const queued = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', FACE_SCAN_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(queued).toEqual([]);
    // The box staff drew and named stays: it is theirs.
    const kept = await t.db
      .selectFrom('person_boxes')
      .selectAll()
      .where('id', '=', staffBox)
      .executeTakeFirst();
    expect(kept?.person_id).not.toBeNull();
    const logged = await t.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('action', '=', 'settings.updated')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({
      keys: ['face_suggestions'],
      enabled: false,
      deletedSuggestions: 4,
    });

    expect((await admin.put('/api/admin/faces', { enabled: true })).statusCode).toBe(200);
    await t.jobs.drain();
    expect(await suggestions(group.id)).toHaveLength(2);
    expect((await admin.get('/api/admin/faces')).json()).toMatchObject({
      scanned: 3,
      faces: 5,
      suggestions: 4,
    });
  });
});
