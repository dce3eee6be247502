import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alsaWav, exifFixture, htmlNamedJpg, imageFixture } from '#server/test/fixtures.ts';
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  newVisitor,
  registerViaApi,
  signInViaApi,
  sharedBrowser,
} from './support.ts';

const browser = sharedBrowser();

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function chooseFiles(page: Page, paths: string[]) {
  await page.getByLabel('Fílur at senda').setInputFiles(paths);
}

describe('sending material at /submit', () => {
  it('sends a three-file batch anonymously: one refused by the server, the other two arrive', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    const arrived: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/submissions') && response.status() === 201) {
        arrived.push((await response.json()).submission.id);
      }
    });
    await page.goto('/submit');
    await expectNoAxeViolations(page);

    // Nothing chosen: the spec's message.
    await page.getByLabel('Heiti *').fill('Gamlar myndir úr Gøtu');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => page.textContent('body'))
      .toContain('Vinarliga vel í minsta lagi eina fílu at senda.');

    await chooseFiles(page, [await exifFixture('gps'), await alsaWav(), await htmlNamedJpg('kort.jpg')]);
    await expect.poll(() => page.textContent('body')).toContain('Valdar fílur (3)');
    await page.getByLabel('Títt navn').fill('Jóannes');
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    await expect
      .poll(() => page.textContent('body'), { timeout: 30_000 })
      .toContain('Uploaded 2 of 3 files. Some uploads failed.');
    const body = await page.textContent('body');
    expect(body).toContain('Miseydnaðist');
    expect(body).toContain('looks like a web page or script');
    expect((body?.match(/Liðugt/g) ?? []).length).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page);

    // The two arrived, and their files are for staff only.
    expect(arrived).toHaveLength(2);
    const admin = await newVisitor(browser());
    await signInViaApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const id of arrived) {
      expect((await context.request.get(`/files/submissions/${id}/original`)).status()).toBe(404);
      expect((await admin.request.get(`/files/submissions/${id}/original`)).status()).toBe(200);
    }
    await context.close();
    await admin.close();
  }, 90_000);

  it('resumes after the connection drops mid-file, and the file arrives whole', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    const path = await exifFixture('large'); // 6.6 MB: two 5 MB chunks
    let aborted = false;
    const offsets: number[] = [];
    await page.route('**/api/uploads/*', async (route) => {
      const request = route.request();
      // The second chunk's connection dies after the first chunk arrived.
      if (request.method() === 'PATCH' && request.headers()['upload-offset'] !== '0' && !aborted) {
        aborted = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    page.on('response', (response) => {
      if (response.request().method() === 'HEAD' && response.url().includes('/api/uploads/')) {
        offsets.push(Number(response.headers()['upload-offset']));
      }
    });
    let submissionId = '';
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/submissions') && response.status() === 201) {
        submissionId = (await response.json()).submission.id;
      }
    });
    await page.goto('/submit');
    await page.getByLabel('Heiti *').fill('Stór mynd');
    await chooseFiles(page, [path]);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.textContent('body'), { timeout: 60_000 }).toContain('Takk fyri!');
    expect(aborted).toBe(true);
    expect(offsets.some((o) => o > 0)).toBe(true);

    const admin = await newVisitor(browser());
    await signInViaApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const original = await admin.request.get(`/files/submissions/${submissionId}/original`);
    expect(original.status()).toBe(200);
    expect(sha256(await original.body())).toBe(sha256(readFileSync(path)));
    await admin.close();
    await context.close();
  }, 90_000);
});

describe('a registered contributor', () => {
  it('submits, an editor approves, and the dashboard shows the approval, score and next goal; others see none of it', async () => {
    const context = await newVisitor(browser());
    const user = await registerViaApi(context, 'Sigrid Contributor');
    const page = await context.newPage();
    await page.goto('/submit');
    await expect.poll(() => page.getByLabel('Títt navn').inputValue()).toBe('Sigrid Contributor');
    await page.getByLabel('Heiti *').fill('Kirkjan í Gøtu');
    await chooseFiles(page, [await imageFixture('jpeg', { width: 640, height: 480, name: 'kirkjan.jpg' })]);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.textContent('body'), { timeout: 30_000 }).toContain('Takk fyri!');

    await page.goto('/contributor/dashboard');
    await expect.poll(() => page.textContent('body')).toContain('Kirkjan í Gøtu');
    expect(await page.textContent('body')).toContain('5 fleiri góðkendar sendingar til næsta mál (5)');
    await expectNoAxeViolations(page);

    const mine = await (await context.request.get('/api/contributor/dashboard')).json();
    const submission = mine.submissions[0];
    expect(submission).toMatchObject({ title: 'Kirkjan í Gøtu', status: 'pending' });

    // Another contributor sees nothing of it, and cannot review it.
    const stranger = await newVisitor(browser());
    await registerViaApi(stranger, 'Stranger');
    expect((await (await stranger.request.get('/api/contributor/dashboard')).json()).submissions).toEqual([]);
    const refused = await stranger.request.patch(`/api/admin/submissions/${submission.id}`, {
      data: { status: 'approved' },
    });
    expect(refused.status()).toBe(403);

    const admin = await newVisitor(browser());
    await signInViaApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const approved = await admin.request.patch(`/api/admin/submissions/${submission.id}`, {
      data: { status: 'approved' },
    });
    expect(approved.status()).toBe(200);
    const mediaId = (await approved.json()).submission.mediaId;

    await page.reload();
    await expect
      .poll(() => page.textContent('body'))
      .toContain('4 fleiri góðkendar sendingar til næsta mál (5)');
    const link = page.getByRole('link', { name: 'Kirkjan í Gøtu' });
    expect(await link.getAttribute('href')).toBe(`/media/${mediaId}`);
    const stats = await (await context.request.get('/api/contributor/dashboard')).json();
    expect(stats.stats).toMatchObject({ approved: 1, score: 10, successRate: 100 });
    expect(user.role).toBe('public');
    await Promise.all([context.close(), stranger.close(), admin.close()]);
  }, 90_000);
});
