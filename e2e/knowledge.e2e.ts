import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffKnowledge } from '#common/api/knowledge.ts';
import type { MediaItem } from '#common/api/media.ts';
import {
  adminContext,
  expectNoAxeViolations,
  holdScripts,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/**
 * Issue 29 §1: "Do you know more about this photo?" A visitor tells who is on a photo, from the
 * media page and from the lightbox (by keyboard), and with the page's scripts held back as on a
 * slow phone; staff, whose review screen shows it live, accept it into the description; the item
 * shows it with the teller's credit.
 */
const browser = sharedBrowser();
const token = `vitan${randomInt(1e9)}`;
const TITLE = `${token} Bátar í Gøtu`;

let admin: BrowserContext;
let media: MediaItem;

beforeAll(async () => {
  admin = await adminContext(browser());
  media = await uploadMediaViaApi(admin, { title: TITLE, fields: { description: 'Summarið 1956' } });
}, 120_000);
afterAll(() => admin?.close());

/** What staff see through the review screen's own API, pending ones with `text` in "who". */
async function pendingWho(text: string): Promise<StaffKnowledge[]> {
  const res = await admin.request.get('/api/admin/knowledge?status=pending&limit=100');
  expect(res.status()).toBe(200);
  return ((await res.json()).items as StaffKnowledge[]).filter((item) => item.who?.includes(text));
}

const body = (page: Page) => page.textContent('body');

describe('Do you know more about this photo?', () => {
  it('a visitor tells who is in it from the media page, by keyboard; axe-clean', async () => {
    const visitor = await newVisitor(browser());
    const page = await visitor.newPage();
    await page.goto(`/media/${media.id}`);
    const form = page.getByRole('region', { name: 'Veitst tú meira um hesa myndina?' });
    await expectNoAxeViolations(page);

    await form.getByLabel('Hvør er á myndini?').focus();
    await page.keyboard.type(`Jógvan og Marjun ${token}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Norðragøta');
    // Past "when" and "anything else" to the name and the address.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sámal');
    await page.keyboard.press('Tab');
    await page.keyboard.type('samal@example.org');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Send');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => body(page))
      .toContain('Takk fyri! Starvsfólk savnsins hyggja eftir tí, tú skrivaði.');
    await expectNoAxeViolations(page);

    const [told] = await pendingWho(`Jógvan og Marjun ${token}`);
    expect(told).toMatchObject({
      media: { id: media.id },
      place: 'Norðragøta',
      contributorName: 'Sámal',
      contributorEmail: 'samal@example.org',
      signedIn: false,
    });
    await visitor.close();
  }, 60_000);

  it('with the scripts held back as on a slow phone, the form is sent by the browser and answered', async () => {
    const visitor = await newVisitor(browser(), { waitForScripts: false });
    const page = await visitor.newPage();
    const held = await holdScripts(page);
    await page.goto(`/media/${media.id}`, { waitUntil: 'commit' });
    const who = page.getByLabel('Hvør er á myndini?');
    await who.waitFor();
    await who.fill(`Óli á Bakka ${token}`);
    await page.getByLabel('Navn (valfrítt, til heiðurs)').fill('Rakul');
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => body(page), { timeout: 30_000 }).toContain('Takk fyri! Starvsfólk savnsins');
    expect(await pendingWho(`Óli á Bakka ${token}`)).toHaveLength(1);
    await visitor.close();
  }, 60_000);

  it('from the lightbox by keyboard: staff see it arrive live, accept it into the description, and the item credits the teller', async () => {
    // Staff have the review screen open before the visitor sends.
    const staffPage = await admin.newPage();
    await staffPage.goto('/admin/knowledge');
    await staffPage.getByRole('heading', { level: 1, name: 'Upplýsingar frá vitjandi' }).waitFor();

    const visitor = await newVisitor(browser());
    const page = await visitor.newPage();
    await page.goto(`/?q=${token}`);
    const card = page.getByRole('link', { name: TITLE });
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('i');
    const open = dialog.getByRole('button', { name: 'Veitst tú meira um hesa myndina?' });
    await open.focus();
    await page.keyboard.press('Enter');
    // The form is loaded then, and its first field has the focus.
    const who = dialog.getByLabel('Hvør er á myndini?');
    await expect.poll(() => who.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typing in the form does not move the lightbox (the arrows, "i").
    await page.keyboard.type(`Jens í Gøtu ${token}`);
    await dialog.getByLabel('Navn (valfrítt, til heiðurs)').focus();
    await page.keyboard.type('Marjun');
    await dialog.getByRole('button', { name: 'Send', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.textContent()).toContain('Takk fyri!');
    await expectNoAxeViolations(page);
    await visitor.close();

    // Live: the staff screen shows it without being reloaded.
    const article = staffPage.getByRole('article').filter({ hasText: `Jens í Gøtu ${token}` });
    await expect.poll(() => article.count(), { timeout: 15_000 }).toBe(1);
    await expectNoAxeViolations(staffPage);
    expect(await article.getByLabel('Legg tað í').inputValue()).toBe('description');
    await article.getByLabel('Legg afturat tí, sum er').check();
    await article.getByLabel('Tekstur at leggja afturat').fill(`Á myndini er Jens í Gøtu ${token}.`);
    await article.getByRole('button', { name: 'Góðtak' }).click();
    await expect.poll(() => body(staffPage)).toContain('Lagt afturat myndini.');
    // Out of the pending list; under the accepted ones, saying where it went.
    await expect.poll(() => article.count()).toBe(0);
    await staffPage.getByLabel('Vís').selectOption('accepted');
    await expect
      .poll(() =>
        staffPage
          .getByRole('article')
          .filter({ hasText: `Jens í Gøtu ${token}` })
          .textContent(),
      )
      .toContain('Lagt afturat: Lýsing.');
    await staffPage.close();

    // The item shows it, with the credit.
    const reader = await newVisitor(browser());
    const itemPage = await reader.newPage();
    await itemPage.goto(`/media/${media.id}`);
    const text = await body(itemPage);
    expect(text).toContain(`Á myndini er Jens í Gøtu ${token}.`);
    expect(text).toContain('Summarið 1956');
    expect(text).toContain(`Upplýsing frá Marjun, ${new Date().getUTCFullYear()}`);
    await expectNoAxeViolations(itemPage);
    await reader.close();
  }, 90_000);
});
