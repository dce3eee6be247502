import { join } from 'node:path';
import { sql } from 'kysely';
import { openPglite } from '#server/db/database.ts';

/**
 * Gives items their points in a stopped archive's database (DATA_DIR/db), for journeys that need
 * located items before staff can set points through the API (e2e/map.e2e.ts).
 */
export async function setItemPoints(
  dataDir: string,
  points: Record<string, { latitude: number; longitude: number }>,
): Promise<void> {
  const handle = await openPglite(join(dataDir, 'db'));
  try {
    for (const [id, { latitude, longitude }] of Object.entries(points)) {
      await sql`update media_items set latitude = ${latitude}, longitude = ${longitude} where id = ${id}::uuid`.execute(
        handle.db,
      );
    }
  } finally {
    await handle.close();
  }
}
