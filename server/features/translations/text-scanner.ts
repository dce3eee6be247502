import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { DefaultText, TextByHand } from '#common/default-texts/merge-texts.ts';

/**
 * One `t('key', 'fallback')` call (or a `{ key, label }` entry or a `denied: [key, text]` pair that
 * is passed to t) in the web.
 */
export interface TextUse {
  key: string;
  /** null when the fallback is not a plain string literal. */
  fallback: string | null;
  file: string;
  line: number;
}

// A JS string literal: '…', "…" or a template literal without ${}.
const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\$]|\\.|\$(?!\{))*\x60`;
// Literals joined with +, as a formatter may split a long text over lines.
const STRINGS = `(?:${STRING})(?:\\s*\\+\\s*(?:${STRING}))*`;
// `t(` not preceded by an identifier character or a dot; arguments may span lines.
const CALL = new RegExp(`(?<![\\w$.])t\\(\\s*(${STRING})\\s*(?:,\\s*(${STRINGS})?)?`, 'g');
// `key: 'a.b', label: 'Text'` in lists such as web/app/admin-screens.ts, whose entries reach t();
// the label may be a constant (`label: ACCOUNT_DEACTIVATED_MESSAGE`), then the fallback is null.
const ENTRY = new RegExp(`\\bkey:\\s*(${STRING})\\s*,\\s*label:\\s*(?:(${STRINGS})|[\\w$.]+\\s*[,}])`, 'g');
// `denied: ['a.b', 'Text']`: a screen's Access Denied line in web/app/admin-screens.ts.
const PAIR = new RegExp(`\\bdenied:\\s*\\[\\s*(${STRING})\\s*,\\s*(${STRINGS})\\s*,?\\s*\\]`, 'g');

/** The value of one string literal as the source writes it. */
export function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r?\n|.)/g, (_, esc: string) => {
    if (esc.startsWith('u{')) return String.fromCodePoint(Number.parseInt(esc.slice(2, -1), 16));
    if (esc.length > 1 && (esc[0] === 'u' || esc[0] === 'x'))
      return String.fromCharCode(Number.parseInt(esc.slice(1), 16));
    if (esc === '\n' || esc === '\r\n') return '';
    return { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' }[esc] ?? esc;
  });
}

function joinLiterals(source: string): string {
  return [...source.matchAll(new RegExp(STRING, 'g'))].map((m) => unquote(m[0])).join('');
}

/** Every text use in one source file. */
export function scanSource(source: string, file: string): TextUse[] {
  const uses: TextUse[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const pattern of [CALL, ENTRY, PAIR]) {
    for (const match of source.matchAll(pattern)) {
      const key = unquote(match[1]!);
      uses.push({
        key,
        fallback: match[2] === undefined ? null : joinLiterals(match[2]),
        file,
        line: lineOf(match.index),
      });
    }
  }
  return uses.sort((a, b) => a.line - b.line);
}

/** Every .ts/.tsx file below `dir`, tests excluded. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files.sort();
}

/** Every text use in the web app below `webDir`; file names relative to `root`. */
export function scanWeb(webDir: string, root: string): TextUse[] {
  return sourceFiles(webDir).flatMap((file) => scanSource(readFileSync(file, 'utf8'), relative(root, file)));
}

// The module names of import declarations, re-exports and import() calls.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;
// `import { a, b as c } from 'm'` and `export { a, b as c } from 'm'`: the names taken from `m`.
const NAMED = /^\s*(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"\n]+)\4/gm;
// The back-office screens, loaded by web/app/router.tsx on demand.
const BACK_OFFICE_SCREEN = /\/features\/[\w-]+\/routes\/admin-(?!login-)[\w-]+-page\.tsx$/;
// A feature's index.ts: what other features may import of it (web/README.md, "Between features").
const FEATURE_INDEX = /\/features\/[\w-]+\/index\.ts$/;

/**
 * The names of a `{ … }` list, type-only ones left out: those an import takes from its module
 * (`b as c` takes b), or those a re-export gives (`b as c` gives c).
 */
function namesOf(list: string, side: 'import' | 'export'): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return (side === 'export' ? (alias ?? name)! : name!).trim();
    });
}

/**
 * The web's modules the public pages load (file names relative to `root`): everything the entry
 * points (web/start.ts, which loads web/main.tsx, and web/entry-server.tsx) import, directly or on
 * demand, except the back-office screens and what only they import. Modules of the app only
 * (#web/, #common/ and relative imports), read as text, as the texts are.
 *
 * A feature's index.ts re-exports what other features may use of it; a module that imports some
 * of those names by name loads only the modules they come from (the bundler leaves the others
 * out), so a staff form offered beside a public query does not count as public. A whole-module or
 * `import()` of an index, and the index's own code, count whole.
 */
export function publicModules(webDir: string, root: string): Set<string> {
  const aliases: Record<string, string> = { '#web/': webDir, '#common/': join(root, 'common') };
  /** Modules visited whole, and indexes visited for some of their names (by `index#names`). */
  const seen = new Set<string>();
  const indexes = new Set<string>();
  const target = (from: string, name: string) => {
    const alias = Object.keys(aliases).find((prefix) => name.startsWith(prefix));
    const path = alias
      ? join(aliases[alias]!, name.slice(alias.length))
      : name.startsWith('.')
        ? resolve(dirname(from), name)
        : null;
    return path && existsSync(path) && !BACK_OFFICE_SCREEN.test(path) ? path : null;
  };
  /** Of an index, the modules it re-exports `names` from, and its own code's imports. */
  const visitIndex = (index: string, names: readonly string[]) => {
    const key = `${index}#${names.join(',')}`;
    if (seen.has(index) || indexes.has(key)) return;
    indexes.add(key);
    const source = readFileSync(index, 'utf8');
    const reExported = new Map<number, string[]>();
    for (const match of source.matchAll(NAMED))
      if (match[1] === 'export') reExported.set(match.index + match[0].length, namesOf(match[3]!, 'export'));
    for (const match of source.matchAll(IMPORT)) {
      const exported = reExported.get(match.index + match[0].length);
      if (exported && !exported.some((name) => names.includes(name))) continue;
      const path = target(index, match[2]!);
      if (path) visit(path);
    }
  };
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const named = new Map<number, { type: boolean; names: string[] }>();
    for (const match of source.matchAll(NAMED)) {
      const side = match[1] as 'import' | 'export';
      named.set(match.index + match[0].length, {
        type: match[2] !== undefined,
        names: namesOf(match[3]!, side),
      });
    }
    for (const match of source.matchAll(IMPORT)) {
      const path = target(file, match[2]!);
      if (!path) continue;
      const list = named.get(match.index + match[0].length);
      if (list?.type) continue;
      if (list && FEATURE_INDEX.test(path)) visitIndex(path, list.names);
      else visit(path);
    }
  };
  for (const entry of ['start.ts', 'entry-server.tsx']) visit(join(webDir, entry));
  const partly = [...indexes].map((key) => key.slice(0, key.indexOf('#')));
  return new Set([...seen, ...partly].map((file) => relative(root, file)));
}

