import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newVisitor, sharedBrowser } from './support.ts';

// Runs first (see sequencer.ts): the archive is still empty here.
const browser = sharedBrowser();

describe('a new archive', () => {
  it("shows the empty archive as 'Gallery Coming Soon', with header, footer and trial banner", async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.textContent('body')).toContain('Gallery Coming Soon');
    expect(await page.textContent('body')).toContain('royndarrakstri');
    expect(await page.getByRole('contentinfo').textContent()).toContain(String(new Date().getFullYear()));
    await expectNoAxeViolations(page);
    await context.close();
  });
});
