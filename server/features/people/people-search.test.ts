import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDataVersion } from '#server/db/data-versions.ts';
import { asRoles, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// People are searchable (issue 29 §2): the public gallery's search finds the public photos a
// public person is named on by their name, accents folded as elsewhere; a private person's name,
// a dismissed or deleted box, a hidden photo never. Kept answers are dropped when a box is named.
// And a signed-in contributor's accepted names count in their score and are on their dashboard.
let t: TestApp;
let editor: RoleClient;
let anonymous: RoleClient;
let teller: RoleClient;
let other: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ editor, anonymous } = await asRoles(t, ['editor', 'anonymous']));
  ({ public: teller } = await asRoles(t, ['public']));
  ({ public: other } = await asRoles(t, ['public']));
});
afterAll(() => t?.close());

let serial = 0;
/** A word no title holds, so a search finds only what a name put there. */
const word = () => `Ólavur${++serial}x${Date.now().toString(36)}`;

const photo = (overrides: Parameters<typeof buildMedia>[1] = {}) =>
  buildMedia(t, { is_public: true, title: 'Á bryggjuni', ...overrides });

async function person(body: Record<string, unknown>) {
  const res = await editor.post('/api/admin/people', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().person as { id: string };
}

async function box(mediaId: string, body: Record<string, unknown>) {
  const res = await editor.post(`/api/admin/people/media/${mediaId}/boxes`, {
    x: 0.1,
    y: 0.1,
    w: 0.2,
    h: 0.3,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().box as { id: string };
}

/** The ids of the public gallery's search for `q`, as a visitor asks it. */
async function found(q: string): Promise<string[]> {
  const res = await anonymous.get(`/api/gallery?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((item: { id: string }) => item.id);
}

describe("the gallery's search finds people by name", () => {
  it('finds the public photos a public person is named on, accents and case folded', async () => {
    const name = word();
    const first = await photo();
    const second = await photo();
    const hidden = await photo({ is_public: false });
    const { id } = await person({ name: `Jóannes ${name} á Ryggi` });
    for (const item of [first, second, hidden]) await box(item.id, { personId: id });
    expect((await found(name)).sort()).toEqual([first.id, second.id].sort());
    // "á Ryggi" typed without its accent, in capitals; the whole name; a piece of it.
    const hits = await found(`JOANNES ${name.replace('Ó', 'O').toUpperCase()} A RYGGI`);
    expect(hits.sort()).toEqual([first.id, second.id].sort());
    expect(await found(name.slice(1, 8))).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it("never finds anything by a private person's name, and follows the person made private or public", async () => {
    const name = word();
    const item = await photo();
    const secret = await person({ name, isPrivate: true });
    await box(item.id, { personId: secret.id });
    expect(await found(name)).toEqual([]);
    const stored = await t.db
      .selectFrom('media_items')
      .select(['people_names', 'search_text'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(stored.people_names).toBeNull();
    expect(stored.search_text).not.toContain(name.slice(2).toLowerCase());

    expect((await editor.patch(`/api/admin/people/${secret.id}`, { isPrivate: false })).statusCode).toBe(200);
    expect(await found(name)).toEqual([item.id]);
    expect((await editor.patch(`/api/admin/people/${secret.id}`, { isPrivate: true })).statusCode).toBe(200);
    expect(await found(name)).toEqual([]);
  });

  it('follows the box: unnamed, dismissed, named again, deleted; the person renamed and deleted', async () => {
    const [name, renamed] = [word(), word()];
    const item = await photo();
    const { id } = await person({ name });
    const marked = await box(item.id, {});
    expect(await found(name)).toEqual([]);
    const patch = (body: Record<string, unknown>) =>
      editor.patch(`/api/admin/people/boxes/${marked.id}`, body);
    expect((await patch({ personId: id })).statusCode).toBe(200);
    expect(await found(name)).toEqual([item.id]);
    expect((await patch({ status: 'dismissed' })).statusCode).toBe(200);
    expect(await found(name)).toEqual([]);
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    expect(await found(name)).toEqual([item.id]);
    expect((await patch({ personId: null })).statusCode).toBe(200);
    expect(await found(name)).toEqual([]);
    expect((await patch({ personId: id })).statusCode).toBe(200);

    expect((await editor.patch(`/api/admin/people/${id}`, { name: renamed })).statusCode).toBe(200);
    expect(await found(name)).toEqual([]);
    expect(await found(renamed)).toEqual([item.id]);
    // A second box naming them on the same photo: the name once; one of the two deleted, still found.
    const again = await box(item.id, { personId: id, x: 0.5 });
    const names = await t.db
      .selectFrom('media_items')
      .select('people_names')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(names.people_names).toBe(renamed);
    expect((await editor.delete(`/api/admin/people/boxes/${again.id}`)).statusCode).toBe(204);
    expect(await found(renamed)).toEqual([item.id]);
    // The person deleted: their box stays, unnamed, and the name finds nothing.
    expect((await editor.delete(`/api/admin/people/${id}`)).statusCode).toBe(204);
    expect(await found(renamed)).toEqual([]);
    // The title still finds the photo: the item's own words are kept beside the names.
    expect(await found('bryggjuni')).toContain(item.id);
    // An item deleted with a named box on it goes (the box's trigger finds no item to write).
    const gone = await photo();
    await box(gone.id, { personId: (await person({ name: word() })).id });
    expect((await editor.delete(`/api/admin/media/${gone.id}`)).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('person_boxes').select('id').where('media_id', '=', gone.id).execute(),
    ).toEqual([]);
  });

  it('follows a merge: the one merged away is found no more, the one kept on both photos', async () => {
    const [twice, kept] = [word(), word()];
    const [first, second] = [await photo(), await photo()];
    const duplicate = await person({ name: twice });
    const person2 = await person({ name: kept });
    await box(first.id, { personId: duplicate.id });
    await box(second.id, { personId: person2.id });
    for (const [client, status] of [
      [anonymous, 401],
      [teller, 403],
    ] as const) {
      const res = await client.post(`/api/admin/people/${duplicate.id}/merge`, { into: person2.id });
      expect(res.statusCode).toBe(status);
    }
    const same = await editor.post(`/api/admin/people/${duplicate.id}/merge`, { into: duplicate.id });
    expect(same.statusCode).toBe(400);
    const res = await editor.post(`/api/admin/people/${duplicate.id}/merge`, { into: person2.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person).toMatchObject({ id: person2.id, name: kept, boxes: 2 });
    expect(await found(twice)).toEqual([]);
    expect((await found(kept)).sort()).toEqual([first.id, second.id].sort());
    const gone = await t.db.selectFrom('people').select('id').where('id', '=', duplicate.id).execute();
    expect(gone).toEqual([]);
    const log = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_id'])
      .where('action', '=', 'person.merged')
      .execute();
    expect(log).toEqual([{ action: 'person.merged', resource_id: person2.id }]);
    // Into someone private: their photos are found by no name.
    const secret = await person({ name: word(), isPrivate: true });
    expect((await editor.post(`/api/admin/people/${person2.id}/merge`, { into: secret.id })).statusCode).toBe(
      200,
    );
    expect(await found(kept)).toEqual([]);
  });

  it("moves the public version when a box is named, so a kept search's answer is made again", async () => {
    const name = word();
    const item = await photo();
    const { id } = await person({ name });
    const marked = await box(item.id, {});
    expect(await found(name)).toEqual([]); // kept now
    const before = await currentDataVersion(t.db);
    const res = await editor.patch(`/api/admin/people/boxes/${marked.id}`, { personId: id });
    expect(res.statusCode).toBe(200);
    expect(await currentDataVersion(t.db)).not.toBe(before);
    expect(await found(name)).toEqual([item.id]);
  });

  it("moves it when the database names a box, whoever writes it (the trigger's own update of the item)", async () => {
    const name = word();
    const item = await photo();
    const { id } = await person({ name });
    const marked = await box(item.id, {});
    expect(await found(name)).toEqual([]);
    const before = await currentDataVersion(t.db);
    await t.db.updateTable('person_boxes').set({ person_id: id }).where('id', '=', marked.id).execute();
    expect(await currentDataVersion(t.db)).not.toBe(before);
    expect(await found(name)).toEqual([item.id]);
  });

  it('finds a name a visitor gave once staff accept it', async () => {
    const name = word();
    const item = await photo();
    const sent = await anonymous.post('/api/people/suggestions', {
      mediaId: item.id,
      box: { x: 0.2, y: 0.2, w: 0.2, h: 0.2 },
      name,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await found(name)).toEqual([]);
    const res = await editor.post(`/api/admin/people/suggestions/${sent.json().suggestion.id}/accept`, {
      newPerson: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found(name)).toEqual([item.id]);
  });
});

describe("the contributor's names for people", () => {
  it('are listed on their dashboard with their status, and each accepted one counts 10 points', async () => {
    const item = await photo({ title: 'Ólavsøka 1950' });
    const suggest = async (name: string, client: RoleClient) => {
      const res = await client.post('/api/people/suggestions', {
        mediaId: item.id,
        box: { x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
        name,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().suggestion.id as string;
    };
    const accepted = await suggest('Poul Niclasen', teller);
    const rejected = await suggest('Ein annar', teller);
    const pending = await suggest('Enn ein', teller);
    const someoneElses = await suggest('Hjá øðrum', other);
    const before = (await teller.get('/api/contributor/dashboard')).json();
    expect(before.stats).toMatchObject({ score: 0, acceptedNames: 0 });

    const accept = await editor.post(`/api/admin/people/suggestions/${accepted}/accept`, {
      newPerson: { name: 'Poul Niclasen' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await editor.post(`/api/admin/people/suggestions/${rejected}/reject`)).statusCode).toBe(200);
    expect(
      (
        await editor.post(`/api/admin/people/suggestions/${someoneElses}/accept`, {
          newPerson: { name: 'X' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await teller.get('/api/contributor/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json();
    expect(dashboard.stats).toMatchObject({ acceptedNames: 1, acceptedKnowledge: 0, score: 10 });
    expect(dashboard.nameSuggestions).toEqual([
      expect.objectContaining({
        id: pending,
        name: 'Enn ein',
        status: 'pending',
        mediaTitle: 'Ólavsøka 1950',
      }),
      expect.objectContaining({ id: rejected, name: 'Ein annar', status: 'rejected', mediaId: item.id }),
      expect.objectContaining({ id: accepted, name: 'Poul Niclasen', status: 'accepted' }),
    ]);
    // The other contributor sees their own only.
    const theirs = (await other.get('/api/contributor/dashboard')).json();
    expect(theirs.nameSuggestions.map((s: { id: string }) => s.id)).toEqual([someoneElses]);
    expect(theirs.stats.score).toBe(10);
  });
});
