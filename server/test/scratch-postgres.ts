import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchPostgres {
  name: string;
  /** Its URL on the server of `TEST_DATABASE_URL`. */
  url: string;
  /** Drops it. `force` ends connections still open (a killed server's); without it, waits for them. */
  drop(options?: { force?: boolean }): Promise<void>;
}

/**
 * A database of its own for one test on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL by
 * default): empty, or a copy of `template` (the migrated template of server/test/global-setup.ts).
 * Named `<prefix>_<random>`, or exactly `name` (dropped first if a run left it behind).
 */
export async function scratchPostgres(
  options: { prefix?: string; name?: string; template?: string; serverUrl?: string } = {},
): Promise<ScratchPostgres> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('a scratch PostgreSQL database needs TEST_DATABASE_URL');
  const name = options.name ?? `${options.prefix ?? 'archive_scratch'}_${randomBytes(6).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (options.name) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop({ force = false } = {}) {
      try {
        if (force) await admin.query(`drop database if exists ${name} with (force)`);
        else {
          // The pool closing has ended its connections, but the server may not have seen them go
          // yet: a plain drop (not FORCE, which could kill one mid-close) is tried again briefly.
          for (let attempt = 0; ; attempt++) {
            try {
              await admin.query(`drop database if exists ${name}`);
              break;
            } catch (error) {
              if (attempt >= 20) throw error;
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        }
      } finally {
        await admin.end();
      }
    },
  };
}
