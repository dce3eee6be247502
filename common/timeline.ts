/**
 * The timeline's periods (issue 28 §2) as the URL, the API and the database name them: a decade
 * "1950s" or a year "1952". Zod- and parser-free, so the home page's first load can import it.
 * An item is in a period when its whole earliest..latest span lies inside it (the same rule as
 * timeline_periods() in migration 0033).
 */

/**
 * With a text search the counts are made over at most this many matches (`complete: false` past it,
 * and the timeline says so). A common word's matches are found by reading the items one by one (no
 * index finds the matches of any substring with their dates): 10,000 of them cost 250–440 ms on
 * PostgreSQL at 100,000 items, the whole table read, for a search's first page (issue 31 §2); 1,000
 * about a tenth of it.
 */
export const TIMELINE_SEARCH_LIMIT = 1_000;

export interface Period {
  kind: 'decade' | 'year';
  /** As written in the URL: "1950s" or "1952". */
  name: string;
  /** First and last year inside it. */
  from: number;
  to: number;
}

/** A decade ("10s" to "9990s") or a year ("1" to "9999") as the URL names it. */
export const PERIOD_NAME = /^(?:[1-9]\d{0,2}0s|[1-9]\d{0,3})$/;

/** A period named as the URL names it, or null for anything else. */
export function readPeriod(text: string | null | undefined): Period | null {
  if (!text || !PERIOD_NAME.test(text)) return null;
  const year = Number.parseInt(text, 10);
  return text.endsWith('s')
    ? { kind: 'decade', name: text, from: year, to: year + 9 }
    : { kind: 'year', name: text, from: year, to: year };
}

export const isPeriod = (text: string | null | undefined): boolean => readPeriod(text) !== null;

/** The decade a period is in ("1952" → "1950s"). */
export function decadeOf(period: Period): string {
  return `${period.from - (period.from % 10)}s`;
}

const day = (year: number, rest: string) => `${String(year).padStart(4, '0')}-${rest}`;

/** The period's first and last day as ISO dates, for comparing with an item's span. */
export function periodDays(period: Period): { first: string; last: string } {
  return { first: day(period.from, '01-01'), last: day(period.to, '12-31') };
}

/** The decade a span of years lies wholly inside ("1950s"), or null (none, or across two). */
export function decadeOfSpan(earliestYear: number | null, latestYear: number | null): string | null {
  if (earliestYear === null || latestYear === null || earliestYear < 1) return null;
  const decade = earliestYear - (earliestYear % 10);
  return latestYear - (latestYear % 10) === decade ? `${decade}s` : null;
}
