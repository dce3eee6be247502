import { randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
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

describe('near-duplicates at the staff upload', () => {
  it('says which photo the archive holds that a new upload looks like, with a link to it', async () => {
    const admin = await adminContext(browser());
    // A picture of its own (blocks of colour from this run's number), held by the archive…
    const seed = randomInt(1_000_000);
    const pixels = Buffer.alloc(16 * 12 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.imul(seed + i * 7919, 2_654_435_761) >>> 24;
    const held = await sharp(pixels, { raw: { width: 16, height: 12, channels: 3 } })
      .resize(640, 480, { kernel: 'cubic' })
      .jpeg({ quality: 95 })
      .toBuffer();
    const uploaded = await admin.request.post('/api/admin/media', {
      multipart: { file: { name: `held-${seed}.jpg`, mimeType: 'image/jpeg', buffer: held } },
      headers: { origin: baseUrl() },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const item = (await uploaded.json()).media as { id: string; displayId: string };
    // …and the same picture saved again at quality 60 (other bytes), uploaded on the screen.
    const again = join(tmpdir(), `again-${seed}.jpg`);
    await writeFile(again, await sharp(held).jpeg({ quality: 60 }).toBuffer());

    const page = await admin.newPage();
    await page.goto('/admin/media/upload');
    await page.getByLabel('Files to upload').setInputFiles(again);
    await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
    const question = text('admin.upload.near_title').replace('{id}', item.displayId);
    const notice = page.getByRole('region', { name: question });
    await notice.waitFor({ timeout: 30_000 });
    const link = notice.getByRole('link', { name: item.displayId });
    expect(await link.getAttribute('href')).toBe(`/media/${item.id}`);
    await expect.poll(() => notice.textContent()).toMatch(/\d+ av 64 bitum ymiskir/);
    // Reached by keyboard like every link of the page.
    await link.focus();
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
