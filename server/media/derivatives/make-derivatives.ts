import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Sharp } from 'sharp';
import sharp from '../sharp.ts';
import { rgbaToThumbHash } from 'thumbhash';
import { DISPLAY_PX, MEDIUM_PX, THUMB_PX } from '#common/limits.ts';
import type { WatermarkSettings } from '#common/watermark.ts';
import type { Db } from '#server/db/database.ts';
import type { MediaType } from '#common/enums.ts';
import type { DerivativeOwner, DerivativeVariant } from '#server/db/schema.ts';
import { PermanentJobError } from '#server/jobs/permanent-job-error.ts';
import type { BlobStore } from '#server/storage/blob-store.ts';
import { hashImage, type ImageHashes } from '../perceptual/dhash.ts';
import { type OpenedImage, openImage, orientedSize } from '../ingest/open-image.ts';
import { watermarkImage, watermarkToFile } from '../watermark/render-watermark.ts';
import {
  type DerivativeSource,
  getDerivativeSource,
  type NewDerivative,
  replaceDerivatives,
  setProcessing,
} from './derivatives.repository.ts';
import { BoundedRunError } from '../av/bounded-run.ts';
import { imagePixels } from './pixel-budget.ts';
import { MediaRefusal } from '../av/probe-media.ts';
import { browserPlays, probeStreams } from '../av/browser-playable.ts';
import { containerOf } from '../av/containers.ts';
import { extractPoster, ffmpegAvailable, renderWaveform } from './ffmpeg.ts';
import { queuePlayableCopy } from './playable-copies.repository.ts';

export const DERIVATIVES_JOB = 'derivatives';
/**
 * The same job for sound and video, in a lane of its own (server/jobs/create-job-runner.ts): a
 * decode may take minutes within its limits, and thumbnails of staff uploads must not wait on it.
 */
export const AV_DERIVATIVES_JOB = 'derivatives-av';

/** The kind of derivatives job for an item of this type. */
export const derivativesJobKind = (mediaType: MediaType) =>
  mediaType === 'audio' || mediaType === 'video' ? AV_DERIVATIVES_JOB : DERIVATIVES_JOB;
/** Hand-over between steps without a lossy re-encode; level 0 because it is thrown away. */
const LOSSLESS = { compressionLevel: 0 } as const;

export interface DerivativesPayload {
  ownerType: DerivativeOwner;
  ownerId: string;
}

type Source = DerivativeSource;

interface Deps {
  db: Db;
  blobs: BlobStore;
  tmpDir: string;
  logger: { warn(obj: object, msg: string): void };
  /** Starts a job queued here at once (the job runner's wake). */
  wake?: () => void;
  /** Told when an image item's derivatives are made (the face job queues its scan). */
  imageReady?: (mediaId: string) => Promise<void>;
}

/** sharp writes these; anything else (BMP) is offered for download as lossless PNG. */
const DOWNLOAD_FORMAT: Record<string, 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
};

/**
 * Makes the files shown in place of an original: for images a thumbnail, a display size (the
 * item's recorded watermark on public media) and, for public media, a watermarked full-size
 * download; a poster frame for video and a waveform for audio when ffmpeg is present.
 */
