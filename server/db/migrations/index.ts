import type { Migration } from 'kysely';
import * as initial from './20261122_0001_initial.ts';

/** Every migration, in order. Listed statically so the server needs no directory scan. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_initial': initial,
};