export interface TextReport {
  /** Keys the web uses that the default texts lack, with the first fallback seen. */
  missing: TextUse[];
  /** Uses whose fallback matches neither the default Faroese nor the default English text. */
  differing: { use: TextUse; text: DefaultText }[];
  /** Keys used with different fallbacks in different places. */
  conflicting: { key: string; uses: TextUse[] }[];
}

export function compareTexts(uses: TextUse[], defaults: Readonly<Record<string, DefaultText>>): TextReport {
  const missing = new Map<string, TextUse>();
  const differing: TextReport['differing'] = [];
  const byKey = new Map<string, TextUse[]>();
  for (const use of uses) {
    byKey.set(use.key, [...(byKey.get(use.key) ?? []), use]);
    const text = Object.hasOwn(defaults, use.key) ? defaults[use.key] : undefined;
    if (!text) {
      const seen = missing.get(use.key);
      if (!seen || (seen.fallback === null && use.fallback !== null)) missing.set(use.key, use);
      continue;
    }
    if (use.fallback !== null && use.fallback !== text.fo && use.fallback !== text.en) {
      differing.push({ use, text });
    }
  }
  const conflicting = [...byKey]
    .map(([key, list]) => ({ key, uses: list.filter((u) => u.fallback !== null) }))
    .filter(({ uses: list }) => new Set(list.map((u) => u.fallback)).size > 1);
  return { missing: [...missing.values()], differing, conflicting };
}