export async function makeDerivatives(
  deps: Deps,
  payload: DerivativesPayload,
  finalAttempt: boolean,
): Promise<void> {
  const { db } = deps;
  const source = await getDerivativeSource(db, payload);
  if (!source) return; // deleted meanwhile: nothing to make
  await mkdir(deps.tmpDir, { recursive: true });
  const work = await mkdtemp(join(deps.tmpDir, 'derive-'));
  const made: NewDerivative[] = [];
  try {
    const original = join(work, 'original');
    const { body } = await deps.blobs.get(source.fileKey);
    await pipeline(body, createWriteStream(original));

    let placeholder: string | undefined;
    let hashes: ImageHashes | undefined;
    // A sound's or video's length, as the probe before its decode read it (IIIF manifests give it).
    let duration: number | null | undefined;
    if (source.mediaType === 'image') {
      const image = await imagePixels.run(source.pixels, () =>
        imageDerivatives(deps, payload, source, original, work),
      );
      made.push(...image.made);
      hashes = image.hashes;
    } else if (source.mediaType === 'video' && (await ffmpegAvailable())) {
      const poster = join(work, 'poster.png');
      duration = (await extractPoster(original, poster, source.mimeType)).durationSeconds;
      made.push(
        await store(
          deps,
          payload,
          'thumb',
          sharp(poster).resize(THUMB_PX, THUMB_PX, { fit: 'inside' }).webp({ quality: 75 }),
        ),
      );
      made.push(
        await store(
          deps,
          payload,
          'poster',
          sharp(poster)
            .resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 80 }),
        ),
      );
      placeholder = await thumbHashOf(poster);
    } else if (source.mediaType === 'audio' && (await ffmpegAvailable())) {
      const waveform = join(work, 'waveform.png');
      duration = (await renderWaveform(original, waveform, source.mimeType)).durationSeconds;
      made.push(
        await store(deps, payload, 'waveform', sharp(waveform).webp({ quality: 80, alphaQuality: 80 })),
      );
    }

    // An item's sound or video that browsers do not play gets a copy they do, made by a job of its
    // own (playable-copy.ts), decided by the codecs ffprobe reads, not by the container.
    const isAv = source.mediaType === 'video' || source.mediaType === 'audio';
    const needsCopy =
      isAv &&
      payload.ownerType === 'media' &&
      duration !== undefined &&
      !browserPlays(source.mimeType, await probeStreams(original, containerOf(source.mimeType).demuxer));

    const unused = await db
      .transaction()
      .execute((trx) =>
        replaceDerivatives(trx, payload.ownerType, payload.ownerId, made, isAv ? ['playable'] : []),
      );
    await Promise.all(unused.map((key) => deps.blobs.delete(key).catch(() => {})));
    await setProcessing(db, payload, {
      processing_status: 'ready',
      processing_error: null,
      ...(placeholder ? { placeholder } : {}),
      ...(hashes ? { dhash: hashes.upright, dhash_turns: hashes.turns } : {}),
      ...(duration != null && payload.ownerType === 'media' ? { duration_seconds: duration } : {}),
    });
    if (needsCopy && (await db.transaction().execute((trx) => queuePlayableCopy(trx, payload.ownerId))))
      deps.wake?.();
    if (source.mediaType === 'image' && payload.ownerType === 'media') {
      await deps.imageReady?.(payload.ownerId);
    }
  } catch (caught) {
    await Promise.all(made.map((d) => deps.blobs.delete(d.fileKey).catch(() => {})));
    const error = asPermanent(caught);
    if (finalAttempt || error instanceof PermanentJobError) {
      const message = error instanceof Error ? error.message : String(error);
      await setProcessing(db, payload, {
        processing_status: 'failed',
        processing_error: message.slice(0, 500),
      });
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A sound or video the probe refused, or whose decode failed or ran out of its limits, fails the
 * same way every time: the job is not tried again. Only a decoder that could not be started is.
 */
export function asPermanent(error: unknown): unknown {
  if (error instanceof MediaRefusal)
    return new PermanentJobError(`Refused: ${error.reason}`, { cause: error });
  if (error instanceof BoundedRunError && error.reason !== 'spawn') {
    return new PermanentJobError(error.message, { cause: error });
  }
  return error;
}

async function imageDerivatives(
  deps: Deps,
  payload: DerivativesPayload,
  source: Source,
  original: string,
  work: string,
) {
  // Opened once: a BMP is decoded here, once, in a worker thread; other types are read by
  // libvips afresh for each size, where JPEG shrink-on-load makes the small ones cheap.
  const image = await openImage(original, source.mimeType);
  try {
    // The near-duplicate hashes, made here only for a row that has none (older than them): the
    // ingest makes them and records them with the file.
    const [made, hashes] = await Promise.all([
      imageSizes(deps, payload, source, image, work),
      source.hashed ? undefined : hashImage(image.pipeline()),
    ]);
    return { made, hashes };
  } finally {
    await image.close();
  }
}

async function imageSizes(
  deps: Deps,
  payload: DerivativesPayload,
  source: Source,
  image: OpenedImage,
  work: string,
) {
  const oriented = () => image.pipeline().rotate();
  const made = [
    await store(
      deps,
      payload,
      'thumb',
      oriented()
        .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 }),
    ),
  ];
  const displaySize = () =>
    oriented().resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true });
  const shown = await storeDisplay(deps, payload, displaySize, source.watermark);
  made.push(shown.derivative);
  // The phone size is the watermarked display scaled down, so it carries the same mark.
  made.push(
    await store(
      deps,
      payload,
      'medium',
      sharp(shown.data)
        .resize(MEDIUM_PX, MEDIUM_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 }),
      shown.derivative.watermarked,
    ),
  );
  // Public media also get a full-size download carrying the watermark; the original stays staff-only.
  // Full size is unbounded (up to the pixel limit), so it goes from the original through the
  // watermark into a file in one libvips pipeline, never into a buffer.
  if (payload.ownerType === 'media') {
    const format = DOWNLOAD_FORMAT[source.mimeType] ?? 'png';
    const path = join(work, `download.${format}`);
    const result = await watermarkToFile(
      oriented,
      orientedSize(image),
      source.watermark,
      { format, quality: 90 },
      path,
    );
    if (result.error) {
      deps.logger.warn(
        { ...payload, variant: 'download', err: result.error },
        'Failed to create watermarked image',
      );
    }
    made.push(await storeFile(deps, payload, 'download', path, { format, ...result }, result.watermarked));
  }
  return made;
}

