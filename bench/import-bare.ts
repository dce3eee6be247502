/**
 * The import bench's baseline (bench/import.ts), in a process of its own as the import runs in its
 * own: a plain script that does with sharp alone what an import does to each photo, one file after
 * another, and nothing else: hashes the original (SHA-256, streamed) and writes the derivatives the
 * archive's job makes (thumbnail, watermarked display size and its phone size, watermarked
 * full-size download) into OUT, with the same sizes, formats, qualities and watermark. No database,
 * no journal, no checks.
 *
 *   node --import tsx bench/import-bare.ts LIST OUT     (LIST: a file with one path per line)
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DISPLAY_PX, MEDIUM_PX, THUMB_PX } from '#common/limits.ts';
import { DEFAULT_WATERMARK } from '#common/watermark.ts';
import sharp from '#server/media/sharp.ts';
import { watermarkImage, watermarkToFile } from '#server/media/watermark/render-watermark.ts';

const [list, out] = process.argv.slice(2);
if (!list || !out) {
  console.error('Usage: node --import tsx bench/import-bare.ts LIST OUT');
  process.exit(1);
}
mkdirSync(out, { recursive: true });
const files = readFileSync(list, 'utf8').split('\n').filter(Boolean);

async function one(path: string, index: number) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  const sha256 = hash.digest('hex');
  const name = join(out!, `${index}-${basename(path, '.jpg')}`);
  const oriented = () => sharp(path).rotate();
  writeFileSync(
    `${name}-thumb.webp`,
    await oriented()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer(),
  );
  const display = await oriented()
    .resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const shown = await watermarkImage(display, DEFAULT_WATERMARK, { format: 'webp', quality: 82 });
  writeFileSync(`${name}-display.webp`, shown.data);
  writeFileSync(
    `${name}-medium.webp`,
    await sharp(shown.data)
      .resize(MEDIUM_PX, MEDIUM_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  const { width = 0, height = 0, orientation = 1 } = await sharp(path).metadata();
  const size = orientation >= 5 ? { width: height, height: width } : { width, height };
  await watermarkToFile(
    oriented,
    size,
    DEFAULT_WATERMARK,
    { format: 'jpeg', quality: 90 },
    `${name}-download.jpg`,
  );
  return sha256;
}

const started = performance.now();
for (const [i, path] of files.entries()) await one(path, i);
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ files: files.length, seconds }));
