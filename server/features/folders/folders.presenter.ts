import type { Folder } from '#common/api/folders.ts';
import { toNumber } from '#server/db/database.ts';

export function presentFolder(row: {
  id: string;
  name: string;
  media_count: string | number | null;
}): Folder {
  return { id: row.id, name: row.name, mediaCount: toNumber(row.media_count ?? 0) };
}
