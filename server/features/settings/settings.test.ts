import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRoles, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let anonymous: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, anonymous } = await asRoles(t, ['admin', 'editor', 'anonymous']));
});
afterAll(() => t.close());

describe('GET /api/settings/public', () => {
  it("answers the spec's defaults, the two placement flags included, before anything is saved", async () => {
    const res = await anonymous.get('/api/settings/public');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(SITE_SETTING_DEFAULTS);
    expect(res.json().settings).toMatchObject({
      custom_card_show_in_header: 'false',
      custom_card_show_above_gallery: 'false',
    });
  });
});

describe('PUT /api/admin/settings', () => {
  it('upserts one row per key (placement flags too), the public answer follows, and the change is logged', async () => {
    const first = await admin.put('/api/admin/settings', {
      settings: { site_title: 'Myndasavn Kommunu', custom_card_show_in_header: 'true' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await admin.put('/api/admin/settings', {
      settings: {
        site_title: 'Savnið',
        custom_card_enabled: 'true',
        custom_card_show_above_gallery: 'true',
        custom_card_file_url: 'https://example.org/skra.pdf',
      },
    });
    expect(second.json().settings).toMatchObject({
      site_title: 'Savnið',
      custom_card_show_in_header: 'true',
      custom_card_show_above_gallery: 'true',
    });
    const rows = await t.db
      .selectFrom('site_settings')
      .select(['key', 'value', 'updated_by'])
      .where('key', '=', 'site_title')
      .execute();
    expect(rows).toEqual([{ key: 'site_title', value: 'Savnið', updated_by: admin.user!.id }]);
    const publicAnswer = (await anonymous.get('/api/settings/public')).json().settings;
    expect(publicAnswer).toMatchObject({
      site_title: 'Savnið',
      custom_card_enabled: 'true',
      custom_card_show_in_header: 'true',
      custom_card_show_above_gallery: 'true',
      custom_card_file_url: 'https://example.org/skra.pdf',
    });
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('action', '=', 'settings.updated')
      .execute();
    expect(logged).toHaveLength(2);
  });

  it('refuses a file link that is not http(s) or a path, and keys it does not know', async () => {
    expectRefusal(
      await admin.put('/api/admin/settings', { settings: { custom_card_file_url: 'javascript:alert(1)' } }),
      400,
      'VALIDATION_ERROR',
      ['settings.custom_card_file_url'],
    );
    expectRefusal(
      await admin.put('/api/admin/settings', { settings: { watermark_type: 'none' } }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('is refused to an editor and a visitor by the server, and nothing changes', async () => {
    const before = (await anonymous.get('/api/settings/public')).json().settings.site_title;
    expectRefusal(
      await editor.put('/api/admin/settings', { settings: { site_title: 'Editor was here' } }),
      403,
      'FORBIDDEN',
    );
    expectRefusal(
      await anonymous.put('/api/admin/settings', { settings: { site_title: 'x' } }),
      401,
      'UNAUTHORIZED',
    );
    expect((await anonymous.get('/api/settings/public')).json().settings.site_title).toBe(before);
  });
});
