import { describe, expect, it } from 'vitest';
import { FAROESE_PLACES } from '#server/db/migrations/20261127_0038_place_list.ts';
import { foldName, formatPoint, placeName, searchPlaces } from '#common/places.ts';

const list = FAROESE_PLACES.map(([nameFo, nameEn]) => ({ nameFo, nameEn }));
const names = (query: string, limit?: number) => searchPlaces(list, query, limit).map((p) => p.nameFo);

describe('searching the places by name', () => {
  it('folds case, accents and the Faroese letters as an English keyboard types them', () => {
    expect(foldName('  Norðragøta ')).toBe('nordragota');
    expect(foldName('Æðuvík')).toBe('aeduvik');
    expect(foldName('TÓRSHAVN')).toBe('torshavn');
  });

  it('finds a place written with or without its accents, those starting with the words first', () => {
    expect(names('torshavn')).toEqual(['Tórshavn']);
    expect(names('Tórshavn')).toEqual(['Tórshavn']);
    expect(names('gota')).toEqual(['Norðragøta', 'Syðrugøta']);
    expect(names('got')).toEqual(['Gøtueiði', 'Gøtugjógv', 'Norðragøta', 'Syðrugøta']);
    expect(names('aedu')).toEqual(['Æðuvík']);
    expect(names('qqq')).toEqual([]);
    expect(names('vík', 3)).toHaveLength(3);
  });

  it('finds a place by its English name too, and names it in the reader language', () => {
    const places = [{ nameFo: 'Gamla Havnin', nameEn: 'The Old Harbour' }];
    expect(searchPlaces(places, 'harbour').map((p) => p.nameFo)).toEqual(['Gamla Havnin']);
    expect(placeName(places[0]!, 'en')).toBe('The Old Harbour');
    expect(placeName(places[0]!, 'fo')).toBe('Gamla Havnin');
  });

  it('says a point with four decimals', () => {
    expect(formatPoint(62.0107123, -6.77)).toBe('62.0107, -6.7700');
  });
});
