import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Which test files the PostgreSQL pass runs: those whose code can tell the two engines apart. A
 * test can only behave differently on PostgreSQL if something it imports (directly or through
 * other files of ours) reads `TEST_DB_ENGINE` or `TEST_DATABASE_URL` (server/test/engine.ts,
 * harness.ts, or the test itself); nothing outside the tests reads them. Every other file runs the
 * very same code on both passes, so it runs once, on PGlite. The rule follows the imports, not a
 * list: a new test that opens a database through the harness is on the PostgreSQL pass at once.
 * Type-only imports count too (erring towards running a file twice, never towards dropping one).
 */
const ENGINE_SWITCH = /\b(TEST_DB_ENGINE|TEST_DATABASE_URL)\b/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

interface Parsed {
  reads: boolean;
  imports: string[];
}

function parse(path: string, root: string, parsed: Map<string, Parsed>): Parsed {
  let entry = parsed.get(path);
  if (!entry) {
    const text = readFileSync(path, 'utf8');
    const imports = [...text.matchAll(IMPORT)]
      .map((match) => localImport(match[1] ?? match[2] ?? match[3] ?? '', path, root))
      .filter((target): target is string => target !== undefined);
    entry = { reads: ENGINE_SWITCH.test(text), imports };
    parsed.set(path, entry);
  }
  return entry;
}

/** Whether `file` or anything it imports of ours, however far down, reads the engine switch. */
export function readsTestEngine(file: string, root: string, parsed = new Map<string, Parsed>()): boolean {
  const seen = new Set<string>();
  const queue = [resolve(root, file)];
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = parse(path, root, parsed);
    if (entry.reads) return true;
    queue.push(...entry.imports);
  }
  return false;
}

/** The file an import of ours names (`#server/…`, `#common/…`, `#web/…` or relative); else undefined. */
function localImport(specifier: string, from: string, root: string): string | undefined {
  let path: string;
  if (specifier.startsWith('#')) {
    const [alias, ...rest] = specifier.slice(1).split('/');
    path = join(root, alias!, ...rest);
  } else if (specifier.startsWith('.')) path = resolve(dirname(from), specifier);
  else return undefined;
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (/\.(m?[jt]sx?)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Of `files` (paths relative to `root`), those the PostgreSQL pass runs. */
export function engineTestFiles(files: string[], root: string): string[] {
  const parsed = new Map<string, Parsed>();
  return files
    .filter((file) => readsTestEngine(file, root, parsed))
    .map((file) => relative(root, resolve(root, file)));
}
