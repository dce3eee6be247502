import edtf from 'edtf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDate, describePoint } from './describe-date.ts';
import { parseEdtf, toEdtf } from './edtf-subset.ts';
import { DATE_PROBLEM, MAX_DATE_TEXT, readOriginalDate } from './read-date.ts';

const TODAY = new Date('2026-11-25T12:00:00Z');
const read = (text: string) => readOriginalDate(text, TODAY);

/** What an archivist writes → EDTF, first day, last day, said back in Faroese and in English. */
const CASES: [string, string, string | null, string | null, string, string][] = [
  ['1952', '1952', '1952-01-01', '1952-12-31', '1952', '1952'],
  ['1952-06-14', '1952-06-14', '1952-06-14', '1952-06-14', '14. juni 1952', '14 June 1952'],
  ['14. juni 1952', '1952-06-14', '1952-06-14', '1952-06-14', '14. juni 1952', '14 June 1952'],
  ['14 June 1952', '1952-06-14', '1952-06-14', '1952-06-14', '14. juni 1952', '14 June 1952'],
  ['June 14, 1952', '1952-06-14', '1952-06-14', '1952-06-14', '14. juni 1952', '14 June 1952'],
  ['14.6.1952', '1952-06-14', '1952-06-14', '1952-06-14', '14. juni 1952', '14 June 1952'],
  ['29.2.1952', '1952-02-29', '1952-02-29', '1952-02-29', '29. februar 1952', '29 February 1952'],
  ['June 1952', '1952-06', '1952-06-01', '1952-06-30', 'juni 1952', 'June 1952'],
  ['juni 1952', '1952-06', '1952-06-01', '1952-06-30', 'juni 1952', 'June 1952'],
  ['Feb. 1953', '1953-02', '1953-02-01', '1953-02-28', 'februar 1953', 'February 1953'],
  ['6/1952', '1952-06', '1952-06-01', '1952-06-30', 'juni 1952', 'June 1952'],
  ['c. 1950', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['ca. 1950', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['circa 1950', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['about 1950', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['um 1950', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['Umleið 1950', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['1950s', '195X', '1950-01-01', '1959-12-31', '1950-árini', '1950s'],
  ["the 1950's", '195X', '1950-01-01', '1959-12-31', '1950-árini', '1950s'],
  ['1950-árini', '195X', '1950-01-01', '1959-12-31', '1950-árini', '1950s'],
  ['19th century', '18XX', '1800-01-01', '1899-12-31', '19. øld', '19th century'],
  ['19. øld', '18XX', '1800-01-01', '1899-12-31', '19. øld', '19th century'],
  ['spring 1962', '1962-21', '1962-03-01', '1962-05-31', 'várið 1962', 'spring 1962'],
  ['summer 1962', '1962-22', '1962-06-01', '1962-08-31', 'summarið 1962', 'summer 1962'],
  ['summarið 1962', '1962-22', '1962-06-01', '1962-08-31', 'summarið 1962', 'summer 1962'],
  ['heystið 1962', '1962-23', '1962-09-01', '1962-11-30', 'heystið 1962', 'autumn 1962'],
  ['veturin 1963', '1963-24', '1963-12-01', '1964-02-29', 'veturin 1963', 'winter 1963'],
  ['1940–1945', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  ['1940-1945', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  ['1940-45', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  ['1940 to 1945', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  ['frá 1940 til 1945', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  ['millum 1940 og 1945', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  ['between 1940 and 1945', '1940/1945', '1940-01-01', '1945-12-31', '1940–1945', '1940–1945'],
  [
    'June 1940 – c. 1945',
    '1940-06/1945~',
    '1940-06-01',
    '1945-12-31',
    'juni 1940–umleið 1945',
    'June 1940–c. 1945',
  ],
  ['before 1930', '../1930', null, '1930-12-31', 'áðrenn 1930', 'before 1930'],
  ['áðrenn 1930', '../1930', null, '1930-12-31', 'áðrenn 1930', 'before 1930'],
  ['after 1930', '1930/..', '1930-01-01', null, 'eftir 1930', 'after 1930'],
  ['1962?', '1962?', '1962-01-01', '1962-12-31', '1962?', '1962?'],
  ['møguliga 1962', '1962?', '1962-01-01', '1962-12-31', '1962?', '1962?'],
  ['c. 1950?', '1950%', '1950-01-01', '1950-12-31', 'umleið 1950?', 'c. 1950?'],
  ['c. 1950s', '1950~/1959~', '1950-01-01', '1959-12-31', 'umleið 1950-árini', 'c. 1950s'],
  ['1950-árini?', '1950?/1959?', '1950-01-01', '1959-12-31', '1950-árini?', '1950s?'],
  ['1930s–c. 1940s', '1930/1949~', '1930-01-01', '1949-12-31', '1930–umleið 1949', '1930–c. 1949'],
  // EDTF itself, as an archivist who knows it writes it.
  ['1950~', '1950~', '1950-01-01', '1950-12-31', 'umleið 1950', 'c. 1950'],
  ['195X', '195X', '1950-01-01', '1959-12-31', '1950-árini', '1950s'],
  ['../1930', '../1930', null, '1930-12-31', 'áðrenn 1930', 'before 1930'],
];

describe('reading an original date as it is written', () => {
  it.each(CASES)('%s → %s', (written, expected, earliest, latest, fo, en) => {
    expect(read(written)).toEqual({ ok: true, date: { edtf: expected, earliest, latest } });
    expect(describeDate(expected, 'fo')).toBe(fo);
    expect(describeDate(expected, 'en')).toBe(en);
  });

  it('refuses what it cannot read, never guessing a year', () => {
    for (const text of [
      '',
      'kvøldið',
      'long ago',
      '52',
      '19522',
      '1952-13',
      'juni',
      'sometime in 1950s',
      '1940–',
      '–1945',
    ])
      expect(read(text), text).toEqual({ ok: false, problem: DATE_PROBLEM.unreadable });
  });

  it('refuses a day no calendar has, a date after today and a range that ends before it starts', () => {
    expect(read('30.2.1952')).toEqual({ ok: false, problem: DATE_PROBLEM.noSuchDay });
    expect(read('1951-02-29')).toEqual({ ok: false, problem: DATE_PROBLEM.noSuchDay });
    expect(read('31 April 1952')).toEqual({ ok: false, problem: DATE_PROBLEM.noSuchDay });
    expect(read('2027')).toEqual({ ok: false, problem: DATE_PROBLEM.future });
    expect(read('26.11.2026')).toEqual({ ok: false, problem: DATE_PROBLEM.future });
    expect(read('after 2030')).toEqual({ ok: false, problem: DATE_PROBLEM.future });
    expect(read('25.11.2026').ok).toBe(true);
    expect(read('2020s').ok).toBe(true);
    expect(read('1945–1940')).toEqual({ ok: false, problem: DATE_PROBLEM.backwards });
  });

  it(`reads nothing longer than ${MAX_DATE_TEXT} characters`, () => {
    expect(read(`1952${' '.repeat(MAX_DATE_TEXT - 4)}`).ok).toBe(true);
    expect(read(`1952${' '.repeat(MAX_DATE_TEXT - 3)}`)).toEqual({
      ok: false,
      problem: DATE_PROBLEM.unreadable,
    });
    // What is within the bound reads in linear time, even built to make a regex backtrack.
    expect(read(`${'1 '.repeat(MAX_DATE_TEXT / 2 - 1)}x`).ok).toBe(false);
  });
});

describe('the EDTF it writes, read by the edtf library (not ours)', () => {
  const written = CASES.map(([, expected]) => expected);

  it.each(written)('%s is valid EDTF, and the library finds the same first and last day', (text) => {
    const ours = parseEdtf(text);
    expect(ours).not.toBeNull();
    expect(toEdtf(ours!)).toBe(text);
    const theirs = edtf(text);
    expect(theirs.edtf).toBe(text);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const understood = read(text);
    if (!understood.ok) throw new Error(`${text} was not read back`);
    const { earliest, latest } = understood.date;
    // Seasons: the library takes quarters (summer April–June); ours are the meteorological ones.
    if (/-2[1-4]/.test(text)) return;
    if (earliest) expect(day(theirs.min)).toBe(earliest);
    if (latest) expect(day(theirs.max)).toBe(latest);
  });
});

describe('any date of the subset', () => {
  const flags = { approximate: fc.boolean(), uncertain: fc.boolean() };
  const point = fc.oneof(
    fc.record({
      precision: fc.constant('year' as const),
      year: fc.integer({ min: 1000, max: 2025 }),
      ...flags,
    }),
    fc.record({
      precision: fc.constantFrom('decade' as const, 'century' as const),
      year: fc.integer({ min: 100, max: 202 }).map((n) => n * 10),
      ...flags,
    }),
    fc.record({
      precision: fc.constant('month' as const),
      year: fc.integer({ min: 1000, max: 2025 }),
      month: fc.integer({ min: 1, max: 12 }),
      ...flags,
    }),
    fc.date({ min: new Date('1000-01-01'), max: new Date('2025-12-31'), noInvalidDate: true }).chain((d) =>
      fc.record({
        precision: fc.constant('day' as const),
        year: fc.constant(d.getUTCFullYear()),
        month: fc.constant(d.getUTCMonth() + 1),
        day: fc.constant(d.getUTCDate()),
        ...flags,
      }),
    ),
  );

  it('is written as EDTF the library reads back the same, with the same first and last day', () => {
    fc.assert(
      fc.property(point, (p) => {
        const value = p.precision === 'century' ? { ...p, year: Math.floor(p.year / 100) * 100 } : p;
        const text = toEdtf({ kind: 'point', point: value });
        const understood = read(text);
        if (!understood.ok) throw new Error(`${text}: ${understood.problem}`);
        const theirs = edtf(text);
        expect(theirs.edtf).toBe(text);
        expect(new Date(theirs.min).toISOString().slice(0, 10)).toBe(understood.date.earliest);
        expect(new Date(theirs.max).toISOString().slice(0, 10)).toBe(understood.date.latest);
        // Said back in both languages as what was meant, not as the EDTF itself.
        for (const lang of ['fo', 'en'] as const)
          expect(describeDate(text, lang)).toBe(describePoint(value, lang));
      }),
      { numRuns: 2000 },
    );
  });
});
