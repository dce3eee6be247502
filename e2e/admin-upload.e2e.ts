import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { exifFixture, htmlNamedJpg, scratchPath, textFile } from '#server/test/fixtures.ts';
import {
  adminContext,
  baseUrl,
  createCategoryViaApi,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A JPEG whose EXIF names its caption, photographer, date and copyright holder. */
async function photoWithExif(name: string): Promise<string> {
  const path = await scratchPath(name);
  const jpeg = await sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: run % 256, g: 80, b: 140 } },
  })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'Bryggjan i Gotu', Artist: 'Joannes Patursson', Copyright: 'Gotu Sokn' },
      IFD2: { DateTimeOriginal: '1931:07:04 10:00:00' },
    })
    .toBuffer();
  await writeFile(path, jpeg);
  return path;
}

/** The items whose title holds `text`, as content staff see them. */
async function itemsTitled(context: Awaited<ReturnType<typeof adminContext>>, text: string) {
  const res = await context.request.get(`/api/admin/media?q=${encodeURIComponent(text)}&limit=50`);
  return (await res.json()).items as {
    id: string;
    title: string;
    description: string | null;
    photographer: string | null;
    originalDate: string | null;
    copyrightHolder: string | null;
    isFeatured: boolean;
    isPublic: boolean;
    category: { id: string } | null;
  }[];
}

