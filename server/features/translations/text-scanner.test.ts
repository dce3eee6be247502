import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTexts, looksEnglish, publicModules, scanSource } from './text-scanner.ts';

describe('the text scanner', () => {
  it('finds t() calls, also over several lines, with escapes and joined literals', () => {
    const source = [
      "const a = t('nav.submit', 'Send tilfar');",
      '<p>{t(',
      "  'error.text',",
      '  "We\'re sorry, but it\\u2019s " +',
      "    'broken.',",
      '  { n: 1 },',
      ')}</p>',
      "useT(); foo.t('not.this', 'x'); format('x.y', 'z'); const t2 = at('no', 'no');",
      "t(`tpl.key`, `Template`); t('only.key'); t('var.fallback', MESSAGE);",
    ].join('\n');
    const uses = scanSource(source, 'x.tsx');
    expect(uses.map((u) => [u.key, u.fallback, u.line])).toEqual([
      ['nav.submit', 'Send tilfar', 1],
      ['error.text', "We're sorry, but it’s broken.", 2],
      ['tpl.key', 'Template', 9],
      ['only.key', null, 9],
      ['var.fallback', null, 9],
    ]);
  });

  it('finds { key, label } entries that reach t() through a list', () => {
    const uses = scanSource(
      "{ path: '/admin', key: 'admin.nav.dashboard', label: 'Dashboard', action: 'x' }",
      'a.ts',
    );
    expect(uses).toEqual([{ key: 'admin.nav.dashboard', fallback: 'Dashboard', file: 'a.ts', line: 1 }]);
    const constant = scanSource(
      "A: { key: 'auth.deactivated.message', label: MESSAGE },\nB: { key: 'point', lat: 1, label: 'x' }",
      'b.ts',
    );
    expect(constant).toEqual([{ key: 'auth.deactivated.message', fallback: null, file: 'b.ts', line: 1 }]);
  });

  it("finds a screen's denied: [key, text] pair, over lines too", () => {
    const uses = scanSource(
      "{ action: 'x',\n  denied: [\n    'guard.denied.users',\n    \"Only administrators can manage users.\",\n  ] }",
      'a.ts',
    );
    expect(uses).toEqual([
      { key: 'guard.denied.users', fallback: 'Only administrators can manage users.', file: 'a.ts', line: 2 },
    ]);
  });

  it('reports missing keys and fallbacks matching neither default text', () => {
    const uses = scanSource(
      "t('a', 'Heiti'); t('b', 'Title'); t('c', 'Annað'); t('d', 'New'); t('a', 'Heiti *');",
      'f.ts',
    );
    const report = compareTexts(uses, {
      a: { fo: 'Heiti' },
      b: { fo: 'Heiti', en: 'Title' },
      c: { fo: 'Eitt' },
    });
    expect(report.missing.map((u) => u.key)).toEqual(['d']);
    expect(report.differing.map((d) => `${d.use.key}:${d.use.fallback}`)).toEqual(['c:Annað', 'a:Heiti *']);
    expect(report.conflicting.map((c) => c.key)).toEqual(['a']);
  });

  it('tells the spec English from Faroese', () => {
    expect(looksEnglish('No Results Found')).toBe(true);
    expect(looksEnglish('Failed to load slideshow')).toBe(true);
    expect(looksEnglish('Send tilfar')).toBe(false);
    expect(looksEnglish('Vinarliga vel í minsta lagi eina fílu at senda.')).toBe(false);
  });

  it("counts as public only the modules of a feature index's names the public pages import", () => {
    const root = mkdtempSync(join(tmpdir(), 'public-modules-'));
    try {
      const files: Record<string, string> = {
        'web/start.ts': "import('./main.tsx');",
        'web/entry-server.tsx': "import type { Staff } from '#web/features/f/staff-types.ts';\n",
        'web/main.tsx': [
          "import { usePublic, Renamed as Shown } from '#web/features/f/index.ts';",
          "const lazy = () => import('#web/features/g/index.ts');",
        ].join('\n'),
        'web/features/f/index.ts': [
          "export { usePublic } from './public.ts';",
          "export { StaffForm } from './staff-form.tsx';",
          "export { default as Renamed } from './renamed.tsx';",
          "export const loadPart = () => import('./part.tsx');",
        ].join('\n'),
        'web/features/f/public.ts': "t('public.a', 'A');",
        'web/features/f/staff-form.tsx': "t('admin.b', 'B');",
        'web/features/f/renamed.tsx': "t('public.c', 'C');",
        'web/features/f/part.tsx': "t('public.d', 'D');",
        'web/features/f/staff-types.ts': "import './staff-form.tsx';",
        'web/features/g/index.ts': "export { Whole } from './whole.tsx';",
        'web/features/g/whole.tsx': "t('public.e', 'E');",
      };
      for (const [file, source] of Object.entries(files)) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), source);
      }
      expect([...publicModules(join(root, 'web'), root)].sort()).toEqual([
        'web/entry-server.tsx',
        'web/features/f/index.ts',
        'web/features/f/part.tsx',
        'web/features/f/public.ts',
        'web/features/f/renamed.tsx',
        'web/features/g/index.ts',
        'web/features/g/whole.tsx',
        'web/main.tsx',
        'web/start.ts',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
