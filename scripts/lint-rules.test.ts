import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of DESIGN.md §5 are enforced by `npm run lint` (biome.json and
 * lint/sql-in-repositories.grit). Each case lints a small file placed where the rule looks, in a
 * copy of the project's lint configuration, and expects the breach to be found (and the allowed
 * places to pass).
 */
const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  cpSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  cpSync(join(root, 'lint'), join(dir, 'lint'), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(path: string, source: string) {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const result = spawnSync(biome, ['lint', '--error-on-warnings', '--max-diagnostics=50', path], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
}

const kyselyImport = "import { sql } from 'kysely';\nexport const one = sql`select 1`;\n";
const queryCall =
  "export function count(db: { selectFrom(t: string): unknown }) {\n  return db.selectFrom('media_items');\n}\n";

describe('npm run lint keeps the layers apart', () => {
  it('refuses Kysely imported in a service, a route or a script', () => {
    for (const path of [
      'server/features/media/media.service.ts',
      'server/features/media/media.routes.ts',
      'scripts/demo/seed.ts',
    ]) {
      const result = lint(path, kyselyImport);
      expect(result.failed, path).toBe(true);
      expect(result.output).toContain('noRestrictedImports');
    }
  });

  it('refuses a query built outside a repository', () => {
    const result = lint('server/features/media/media.service.ts', queryCall);
    expect(result.failed).toBe(true);
    expect(result.output).toContain('SQL belongs in a *.repository.ts');
  });

  it('lets repositories and server/db use Kysely and build queries', () => {
    expect(lint('server/features/media/media.repository.ts', kyselyImport + queryCall).failed).toBe(false);
    expect(lint('server/db/paging.ts', kyselyImport + queryCall).failed).toBe(false);
  });

  it('refuses web/ importing server/, and common/ importing either', () => {
    const web = lint(
      'web/features/gallery/lib/x.ts',
      "import { buildApp } from '#server/app.ts';\nexport const a = buildApp;\n",
    );
    expect(web.failed).toBe(true);
    expect(web.output).toContain('The web never imports server code');
    const common = lint(
      'common/x.ts',
      "import { ApiRequestError } from '#web/lib/api-fetch.ts';\nexport const a = ApiRequestError;\n",
    );
    expect(common.failed).toBe(true);
    expect(
      lint(
        'web/features/gallery/lib/y.ts',
        "import { can } from '#common/permissions.ts';\nexport const b = can;\n",
      ).failed,
    ).toBe(false);
  });

  const importing = (spec: string) => `import * as m from '${spec}';\nexport const a = m;\n`;

  it('refuses a feature in server/http/ (features register with http)', () => {
    for (const spec of [
      '#server/features/users/users.service.ts',
      '#server/features/users/users.public.ts',
      '../features/uploads/resumable-uploads.ts',
    ]) {
      const result = lint('server/http/session.ts', importing(spec));
      expect(result.failed, spec).toBe(true);
      expect(result.output).toContain('server/http/ imports no feature');
    }
    expect(lint('server/http/session.ts', importing('../auth/actor.ts')).failed).toBe(false);
    expect(lint('server/http/session.ts', importing('../errors.ts')).failed).toBe(false);
  });

  it('refuses an import cycle, and the project has none', () => {
    lint('server/auth/cycle-a.ts', "import { b } from '../http/cycle-b.ts';\nexport const a = () => b;\n");
    const cycle = lint(
      'server/http/cycle-b.ts',
      "import { a } from '../auth/cycle-a.ts';\nexport const b = () => a;\n",
    );
    expect(cycle.failed).toBe(true);
    expect(cycle.output).toContain('noImportCycles');
    // The circle auth.ts → http/session.ts → http/context.ts → auth.ts is cut (toActor in auth/actor.ts).
    const project = spawnSync(
      biome,
      ['lint', '--only=suspicious/noImportCycles', 'server/auth', 'server/http', 'server/app.ts'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(`${project.stdout}${project.stderr}`).not.toContain('noImportCycles');
    expect(project.status).toBe(0);
  });

  it('refuses #web/ on the server outside server/web/', () => {
    for (const [path, spec] of [
      ['server/features/media/media.service.ts', '#web/lib/api-fetch.ts'],
      ['server/app.ts', '#web/entry-server.tsx'],
      ['server/http/answer-cache.ts', '../../web/lib/boot-data.ts'],
      ['server/media/ingest/x.ts', '../../../web/app/router.tsx'],
    ] as const) {
      const result = lint(path, importing(spec));
      expect(result.failed, `${path} ${spec}`).toBe(true);
      expect(result.output).toContain('Only server/web/ imports the web app');
    }
    expect(lint('server/web/render-pool.ts', importing('#web/entry-server.tsx')).failed).toBe(false);
    expect(lint('server/app.ts', importing('./web/web-app.ts')).failed).toBe(false);
    expect(lint('server/http/answer-cache.ts', importing('../web/boot-data.ts')).failed).toBe(false);
  });

  it("refuses another feature's repository or private files: only its services and <feature>.public.ts", () => {
    for (const [path, spec] of [
      ['server/features/files/files.service.ts', '../media/media.repository.ts'],
      ['server/features/files/files.service.ts', '#server/features/media/media.repository.ts'],
      ['server/features/media/media.routes.ts', '../uploads/upload-owner.ts'],
      ['server/features/media/media.repository.ts', '../gallery/gallery.repository.ts'],
      ['server/web/web-app.ts', '../features/slideshows/slideshows.repository.ts'],
      ['server/auth/auth.ts', '#server/features/users/users.repository.ts'],
      ['server/main.ts', './features/users/users.repository.ts'],
      ['server/app.ts', './features/users/users.repository.ts'],
      ['scripts/admin-create.ts', '#server/features/users/users.repository.ts'],
      ['scripts/demo/demo.repository.ts', '#server/features/documents/documents.repository.ts'],
    ] as const) {
      const result = lint(path, importing(spec));
      expect(result.failed, `${path} ${spec}`).toBe(true);
      expect(result.output).toContain('Another feature is reached through its *.service.ts');
    }
    for (const [path, spec] of [
      ['server/features/files/files.service.ts', '../media/media.service.ts'],
      ['server/features/files/files.service.ts', '../media/media.public.ts'],
      ['server/features/files/files.service.ts', './files.repository.ts'],
      ['server/features/files/files.service.ts', '../../db/paging.ts'],
      ['server/features/media/media.repository.ts', '../gallery/gallery.public.ts'],
      ['server/auth/auth.ts', '#server/features/users/users.public.ts'],
      ['server/app.ts', './features/media/media.routes.ts'],
      ['scripts/demo/seed.ts', '#server/features/media/media.service.ts'],
    ] as const) {
      expect(lint(path, importing(spec)).failed, `${path} ${spec}`).toBe(false);
    }
  });

  it("refuses a web feature reaching into another's files: only its index.ts", () => {
    for (const spec of [
      '#web/features/uploads/components/file-drop-area.tsx',
      '../../uploads/api/upload-file.ts',
      '../../uploads/index.ts',
    ]) {
      const result = lint('web/features/media/routes/admin-upload-page.tsx', importing(spec));
      expect(result.failed, spec).toBe(true);
      expect(result.output).toContain('Another web feature is reached only through its public entry');
    }
    for (const spec of [
      '#web/features/uploads/index.ts',
      '../api/get-media.ts',
      '../../../components/button.tsx',
      '#web/lib/api-fetch.ts',
    ]) {
      expect(lint('web/features/media/routes/admin-upload-page.tsx', importing(spec)).failed, spec).toBe(
        false,
      );
    }
  });
});
