import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '#server/http/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { createAnswerCache } from '#server/http/answer-cache.ts';
import { openImage, SHARP_INPUT } from '#server/media/ingest/open-image.ts';
import sharp from '#server/media/sharp.ts';
import { DiskCache } from './disk-cache.ts';
import { getPublicImageSource } from './iiif.repository.ts';
import {
  canonicalPath,
  IIIF_LIMITS,
  IiifRequestError,
  type ImagePlan,
  type ParsedImageRequest,
  planImage,
} from './image-request.ts';

/** Side of the tiles info.json offers (what OpenSeadragon and Mirador ask for). */
export const IIIF_TILE_PX = 512;
/** What the kept pyramids and cut images may take on disk together, unless configured. */
export const DEFAULT_IIIF_CACHE_BYTES = 1024 ** 3;
/** Images cut at once (each on libuv's threads, not the event loop), and how many may wait. */
const CONCURRENT_CUTS = 2;
const WAITING_CUTS = 64;
/** Bumped when the way pyramids are made changes, so old ones are not used. */
const PYRAMID_VERSION = 'p1';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unknownImage = () => notFound('No public image has this identifier');

/** A bounded gate: at most `size` holders at once, at most `waiting` in line, the rest refused. */
class Gate {
  #active = 0;
  readonly #queue: (() => void)[] = [];
  constructor(
    readonly size: number,
    readonly waiting: number,
  ) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active >= this.size) {
      if (this.#queue.length >= this.waiting) {
        throw new AppError(503, 'IIIF_BUSY', 'The image server is busy; try again in a moment');
      }
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}

type Level = { width: number; height: number };

/**
 * The IIIF image server: each public image is turned once into a tiled pyramid TIFF (from the file
 * its display image comes from, so the same watermark shows) and every answer is cut from the
 * pyramid level nearest above the size asked for, then kept; both are kept in a DiskCache bounded
 * by size under DATA_DIR/iiif-cache, so a second view is a file read. sharp does all the pixel
 * work on libuv's threads, at most CONCURRENT_CUTS at once.
 */
