import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import type { Db } from '#server/db/database.ts';
import { getSettings } from '#server/features/settings/settings.public.ts';
import { type DublinCoreValue, dublinCore } from '#server/interop/dublin-core.ts';
import {
  type ExportDocument,
  type ExportItem,
  listExportDocuments,
  listExportItems,
} from './export.repository.ts';

/** Items read per query: an export holds one page in memory, never the whole catalogue. */
export const EXPORT_PAGE_SIZE = 500;

/** Who describes the items: the site's title (publisher, the bag's organisation) and address. */
export interface ExportSite {
  title: string;
  publicUrl: string;
}

export async function exportSite(db: Db, publicUrl: string): Promise<ExportSite> {
  const title = (await getSettings(db, ['site_title'])).site_title?.trim();
  return { title: title || SITE_SETTING_DEFAULTS.site_title || 'Archive', publicUrl };
}

/**
 * Every item (public ones, or all with includePrivate) in display id order, read a page at a time
 * as the consumer asks for more: pulled through a stream, a slow reader slows the reading.
 */
export async function* exportItems(
  db: Db,
  options: { includePrivate: boolean; pageSize?: number },
): AsyncGenerator<ExportItem> {
  let after: string | null = null;
  for (;;) {
    const page = await listExportItems(db, {
      includePrivate: options.includePrivate,
      afterDisplayId: after,
      limit: options.pageSize ?? EXPORT_PAGE_SIZE,
    });
    yield* page;
    if (page.length < (options.pageSize ?? EXPORT_PAGE_SIZE)) return;
    after = page.at(-1)!.display_id;
  }
}

/**
 * The item in Dublin Core, by the one mapping OAI-PMH uses (server/interop/dublin-core.ts). As
 * there, a category is named only when it is public.
 */
export function itemDublinCore(item: ExportItem, site: ExportSite): DublinCoreValue[] {
  const categoryName = item.category_is_public ? item.category_name : null;
  return dublinCore(
    {
      id: item.id,
      display_id: item.display_id,
      title: item.title,
      description: item.description,
      historical_context: item.historical_context,
      photographer: item.photographer,
      original_date: item.original_date,
      original_date_edtf: item.original_date_edtf,
      keywords: item.keywords,
      location: item.location,
      rights: item.rights,
      copyright_holder: item.copyright_holder,
      attribution_text: item.attribution_text,
      media_type: item.media_type,
      mime_type: item.mime_type,
      source: item.source,
      category_id: categoryName ? item.category_id : null,
      category_name: categoryName,
      people: item.people,
      place_name_fo: item.place_name_fo,
      place_name_en: item.place_name_en,
      latitude: item.latitude,
      longitude: item.longitude,
    },
    site,
  );
}

/** Every document (public ones, or all with includePrivate) in display id order, a page at a time. */
export async function* exportDocuments(
  db: Db,
  options: { includePrivate: boolean; pageSize?: number },
): AsyncGenerator<ExportDocument> {
  const size = options.pageSize ?? EXPORT_PAGE_SIZE;
  let after: string | null = null;
  for (;;) {
    const page = await listExportDocuments(db, {
      includePrivate: options.includePrivate,
      afterDisplayId: after,
      limit: size,
    });
    yield* page;
    if (page.length < size) return;
    after = page.at(-1)!.display_id;
  }
}

/**
 * A document in Dublin Core: its title and description (Faroese, as the staff write them), the
 * site as publisher, DCMI type Text, its format, its display id and the address of its file, the
 * year it was put in. Documents carry no creator, date of origin or rights statement of their own.
 */
export function documentDublinCore(document: ExportDocument, site: ExportSite): DublinCoreValue[] {
  const out: DublinCoreValue[] = [];
  const add = (element: DublinCoreValue['element'], value: string | null, lang?: 'fo') => {
    const text = value?.trim();
    if (text) out.push(lang ? { element, value: text, lang } : { element, value: text });
  };
  add('title', document.title, 'fo');
  add('description', document.description, 'fo');
  add('publisher', site.title);
  add('date', String(new Date(document.created_at).getUTCFullYear()));
  add('type', 'Text');
  add('format', document.mime_type);
  add('identifier', document.display_id);
  add('identifier', `${site.publicUrl}/files/documents/${document.id}`);
  add('language', 'fo');
  return out;
}
