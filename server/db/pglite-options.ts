/**
 * PGlite's Postgres settings for the server (issue 13 part 4), passed to `PGlite.create` as start
 * parameters by its thread (pglite-worker.mjs: they win over postgresql.conf in the data directory;
 * PGlite 0.4.6 starts Postgres in single-user mode with `PGlite.defaultStartParams` and lets
 * `startParams` replace them, so ours are appended to its defaults).
 *
 * Where PGlite's memory goes: Postgres runs inside one WebAssembly memory that grows and never
 * shrinks. At start Postgres allocates its shared memory there and PGlite's allocator zeroes it,
 * so all of `shared_buffers` is resident from the first second (the default 128 MB is ~110 MB of
 * the server's RSS on its own). Sorts and hashes take up to `work_mem` each, index builds and
 * VACUUM (migrations) `maintenance_work_mem`: once touched, that memory stays. Beside it, V8's
 * compiled code for Postgres (~10 MB of WebAssembly: a quick first tier, then optimized code for
 * the hot functions, ~50 MB together) and PGlite's files in JavaScript buffers (~10 MB).
 *
 * A smaller buffer pool costs CPU, not correctness: a page not in it is read from the data
 * directory through the operating system's page cache (a system call and a copy).
 */
import { ConfigError } from '../config.ts';

/**
 * 32 MB of buffers: measured with 100,000 items, searches and gallery pages cost ~1.35× the CPU
 * they cost with Postgres's 128 MB, and 16 MB ~1.7×, for 16 MB less; PGLITE_SHARED_BUFFERS (e.g.
 * `128MB`) trades memory back for speed.
 */
export function pgliteSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    shared_buffers: sharedBuffers(env.PGLITE_SHARED_BUFFERS),
    work_mem: '4MB',
    maintenance_work_mem: '16MB',
    temp_buffers: '2MB',
  };
}

function sharedBuffers(value: string | undefined): string {
  if (value === undefined || value === '') return '32MB';
  if (!/^\d+(kB|MB|GB)$/.test(value)) {
    throw new ConfigError(
      `Invalid configuration: PGLITE_SHARED_BUFFERS must be a size such as 32MB or 1GB, not "${value}"`,
    );
  }
  return value;
}
