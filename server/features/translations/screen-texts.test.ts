import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { scanSource, sourceFiles } from './text-scanner.ts';

const root = resolve(import.meta.dirname, '../../..');
/** The back-office screens checked here: every visible text goes through t(). */
const SCREENS = ['web/features/translations', 'web/features/watermark'];

// JSX text between tags, and the labelling attributes, written as bare literals.
const BARE_TEXT = /(?<!=)>\s*([A-Za-z][^<>{}]*?)\s*</g;
const BARE_ATTRIBUTE = /\b(?:label|title|alt|placeholder|aria-label|description)="([^"]*[A-Za-z][^"]*)"/g;

describe('the translations and watermark screens', () => {
  const files = SCREENS.flatMap((dir) => sourceFiles(resolve(root, dir))).filter((f) => f.endsWith('.tsx'));

  it('show no text that bypasses t()', () => {
    expect(files.length).toBeGreaterThan(3);
    const bare = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(BARE_TEXT), ...source.matchAll(BARE_ATTRIBUTE)].map(
        (m) => `${relative(root, file)}: ${m[1]}`,
      );
    });
    expect(bare).toEqual([]);
  });

  it('use keys that all have a Faroese default text', () => {
    const uses = files.flatMap((file) => scanSource(readFileSync(file, 'utf8'), relative(root, file)));
    expect(uses.length).toBeGreaterThan(80);
    for (const use of uses)
      expect(DEFAULT_TEXTS[use.key]?.fo, `${use.key} (${use.file}:${use.line})`).toBeTruthy();
    for (const key of ['guard.denied.translations', 'guard.denied.watermark'])
      expect(DEFAULT_TEXTS[key]?.fo, key).toMatch(/^Only administrators can manage /);
  });
});
