import { type CatalogueFormat, catalogueStream } from '#server/export/catalogue.ts';
import { exportSite } from '#server/export/export-items.ts';
import type { AppContext } from '#server/http/context.ts';

/**
 * The public catalogue for download (issue 27 §3): the public items only, whoever asks (staff
 * included: the file is the archive's public description, the same for everyone), streamed as it
 * is read. Staff export everything with `npm run export -- --format bagit --include-private`.
 */
export async function catalogueDownload(ctx: AppContext, format: CatalogueFormat) {
  const site = await exportSite(ctx.db, ctx.config.publicUrl);
  return catalogueStream(ctx.db, site, format);
}
