import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPgliteInMemory } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { POSTGRES_TEMPLATE, testEngine } from './engine.ts';

/**
 * Migrates one template database per run; every test file then gets its own copy (PGlite: a
 * dumped data directory loaded into memory; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (testEngine() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    await sql.raw(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`).execute(admin);
    await sql.raw(`create database ${POSTGRES_TEMPLATE}`).execute(admin);
    await admin.destroy();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${POSTGRES_TEMPLATE}`;
    const template = new Kysely({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }),
      }),
    });
    await migrateToLatest(template);
    await template.destroy();
    return;
  }
  const handle = await openPgliteInMemory();
  await migrateToLatest(handle.db);
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const dir = resolve('.test-data');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(file, { force: true });
    // The template loaded into a folder (migrated-pglite.ts), when a test made it.
    rmSync(`${file}.d`, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
