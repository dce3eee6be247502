import { type DatePoint, parseEdtf } from './edtf-subset.ts';

/**
 * An EDTF date said back in Faroese or English: "umleið 1950" / "c. 1950", "1950-árini" /
 * "1950s", "summarið 1962" / "summer 1962", "14. juni 1952" / "14 June 1952", "1940–1945",
 * "áðrenn 1930" / "before 1930". EDTF outside the archive's subset is shown as it is.
 */

export type DateLanguage = 'fo' | 'en';

const MONTH_NAMES: Record<DateLanguage, readonly string[]> = {
  fo: [
    'januar',
    'februar',
    'mars',
    'apríl',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

const SEASON_NAMES: Record<DateLanguage, Record<number, string>> = {
  fo: { 21: 'várið', 22: 'summarið', 23: 'heystið', 24: 'veturin' },
  en: { 21: 'spring', 22: 'summer', 23: 'autumn', 24: 'winter' },
};

const WORDS = {
  fo: { about: 'umleið', before: 'áðrenn', after: 'eftir' },
  en: { about: 'c.', before: 'before', after: 'after' },
} as const;

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

function bare(point: DatePoint, lang: DateLanguage): string {
  const { year } = point;
  switch (point.precision) {
    case 'century':
      return lang === 'fo' ? `${year / 100 + 1}. øld` : `${ordinal(year / 100 + 1)} century`;
    case 'decade':
      return lang === 'fo' ? `${year}-árini` : `${year}s`;
    case 'year':
      return String(year);
    case 'season':
      return `${SEASON_NAMES[lang][point.month ?? 0]} ${year}`;
    case 'month':
      return `${MONTH_NAMES[lang][(point.month ?? 1) - 1]} ${year}`;
    case 'day': {
      const month = MONTH_NAMES[lang][(point.month ?? 1) - 1];
      return lang === 'fo' ? `${point.day}. ${month} ${year}` : `${point.day} ${month} ${year}`;
    }
  }
}

export function describePoint(point: DatePoint, lang: DateLanguage): string {
  const text = bare(point, lang);
  const about = point.approximate ? `${WORDS[lang].about} ${text}` : text;
  return point.uncertain ? `${about}?` : about;
}

export function describeDate(edtf: string, lang: DateLanguage): string {
  const value = parseEdtf(edtf);
  if (!value) return edtf;
  if (value.kind === 'point') return describePoint(value.point, lang);
  const { from, to } = value;
  const span = from && to && qualifiedSpan(from, to);
  if (span) return describePoint(span, lang);
  if (from && to) return `${describePoint(from, lang)}–${describePoint(to, lang)}`;
  if (to) return `${WORDS[lang].before} ${describePoint(to, lang)}`;
  return `${WORDS[lang].after} ${describePoint(from as DatePoint, lang)}`;
}

/** `1950~/1959~` is how "c. 1950s" is written (edtf-subset.ts `pointToEdtf`): the decade back. */
function qualifiedSpan(from: DatePoint, to: DatePoint): DatePoint | null {
  if (from.precision !== 'year' || to.precision !== 'year') return null;
  if (from.approximate !== to.approximate || from.uncertain !== to.uncertain) return null;
  if (!from.approximate && !from.uncertain) return null;
  const length = to.year - from.year;
  if (length === 9 && from.year % 10 === 0) return { ...from, precision: 'decade' };
  if (length === 99 && from.year % 100 === 0) return { ...from, precision: 'century' };
  return null;
}
