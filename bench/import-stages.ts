/**
 * Where the import's memory goes, stage by stage, for one photo (bench/README.md, "import"): the
 * kernel's high-water mark of this process (VmHWM) and its resident memory (VmRSS) after each
 * stage the import runs for a photo, in the order it runs them, one photo at a time.
 *
 *   MALLOC_ARENA_MAX=2 GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072 \
 *     node --max-semi-space-size=4 --import tsx bench/import-stages.ts PHOTO [STAGE …]
 *
 * Stages (all, in this order, when none is named): pglite (the embedded database opened and
 * migrated, as the import opens it), hash (SHA-256, streamed), probe (the ingest's decode:
 * placeholder, dHashes, EXIF), thumb, display (the display size, watermarked, and the phone size
 * from it), download (the full-size watermarked download as the job writes it), and, for
 * comparison only, download-whole (the same with the watermark drawn at the photo's full size and
 * composited over all of it, as before).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DISPLAY_PX, MEDIUM_PX, THUMB_PX } from '#common/limits.ts';
import { DEFAULT_WATERMARK } from '#common/watermark.ts';
import { openPglite, openPgliteInMemory } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { probeImage } from '#server/media/ingest/probe-image.ts';
import sharp from '#server/media/sharp.ts';
import {
  renderWatermarkOverlay,
  watermarkImage,
  watermarkToFile,
} from '#server/media/watermark/render-watermark.ts';

const [photo, ...named] = process.argv.slice(2);
if (!photo) {
  console.error('Usage: node --import tsx bench/import-stages.ts PHOTO [STAGE …]');
  process.exit(1);
}
const out = mkdtempSync(join(tmpdir(), 'import-stages-'));

function memory() {
  const text = readFileSync('/proc/self/status', 'utf8');
  const mb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
  return { hwm: mb('VmHWM'), rss: mb('VmRSS') };
}

const oriented = () => sharp(photo).rotate();
const size = async () => {
  const { width = 0, height = 0, orientation = 1 } = await sharp(photo).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
};

const stages: Record<string, () => Promise<unknown>> = {
  pglite: async () => {
    // The archive's database as the import opens it: migrated already (DATA_DIR's, else a new one).
    const database = process.env.DATA_DIR
      ? await openPglite(join(process.env.DATA_DIR, 'db'))
      : await openPgliteInMemory();
    if (!process.env.DATA_DIR) await migrateToLatest(database.db);
    await database.db.selectFrom('media_items').select('id').limit(1).execute();
    // Kept open, as the import keeps it while it works.
  },
  hash: async () => {
    const hash = createHash('sha256');
    await pipeline(createReadStream(photo), hash);
  },
  probe: () => probeImage(photo, 'image/jpeg'),
  thumb: () =>
    oriented()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer(),
  display: async () => {
    const display = await oriented()
      .resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const shown = await watermarkImage(display, DEFAULT_WATERMARK, { format: 'webp', quality: 82 });
    await sharp(shown.data)
      .resize(MEDIUM_PX, MEDIUM_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  },
  download: async () =>
    watermarkToFile(
      oriented,
      await size(),
      DEFAULT_WATERMARK,
      { format: 'jpeg', quality: 90 },
      join(out, 'download.jpg'),
    ),
  'download-whole': async () => {
    const { width, height } = await size();
    const overlay = await renderWatermarkOverlay(width, height, DEFAULT_WATERMARK);
    await oriented()
      .composite([{ input: overlay! }])
      .jpeg({ quality: 90 })
      .toFile(join(out, 'download-whole.jpg'));
  },
};

const order = named.length > 0 ? named : Object.keys(stages);
const unknown = order.filter((s) => !(s in stages));
if (unknown.length > 0)
  throw new Error(`unknown stage ${unknown.join(', ')}: ${Object.keys(stages).join(', ')}`);
const { width, height } = await size();
const start = memory();
console.log(`${photo}: ${width} × ${height} (${((width * height) / 1e6).toFixed(1)} MP)`);
console.log(`| stage | VmHWM after | VmRSS after | seconds |`);
console.log('|---|---|---|---|');
console.log(
  `| loaded (node, tsx, sharp, the modules) | ${start.hwm.toFixed(0)} MB | ${start.rss.toFixed(0)} MB | |`,
);
try {
  for (const name of order) {
    const started = performance.now();
    await stages[name]!();
    const now = memory();
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(`| ${name} | ${now.hwm.toFixed(0)} MB | ${now.rss.toFixed(0)} MB | ${seconds} |`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
process.exit(0);
