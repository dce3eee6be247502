import { randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#server/features/translations/default-texts.ts';
import { transformed } from '#server/test/duplicate-pairs.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { tusUpload } from '#server/test/tus-client.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  registerViaApi,
  sharedBrowser,
} from './support.ts';

const browser = sharedBrowser();
const TAG = `Near${randomInt(1_000_000)}`;
/** The back office's texts in the default language (Faroese). */
const text = (key: string) => DEFAULT_TEXTS[key]!.fo;

describe('near-duplicates at review', () => {
  it('shows a submission beside the item it looks like, and links it as another version', async () => {
    const admin = await adminContext(browser());
    const photo = await exifFixture('gps');
    // The archive has the photo; a visitor sends it again, re-encoded (other bytes, same picture).
    const uploaded = await admin.request.post('/api/admin/media', {
      multipart: { file: { name: 'bryggjan.jpg', mimeType: 'image/jpeg', buffer: await readFile(photo) } },
      headers: { origin: baseUrl() },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const item = (await uploaded.json()).media as { id: string; displayId: string };

    const visitor = await newVisitor(browser());
    await registerViaApi(visitor, 'Jóna Aftur');
    const path = join(tmpdir(), `${TAG}.jpg`);
    await writeFile(path, await transformed(photo, 'quality 60'));
    const cookie = (await visitor.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const uploadId = await tusUpload(baseUrl(), path, { headers: { cookie, origin: baseUrl() } });
    const sent = await visitor.request.post('/api/submissions', {
      data: { uploadId, title: `${TAG} bryggjan aftur` },
      headers: { origin: baseUrl() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const submissionId = (await sent.json()).submission.id as string;

    const page = await admin.newPage();
    await page.goto(`/admin/submissions?q=${TAG}`);
    await page.getByRole('button', { name: `${TAG} bryggjan aftur`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    const lookalike = dialog.getByRole('region', {
      name: text('admin.submissions.near_title').replace('{id}', item.displayId),
    });
    await lookalike.waitFor();
    await expect.poll(() => lookalike.getByRole('link', { name: item.displayId }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await lookalike.getByRole('button', { name: text('admin.submissions.near_version') }).click();
    await expect
      .poll(
        async () =>
          (await (await admin.request.get(`/api/admin/submissions/${submissionId}`)).json()).submission
            .status,
      )
      .toBe('approved');
  });
});
