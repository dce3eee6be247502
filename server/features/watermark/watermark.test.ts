import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK } from '#common/watermark.ts';
import { WATERMARK_MESSAGES } from '#common/api/watermark.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRole, asRoles, type RoleClient } from '#server/test/factories.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

let t: TestApp;
let base: string;
let admin: RoleClient;
let editor: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  ({ admin, editor } = await asRoles(t, ['admin', 'editor']));
});
afterAll(() => t.close());

const SAVED = {
  type: 'stamp',
  position: 'top_left',
  opacity: 40,
  size: 'large',
  level: 'heavy',
  text: 'Savnið í Havn',
} as const;

const previewUrl = (values: Record<string, string | number>) =>
  `/api/admin/watermark/preview?${new URLSearchParams(
    Object.entries(values).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

const storedKeys = () =>
  t.db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'like', 'watermark_%')
    .orderBy('key')
    .execute();

describe('GET /api/admin/watermark', () => {
  it("gives an admin the spec's defaults while nothing is saved", async () => {
    const res = await admin.get('/api/admin/watermark');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(DEFAULT_WATERMARK);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses an editor (403) and a visitor (401)', async () => {
    expectRefusal(await editor.get('/api/admin/watermark'), 403, 'FORBIDDEN');
    expectRefusal(await (await asRole(t, 'anonymous')).get('/api/admin/watermark'), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/admin/watermark', () => {
  it('refuses an editor and stores nothing', async () => {
    expectRefusal(await editor.put('/api/admin/watermark', SAVED), 403, 'FORBIDDEN');
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses values outside the form with the field and its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...SAVED, opacity: 15 }, 'opacity', WATERMARK_MESSAGES.opacity],
      [{ ...SAVED, opacity: 0 }, 'opacity', WATERMARK_MESSAGES.opacity],
      [{ ...SAVED, opacity: 110 }, 'opacity', WATERMARK_MESSAGES.opacity],
      [{ ...SAVED, type: 'pattern' }, 'type', WATERMARK_MESSAGES.type],
      [{ ...SAVED, position: 'middle' }, 'position', WATERMARK_MESSAGES.position],
      [{ ...SAVED, size: 'huge' }, 'size', WATERMARK_MESSAGES.size],
      [{ ...SAVED, level: 'extreme' }, 'level', WATERMARK_MESSAGES.level],
      [{ ...SAVED, text: '   ' }, 'text', WATERMARK_MESSAGES.textRequired],
      [{ ...SAVED, text: 'x'.repeat(101) }, 'text', WATERMARK_MESSAGES.textTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.put('/api/admin/watermark', body);
      expectRefusal(res, 400, 'VALIDATION_ERROR', [field]);
      const issue = (res.json() as { issues: { path: string; message: string }[] }).issues.find(
        (i) => i.path === field,
      );
      expect(issue?.message, JSON.stringify(body)).toBe(message);
    }
    expect(await storedKeys()).toEqual([]);
  });

  it('saves the six keys, answers them, and logs the change', async () => {
    const res = await admin.put('/api/admin/watermark', { ...SAVED, text: `  ${SAVED.text} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual(SAVED);
    expect(await storedKeys()).toEqual([
      { key: 'watermark_level', value: 'heavy' },
      { key: 'watermark_opacity', value: '40' },
      { key: 'watermark_position', value: 'top_left' },
      { key: 'watermark_size', value: 'large' },
      { key: 'watermark_text', value: 'Savnið í Havn' },
      { key: 'watermark_type', value: 'stamp' },
    ]);
    expect((await admin.get('/api/admin/watermark')).json().settings).toEqual(SAVED);
    const log = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'user_id', 'resource_type'])
      .where('action', '=', 'watermark.updated')
      .execute();
    expect(log).toEqual([
      { action: 'watermark.updated', user_id: admin.user!.id, resource_type: 'watermark' },
    ]);
  });

  it('accepts type none with no text (the default text stays in force)', async () => {
    const res = await admin.put('/api/admin/watermark', { ...SAVED, type: 'none', text: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({ type: 'none', text: DEFAULT_WATERMARK.text });
    await admin.put('/api/admin/watermark', SAVED);
  });
});

