import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Stringifier, stringify } from 'csv-stringify';
import type { Db } from '#server/db/database.ts';
import { oaiDc } from '#server/features/oai/oai.public.ts';
import { type DublinCoreValue, itemUrl } from '#server/interop/dublin-core.ts';
import { IMPORT_COLUMNS, type ImportColumn } from '#server/import/import-fields.ts';
import { type PlaceListEntry, placeListCsv } from '#server/import/place-list.ts';
import { BlobNotFoundError, type BlobStore } from '#server/storage/blob-store.ts';
import type { ExportDocument, ExportItem } from './export.repository.ts';
import {
  documentDublinCore,
  type ExportSite,
  exportDocuments,
  exportItems,
  itemDublinCore,
} from './export-items.ts';

/**
 * The preservation package (issue 27 §4): a BagIt bag (RFC 8493, version 1.0) holding every
 * original as uploaded, under its display id (data/PHOTO-00001.jpg), and beside it the item's
 * every field (PHOTO-00001.metadata.json) and its Dublin Core (PHOTO-00001.dc.xml, oai_dc, the
 * mapping OAI-PMH serves). Each original is hashed as it is written and must match the SHA-256
 * recorded at upload; the bag is written in OUT_DIR.partial and renamed only when complete, so a
 * failure leaves no bag that looks whole. A tag file, metadata.csv, holds every item's fields as
 * `npm run import` reads them, so the bag can be taken in again.
 */

export class ExportError extends Error {}

/** The folder of data/ the documents (DOC-00001.pdf …) are written in. */
export const DOCUMENTS_DIR = 'documents';

export interface BagSummary {
  dir: string;
  items: number;
  /** The documents (the header's files), under data/documents/. */
  documents: number;
  /** Payload files (originals and sidecars) and their bytes: the Payload-Oxum. */
  files: number;
  bytes: number;
}

export interface BagOptions {
  includePrivate: boolean;
  site: ExportSite;
  now?: Date;
  /** Called after each item, with the number written so far. */
  onItem?: (done: number) => void;
}

