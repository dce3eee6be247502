/**
 * npx tsx scripts/texts.ts --check | --write
 * Compares the texts the web passes to t('key', 'fallback') with the default texts the translations
 * table is seeded with (server/features/translations/default-texts.ts).
 *   --check  lists keys missing from the defaults, fallbacks that match neither default text,
 *            keys used with different fallbacks, and back-office texts the public pages use (they
 *            are not sent with them: common/translations.ts, isPublicText); exits 1 when any key
 *            is missing or differs, or a public page uses a back-office text.
 *   --write  also appends the missing keys to default-texts.ts: the fallback becomes the Faroese
 *            text, and the English text too when the fallback is the spec's English.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isPublicText } from '#common/translations.ts';
import {
  compareTexts,
  DEFAULT_TEXTS,
  type DefaultText,
  entrySource,
  looksEnglish,
  publicModules,
  scanWeb,
  type TextUse,
} from '#server/features/translations/translations.public.ts';

const root = resolve(import.meta.dirname, '..');
const defaultsFile = join(root, 'server/features/translations/default-texts.ts');
const MARKER = '// scripts/texts.ts --write adds new keys above this line.';

const where = (use: TextUse) => `${use.file}:${use.line}`;

function main(): number {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
  });
  if (!values.check && !values.write) {
    console.error('Usage: npx tsx scripts/texts.ts --check | --write');
    return 2;
  }

  const uses = scanWeb(join(root, 'web'), root);
  const report = compareTexts(uses, DEFAULT_TEXTS);
  const keys = new Set(uses.map((u) => u.key));
  console.log(
    `${keys.size} keys in ${uses.length} uses; ${Object.keys(DEFAULT_TEXTS).length} default texts.`,
  );

  for (const { key, uses: list } of report.conflicting) {
    console.log(`\nKey ${key} is used with different fallbacks:`);
    for (const use of list) console.log(`  ${where(use)}: ${JSON.stringify(use.fallback)}`);
  }
  if (report.differing.length > 0) {
    console.log(`\n${report.differing.length} fallbacks differ from the default texts:`);
    for (const { use, text } of report.differing) {
      console.log(`  ${use.key} (${where(use)})`);
      console.log(`    web: ${JSON.stringify(use.fallback)}`);
      console.log(
        `    fo:  ${JSON.stringify(text.fo)}${text.en === undefined ? '' : `\n    en:  ${JSON.stringify(text.en)}`}`,
      );
    }
  }
  const unusable = report.missing.filter((u) => u.fallback === null);
  const addable = report.missing.filter((u) => u.fallback !== null);
  if (report.missing.length > 0) {
    console.log(`\n${report.missing.length} keys are missing from the default texts:`);
    for (const use of report.missing) {
      console.log(
        `  ${use.key} (${where(use)}) ${use.fallback === null ? '(fallback is not a literal: add by hand)' : JSON.stringify(use.fallback)}`,
      );
    }
  }
  const publicFiles = publicModules(join(root, 'web'), root);
  const hidden = uses.filter((use) => publicFiles.has(use.file) && !isPublicText(use.key));
  if (hidden.length > 0) {
    console.log(
      `\n${hidden.length} back-office texts are used by the public pages, which are sent without them:`,
    );
    for (const use of hidden) console.log(`  ${use.key} (${where(use)})`);
    console.log('  Rename the key, or make it public in common/translations.ts (isPublicText).');
  }
  const unused = Object.keys(DEFAULT_TEXTS).filter((key) => !keys.has(key));
  if (unused.length > 0) {
    // Not an error: a key may be used through a variable, or kept for a screen to come.
    console.log(`\n${unused.length} default texts are not used literally in web/: ${unused.join(', ')}`);
  }

  if (values.write && addable.length > 0) {
    const source = readFileSync(defaultsFile, 'utf8');
    const at = source.indexOf(MARKER);
    if (at < 0) throw new Error(`${defaultsFile} lacks the line "${MARKER}"`);
    const lineStart = source.lastIndexOf('\n', at) + 1;
    const lines = addable.map((use) => {
      const fallback = use.fallback!;
      const text: DefaultText = looksEnglish(fallback) ? { fo: fallback, en: fallback } : { fo: fallback };
      return `${entrySource(use.key, text)}\n`;
    });
    writeFileSync(defaultsFile, source.slice(0, lineStart) + lines.join('') + source.slice(lineStart));
    spawnSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', defaultsFile], {
      stdio: 'ignore',
    });
    console.log(`\nAdded ${addable.length} keys to ${defaultsFile}; check their English texts.`);
    return unusable.length > 0 || report.differing.length > 0 ? 1 : 0;
  }
  return report.missing.length > 0 || report.differing.length > 0 || hidden.length > 0 ? 1 : 0;
}

process.exitCode = main();
