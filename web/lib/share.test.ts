import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share.ts';

// The browser's share sheet, clipboard and alert are the browser's (stubbed here); the rules are ours.
const MISSING = 'Error: Cannot share item without ID';
const COPIED = 'Link copied to clipboard!';
const TEXTS = { missingId: MISSING, copiedBySelection: COPIED };

function browser(options: {
  share?: (data: ShareData) => Promise<void>;
  copy?: (text: string) => Promise<void>;
  /** The older copy of a selected field (document.execCommand('copy')): what it answers. */
  copyBySelection?: boolean;
}) {
  const alert = vi.fn();
  const writeText = vi.fn(options.copy ?? (async () => {}));
  const selected: string[] = [];
  const field = { value: '', style: {}, select: () => selected.push(field.value), remove: () => {} };
  vi.stubGlobal('window', { alert, location: { origin: 'https://myndasavn.fo' } });
  vi.stubGlobal('navigator', { share: options.share, clipboard: { writeText } });
  vi.stubGlobal('HTMLElement', class {});
  vi.stubGlobal('document', {
    activeElement: null,
    body: { append: () => {} },
    createElement: () => field,
    execCommand: (command: string) => command === 'copy' && (options.copyBySelection ?? false),
  });
  return { alert, writeText, selected };
}
afterEach(() => vi.unstubAllGlobals());

describe('sharing an item', () => {
  it('refuses an item without an id with the spec’s alert, sharing nothing', async () => {
    const { alert, writeText } = browser({});
    expect(await shareLink(null, 'Gøta', '/media/null', TEXTS)).toBe('failed');
    expect(alert).toHaveBeenCalledWith(MISSING);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('uses the share sheet where the browser has one, with the full link', async () => {
    const share = vi.fn(async () => {});
    const { writeText } = browser({ share });
    expect(await shareLink('abc', 'Gøta havn', '/media/abc', TEXTS)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Gøta havn', url: 'https://myndasavn.fo/media/abc' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet or it fails, and reports a cancelled sheet', async () => {
    const { writeText } = browser({});
    expect(await shareLink('abc', 'Gøta', '/media/abc', TEXTS)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://myndasavn.fo/media/abc');

    browser({ share: async () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    expect(await shareLink('abc', 'Gøta', '/media/abc', TEXTS)).toBe('copied');

    const cancelled = browser({
      share: async () => Promise.reject(new DOMException('closed', 'AbortError')),
    });
    expect(await shareLink('abc', 'Gøta', '/media/abc', TEXTS)).toBe('cancelled');
    expect(cancelled.writeText).not.toHaveBeenCalled();
  });

  it('without a clipboard copies the link from a selected field with the spec’s alert, or says it failed', async () => {
    const copied = browser({ copy: async () => Promise.reject(new Error('denied')), copyBySelection: true });
    expect(await shareLink('abc', 'Gøta', '/media/abc', TEXTS)).toBe('copied-by-selection');
    expect(copied.selected).toEqual(['https://myndasavn.fo/media/abc']);
    expect(copied.alert).toHaveBeenCalledWith(COPIED);

    const refused = browser({ copy: async () => Promise.reject(new Error('denied')) });
    expect(await shareLink('abc', 'Gøta', '/media/abc', TEXTS)).toBe('failed');
    expect(refused.alert).not.toHaveBeenCalled();
  });
});