/** A display id's original keeps its stored file's extension (the key's, checked at ingest). */
function extensionOf(item: { file_key: string; file_name: string }): string {
  const ext = extname(item.file_key).toLowerCase() || extname(item.file_name).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/** Every field of the item as the archive holds it (the spec's field names), for the sidecar. */
function metadataOf(item: ExportItem, site: ExportSite, file: string) {
  return {
    display_id: item.display_id,
    id: item.id,
    url: itemUrl(site.publicUrl, item.id),
    title: item.title,
    description: item.description,
    media_type: item.media_type,
    file,
    file_name: item.file_name,
    file_size: Number(item.file_size),
    mime_type: item.mime_type,
    sha256: item.sha256,
    width: item.width,
    height: item.height,
    duration_seconds: item.duration_seconds,
    is_public: item.is_public,
    is_featured: item.is_featured,
    view_count: item.view_count,
    category: item.category_id
      ? {
          id: item.category_id,
          display_id: item.category_display_id,
          name: item.category_name,
          is_public: item.category_is_public,
        }
      : null,
    folder: item.folder_id ? { id: item.folder_id, name: item.folder_name } : null,
    photographer: item.photographer,
    location: item.location,
    // Its place of the list (issue 28 §3): both names and the place's own point (the bag's
    // places.csv lists them all); then the item's point.
    place: item.place_name_fo
      ? {
          name_fo: item.place_name_fo,
          name_en: item.place_name_en,
          latitude: item.place_latitude,
          longitude: item.place_longitude,
        }
      : null,
    latitude: item.latitude,
    longitude: item.longitude,
    original_date: item.original_date,
    original_date_edtf: item.original_date_edtf,
    original_date_earliest: item.original_date_earliest,
    original_date_latest: item.original_date_latest,
    source: item.source,
    historical_context: item.historical_context,
    technical_notes: item.technical_notes,
    keywords: item.keywords,
    rights: item.rights,
    copyright_status: item.copyright_status,
    copyright_holder: item.copyright_holder,
    commercial_use_allowed: item.commercial_use_allowed,
    attribution_required: item.attribution_required,
    attribution_text: item.attribution_text,
    watermark: {
      enabled: item.watermark_enabled,
      type: item.watermark_type,
      position: item.watermark_position,
      opacity: item.watermark_opacity,
      size: item.watermark_size,
      level: item.watermark_level,
      text: item.watermark_text,
    },
    file_metadata: item.file_metadata,
    processing_status: item.processing_status,
    created_at: new Date(item.created_at).toISOString(),
    updated_at: new Date(item.updated_at).toISOString(),
  };
}

/**
 * Every field of a document as the archive holds it, for its sidecar. `record: "document"` tells
 * the import to take its original back in as a document, not as a media item.
 */
function documentMetadataOf(document: ExportDocument, site: ExportSite, file: string) {
  return {
    record: 'document',
    display_id: document.display_id,
    id: document.id,
    url: `${site.publicUrl}/files/documents/${document.id}`,
    title: document.title,
    description: document.description,
    category: document.category,
    file,
    file_name: document.file_name,
    file_size: Number(document.file_size),
    mime_type: document.mime_type,
    sha256: document.sha256,
    is_public: document.is_public,
    is_featured: document.is_featured,
    download_count: document.download_count,
    created_at: new Date(document.created_at).toISOString(),
    updated_at: new Date(document.updated_at).toISOString(),
  };
}

/**
 * One row of `metadata.csv`, the tag file `npm run import -- BAG/data --csv BAG/metadata.csv` reads
 * to take the bag in again: the import's own columns (IMPORT_COLUMNS, docs/import.md), `file`
 * relative to the folder imported. Values are written as the archive holds them: no formula guard,
 * which would change them.
 */
function importRow(item: ExportItem, file: string): Record<ImportColumn, string> {
  const yesNo = (value: boolean) => (value ? 'true' : 'false');
  return {
    file,
    title: item.title,
    description: item.description ?? '',
    photographer: item.photographer ?? '',
    location: item.location ?? '',
    original_date: item.original_date ?? '',
    source: item.source ?? '',
    keywords: item.keywords.join(', '),
    category: item.category_name ?? '',
    folder: item.folder_name ?? '',
    is_public: yesNo(item.is_public),
    is_featured: yesNo(item.is_featured),
    copyright_status: item.copyright_status,
    copyright_holder: item.copyright_holder ?? '',
    commercial_use_allowed: yesNo(item.commercial_use_allowed),
    attribution_required: yesNo(item.attribution_required),
    attribution_text: item.attribution_text ?? '',
    historical_context: item.historical_context ?? '',
    technical_notes: item.technical_notes ?? '',
    rights: item.rights,
    place: item.place_name_fo ?? '',
    latitude: item.latitude == null ? '' : String(item.latitude),
    longitude: item.longitude == null ? '' : String(item.longitude),
  };
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A tag file's value on one line (RFC 8493 §2.2.2: a label, a colon, a value). */
const tagValue = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export async function writeBag(db: Db, blobs: BlobStore, outDir: string, options: BagOptions) {
  if (await exists(outDir)) throw new ExportError(`${outDir} already exists; choose a new folder name.`);
  const partial = `${outDir}.partial`;
  // Only an earlier run of this command names a folder so: what it left is no bag.
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'data'), { recursive: true });
  let manifest: FileHandle | undefined;
  let importCsv: Stringifier | undefined;
  try {
    manifest = await open(join(partial, 'manifest-sha256.txt'), 'wx');
    importCsv = stringify({ bom: true, header: true, columns: [...IMPORT_COLUMNS] });
    const importCsvWritten = pipeline(
      importCsv,
      createWriteStream(join(partial, 'metadata.csv'), { flags: 'wx' }),
    );
    importCsvWritten.catch(() => {});
    const summary: BagSummary = { dir: outDir, items: 0, documents: 0, files: 0, bytes: 0 };
    // The places the items have, for places.csv (as many as the archive's list at most).
    const places = new Map<string, PlaceListEntry>();
    const payload = async (name: string, digest: string, size: number) => {
      await manifest!.write(`${digest}  data/${name}\n`);
      summary.files += 1;
      summary.bytes += size;
    };
    /** An original under its display id in `dir` (of data/), with its two sidecars. */
    const writeRecord = async (
      record: { display_id: string; file_key: string; file_name: string; sha256: string },
      dir: string,
      metadataFor: (file: string) => object,
      dublinCore: DublinCoreValue[],
    ) => {
      const name = `${dir}${record.display_id}${extensionOf(record)}`;
      const written = await writeOriginal(blobs, record, join(partial, 'data', name));
      await payload(name, written.digest, written.size);
      const metadata = Buffer.from(`${JSON.stringify(metadataFor(`data/${name}`), null, 2)}\n`);
      const dc = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${oaiDc(dublinCore)}\n`);
      for (const [sidecar, body] of [
        [`${dir}${record.display_id}.metadata.json`, metadata],
        [`${dir}${record.display_id}.dc.xml`, dc],
      ] as const) {
        await writeFile(join(partial, 'data', sidecar), body, { flag: 'wx' });
        await payload(sidecar, sha256(body), body.length);
      }
      return name;
    };
    for await (const item of exportItems(db, { includePrivate: options.includePrivate })) {
      const name = await writeRecord(
        item,
        '',
        (file) => metadataOf(item, options.site, file),
        itemDublinCore(item, options.site),
      );
      if (!importCsv.write(importRow(item, name))) await once(importCsv, 'drain');
      if (item.place_name_fo && item.place_latitude !== null && item.place_longitude !== null) {
        places.set(item.place_name_fo, {
          name_fo: item.place_name_fo,
          name_en: item.place_name_en ?? item.place_name_fo,
          latitude: item.place_latitude,
          longitude: item.place_longitude,
        });
      }
      summary.items += 1;
      options.onItem?.(summary.items);
    }
    // The documents (the header's files) in a folder of their own: their fields are not the
    // media's, so they have no metadata.csv row; the import reads each one's .metadata.json.
    for await (const document of exportDocuments(db, { includePrivate: options.includePrivate })) {
      if (summary.documents === 0) await mkdir(join(partial, 'data', DOCUMENTS_DIR));
      await writeRecord(
        document,
        `${DOCUMENTS_DIR}/`,
        (file) => documentMetadataOf(document, options.site, file),
        documentDublinCore(document, options.site),
      );
      summary.documents += 1;
    }
    await manifest.close();
    manifest = undefined;
    importCsv.end();
    await importCsvWritten;

    const now = options.now ?? new Date();
    const tags: [string, string][] = [
      ['bagit.txt', 'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n'],
      [
        'bag-info.txt',
        [
          `Source-Organization: ${tagValue(options.site.title)}`,
          `External-Description: ${summary.items} items and ${summary.documents} documents of ${tagValue(
            options.site.title,
          )}, ${tagValue(options.site.publicUrl)} (${
            options.includePrivate ? 'public and private' : 'public only'
          }): each original as uploaded, named by its display id, with its fields (.metadata.json) and its Dublin Core (.dc.xml, oai_dc); the documents (DOC-) in data/${DOCUMENTS_DIR}/; metadata.csv holds the items' fields as npm run import reads them, places.csv the places they have (npm run import --places).`,
          `Bagging-Date: ${now.toISOString().slice(0, 10)}`,
          'Bag-Software-Agent: archive (npm run export -- --format bagit)',
          `Payload-Oxum: ${summary.bytes}.${summary.files}`,
          '',
        ].join('\n'),
      ],
    ];
    tags.push([
      'places.csv',
      placeListCsv([...places.values()].sort((a, b) => a.name_fo.localeCompare(b.name_fo, 'fo'))),
    ]);
    for (const [name, text] of tags) await writeFile(join(partial, name), text, { flag: 'wx' });
    const tagLines = [];
    for (const name of ['bagit.txt', 'bag-info.txt', 'manifest-sha256.txt', 'metadata.csv', 'places.csv'])
      tagLines.push(`${await hashFile(join(partial, name))}  ${name}\n`);
    await writeFile(join(partial, 'tagmanifest-sha256.txt'), tagLines.join(''), { flag: 'wx' });
    await rename(partial, outDir);
    return summary;
  } catch (error) {
    await manifest?.close().catch(() => {});
    importCsv?.destroy();
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Copies one original into the bag, hashing it on the way; it must be the file uploaded. */
async function writeOriginal(
  blobs: BlobStore,
  item: { display_id: string; file_key: string; sha256: string },
  path: string,
) {
  const hash = createHash('sha256');
  let size = 0;
  let body: NodeJS.ReadableStream;
  try {
    ({ body } = await blobs.get(item.file_key));
  } catch (error) {
    if (error instanceof BlobNotFoundError)
      throw new ExportError(
        `${item.display_id}: its original (${item.file_key}) is missing from the file store. No bag was written; restore the file from a backup (npm run fsck lists every missing file).`,
      );
    throw error;
  }
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(body, hashing, createWriteStream(path, { flags: 'wx' }));
  const digest = hash.digest('hex');
  if (digest !== item.sha256)
    throw new ExportError(
      `${item.display_id}: its original (${item.file_key}) no longer matches the SHA-256 recorded at upload (recorded ${item.sha256}, read ${digest}). No bag was written; restore the file from a backup (npm run fsck lists every changed file).`,
    );
  return { digest, size };
}

async function exists(path: string) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
