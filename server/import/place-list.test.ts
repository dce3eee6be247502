/**
 * A list of places for `npm run import --places` (server/import/place-list.ts): read whole and
 * checked before anything is imported; the round trip through a bag is scripts/bagit-roundtrip.test.ts.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { placeListCsv, readPlaceList } from './place-list.ts';

const work = mkdtempSync(join(tmpdir(), 'place-list-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
};

describe('readPlaceList', () => {
  it('reads what the export writes, and what a Faroese spreadsheet saves (; and decimal commas)', async () => {
    const vicarage = {
      name_fo: 'Gamla prestagarðurin',
      name_en: 'The old vicarage',
      latitude: 62.2101,
      longitude: -6.7309,
    };
    const written = placeListCsv([vicarage, { ...vicarage, name_fo: 'Við Á', name_en: 'Við Á' }]);
    expect(parseCsv(written).rows[0]).toEqual(['name_fo', 'name_en', 'latitude', 'longitude']);
    const expected = {
      nameFo: 'Gamla prestagarðurin',
      nameEn: 'The old vicarage',
      latitude: 62.2101,
      longitude: -6.7309,
    };
    expect(await readPlaceList(file('export.csv', written))).toEqual([
      expected,
      { ...expected, nameFo: 'Við Á', nameEn: 'Við Á' },
    ]);
    const excel = file(
      'excel.csv',
      '\uFEFFlongitude;latitude;name_fo;name_en\r\n-6,7309;62,2101;Gamla prestagarðurin;The old vicarage\r\n',
    );
    expect(await readPlaceList(excel)).toEqual([expected]);
  });

  it('refuses the whole list for one bad row, naming the row and why', async () => {
    const path = file('bad.csv', 'name_fo,name_en,latitude,longitude\nGøta,,62.2,-6.7\nNorðuri,,95,-6.7\n');
    await expect(readPlaceList(path)).rejects.toThrow(`${path}, row 3: Latitude must be between -90 and 90.`);
  });

  it('refuses a name twice (in any case), naming both rows', async () => {
    const path = file('twice.csv', 'name_fo,name_en,latitude,longitude\nGøta,,62.2,-6.7\ngøta,,62.3,-6.7\n');
    await expect(readPlaceList(path)).rejects.toThrow(`${path}: rows 2 and 3 are both for "gøta".`);
  });

  it('refuses other columns, by the columns it takes', async () => {
    const path = file('columns.csv', 'name,latitude,longitude\nGøta,62.2,-6.7\n');
    await expect(readPlaceList(path)).rejects.toThrow(
      `${path}: the columns of a list of places are name_fo, name_en, latitude, longitude (docs/import.md).`,
    );
  });

  it('refuses a file over the bound unread', async () => {
    const path = file('huge.csv', 'name_fo,name_en,latitude,longitude\n');
    truncateSync(path, 8 * 1024 ** 3);
    await expect(readPlaceList(path)).rejects.toThrow(
      `the list of places ${path}: it is 8,589,934,592 bytes, more than the 33,554,432 (32 MiB) a list of places may have.`,
    );
  });
});
