/**
 * npm run texts:update (npx tsx scripts/texts.ts --write) | npx tsx scripts/texts.ts --check
 * The default texts the translations table is seeded with (common/default-texts/default-texts.ts)
 * are the web's own: generated.ts holds every key the web passes to t('key', 'fallback') with its
 * fallback, written by --write from a scan of web/; by-hand.ts the Faroese and English where they
 * differ, and the contexts.
 *   --check  lists what is out of step: keys used in web/ that generated.ts lacks, keys it has that
 *            web/ no longer uses, changed fallbacks, fallbacks matching neither default text, keys
 *            used with different fallbacks, by-hand.ts entries for keys web/ does not use,
 *            Faroese fallbacks with no English text by hand, and back-office texts the public
 *            pages use (they are not sent with them: common/translations.ts, isPublicText); exits 1
 *            when any is found (conflicting fallbacks are listed only).
 *   --write  writes generated.ts from web/, then checks as --check does.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TEXTS_BY_HAND } from '#common/default-texts/by-hand.ts';
import { mergeTexts } from '#common/default-texts/merge-texts.ts';
import { WEB_TEXTS } from '#common/default-texts/generated.ts';
import { isPublicText } from '#common/translations.ts';
import {
  compareTexts,
  publicModules,
  scanWeb,
  type TextUse,
  textsByHandProblems,
  webTexts,
  webTextsSource,
} from '#server/features/translations/translations.public.ts';

const root = resolve(import.meta.dirname, '..');
const generatedFile = join(root, 'common/default-texts/generated.ts');

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
  const scanned = webTexts(uses);
  let generated: Readonly<Record<string, string | null>> = WEB_TEXTS;
  if (values.write) {
    writeFileSync(generatedFile, webTextsSource(scanned));
    spawnSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', generatedFile], {
      stdio: 'ignore',
    });
    console.log(`Wrote ${generatedFile}.`);
    generated = scanned;
  }
  let failed = false;
  const list = (title: string, lines: string[]) => {
    if (lines.length === 0) return;
    failed = true;
    console.log(`\n${lines.length} ${title}:`);
    for (const line of lines) console.log(`  ${line}`);
  };

  console.log(
    `${Object.keys(scanned).length} keys in ${uses.length} uses; ${Object.keys(generated).length} in generated.ts.`,
  );
  list(
    'keys the web uses are missing from generated.ts (run npm run texts:update)',
    Object.keys(scanned).filter((key) => !Object.hasOwn(generated, key)),
  );
  list(
    'keys of generated.ts are no longer used in web/ (run npm run texts:update)',
    Object.keys(generated).filter((key) => !Object.hasOwn(scanned, key)),
  );
  list(
    'fallbacks changed since generated.ts was written (run npm run texts:update)',
    Object.keys(scanned)
      .filter((key) => Object.hasOwn(generated, key) && generated[key] !== scanned[key])
      .map((key) => `${key}: ${JSON.stringify(generated[key])} → ${JSON.stringify(scanned[key])}`),
  );

  let texts: ReturnType<typeof mergeTexts>;
  try {
    texts = mergeTexts(generated, TEXTS_BY_HAND);
  } catch (error) {
    console.log(`\n${(error as Error).message}`);
    return 1;
  }
  const report = compareTexts(uses, texts);
  for (const { key, uses: list } of report.conflicting) {
    console.log(`\nKey ${key} is used with different fallbacks:`);
    for (const use of list) console.log(`  ${where(use)}: ${JSON.stringify(use.fallback)}`);
  }
  list(
    'fallbacks differ from the default texts (by-hand.ts)',
    report.differing.map(
      ({ use, text }) =>
        `${use.key} (${where(use)})\n    web: ${JSON.stringify(use.fallback)}\n    fo:  ${JSON.stringify(text.fo)}${text.en === undefined ? '' : `\n    en:  ${JSON.stringify(text.en)}`}`,
    ),
  );
  list('problems in by-hand.ts', textsByHandProblems(generated, TEXTS_BY_HAND));

  const publicFiles = publicModules(join(root, 'web'), root);
  list(
    'back-office texts are used by the public pages, which are sent without them (rename the key, or make it public in common/translations.ts, isPublicText)',
    uses
      .filter((use) => publicFiles.has(use.file) && !isPublicText(use.key))
      .map((use) => `${use.key} (${where(use)})`),
  );
  return failed ? 1 : 0;
}

process.exitCode = main();
