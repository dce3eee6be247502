import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError } from '../config.ts';
import { pgliteOptions } from './pglite-options.ts';

describe('PGlite settings (issue 13 part 4)', () => {
  it('bound the buffer pool and work memory of a real PGlite, keeping its default start parameters', async () => {
    const client = await PGlite.create(pgliteOptions({}));
    try {
      const { rows } = await client.query<{ name: string; setting: string; unit: string }>(
        `select name, setting, unit from pg_settings
          where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers', 'search_path')
          order by name`,
      );
      expect(rows).toEqual([
        { name: 'maintenance_work_mem', setting: String(16 * 1024), unit: 'kB' },
        { name: 'search_path', setting: 'public', unit: null },
        { name: 'shared_buffers', setting: String((32 * 1024) / 8), unit: '8kB' },
        { name: 'temp_buffers', setting: String((2 * 1024) / 8), unit: '8kB' },
        { name: 'work_mem', setting: String(4 * 1024), unit: 'kB' },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('takes PGLITE_SHARED_BUFFERS and refuses a value that is not a size', () => {
    expect(pgliteOptions({ PGLITE_SHARED_BUFFERS: '128MB' }).startParams).toContain('shared_buffers=128MB');
    expect(() => pgliteOptions({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(ConfigError);
    expect(() => pgliteOptions({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      /PGLITE_SHARED_BUFFERS must be a size/,
    );
  });
});
