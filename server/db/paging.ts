import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { badRequest } from '#server/errors.ts';

/** A column a list is ordered by, with the SQL type its cursor value is read back as. */
export interface SortKey {
  expr: Expression<unknown>;
  type: 'timestamptz' | 'uuid' | 'text' | 'integer' | 'bigint' | 'boolean';
}

/**
 * An order for keyset paging: the keys in order, the last one unique (the id), all in one
 * direction, so a page starts strictly after the previous page's last row by one row comparison
 * that an index on the same columns answers.
 */
export interface KeysetOrder {
  keys: readonly SortKey[];
  direction: 'asc' | 'desc';
}

type Position = (string | null)[];

/** A cursor is the last row's keys, as text at full precision (a JS Date would round timestamps). */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Reads a cursor back; anything that is not one of ours is a clear 400, never a database error. */
export function decodeCursor(cursor: string | undefined, order: KeysetOrder): Position | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === order.keys.length &&
      value.every((v, i) => isValidKey(v, order.keys[i]!.type))
    ) {
      return value as Position;
    }
  } catch {
    // fall through to the refusal
  }
  throw badRequest('This page link is no longer valid; start from the first page.', 'BAD_CURSOR');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isValidKey(value: unknown, type: SortKey['type']): boolean {
  if (typeof value !== 'string' || value.length > 1000 || value.includes('\0')) return false;
  switch (type) {
    case 'uuid':
      return UUID.test(value);
    case 'timestamptz': {
      // As PostgreSQL writes it: '2026-11-22 22:55:50.075123+00', with every field in its range.
      const m =
        /^\d{4}-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-](\d{2})(:?(\d{2}))?|Z)?$/.exec(
          value,
        );
      if (!m || value.startsWith('0000')) return false;
      const [month, day, hour, minute, second] = m.slice(1, 6).map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      return (
        month >= 1 &&
        month <= 12 &&
        day >= 1 &&
        day <= 31 &&
        hour <= 23 &&
        minute <= 59 &&
        second <= 59 &&
        Number(m[8] ?? 0) <= 15 &&
        Number(m[10] ?? 0) <= 59 &&
        // Day 31 of a 30-day month and the like: the date must read back as itself.
        !Number.isNaN(Date.parse(value.slice(0, 10))) &&
        new Date(`${value.slice(0, 10)}T00:00:00Z`).getUTCDate() === day
      );
    }
    case 'integer':
      return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2_147_483_647;
    case 'bigint':
      return /^-?\d{1,18}$/.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'text':
      return true;
  }
}

const keyAlias = (i: number) => `__key${i}`;

/**
 * One page of `query` in `order`, starting after `cursor`: at most `limit` rows and the cursor of
 * the next page (null on the last one). Generalised from the public gallery's keyset paging.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: O[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor, order);
  const keys = order.keys;
  let paged = query;
  if (after) {
    const op = order.direction === 'desc' ? '<' : '>';
    const left = sql.join(keys.map((k) => k.expr));
    const right = sql.join(keys.map((k, i) => sql`cast(${after[i]} as ${sql.raw(k.type)})`));
    paged = paged.where(sql<SqlBool>`(${left}) ${sql.raw(op)} (${right})`);
  }
  for (const key of keys) paged = paged.orderBy(key.expr, order.direction);
  const withKeys = paged
    .select(keys.map((k, i) => sql<string>`(${k.expr})::text`.as(keyAlias(i))) as never)
    .limit(limit + 1);
  const rows = (await withKeys.execute()) as (O & Record<string, string | null>)[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor(keys.map((_, i) => last[keyAlias(i)] ?? null)) : null;
  for (const row of page) for (let i = 0; i < keys.length; i++) delete row[keyAlias(i)];
  return { rows: page, nextCursor };
}

/** How many rows `query` matches, for 'Showing X of Y' (its selections and order are dropped). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) {
  const row = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('total') as never)
    .executeTakeFirst()) as { total: string | number } | undefined;
  return Number(row?.total ?? 0);
}

/** `text` as a LIKE/ILIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text` with LIKE's wildcards and escape character escaped (the default escape is \). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