describe('staff upload at /admin/media/upload', () => {
  it('uploads a batch with per-file details and EXIF suggestions; a refused file costs only itself', async () => {
    const admin = await adminContext(browser());
    const category = await createCategoryViaApi(admin, { name: `Havnir ${run}` });
    const page = await admin.newPage();
    await page.goto('/admin/media/upload');
    await page.getByRole('heading', { level: 1, name: 'Upload Media' }).waitFor();

    // Nothing chosen yet.
    await page.getByRole('button', { name: /^Upload 0 file/ }).click();
    await page.getByText('Please select at least one file to upload').waitFor();

    const notes = await textFile('not a picture', 'notes.txt');
    await page
      .getByLabel('Files to upload')
      .setInputFiles([
        await photoWithExif(`bryggja-${run}.jpg`),
        await htmlNamedJpg(`kort-${run}.jpg`),
        notes,
      ]);
    // The text file never enters the list; the picker says why.
    await page.getByText('These files will not be uploaded').waitFor();
    await page.getByText(/notes\.txt.*File type must be/).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { level: 3 }) })
          .count(),
      )
      .toBe(2);

    // The EXIF suggestions arrive in the photo's form.
    const photo = page.getByRole('listitem').filter({ hasText: `bryggja-${run}.jpg` });
    await photo
      .getByText(/Filled in from the file: Description, Photographer, Original date, Copyright holder/)
      .waitFor();
    await photo.getByRole('button', { name: 'More details' }).click();
    expect(await photo.getByLabel('Photographer').inputValue()).toBe('Joannes Patursson');
    expect(await photo.getByLabel('Original date').inputValue()).toBe('1931-07-04');
    expect(await photo.getByLabel('Title *').inputValue()).toBe(`bryggja-${run}`);
    await photo.getByLabel('Title *').fill(`Bryggjan ${run}`);
    await photo.getByLabel('Featured').check();

    // One category for the whole batch.
    const shared = page.getByRole('region', { name: 'For all files' });
    await shared.getByLabel('Category').selectOption(category.id);
    await shared.getByRole('button', { name: 'Apply to all files' }).click();
    expect(await photo.getByLabel('Category').inputValue()).toBe(category.id);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Upload 2 file(s)' }).click();
    await page.getByText('Uploaded 1 of 2 files. Some uploads failed.').waitFor({ timeout: 30_000 });
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.textContent()).toMatch(/Successful\s*1\s*Failed\s*1\s*Total\s*2/);
    await summary.getByRole('link', { name: 'View in Media Management' }).waitFor();
    const refusedRow = page.getByRole('listitem').filter({ hasText: `kort-${run}.jpg` });
    await refusedRow.getByText('Error').waitFor();
    await refusedRow.getByText(/looks like a web page or script/).waitFor();
    await expectNoAxeViolations(page);

    const [item] = await itemsTitled(admin, `Bryggjan ${run}`);
    expect(item).toMatchObject({
      title: `Bryggjan ${run}`,
      description: 'Bryggjan i Gotu',
      photographer: 'Joannes Patursson',
      originalDate: '1931-07-04',
      copyrightHolder: 'Gotu Sokn',
      isPublic: true,
      isFeatured: true,
      category: { id: category.id },
    });

    // The failed file is removed; one more file goes up alone, and a full success clears the list.
    await refusedRow.getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('Files to upload').setInputFiles(await photoWithExif(`annar-${run}.jpg`));
    await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
    await page.getByText('Successfully uploaded 1 file(s)!').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { level: 3 }).count(), { timeout: 10_000 }).toBe(0);
    expect(await itemsTitled(admin, `annar-${run}`)).toHaveLength(1);
    await admin.close();
  }, 90_000);

  it('gives the batch a place by keyboard, through the item edit’s own fields, and the items have it', async () => {
    const admin = await adminContext(browser());
    const places = (await (await admin.request.get('/api/places')).json()).places as {
      id: string;
      nameFo: string;
      latitude: number;
      longitude: number;
    }[];
    const vagur = places.find((p) => p.nameFo === 'Vágur')!;
    const page = await admin.newPage();
    await page.goto('/admin/media/upload');
    await page
      .getByLabel('Files to upload')
      .setInputFiles([await photoWithExif(`vagur-a-${run}.jpg`), await photoWithExif(`vagur-b-${run}.jpg`)]);
    const shared = page.getByRole('region', { name: 'For all files' });
    const search = shared.getByRole('combobox', { name: 'Finn eitt stað (føroyskt ella enskt navn)' });
    await search.focus();
    await page.keyboard.type('vagur');
    await expect
      .poll(() => shared.getByRole('listbox').getByRole('option').first().textContent())
      .toBe('Vágur');
    await page.keyboard.press('Enter');
    await shared.getByText('Stað: Vágur').waitFor();
    expect(await shared.getByLabel('Breidd').inputValue()).toBe(String(vagur.latitude));
    expect(await shared.getByLabel('Longd').inputValue()).toBe(String(vagur.longitude));
    await expectNoAxeViolations(page);
    await shared.getByRole('button', { name: 'Apply to all files' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Upload 2 file(s)' }).click();
    await page.getByText('Successfully uploaded 2 file(s)!').waitFor({ timeout: 60_000 });
    for (const name of [`vagur-a-${run}`, `vagur-b-${run}`]) {
      const [found] = await itemsTitled(admin, name);
      const item = (await (await admin.request.get(`/api/media/${found!.id}`)).json()).media;
      expect(item).toMatchObject({ placeId: vagur.id, latitude: vagur.latitude, longitude: vagur.longitude });
    }
    await admin.close();
  }, 90_000);

  it('resumes a file after the connection drops, and it arrives whole', async () => {
    const admin = await adminContext(browser());
    const page = await admin.newPage();
    const path = await exifFixture('large'); // 6.6 MB: two 5 MB chunks
    let aborted = false;
    await page.route('**/api/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH' && request.headers()['upload-offset'] !== '0' && !aborted) {
        aborted = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.goto('/admin/media/upload');
    await page.getByLabel('Files to upload').setInputFiles(path);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/media/uploads') && response.status() === 201,
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
    await page.getByText('Successfully uploaded 1 file(s)!').waitFor({ timeout: 60_000 });
    expect(aborted).toBe(true);
    // Its body is read here, not in a response handler the test does not wait for.
    const mediaId: string = (await (await created).json()).media.id;
    const original = await admin.request.get(`/files/media/${mediaId}/original`);
    expect(original.status()).toBe(200);
    expect(sha256(await original.body())).toBe(sha256(readFileSync(path)));
    await admin.close();
  }, 90_000);

  it('is refused to a viewer, on screen and by the server', async () => {
    const admin = await adminContext(browser());
    const email = `viewer-upload-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'viewer-password-1', role: 'viewer' });
    await admin.close();
    const viewer = await newVisitor(browser());
    await signInViaApi(viewer, email, 'viewer-password-1');
    const page = await viewer.newPage();
    await page.goto('/admin/media/upload');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText("You don't have permission to upload media.").waitFor();
    const res = await viewer.request.post('/api/admin/media/uploads', {
      data: { uploadId: 'a'.repeat(32) },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(403);
    await viewer.close();
  });
});