// Letters English does not use, and common words of each language.
const FAROESE_LETTERS = /[ðøæáíóúýÐØÆÁÍÓÚÝ]/;
const FAROESE_WORDS =
  /\b(og|ein|eitt|eina|til|tín|títt|um|við|vel|ikki|er|eru|hetta|tað|fyri|av|send|heiti|ella|okkum|tú|vit|konto|rita|inn|út|stig|valmynd|tilfar|lutir|sendingar|royn|aftur|leita|mynd|myndir|savn|savnið|broyt|strika|goym|lat|aftur|heim|næsta|fyrra)\b/i;
const ENGLISH_WORDS =
  /\b(the|and|of|to|is|are|be|been|has|have|your|you|we|for|with|by|not|no|yes|please|sign|in|on|an|a|this|that|all|or|it|error|failed|load|view|views|file|files|title|description|category|categories|upload|image|video|audio|document|documents|media|settings|users|admin|dashboard|profile|download|unknown|source|location|photographer|password|email|search|clear|close|open|next|previous|play|pause|share|favourite|favorites|save|cancel|delete|edit|back|home|try|again|gallery|slideshow|date|size|type|found|items?|new|show|hide|more|less|page|link)\b/i;

/** Whether a fallback is written in Faroese. */
export function looksFaroese(text: string): boolean {
  return FAROESE_LETTERS.test(text) || FAROESE_WORDS.test(text);
}

/** Whether a fallback is the spec's English (then it is also the English text). */
export function looksEnglish(text: string): boolean {
  return !looksFaroese(text) && ENGLISH_WORDS.test(text);
}

/**
 * The web's text of each key it uses, by key: its first literal fallback in `uses`, or null when
 * none is a literal (common/default-texts/generated.ts).
 */
export function webTexts(uses: readonly TextUse[]): Record<string, string | null> {
  const byKey = new Map<string, string | null>();
  for (const use of uses) {
    if (!byKey.has(use.key) || (byKey.get(use.key) === null && use.fallback !== null))
      byKey.set(use.key, use.fallback);
  }
  const keys = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, byKey.get(key)!]));
}

/**
 * What is wrong in common/default-texts/by-hand.ts, one line each: an entry for a key the web does
 * not use, or one that says nothing the web's text does not; a key whose fallback is not a literal
 * and has no Faroese text by hand; a fallback with Faroese letters and no entry by hand (it would
 * be the English text too: give the English, or say in a context why not).
 */
export function textsByHandProblems(
  web: Readonly<Record<string, string | null>>,
  byHand: Readonly<Record<string, TextByHand>>,
): string[] {
  const problems: string[] = [];
  for (const [key, own] of Object.entries(byHand)) {
    if (!Object.hasOwn(web, key)) {
      problems.push(`${key}: the web does not use this key (remove it)`);
      continue;
    }
    const webText = web[key]!;
    const fo = own.fo ?? webText;
    const en = own.en === null ? null : (own.en ?? webText ?? fo);
    if (fo === null) problems.push(`${key}: its fallback in the web is not a literal: give its fo`);
    const needed =
      webText === null || en === null || fo !== en || own.context !== undefined || own.formerFo !== undefined;
    if (!needed) problems.push(`${key}: says nothing the web's text does not (remove it)`);
  }
  for (const [key, text] of Object.entries(web)) {
    if (text === null && !Object.hasOwn(byHand, key))
      problems.push(`${key}: its fallback in the web is not a literal: give its fo`);
    // Letters only: Faroese words are also English ones ('Send', 'in').
    if (text !== null && !Object.hasOwn(byHand, key) && FAROESE_LETTERS.test(text))
      problems.push(`${key}: ${JSON.stringify(text)} looks Faroese: give its English (en), or en: null`);
  }
  return problems;
}

/** The source of common/default-texts/generated.ts holding `texts` (before biome formats it). */
export function webTextsSource(texts: Readonly<Record<string, string | null>>): string {
  const lines = Object.entries(texts).map(
    ([key, text]) => `  ${quote(key)}: ${text === null ? 'null' : quote(text)},`,
  );
  return [
    "// Written by `npm run texts:update` (scripts/texts.ts --write) from the web's t() calls: do not edit.",
    '// Every key the web passes to t(), with its fallback text (null where that is not a literal). Both',
    '// its Faroese and English default text unless by-hand.ts says otherwise (default-texts.ts).',
    'export const WEB_TEXTS: Readonly<Record<string, string | null>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}
