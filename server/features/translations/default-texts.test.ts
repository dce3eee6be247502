import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from './default-texts.ts';
import { compareTexts, scanWeb } from './text-scanner.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('the default texts', () => {
  const report = compareTexts(scanWeb(resolve(root, 'web'), root), DEFAULT_TEXTS);

  it('hold every key the web passes to t() (fix with: npx tsx scripts/texts.ts --write)', () => {
    expect(report.missing.map((u) => `${u.key} (${u.file}:${u.line})`)).toEqual([]);
  });

  it('hold each fallback of the web as its Faroese or English text (see: npx tsx scripts/texts.ts --check)', () => {
    expect(
      report.differing.map(({ use }) => `${use.key} (${use.file}:${use.line}): ${use.fallback}`),
    ).toEqual([]);
  });

  it('have a Faroese text for every key, and no English text left empty', () => {
    for (const [key, text] of Object.entries(DEFAULT_TEXTS)) {
      expect(text.fo.trim(), key).not.toBe('');
      if (text.en !== undefined) expect(text.en.trim(), key).not.toBe('');
      expect(key, key).toMatch(/^\S+$/);
    }
  });
});
