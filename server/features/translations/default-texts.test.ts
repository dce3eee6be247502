import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXTS_BY_HAND } from '#common/default-texts/by-hand.ts';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { mergeTexts } from '#common/default-texts/merge-texts.ts';
import { WEB_TEXTS } from '#common/default-texts/generated.ts';
import { isPublicText } from '#common/translations.ts';
import {
  compareTexts,
  publicModules,
  scanSource,
  scanWeb,
  textsByHandProblems,
  webTexts,
} from './text-scanner.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('the default texts', () => {
  const uses = scanWeb(resolve(root, 'web'), root);
  const scanned = webTexts(uses);
  const report = compareTexts(uses, DEFAULT_TEXTS);

  it('are generated from the web as it is now (fix with: npm run texts:update)', () => {
    expect({
      missing: Object.keys(scanned).filter((key) => !Object.hasOwn(WEB_TEXTS, key)),
      unused: Object.keys(WEB_TEXTS).filter((key) => !Object.hasOwn(scanned, key)),
      changed: Object.keys(scanned).filter(
        (key) => Object.hasOwn(WEB_TEXTS, key) && WEB_TEXTS[key] !== scanned[key],
      ),
    }).toEqual({ missing: [], unused: [], changed: [] });
  });

  it('have exactly the keys the web passes to t()', () => {
    expect(Object.keys(DEFAULT_TEXTS).sort()).toEqual([...new Set(uses.map((u) => u.key))].sort());
    expect(report.missing.map((u) => `${u.key} (${u.file}:${u.line})`)).toEqual([]);
  });

  it('hold each fallback of the web as its Faroese or English text (see: npx tsx scripts/texts.ts --check)', () => {
    expect(
      report.differing.map(({ use }) => `${use.key} (${use.file}:${use.line}): ${use.fallback}`),
    ).toEqual([]);
  });

  it('keep by hand only what the web does not say, and the English of every Faroese fallback', () => {
    expect(textsByHandProblems(WEB_TEXTS, TEXTS_BY_HAND)).toEqual([]);
    expect(Object.keys(TEXTS_BY_HAND).length).toBeLessThan(Object.keys(WEB_TEXTS).length / 2);
  });

  it('that the public pages show are sent with them (see: npx tsx scripts/texts.ts --check)', () => {
    const publicFiles = publicModules(resolve(root, 'web'), root);
    expect(publicFiles.has('web/features/gallery/routes/home-page.tsx')).toBe(true);
    expect(publicFiles.has('web/features/places/components/place-fields.tsx')).toBe(false);
    expect(
      uses
        .filter((use) => publicFiles.has(use.file) && !isPublicText(use.key))
        .map((use) => `${use.key} (${use.file}:${use.line})`),
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

describe('merging the generated texts with those kept by hand', () => {
  it("takes the web's text as both languages unless by-hand.ts gives them", () => {
    const texts = mergeTexts(
      { a: 'Title', b: 'Send tilfar', c: 'Folder', d: null, e: 'Access Denied' },
      {
        b: { en: 'Submit material' },
        c: { en: null },
        d: { fo: 'Konto', en: 'Account' },
        e: { formerFo: 'Eingin atgongd', context: 'The guard' },
      },
    );
    expect(texts).toEqual({
      a: { fo: 'Title', en: 'Title' },
      b: { fo: 'Send tilfar', en: 'Submit material' },
      c: { fo: 'Folder' },
      d: { fo: 'Konto', en: 'Account' },
      e: { fo: 'Access Denied', en: 'Access Denied', formerFo: 'Eingin atgongd', context: 'The guard' },
    });
    expect(() => mergeTexts({ x: null }, {})).toThrow(/x: its fallback in the web is not a literal/);
  });

  it('finds what by-hand.ts should not keep, or lacks', () => {
    expect(
      textsByHandProblems(
        { a: 'Title', b: 'Heitið', c: null, d: 'Folder', e: 'Files', f: 'Send' },
        { a: { fo: 'Title', en: 'Title' }, gone: { en: 'Gone' }, d: { en: null }, e: { context: 'x' } },
      ),
    ).toEqual([
      "a: says nothing the web's text does not (remove it)",
      'gone: the web does not use this key (remove it)',
      'b: "Heitið" looks Faroese: give its English (en), or en: null',
      'c: its fallback in the web is not a literal: give its fo',
    ]);
  });

  it("takes each key's first literal fallback, sorted by key", () => {
    const texts = webTexts(scanSource("t('b', X); t('a', 'One'); t('b', 'Two'); t('a', 'Three');", 'f.ts'));
    expect(Object.entries(texts)).toEqual([
      ['a', 'One'],
      ['b', 'Two'],
    ]);
  });
});
