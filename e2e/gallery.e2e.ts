import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PAGE_SIZE } from '#common/api/gallery.ts';
import type { MediaItem } from '#common/api/media.ts';
import { ghostscriptPdf } from '#server/test/fixtures.ts';
import { pollUntil } from '#server/test/poll.ts';
import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import {
  adminContext,
  createCategoryViaApi,
  expectNoAxeViolations,
  newVisitor,
  putSettingsViaApi,
  sharedBrowser,
  uploadDocumentViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();

/** A word no other test file uses, so the URL filters find exactly this file's items. */
const tag = `galx${randomInt(1e6, 1e7)}`;

const results = (page: Page) => page.getByRole('list', { name: 'Úrslit' });
const searchBox = (page: Page) => page.getByLabel('Leita', { exact: true });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** The item ids in the results, in the order shown. */
const shownIds = (page: Page) =>
  results(page)
    .locator('[data-item-id]')
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-item-id')));

let admin: BrowserContext;
let category: { id: string; name: string };
const items = {} as Record<'kirkja' | 'havnin' | 'boeur' | 'skjal' | 'featured', MediaItem>;

beforeAll(async () => {
  admin = await adminContext(browser());
  category = await createCategoryViaApi(admin, {
    name: `Kirkjur ${tag}`,
    color: '#B91C1C',
    icon: '⛪',
    isPublic: true,
  });
  // One after the other, so that their creation order (newest/oldest) is known.
  items.kirkja = await uploadMediaViaApi(admin, {
    title: `Gøta kirkja ${tag}`,
    fields: { categoryId: category.id, photographer: 'Jákup á Dul', location: 'Norðragøta' },
  });
  items.havnin = await uploadMediaViaApi(admin, { title: `Gøta havnin ${tag}` });
  items.boeur = await uploadMediaViaApi(admin, { title: `Bøur ${tag}`, fields: { categoryId: category.id } });
  items.skjal = await uploadMediaViaApi(admin, { title: `Skjal ${tag}`, file: await ghostscriptPdf() });
  expect(items.skjal.mediaType).toBe('document');
  // Views: Bøur 3, Skjal 2, the rest 0, each from a visitor of its own (a view counts once per
  // item and address in 10 minutes).
  let visitorNumber = 0;
  for (const [item, times] of [
    [items.boeur, 3],
    [items.skjal, 2],
  ] as const) {
    for (let i = 0; i < times; i++) {
      visitorNumber += 1;
      const view = await admin.request.post(`/api/media/${item.id}/view`, {
        headers: { 'x-forwarded-for': `192.0.2.${visitorNumber}` },
      });
      expect(view.status()).toBe(200);
    }
  }
  // A view is queued and counted within seconds (server/features/media/view-counts.ts): staff see
  // the counts first; the public answers show them with the next change (within a minute
  // otherwise), here the newest item's upload.
  // (expect.poll only runs inside a test: a hook waits with pollUntil.)
  await pollUntil(
    'the views are counted (Bøur 3, Skjal 2)',
    async () => {
      const res = await admin.request.get(`/api/admin/media?q=${encodeURIComponent(tag)}&limit=10`);
      const listed = (await res.json()).items as { id: string; viewCount: number }[];
      const counts = [items.boeur.id, items.skjal.id].map((id) => listed.find((i) => i.id === id)?.viewCount);
      return counts[0] === 3 && counts[1] === 2;
    },
    { timeoutMs: 15_000 },
  );
  items.featured = await uploadMediaViaApi(admin, { title: `Útvald ${tag}`, fields: { isFeatured: 'true' } });
}, 120_000);

afterAll(() => admin?.close());

describe('the home gallery', () => {
  it("finds 'Gøta' when searching 'Gota', narrows by category, and keeps both in a URL that reloads, shares and goes Back", async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/');
    await searchBox(page).fill('Gota');
    // Debounced: the URL and the results follow once typing pauses.
    await expect.poll(() => param(page, 'q')).toBe('Gota');
    await expect
      .poll(() => shownIds(page))
      .toEqual(expect.arrayContaining([items.kirkja.id, items.havnin.id]));
    await expect(
      results(page)
        .getByRole('link', { name: `Gøta kirkja ${tag}` })
        .isVisible(),
    ).resolves.toBe(true);

    await page.getByLabel('Bólkur').selectOption(category.id);
    await expect.poll(() => param(page, 'category')).toBe(category.id);
    await expect.poll(() => shownIds(page)).toEqual([items.kirkja.id]);
    // The card shows its category.
    expect(await results(page).textContent()).toContain(`Kirkjur ${tag}`);

    // Reloading restores the filters and the results.
    await page.reload();
    await expect.poll(() => shownIds(page)).toEqual([items.kirkja.id]);
    expect(await searchBox(page).inputValue()).toBe('Gota');
    expect(await page.getByLabel('Bólkur').inputValue()).toBe(category.id);

    // Someone else opening the shared link sees the same.
    const friend = await newVisitor(browser());
    const shared = await friend.newPage();
    await shared.goto(page.url());
    await expect.poll(() => shownIds(shared)).toEqual([items.kirkja.id]);
    expect(await shared.getByLabel('Bólkur').inputValue()).toBe(category.id);
    await friend.close();

    // Back undoes the category, then the search.
    await page.goBack();
    await expect.poll(() => param(page, 'category')).toBeNull();
    expect(param(page, 'q')).toBe('Gota');
    await expect
      .poll(() => shownIds(page))
      .toEqual(expect.arrayContaining([items.kirkja.id, items.havnin.id]));
    expect(await page.getByLabel('Bólkur').inputValue()).toBe('');
    await page.goBack();
    await expect.poll(() => param(page, 'q')).toBeNull();
    await expect.poll(() => searchBox(page).inputValue()).toBe('');
    await context.close();
  });

  it('sorts by newest (default), oldest, title and views', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    const { kirkja, havnin, boeur, skjal, featured } = items;
    await page.goto(`/?q=${tag}`);
    await expect.poll(() => shownIds(page)).toEqual([featured.id, skjal.id, boeur.id, havnin.id, kirkja.id]);
    expect(await page.getByLabel('Raða eftir').inputValue()).toBe('newest');

    const sortBy = async (sort: string, expected: string[]) => {
      await page.getByLabel('Raða eftir').selectOption(sort);
      await expect.poll(() => param(page, 'sort')).toBe(sort);
      await expect.poll(() => shownIds(page)).toEqual(expected);
    };
    await sortBy('oldest', [kirkja.id, havnin.id, boeur.id, skjal.id, featured.id]);
    await sortBy('title', [boeur.id, havnin.id, kirkja.id, skjal.id, featured.id]);
    await page.getByLabel('Raða eftir').selectOption('views');
    await expect.poll(async () => (await shownIds(page)).slice(0, 2)).toEqual([boeur.id, skjal.id]);
    expect(param(page, 'sort')).toBe('views');
    // The sort survives a reload.
    await page.reload();
    await expect.poll(async () => (await shownIds(page)).slice(0, 2)).toEqual([boeur.id, skjal.id]);
    expect(await page.getByLabel('Raða eftir').inputValue()).toBe('views');
    await context.close();
  });

  it('switches between grid and list, kept in the URL, and axe finds nothing in either', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/?q=${tag}`);
    await expect.poll(() => shownIds(page).then((ids) => ids.length)).toBe(5);
    const grid = page.getByRole('button', { name: 'Rutanet' });
    const list = page.getByRole('button', { name: 'Listi' });
    await expect.poll(() => grid.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('list', { name: 'Útvalt tilfar' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await list.click();
    await expect.poll(() => param(page, 'view')).toBe('list');
    // The URL changes first; the page redraws in a transition right after.
    await expect.poll(() => list.getAttribute('aria-pressed')).toBe('true');
    // The list shows more of each item than the grid: here the photographer and place.
    await expect.poll(() => results(page).textContent()).toContain('Jákup á Dul · Norðragøta');
    await expectNoAxeViolations(page);

    await page.reload();
    await expect.poll(() => results(page).textContent()).toContain('Jákup á Dul · Norðragøta');
    await expect
      .poll(() => page.getByRole('button', { name: 'Listi' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('button', { name: 'Rutanet' }).click();
    await expect.poll(() => param(page, 'view')).toBeNull();
    // As above, the redraw follows the URL in a transition.
    await expect.poll(() => results(page).textContent()).not.toContain('Jákup á Dul · Norðragøta');
    await context.close();
  });

  it("shows 'No Results Found' for a search without matches, and 'Clear All Filters' empties the URL", async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/?q=${tag}-einki&category=${category.id}&sort=title`);
    await expect.poll(() => page.textContent('main')).toContain('No Results Found');
    expect(await page.textContent('main')).toContain('No media items match your current search or filters.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => shownIds(page).then((ids) => ids.length)).toBeGreaterThanOrEqual(5);
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await page.getByLabel('Bólkur').inputValue()).toBe('');
    expect(await page.textContent('main')).not.toContain('No Results Found');
    await context.close();
  });

  it('opens a non-image at /media/{id} and an image in the lightbox, which Back closes', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/?q=${tag}`);
    const documentLink = results(page).getByRole('link', { name: `Skjal ${tag}` });
    expect(await documentLink.getAttribute('href')).toBe(`/media/${items.skjal.id}`);
    // The type shows on the card.
    expect(await documentLink.textContent()).toContain('Skjal');
    await documentLink.click();
    await page.waitForURL(`**/media/${items.skjal.id}`);
    await page.goBack();

    await results(page)
      .getByRole('link', { name: `Bøur ${tag}` })
      .click();
    await page.getByRole('dialog').waitFor();
    expect(param(page, 'item')).toBe(items.boeur.id);
    expect(param(page, 'q')).toBe(tag);
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(param(page, 'item')).toBeNull();
    expect(param(page, 'q')).toBe(tag);
    await context.close();
  });

  it('opens a card from the keyboard: Tab from the search box to the card, then Enter', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/?q=${encodeURIComponent(`Gøta kirkja ${tag}`)}`);
    await expect.poll(() => shownIds(page)).toEqual([items.kirkja.id]);
    await searchBox(page).focus();
    const focusedId = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.itemId);
    for (let i = 0; i < 10 && (await focusedId()) !== items.kirkja.id; i++) await page.keyboard.press('Tab');
    expect(await focusedId()).toBe(items.kirkja.id);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(param(page, 'item')).toBe(items.kirkja.id);
    await context.close();
  });

  it('shows featured items in the featured strip', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/');
    const strip = page.getByRole('list', { name: 'Útvalt tilfar' });
    const card = strip.getByRole('link', { name: `Útvald ${tag}` });
    await card.waitFor();
    expect(await strip.getByRole('listitem').count()).toBeLessThanOrEqual(6);
    // A featured image opens in the lightbox too.
    await card.click();
    await page.getByRole('dialog').waitFor();
    expect(param(page, 'item')).toBe(items.featured.id);
    expect(param(page, 'from')).toBe('featured');
    await context.close();
  });

  it('shows the custom document card above the gallery when the settings say so; its button downloads the file', async () => {
    const pdf = await readFile(await ghostscriptPdf());
    const doc = await uploadDocumentViaApi(admin, { title: `Kort ${tag}`, category: 'general' });
    const cardTitle = `Serligt skjal ${tag}`;
    await putSettingsViaApi(admin, {
      custom_card_enabled: 'true',
      custom_card_show_above_gallery: 'true',
      custom_card_title: cardTitle,
      custom_card_description: 'Skráin til mentanardagarnar',
      custom_card_button_text: 'Tak skjalið niður',
      custom_card_file_url: doc.url,
    });
    try {
      const context = await newVisitor(browser());
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: cardTitle }).waitFor();
      expect(await page.textContent('main')).toContain('Skráin til mentanardagarnar');
      await expectNoAxeViolations(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Tak skjalið niður' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(Buffer.compare(await readFile((await download.path())!), pdf)).toBe(0);

      // Off above the gallery: no card.
      await putSettingsViaApi(admin, { custom_card_show_above_gallery: 'false' });
      await page.reload();
      await page.getByRole('heading', { name: 'Savnið' }).waitFor();
      expect(await page.getByRole('heading', { name: cardTitle }).count()).toBe(0);
      await context.close();
    } finally {
      // Every key set above back to its default: the journeys after this one on the archive see none.
      const keys = [
        'custom_card_enabled',
        'custom_card_show_above_gallery',
        'custom_card_title',
        'custom_card_description',
        'custom_card_button_text',
        'custom_card_file_url',
      ] as const;
      await putSettingsViaApi(
        admin,
        Object.fromEntries(keys.map((key) => [key, SITE_SETTING_DEFAULTS[key] ?? ''])),
      );
    }
  });
});

