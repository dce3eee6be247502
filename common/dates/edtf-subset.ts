/**
 * The part of EDTF (ISO 8601-2; https://www.loc.gov/standards/datetime/) the archive writes and
 * reads: a day, month, year, season (21–24), decade (`195X`), century (`18XX`), each possibly
 * approximate (`~`), uncertain (`?`) or both (`%`), and intervals of two of them with an open end
 * allowed (`../1930`, `1930/..`). What an archivist writes (`read-date.ts`) becomes one of these;
 * `describe-date.ts` says it back. Every string made here is valid EDTF: `read-date.test.ts` has
 * the npm `edtf` library parse each one and agree on its first and last day.
 */

export type Precision = 'century' | 'decade' | 'year' | 'season' | 'month' | 'day';

export interface DatePoint {
  precision: Precision;
  /** The full year; for a decade its first year (1950), for a century its first (1800). */
  year: number;
  /** 1–12, or for a season 21 (spring) … 24 (winter). */
  month?: number;
  day?: number;
  approximate: boolean;
  uncertain: boolean;
}

export type DateValue =
  | { kind: 'point'; point: DatePoint }
  /** `null` is an open end: "before 1930" is `{ from: null, to: 1930 }`. */
  | { kind: 'interval'; from: DatePoint | null; to: DatePoint | null };

export const SEASONS = { spring: 21, summer: 22, autumn: 23, winter: 24 } as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function qualifier(point: DatePoint): string {
  if (point.approximate && point.uncertain) return '%';
  if (point.approximate) return '~';
  return point.uncertain ? '?' : '';
}

/**
 * A point as EDTF. EDTF cannot qualify a date with unspecified digits (`195X~` is refused), so
 * "c. 1950s" is written as the interval of its first and last year, both qualified
 * (`1950~/1959~`), which `describe-date.ts` says back as "c. 1950s".
 */
export function pointToEdtf(point: DatePoint): string {
  if (!isQualifiedSpan(point)) return plainPointToEdtf(point);
  return `${endToEdtf(point, 'from')}/${endToEdtf(point, 'to')}`;
}

/** A decade or century written approximate or uncertain. */
function isQualifiedSpan(point: DatePoint): boolean {
  return (point.precision === 'decade' || point.precision === 'century') && qualifier(point) !== '';
}

/**
 * One end of an interval: a decade or century gives its first or last year (EDTF has no interval
 * with an end of unspecified digits: `193X/1949` is refused).
 */
function endToEdtf(point: DatePoint, side: 'from' | 'to'): string {
  if (point.precision !== 'decade' && point.precision !== 'century') return plainPointToEdtf(point);
  const last = point.year + (point.precision === 'decade' ? 9 : 99);
  return plainPointToEdtf({ ...point, precision: 'year', year: side === 'from' ? point.year : last });
}

function plainPointToEdtf(point: DatePoint): string {
  const year = pad(point.year, 4);
  const body = {
    century: `${year.slice(0, 2)}XX`,
    decade: `${year.slice(0, 3)}X`,
    year,
    season: `${year}-${point.month}`,
    month: `${year}-${pad(point.month ?? 1, 2)}`,
    day: `${year}-${pad(point.month ?? 1, 2)}-${pad(point.day ?? 1, 2)}`,
  }[point.precision];
  return body + qualifier(point);
}

export function toEdtf(value: DateValue): string {
  if (value.kind === 'point') return pointToEdtf(value.point);
  return `${value.from ? endToEdtf(value.from, 'from') : '..'}/${value.to ? endToEdtf(value.to, 'to') : '..'}`;
}

const POINT = /^(\d{2})(?:(XX)|(\d)(?:(X)|(\d)(?:-(\d{2})(?:-(\d{2}))?)?))([?~%]?)$/;

/** One EDTF point of the subset, or null when it is not one (or names no real day). */
export function parseEdtfPoint(text: string): DatePoint | null {
  const m = POINT.exec(text);
  if (!m) return null;
  const [, cc, xx, d3, x, d4, mm, dd, q] = m;
  const flags = { approximate: q === '~' || q === '%', uncertain: q === '?' || q === '%' };
  if (xx) return { precision: 'century', year: Number(`${cc}00`), ...flags };
  if (x) return { precision: 'decade', year: Number(`${cc}${d3}0`), ...flags };
  const year = Number(`${cc}${d3}${d4}`);
  if (mm === undefined) return { precision: 'year', year, ...flags };
  const month = Number(mm);
  if (dd === undefined) {
    if (month >= 21 && month <= 24) return { precision: 'season', year, month, ...flags };
    return month >= 1 && month <= 12 ? { precision: 'month', year, month, ...flags } : null;
  }
  const day = Number(dd);
  return isRealDay(year, month, day) ? { precision: 'day', year, month, day, ...flags } : null;
}

/** A value of the subset, or null. */
export function parseEdtf(text: string): DateValue | null {
  const trimmed = text.trim();
  const parts = trimmed.split('/');
  if (parts.length === 1) {
    const point = parseEdtfPoint(trimmed);
    return point && { kind: 'point', point };
  }
  if (parts.length !== 2) return null;
  const [a = '', b = ''] = parts;
  const open = (s: string) => s === '..' || s === '';
  if (open(a) && open(b)) return null;
  const from = open(a) ? null : parseEdtfPoint(a);
  const to = open(b) ? null : parseEdtfPoint(b);
  if ((!open(a) && !from) || (!open(b) && !to)) return null;
  return { kind: 'interval', from, to };
}

export function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const iso = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/**
 * The first and last day a point can be (YYYY-MM-DD). Seasons are the meteorological ones of the
 * northern hemisphere (summer June–August, winter December to the next February), which is what a
 * Faroese "summarið 1962" means; approximate and uncertain dates keep the bounds of what was
 * written (as the `edtf` library does), so "c. 1950" belongs to 1950.
 */
export function pointBounds(point: DatePoint): { earliest: string; latest: string } {
  const { year } = point;
  switch (point.precision) {
    case 'century':
      return { earliest: iso(year, 1, 1), latest: iso(year + 99, 12, 31) };
    case 'decade':
      return { earliest: iso(year, 1, 1), latest: iso(year + 9, 12, 31) };
    case 'year':
      return { earliest: iso(year, 1, 1), latest: iso(year, 12, 31) };
    case 'season': {
      const first = { 21: 3, 22: 6, 23: 9, 24: 12 }[point.month as 21 | 22 | 23 | 24];
      const lastMonth = first + 2;
      const lastYear = year + (lastMonth > 12 ? 1 : 0);
      const month = ((lastMonth - 1) % 12) + 1;
      return { earliest: iso(year, first, 1), latest: iso(lastYear, month, daysInMonth(lastYear, month)) };
    }
    case 'month': {
      const month = point.month ?? 1;
      return { earliest: iso(year, month, 1), latest: iso(year, month, daysInMonth(year, month)) };
    }
    case 'day': {
      const day = iso(year, point.month ?? 1, point.day ?? 1);
      return { earliest: day, latest: day };
    }
  }
}

/** First and last day of a value; `null` for an open end. */
export function valueBounds(value: DateValue): { earliest: string | null; latest: string | null } {
  if (value.kind === 'point') return pointBounds(value.point);
  return {
    earliest: value.from ? pointBounds(value.from).earliest : null,
    latest: value.to ? pointBounds(value.to).latest : null,
  };
}
