import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineTestFiles } from './engine-files.ts';

const root = resolve(import.meta.dirname, '..', '..');
const serverTests = (readdirSync(join(root, 'server'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('server', file));

describe('the test files the PostgreSQL pass runs (scripts/test.ts)', () => {
  const onPostgres = new Set(engineTestFiles(serverTests, root));

  it('include every file that makes a test database or app, or asks which engine it is on', () => {
    const opensOne = serverTests.filter((file) =>
      /\b(createTestDb|createTestApp|testEngine)\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(opensOne.length).toBeGreaterThan(40);
    expect(opensOne.filter((file) => !onPostgres.has(file))).toEqual([]);
  });

  it('include those that reach the harness only through other helpers (factories.ts)', () => {
    expect(onPostgres.has(join('server', 'features', 'media', 'admin-media.test.ts'))).toBe(true);
  });

  it('leave out files that cannot tell the engines apart', () => {
    expect(onPostgres.has(join('server', 'config.test.ts'))).toBe(false);
    expect(onPostgres.has(join('server', 'media', 'detect', 'detect-file-type.test.ts'))).toBe(false);
  });

  it('follow imports through relative paths, #aliases, re-exports and cycles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-files-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        writeFileSync(join(dir, file), text);
      };
      write('server/test/engine.ts', "export const engine = () => process.env.TEST_DB_ENGINE ?? 'pglite';\n");
      write('server/test/helper.ts', "export { engine } from './engine.ts';\nimport './cycle.ts';\n");
      write('server/test/cycle.ts', "import './helper.ts';\n");
      write('server/a.test.ts', "import { engine } from '#server/test/helper.ts';\n");
      write('server/b.test.ts', "import type { X } from './test/cycle.ts';\n");
      write('server/c.test.ts', "import { z } from 'zod';\nconst load = () => import('./test/engine.ts');\n");
      write(
        'server/d.test.ts',
        "import { readFileSync } from 'node:fs';\n// TEST_DATABASE_URL in a comment counts too\n",
      );
      write(
        'server/e.test.ts',
        "import { x } from '#common/nothing.ts';\nimport { y } from './test/missing';\n",
      );
      const files = ['a', 'b', 'c', 'd', 'e'].map((name) => join('server', `${name}.test.ts`));
      expect(engineTestFiles(files, dir)).toEqual(files.slice(0, 4));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
