import {
  type DatePoint,
  type DateValue,
  isRealDay,
  parseEdtf,
  SEASONS,
  toEdtf,
  valueBounds,
} from './edtf-subset.ts';

/**
 * An item's original date read as an archivist writes it, in Faroese or English ("1952",
 * "14. juni 1952", "June 1952", "c. 1950", "um 1950", "1950s", "1950-árini", "summarið 1962",
 * "1940–1945", "before 1930", "1962?", or EDTF itself), kept as written beside its EDTF and its
 * first and last day. What cannot be read is refused with a reason, never guessed at.
 */

export interface UnderstoodDate {
  /** EDTF (edtf-subset.ts). */
  edtf: string;
  /** First and last day it can be (YYYY-MM-DD); `null` for an open end ("before 1930"). */
  earliest: string | null;
  latest: string | null;
}

export const DATE_PROBLEM = {
  /** Nothing we know how to read. */
  unreadable: 'DATE_UNREADABLE',
  /** A day that no calendar has (30 February). */
  noSuchDay: 'DATE_NO_SUCH_DAY',
  /** Later than today. */
  future: 'DATE_IN_FUTURE',
  /** A range whose end comes before its start. */
  backwards: 'DATE_RANGE_BACKWARDS',
} as const;
export type DateProblem = (typeof DATE_PROBLEM)[keyof typeof DATE_PROBLEM];

export type DateReading = { ok: true; date: UnderstoodDate } | { ok: false; problem: DateProblem };

/** Longer than any date anyone writes: what is longer is not read at all (a bound on the work). */
export const MAX_DATE_TEXT = 100;

const MONTHS: Record<string, number> = {};
const monthNames: [number, string[]][] = [
  [1, ['january', 'januar', 'jan']],
  [2, ['february', 'februar', 'feb']],
  [3, ['march', 'mars', 'mar']],
  [4, ['april', 'apríl', 'apr']],
  [5, ['may', 'mai']],
  [6, ['june', 'juni', 'jun']],
  [7, ['july', 'juli', 'jul']],
  [8, ['august', 'aug']],
  [9, ['september', 'sept', 'sep']],
  [10, ['october', 'oktober', 'oct', 'okt']],
  [11, ['november', 'nov']],
  [12, ['december', 'desember', 'dec', 'des']],
];
for (const [month, names] of monthNames) for (const name of names) MONTHS[name] = month;

const SEASON_WORDS: Record<string, number> = {
  spring: SEASONS.spring,
  várið: SEASONS.spring,
  vár: SEASONS.spring,
  summer: SEASONS.summer,
  summarið: SEASONS.summer,
  summar: SEASONS.summer,
  autumn: SEASONS.autumn,
  fall: SEASONS.autumn,
  heystið: SEASONS.autumn,
  heyst: SEASONS.autumn,
  winter: SEASONS.winter,
  veturin: SEASONS.winter,
  vetur: SEASONS.winter,
};

/** Words before a date that make it approximate (c. 1950, um 1950) or uncertain. */
const APPROXIMATE =
  /^(?:(?:circa|approximately|approx|about|around|umleið|uml|omkring|ca|c|um)\s+|(?:approx|uml|ca|c)\.\s*)/;
const UNCERTAIN = /^(?:possibly|probably|perhaps|møguliga|helst|kanska)\s+/;
const BEFORE = /^(?:before|áðrenn|áðren|undan)\s+/;
const AFTER = /^(?:after|eftir|aftaná)\s+/;
/** "1940–1945", "1940 - 1945", "1940 to 1945", "1940 til 1945" (the dash needs no spaces). */
const RANGE = /^(.+?)\s*(?:–|—|\s-\s|\sto\s|\still\s|\stil\s)\s*(.+)$/;
/** "between 1940 and 1945", "millum 1940 og 1945", "frá 1940 til 1945", "from 1940 to 1945". */
const BETWEEN =
  /^(?:between|millum)\s+(.+?)\s+(?:and|og)\s+(.+)$|^(?:from|frá)\s+(.+?)\s+(?:to|til|till)\s+(.+)$/;

export function readOriginalDate(written: string, today: Date = new Date()): DateReading {
  if (written.length > MAX_DATE_TEXT) return { ok: false, problem: DATE_PROBLEM.unreadable };
  const text = written.trim().toLowerCase().replace(/\s+/g, ' ');
  const value = parseEdtf(written.trim()) ?? readValue(text);
  if (value === 'no-such-day') return { ok: false, problem: DATE_PROBLEM.noSuchDay };
  if (!value) return { ok: false, problem: DATE_PROBLEM.unreadable };
  const bounds = valueBounds(value);
  const todayIso = today.toISOString().slice(0, 10);
  if ((bounds.earliest ?? bounds.latest ?? '') > todayIso) return { ok: false, problem: DATE_PROBLEM.future };
  if (bounds.earliest && bounds.latest && bounds.earliest > bounds.latest)
    return { ok: false, problem: DATE_PROBLEM.backwards };
  return { ok: true, date: { edtf: toEdtf(value), ...bounds } };
}

