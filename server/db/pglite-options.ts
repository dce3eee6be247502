/**
 * PGlite's Postgres settings for the server (issue 13 part 4), passed to `PGlite.create` as start
 * parameters (they win over postgresql.conf in the data directory; PGlite 0.4.6 starts Postgres in
 * single-user mode with `PGlite.defaultStartParams` and lets `startParams` replace them, so ours
 * are appended to its defaults).
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
import { PGlite } from '@electric-sql/pglite';

export const PGLITE_SETTINGS = {
  shared_buffers: process.env.PGLITE_SHARED_BUFFERS ?? '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
} as const;

/** Options for `PGlite.create`: its default start parameters plus PGLITE_SETTINGS. */
export function pgliteOptions(): { startParams: string[] } {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  };
}
