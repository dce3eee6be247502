import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK } from '#common/watermark.ts';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);

const preview = (page: Page) => page.getByTestId('watermark-preview');

/** The preview once drawn: its address and its bytes as the browser loaded them. */
async function drawnPreview(page: Page, context: BrowserContext, not?: string) {
  await expect
    .poll(async () => {
      const src = await preview(page).getAttribute('src');
      const state = await preview(page).getAttribute('data-state');
      return src !== not && state === 'ready';
    })
    .toBe(true);
  const src = (await preview(page).getAttribute('src'))!;
  const size = await preview(page).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([400, 300]);
  const res = await context.request.get(src);
  expect(res.headers()['content-type']).toBe('image/webp');
  return { src, bytes: await res.body() };
}

async function putWatermark(context: BrowserContext, settings: object) {
  const res = await context.request.put('/api/admin/watermark', {
    data: settings,
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('watermark settings', () => {
  it('previews unsaved changes from the server, saves them, and new uploads record them', async () => {
    const admin = await adminContext(browser());
    const { type, position, opacity, size, level, text } = DEFAULT_WATERMARK;
    try {
      const page = await admin.newPage();
      await page.goto('/admin/watermark');
      await page.getByRole('heading', { level: 1, name: 'Watermark settings' }).waitFor();
      await page.getByText('The watermark applies to new uploads of images only.').waitFor();
      await page.getByText('Existing media keeps the watermark it was uploaded with.').waitFor();
      const first = await drawnPreview(page, admin);
      await expectNoAxeViolations(page);

      // A change redraws the preview through the server; the bytes differ with the text.
      const newText = `Savn ${run}`;
      await page.getByLabel('Watermark text').fill(newText);
      const second = await drawnPreview(page, admin, first.src);
      expect(new URL(second.src, baseUrl()).searchParams.get('text')).toBe(newText);
      expect(second.bytes.equals(first.bytes)).toBe(false);

      await page.getByLabel('Watermark type').selectOption('stamp');
      await page.getByLabel('Position').selectOption('top_left');
      await page.getByLabel('Opacity').fill('40');
      await expect.poll(() => page.getByTestId('opacity-value').textContent()).toBe('40%');
      const third = await drawnPreview(page, admin, second.src);
      expect(Object.fromEntries(new URL(third.src, baseUrl()).searchParams)).toMatchObject({
        type: 'stamp',
        position: 'top_left',
        opacity: '40',
      });

      // Nothing is saved by previewing.
      expect((await (await admin.request.get('/api/admin/watermark')).json()).settings.text).not.toBe(
        newText,
      );

      // The form's own check, then a save.
      await page.getByLabel('Watermark text').fill('');
      await page.getByText('Correct the form to update the preview.').waitFor();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Watermark text is required for this type.').waitFor();
      await page.getByLabel('Watermark text').fill(newText);
      // A failed save is said in the spec's words, and the form keeps its values.
      await page.route('**/api/admin/watermark', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'INTERNAL', message: 'Internal Server Error' }),
            })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Failed to save watermark settings. Please try again.' })
        .waitFor();
      await page.unroute('**/api/admin/watermark');
      expect(await page.getByLabel('Watermark text').inputValue()).toBe(newText);
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Watermark settings saved successfully!').waitFor();
      await expectNoAxeViolations(page);
      const saved = (await (await admin.request.get('/api/admin/watermark')).json()).settings;
      expect(saved).toEqual({ type: 'stamp', position: 'top_left', opacity: 40, size, level, text: newText });

      // A reload shows the saved values; a new upload records them.
      await page.reload();
      await expect.poll(() => page.getByLabel('Watermark text').inputValue()).toBe(newText);
      const title = `Watermarkrun${run}`;
      await uploadMediaViaApi(admin, { title });
      const listed = await (await admin.request.get(`/api/admin/media?q=${title}`)).json();
      expect(listed.items[0].watermark).toEqual({ enabled: true, ...saved });
    } finally {
      await putWatermark(admin, { type, position, opacity, size, level, text });
      await admin.close();
    }
  });

  it('shows an editor Access Denied and the server refuses the preview and the save', async () => {
    const admin = await adminContext(browser());
    const email = `editor-watermark-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'editor-password-1', role: 'editor' });
    await admin.close();
    const editor = await newVisitor(browser());
    await signInViaApi(editor, email, 'editor-password-1');
    const page = await editor.newPage();
    await page.goto('/admin/watermark');
    await page.getByRole('heading', { name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText('Only administrators can manage watermark settings.').waitFor();
    await expectNoAxeViolations(page);
    const put = await editor.request.put('/api/admin/watermark', {
      data: { ...DEFAULT_WATERMARK },
      headers: { origin: baseUrl() },
    });
    expect(put.status()).toBe(403);
    expect((await put.json()).code).toBe('FORBIDDEN');
    const shown = await editor.request.get(
      '/api/admin/watermark/preview?type=text&position=center&opacity=50&size=small&level=light&text=x',
    );
    expect(shown.status()).toBe(403);
    await editor.close();
  });
});