export function createIiifImages(ctx: Pick<AppContext, 'db' | 'blobs' | 'tmpDir' | 'config'>) {
  const cache = new DiskCache(
    join(ctx.config.dataDir, 'iiif-cache'),
    ctx.config.iiifCacheBytes ?? DEFAULT_IIIF_CACHE_BYTES,
  );
  const gate = new Gate(CONCURRENT_CUTS, WAITING_CUTS);
  // Which file an image is cut from, and whether it is public at all: asked by every tile of a
  // viewer's pan, the same for every visitor, so kept a moment (http/answer-cache.ts:
  // PAGE_CACHE_MS, dropped at once by any write through the API, here or, through NOTIFY, on
  // another instance: unpublishing an item or changing its watermark stops its tiles at once).
  // A miss is not kept (the refusal drops it), so an image whose download has just been made is
  // served at once.
  const sources = createAnswerCache<NonNullable<Awaited<ReturnType<typeof getPublicImageSource>>>>();
  // Pyramid levels by pyramid file (fixed once made); bounded by clearing.
  const levelsOf = new Map<string, Level[]>();

  async function makePyramid(source: { fileKey: string; mimeType: string }, out: string) {
    await mkdir(ctx.tmpDir, { recursive: true });
    const work = await mkdtemp(join(ctx.tmpDir, 'iiif-'));
    try {
      const original = join(work, 'source');
      const { body } = await ctx.blobs.get(source.fileKey);
      await pipeline(body, createWriteStream(original));
      const image = await openImage(original, source.mimeType);
      try {
        await gate.run(() =>
          image
            .pipeline()
            .rotate()
            // JPEG-compressed TIFF tiles hold no alpha: transparency is shown on white.
            .flatten({ background: '#ffffff' })
            .toColourspace('srgb')
            .tiff({
              tile: true,
              pyramid: true,
              tileWidth: 256,
              tileHeight: 256,
              compression: 'jpeg',
              quality: 92,
            })
            .toFile(out),
        );
      } finally {
        await image.close();
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async function levels(path: string): Promise<Level[]> {
    const known = levelsOf.get(path);
    if (known) return known;
    const pages = (await sharp(path, SHARP_INPUT).metadata()).pages ?? 1;
    const found: Level[] = [];
    for (let page = 0; page < pages; page++) {
      const meta = await sharp(path, { ...SHARP_INPUT, page }).metadata();
      found.push({ width: meta.width ?? 0, height: meta.height ?? 0 });
    }
    if (levelsOf.size > 1000) levelsOf.clear();
    levelsOf.set(path, found);
    return found;
  }

  /** The image's pyramid, made if needed, held while `use` runs. */
  async function withPyramid<T>(id: string, use: (path: string, levels: Level[]) => Promise<T>) {
    if (!UUID.test(id)) throw unknownImage();
    const key = id.toLowerCase();
    const source = await sources.get(key, async () => {
      const found = await getPublicImageSource(ctx.db, key);
      if (!found) throw unknownImage();
      return found;
    });
    return cache.use(
      `${PYRAMID_VERSION} ${source.fileKey}`,
      'tif',
      (out) => makePyramid(source, out),
      async (path) => use(path, await levels(path)),
    );
  }

  async function cut(pyramid: string, levels: Level[], plan: ImagePlan, out: string) {
    const full = levels[0]!;
    // The smallest level that still has at least the pixels asked for.
    let page = 0;
    for (let i = levels.length - 1; i > 0; i--) {
      const level = levels[i]!;
      if (
        (plan.w * level.width) / full.width >= plan.width &&
        (plan.h * level.height) / full.height >= plan.height
      ) {
        page = i;
        break;
      }
    }
    const level = levels[page]!;
    const sx = level.width / full.width;
    const sy = level.height / full.height;
    const left = Math.min(level.width - 1, Math.floor(plan.x * sx));
    const top = Math.min(level.height - 1, Math.floor(plan.y * sy));
    const region = {
      left,
      top,
      width: Math.max(1, Math.min(level.width - left, Math.round(plan.w * sx))),
      height: Math.max(1, Math.min(level.height - top, Math.round(plan.h * sy))),
    };
    await gate.run(async () => {
      // Two passes: sharp would otherwise rotate before it resizes. The hand-over is at most
      // maxArea pixels (IIIF_LIMITS), so its memory is bounded. Mirroring comes first in IIIF, so
      // it is done here, before the rotation is even in the pipeline.
      let cutOut = sharp(pyramid, { ...SHARP_INPUT, page })
        .extract(region)
        .resize(plan.width, plan.height, { fit: 'fill' });
      if (plan.mirror) cutOut = cutOut.flop();
      const { data, info } = await cutOut.raw().toBuffer({ resolveWithObject: true });
      let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      if (plan.rotation !== 0) image = image.rotate(plan.rotation);
      if (plan.quality === 'gray') image = image.grayscale();
      if (plan.quality === 'bitonal') image = image.threshold(128);
      if (plan.format === 'jpg') image = image.jpeg({ quality: 85 });
      else if (plan.format === 'png') image = image.png();
      else image = image.webp({ quality: 85 });
      await image.toFile(out);
    });
  }

  return {
    /** The image's size as served (upright, watermarked) and its pyramid's levels. */
    async info(id: string) {
      return withPyramid(id, async (_path, found) => ({
        width: found[0]!.width,
        height: found[0]!.height,
        levels: found,
      }));
    },

    /**
     * One image request answered: `send(path)` gets the file (kept) while it is held. Throws
     * AppError 400 / 404 / 501 / 503 as the Image API says.
     */
    async image<T>(
      id: string,
      request: () => ParsedImageRequest,
      send: (file: { path: string; canonical: string; made: boolean; size: number }) => Promise<T>,
    ): Promise<T> {
      let parsed: ParsedImageRequest;
      try {
        parsed = request();
      } catch (error) {
        throw asAppError(error);
      }
      return withPyramid(id, async (pyramid, found) => {
        const { width, height } = found[0]!;
        let plan: ImagePlan;
        try {
          plan = planImage(parsed, width, height);
        } catch (error) {
          throw asAppError(error);
        }
        const canonical = canonicalPath(plan, width, height);
        return cache.use(
          `${pyramid} ${canonical}`,
          plan.format,
          (out) => cut(pyramid, found, plan, out),
          (path, made, size) => send({ path, canonical, made, size }),
        );
      });
    },

    /** For tests: what the kept files take. */
    cachedBytes: () => cache.totalBytes,
  };
}

export type IiifImages = ReturnType<typeof createIiifImages>;

function asAppError(error: unknown) {
  if (error instanceof IiifRequestError) {
    return new AppError(
      error.statusCode,
      error.statusCode === 501 ? 'IIIF_NOT_IMPLEMENTED' : 'IIIF_BAD_REQUEST',
      error.message,
    );
  }
  return error;
}

/** The sizes info.json lists: the pyramid's levels within the service's limits, smallest first. */
export function offeredSizes(levels: Level[]) {
  return levels
    .filter(
      (l) =>
        l.width <= IIIF_LIMITS.maxWidth &&
        l.height <= IIIF_LIMITS.maxHeight &&
        l.width * l.height <= IIIF_LIMITS.maxArea,
    )
    .map((l) => ({ width: l.width, height: l.height }))
    .reverse();
}

/** Powers of two from 1 until one tile holds the whole image. */
export function scaleFactors(width: number, height: number) {
  const factors = [1];
  while (Math.max(width, height) / factors.at(-1)! > IIIF_TILE_PX) factors.push(factors.at(-1)! * 2);
  return factors;
}