/** The display size, encoded straight from the original, or handed over losslessly to be watermarked. */
async function storeDisplay(
  deps: Deps,
  payload: DerivativesPayload,
  displaySize: () => Sharp,
  watermark: WatermarkSettings | null,
): Promise<{ derivative: NewDerivative; data: Buffer }> {
  const format = 'webp';
  const quality = 82;
  const variant = 'display';
  if (!watermark) {
    const { data, info } = await displaySize().webp({ quality }).toBuffer({ resolveWithObject: true });
    return { derivative: await storeEncoded(deps, payload, variant, data, info, false), data };
  }
  // At most DISPLAY_PX square, so this lossless hand-over stays small whatever the original.
  const image = await displaySize().png(LOSSLESS).toBuffer();
  const result = await watermarkImage(image, watermark, { format, quality });
  if (result.error) {
    // Spec: a failed watermark still yields the image, unwatermarked; the failure is logged.
    deps.logger.warn({ ...payload, variant, err: result.error }, 'Failed to create watermarked image');
  }
  // Already encoded: stored as it is, never decoded and encoded again.
  const derivative = await storeEncoded(
    deps,
    payload,
    variant,
    result.data,
    { format, width: result.width, height: result.height },
    result.watermarked,
  );
  return { derivative, data: result.data };
}

async function store(
  deps: Deps,
  payload: DerivativesPayload,
  variant: DerivativeVariant,
  pipelineOut: Sharp,
  watermarked = false,
): Promise<NewDerivative> {
  const { data, info } = await pipelineOut.toBuffer({ resolveWithObject: true });
  return storeEncoded(deps, payload, variant, data, info, watermarked);
}

async function storeEncoded(
  deps: Deps,
  payload: DerivativesPayload,
  variant: DerivativeVariant,
  data: Buffer,
  info: { format: string; width: number; height: number },
  watermarked: boolean,
): Promise<NewDerivative> {
  const { fileKey, mimeType } = derivativeKey(payload, variant, info.format);
  await deps.blobs.put(fileKey, data, { contentType: mimeType });
  return {
    variant,
    fileKey,
    mimeType,
    fileSize: data.length,
    width: info.width,
    height: info.height,
    watermarked,
  };
}

/** Stores a finished file (moved, not copied, on local disk) as a derivative. */
async function storeFile(
  deps: Deps,
  payload: DerivativesPayload,
  variant: DerivativeVariant,
  path: string,
  info: { format: string; width: number; height: number; size: number },
  watermarked: boolean,
): Promise<NewDerivative> {
  const { fileKey, mimeType } = derivativeKey(payload, variant, info.format);
  await deps.blobs.putFile(fileKey, path, { contentType: mimeType });
  return {
    variant,
    fileKey,
    mimeType,
    fileSize: info.size,
    width: info.width,
    height: info.height,
    watermarked,
  };
}

function derivativeKey(payload: DerivativesPayload, variant: DerivativeVariant, format: string) {
  const extension = format === 'jpeg' ? 'jpg' : format;
  return {
    fileKey: `derivatives/${payload.ownerId}/${variant}-${randomBytes(6).toString('hex')}.${extension}`,
    mimeType: `image/${format}`,
  };
}

async function thumbHashOf(path: string): Promise<string> {
  const { data, info } = await sharp(path)
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
