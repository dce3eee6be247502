import { AppError } from '#server/errors.ts';
import { type CatalogueFormat, catalogueStream } from '#server/export/catalogue.ts';
import { exportSite } from '#server/export/export-items.ts';
import type { AppContext } from '#server/http/context.ts';

/**
 * Downloads under way at once per instance. Each reads the whole public catalogue a page at a time
 * (on PGlite one query at a time with everyone's pages), so a crowd of them is bounded: the rest are
 * told to come back (429) rather than slowing every visitor's pages.
 */
export const CATALOGUE_DOWNLOADS_AT_ONCE = 2;
export const TOO_MANY_DOWNLOADS_MESSAGE =
  'The catalogue is being downloaded by others just now. Please try again in a minute.';

/**
 * The public catalogue for download (issue 27 §3): the public items only, whoever asks (staff
 * included: the file is the archive's public description, the same for everyone), streamed as it
 * is read. Staff export everything with `npm run export -- --format bagit --include-private`.
 */
export function createCatalogueDownloads(ctx: AppContext) {
  let running = 0;
  return async function download(format: CatalogueFormat) {
    if (running >= CATALOGUE_DOWNLOADS_AT_ONCE)
      throw new AppError(429, 'TOO_MANY_DOWNLOADS', TOO_MANY_DOWNLOADS_MESSAGE);
    running += 1;
    try {
      const site = await exportSite(ctx.db, ctx.config.publicUrl);
      const stream = catalogueStream(ctx.db, site, format);
      // Ended, failed or abandoned by its reader: 'close' comes once in each case.
      stream.once('close', () => {
        running -= 1;
      });
      return stream;
    } catch (error) {
      running -= 1;
      throw error;
    }
  };
}
