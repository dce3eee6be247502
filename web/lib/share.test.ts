import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share.ts';

// The browser's share sheet, clipboard and alert are the browser's (stubbed here); the rules are ours.
const MISSING = 'Error: Cannot share item without ID';

function browser(options: {
  share?: (data: ShareData) => Promise<void>;
  copy?: (text: string) => Promise<void>;
}) {
  const alert = vi.fn();
  const writeText = vi.fn(options.copy ?? (async () => {}));
  vi.stubGlobal('window', { alert, location: { origin: 'https://myndasavn.fo' } });
  vi.stubGlobal('navigator', { share: options.share, clipboard: { writeText } });
  return { alert, writeText };
}
afterEach(() => vi.unstubAllGlobals());

describe('sharing an item', () => {
  it('refuses an item without an id with the spec’s alert, sharing nothing', async () => {
    const { alert, writeText } = browser({});
    expect(await shareLink(null, 'Gøta', '/media/null', MISSING)).toBe('failed');
    expect(alert).toHaveBeenCalledWith(MISSING);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('uses the share sheet where the browser has one, with the full link', async () => {
    const share = vi.fn(async () => {});
    const { writeText } = browser({ share });
    expect(await shareLink('abc', 'Gøta havn', '/media/abc', MISSING)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Gøta havn', url: 'https://myndasavn.fo/media/abc' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet or it fails, and reports a cancelled sheet', async () => {
    const { writeText } = browser({});
    expect(await shareLink('abc', 'Gøta', '/media/abc', MISSING)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://myndasavn.fo/media/abc');

    browser({ share: async () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    expect(await shareLink('abc', 'Gøta', '/media/abc', MISSING)).toBe('copied');

    const cancelled = browser({
      share: async () => Promise.reject(new DOMException('closed', 'AbortError')),
    });
    expect(await shareLink('abc', 'Gøta', '/media/abc', MISSING)).toBe('cancelled');
    expect(cancelled.writeText).not.toHaveBeenCalled();

    browser({ copy: async () => Promise.reject(new Error('denied')) });
    expect(await shareLink('abc', 'Gøta', '/media/abc', MISSING)).toBe('failed');
  });
});