describe('paging', () => {
  it('reaches every item past 100: scrolling loads the next page, and so does the load-more button from the keyboard', async () => {
    const word = `sida${randomInt(1e6, 1e7)}`;
    // More than three pages: the first, one brought by scrolling, one by the button, and the rest.
    const total = 105;
    const uploaded: string[] = [];
    for (let start = 0; start < total; start += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, total - start) }, (_, i) =>
          uploadMediaViaApi(admin, { title: `Síða ${word} ${start + i + 1}` }),
        ),
      );
      uploaded.push(...batch.map((m) => m.id));
    }

    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/?q=${word}`);
    const count = () => shownIds(page).then((ids) => ids.length);
    await expect.poll(count).toBe(GALLERY_PAGE_SIZE);

    // Scrolling to the end of the loaded items brings the next page by itself.
    const scrollToEnd = () => results(page).getByRole('listitem').last().scrollIntoViewIfNeeded();
    await scrollToEnd();
    await expect.poll(count).toBe(2 * GALLERY_PAGE_SIZE);

    // The button, from the keyboard, brings the next page; focus moves to the first new card. Focusing
    // the button scrolls the end into view, which may start the fetch by itself; the page is held
    // back until Enter was pressed, so that both orders end the same way.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/gallery\?.*cursor=/, async (route) => {
      await held;
      await route.continue();
    });
    const more = page.getByRole('button', { name: 'Vís fleiri' });
    await more.focus();
    await page.keyboard.press('Enter');
    release();
    await expect.poll(count).toBe(3 * GALLERY_PAGE_SIZE);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.itemId))
      .toBe((await shownIds(page))[2 * GALLERY_PAGE_SIZE]);
    // Scrolling on reaches the last item, and then there is nothing more to load.
    for (let shown = 3 * GALLERY_PAGE_SIZE; shown < total; shown += GALLERY_PAGE_SIZE) {
      await scrollToEnd();
      await expect.poll(count).toBe(Math.min(shown + GALLERY_PAGE_SIZE, total));
    }
    expect(await more.count()).toBe(0);

    const shown = await shownIds(page);
    expect(new Set(shown).size).toBe(total);
    expect([...shown].sort()).toEqual([...uploaded].sort());
    await context.close();
  }, 240_000);
});