describe('GET /api/admin/watermark/preview', () => {
  const pixels = async (data: Buffer) => sharp(data).raw().toBuffer();

  it('renders the unsaved values on the 400×300 sample with the real renderer', async () => {
    const form = { ...SAVED, type: 'text', position: 'center', opacity: 100 };
    const first = await admin.get(previewUrl(form));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('no-store');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 300 });

    const again = await admin.get(previewUrl(form));
    expect(await pixels(again.rawPayload)).toEqual(await pixels(first.rawPayload));
    const otherText = await admin.get(previewUrl({ ...form, text: 'Annar tekstur heilt' }));
    expect(otherText.statusCode).toBe(200);
    expect(await pixels(otherText.rawPayload)).not.toEqual(await pixels(first.rawPayload));
    const none = await admin.get(previewUrl({ ...form, type: 'none' }));
    expect(await pixels(none.rawPayload)).not.toEqual(await pixels(first.rawPayload));
    // Saved settings are untouched by previews.
    expect((await admin.get('/api/admin/watermark')).json().settings).toEqual(SAVED);
  });

  it('refuses invalid values and an editor', async () => {
    expectRefusal(await admin.get(previewUrl({ ...SAVED, opacity: 55 })), 400, 'VALIDATION_ERROR', [
      'opacity',
    ]);
    expectRefusal(await editor.get(previewUrl(SAVED)), 403, 'FORBIDDEN');
  });

  it('throttles one admin to a sensible number of previews a minute', async () => {
    const other = await asRole(t, 'admin');
    let status = 200;
    let count = 0;
    while (status === 200 && count < 200) {
      // Spaced in steps of 10 so each is a valid preview.
      const res = await other.get(previewUrl({ ...SAVED, type: 'none' }));
      status = res.statusCode;
      count++;
      if (status !== 200) expectRefusal(res, 429, 'RATE_LIMITED');
    }
    expect(count).toBe(121);
    // Another admin still gets theirs.
    expect((await admin.get(previewUrl({ ...SAVED, type: 'none' }))).statusCode).toBe(200);
  });
});

describe('settings recorded on new items', () => {
  const upload = async (path: string) => {
    const { payload, headers } = multipartUpload({}, { path });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: admin.cookie! },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().media.id as string;
  };
  const submit = async (path: string) => {
    const uploadId = await tusUpload(base, path);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: { uploadId, title: 'Gomul mynd' },
      headers: { cookie: uploaderCookie(uploadId)! },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().submission.id as string;
  };
  const mediaWatermark = (id: string) =>
    t.db
      .selectFrom('media_items')
      .select([
        'watermark_type as type',
        'watermark_position as position',
        'watermark_opacity as opacity',
        'watermark_size as size',
        'watermark_level as level',
        'watermark_text as text',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const submissionWatermark = async (id: string) =>
    (await t.db.selectFrom('submissions').select('watermark').where('id', '=', id).executeTakeFirstOrThrow())
      .watermark;

  it('gives new uploads and submissions the saved settings; existing items keep theirs', async () => {
    await admin.put('/api/admin/watermark', SAVED);
    const before = await upload(await imageFixture('jpeg', { name: 'before.jpg' }));
    const sentBefore = await submit(await imageFixture('png', { name: 'sent-before.png' }));

    const next = {
      type: 'text',
      position: 'center',
      opacity: 90,
      size: 'small',
      level: 'light',
      text: 'Nýtt',
    };
    expect((await admin.put('/api/admin/watermark', next)).statusCode).toBe(200);
    const after = await upload(await imageFixture('jpeg', { name: 'after.jpg' }));
    const sentAfter = await submit(await imageFixture('png', { name: 'sent-after.png' }));

    expect(await mediaWatermark(before)).toEqual(SAVED);
    expect(await mediaWatermark(after)).toEqual(next);
    // Staff see what each item recorded.
    const listed = (await admin.get('/api/admin/media?limit=100')).json().items as {
      id: string;
      watermark: Record<string, unknown>;
    }[];
    expect(listed.find((i) => i.id === before)?.watermark).toEqual({ ...SAVED, enabled: true });
    expect(listed.find((i) => i.id === after)?.watermark).toEqual({ ...next, enabled: true });
    expect(await submissionWatermark(sentBefore)).toMatchObject({
      watermark_type: SAVED.type,
      watermark_text: SAVED.text,
      watermark_opacity: SAVED.opacity,
    });
    expect(await submissionWatermark(sentAfter)).toMatchObject({
      watermark_type: next.type,
      watermark_position: next.position,
      watermark_opacity: next.opacity,
      watermark_size: next.size,
      watermark_level: next.level,
      watermark_text: next.text,
    });
  });
});