type Read<T> = T | null | 'no-such-day';

function readValue(text: string): Read<DateValue> {
  const before = BEFORE.exec(text);
  if (before) return interval(null, readPoint(text.slice(before[0].length)));
  const after = AFTER.exec(text);
  if (after) return interval(readPoint(text.slice(after[0].length)), null);
  const single = readPoint(text);
  if (single) return single === 'no-such-day' ? single : { kind: 'point', point: single };
  const between = BETWEEN.exec(text);
  const range = between
    ? [between[1] ?? between[3], between[2] ?? between[4]]
    : (RANGE.exec(text) ?? /^(\d{4})-(\d{2,4})$/.exec(text))?.slice(1);
  if (!range) return null;
  const [a = '', b = ''] = range;
  const from = readPoint(a);
  if (/^\d{2}$/.test(b)) {
    // "1940-45": the end's century is the start's, and the end is later ("1952-13" is no range).
    if (!from || from === 'no-such-day' || from.precision !== 'year') return null;
    const end = Number(`${String(from.year).slice(0, 2)}${b}`);
    return end > from.year ? interval(from, readPoint(String(end)), true) : null;
  }
  return interval(from, readPoint(b), true);
}

function interval(from: Read<DatePoint>, to: Read<DatePoint>, both = false): Read<DateValue> {
  if (from === 'no-such-day' || to === 'no-such-day') return 'no-such-day';
  if ((both || from !== null) && !from) return null;
  if ((both || to !== null) && !to) return null;
  if (!from && !to) return null;
  return { kind: 'interval', from, to };
}

function readPoint(raw: string): Read<DatePoint> {
  let text = raw.trim().replace(/^the\s+/, '');
  let uncertain = false;
  let approximate = false;
  if (text.endsWith('?')) {
    uncertain = true;
    text = text.slice(0, -1).trim();
  }
  const maybe = UNCERTAIN.exec(text);
  if (maybe) {
    uncertain = true;
    text = text.slice(maybe[0].length);
  }
  const about = APPROXIMATE.exec(text);
  if (about) {
    approximate = true;
    text = text.slice(about[0].length);
  }
  const point = readBare(text.trim());
  if (!point || point === 'no-such-day') return point;
  return { ...point, approximate, uncertain };
}

type Bare = Omit<DatePoint, 'approximate' | 'uncertain'>;

function readBare(text: string): Read<Bare> {
  let m = /^(\d{4})$/.exec(text);
  if (m) return { precision: 'year', year: Number(m[1]) };
  // 1950s, 1950's, 1950-árini, 1950 árini
  m = /^(\d{3})0(?:'?s|-?\s?árini|-?\s?árunum)$/.exec(text);
  if (m) return { precision: 'decade', year: Number(`${m[1]}0`) };
  // 19th century, 19. øld, 19. øldin
  m = /^(\d{1,2})(?:st|nd|rd|th)\s+century$/.exec(text) ?? /^(\d{1,2})\.\s*øld(?:in)?$/.exec(text);
  if (m) return { precision: 'century', year: (Number(m[1]) - 1) * 100 };
  // summer 1962, summarið 1962, summer of 1962
  m = /^([a-zæøåáíóúýð]+)\s+(?:of\s+|í\s+)?(\d{4})$/.exec(text);
  if (m && SEASON_WORDS[m[1]!])
    return { precision: 'season', year: Number(m[2]), month: SEASON_WORDS[m[1]!] };
  // June 1952, juni 1952, jun. 1952
  m = /^([a-zæøåáíóúýð]+)\.?\s+(\d{4})$/.exec(text);
  if (m && MONTHS[m[1]!]) return { precision: 'month', year: Number(m[2]), month: MONTHS[m[1]!] };
  // 1952-06, 6/1952, 06.1952
  m = /^(\d{4})-(\d{2})$/.exec(text);
  if (m) return month(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})[./](\d{4})$/.exec(text);
  if (m) return month(Number(m[2]), Number(m[1]));
  // 14 June 1952, 14. juni 1952, June 14, 1952
  m = /^(\d{1,2})\.?\s+([a-zæøåáíóúýð]+)\.?\s+(\d{4})$/.exec(text);
  if (m && MONTHS[m[2]!]) return day(Number(m[3]), MONTHS[m[2]!]!, Number(m[1]));
  m = /^([a-zæøåáíóúýð]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (m && MONTHS[m[1]!]) return day(Number(m[3]), MONTHS[m[1]!]!, Number(m[2]));
  // 1952-06-14; 14.6.1952, 14/6/1952, 14-6-1952 (day first, as in the Faroes and most of Europe)
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (m) return day(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

function month(year: number, month: number): Read<Bare> {
  return month >= 1 && month <= 12 ? { precision: 'month', year, month } : null;
}

function day(year: number, month: number, day: number): Read<Bare> {
  if (month < 1 || month > 12) return null;
  return isRealDay(year, month, day) ? { precision: 'day', year, month, day } : 'no-such-day';
}
