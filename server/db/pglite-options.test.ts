import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ConfigError } from '../config.ts';
import { openPgliteInMemory } from './database.ts';
import { pgliteSettings } from './pglite-options.ts';

describe('PGlite settings (issue 13 part 4)', () => {
  it('bound the buffer pool and work memory of the server’s PGlite (on its thread), keeping its default start parameters', async () => {
    const handle = await openPgliteInMemory();
    try {
      const { rows } = await sql<{ name: string; setting: string; unit: string }>`
        select name, setting, unit from pg_settings
         where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers', 'search_path')
         order by name`.execute(handle.db);
      expect(rows).toEqual([
        { name: 'maintenance_work_mem', setting: String(16 * 1024), unit: 'kB' },
        { name: 'search_path', setting: 'public', unit: null },
        { name: 'shared_buffers', setting: String((32 * 1024) / 8), unit: '8kB' },
        { name: 'temp_buffers', setting: String((2 * 1024) / 8), unit: '8kB' },
        { name: 'work_mem', setting: String(4 * 1024), unit: 'kB' },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('takes PGLITE_SHARED_BUFFERS and refuses a value that is not a size', () => {
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: '128MB' }).shared_buffers).toBe('128MB');
    expect(() => pgliteSettings({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(ConfigError);
    expect(() => pgliteSettings({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      /PGLITE_SHARED_BUFFERS must be a size/,
    );
  });
});
