import { ACCEPTED_FILE_TYPES, safeDisplayFileName } from '#common/file-types.ts';
import { type Actor, can } from '#common/permissions.ts';
import { rightsStatement } from '#common/rights.ts';
import type { DerivativeVariant } from '#server/db/schema.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { createAnswerCache } from '#server/http/answer-cache.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { ServableFile } from '#server/http/send-blob.ts';
import { countOnceKey, isFirstInWindow } from '#server/http/rate-limit.ts';
import { getDerivative } from '#server/media/derivatives/derivatives.repository.ts';
import { getDocument, incrementDocumentDownloads } from '../documents/documents.public.ts';
import { createUsage, getMediaFileInfo } from '../media/media.public.ts';
import { mediaResource } from '../media/media.service.ts';
import { getSubmission } from '../submissions/submissions.public.ts';

export const MEDIA_FILE_VARIANTS = [
  'original',
  'thumb',
  'medium',
  'display',
  'download',
  'poster',
  'waveform',
  'playable',
] as const;
export type MediaFileVariant = (typeof MEDIA_FILE_VARIANTS)[number];

/** Which file is asked for, and whether this request starts a download that counts. */
interface FileRequest<V extends string = never> {
  id: string;
  variant?: V;
  /** The URL's `?v=`. */
  v?: string;
  /** `?download`, from the first byte, not answered from the browser's cache (the route decides). */
  countsAsDownload?: boolean;
  /** `?download` at all: the file is asked for to be saved. */
  download?: boolean;
  userAgent?: string | null;
  /** The client's address: a download counts once per item and address in a window. */
  ip?: string;
}

const hidden = () => notFound('File not found');
const reuseNotAllowed = () =>
  new AppError(
    403,
    'REUSE_NOT_ALLOWED',
    "This item's rights statement does not allow reuse, so its file is not offered for download.",
  );

/**
 * Whether this download is the first of its item from this address in the counting window (the
 * same throttle as views and POST /api/documents/:id/download), so reloading a link cannot inflate
 * a count or fill the usage log.
 */
const firstDownload = (ctx: AppContext, counter: string, id: string, ip: string | undefined) =>
  isFirstInWindow(ctx.db, countOnceKey(counter, id, ip ?? 'unknown'));

/** The extension recorded for each detected type (common/file-types.ts), by its mime type. */
const EXTENSIONS = new Map(
  Object.values(ACCEPTED_FILE_TYPES)
    .flat()
    .map((type) => [type.mime, type.extension]),
);

/**
 * The name offered when saving: the sender's name with the extension of the type the content was
 * detected as (never the sender's own extension: `photo.html` holding a JPEG is saved as
 * `photo.jpg`).
 */
export function withExtension(name: string, mimeType: string) {
  const ext =
    EXTENSIONS.get(mimeType) ??
    mimeType
      .split('/')[1]
      ?.replace('jpeg', 'jpg')
      .replace(/[^a-z0-9]/g, '');
  const base = name.replace(/\.[^.]*$/, '') || 'file';
  return safeDisplayFileName(ext ? `${base}.${ext}` : base);
}

/** The rows a media file is served from (the item's, and the derivative's for a variant). */
export type MediaFileRows = (
  id: string,
  variant: MediaFileVariant,
) => Promise<{
  row: Awaited<ReturnType<typeof getMediaFileInfo>>;
  derivative: Awaited<ReturnType<typeof getDerivative>> | null;
}>;

/**
 * Those rows kept for everyone: a moment as they were given (http/answer-cache.ts: `PAGE_CACHE_MS`,
 * dropped by any write through the API that could change them), and past that until the public
 * content's version moves (server/db/data-versions.ts: any committed change to an item or its
 * derivatives, however made), so a thumbnail asked for again costs no query, and after its moment
 * one small read of the version shared by the requests of a turn. Each gallery page brings a dozen
 * thumbnails per visitor; who may have the file is still decided on every request, from the rows.
 */
export function keptMediaFileRows(ctx: Pick<AppContext, 'db'>): MediaFileRows {
  const moment = createAnswerCache<Awaited<ReturnType<MediaFileRows>>>({ maxEntries: 2000 });
  return (id, variant) => {
    const key = `file rows ${id} ${variant}`;
    return moment.get(key, () =>
      sharedAnswer(
        ctx.db,
        key,
        async () => {
          const row = await getMediaFileInfo(ctx.db, id);
          const derivative =
            row && variant !== 'original'
              ? await getDerivative(ctx.db, 'media', id, variant as DerivativeVariant)
              : null;
          return { row, derivative };
        },
        'files',
      ),
    );
  };
}

/**
 * Files of a media item, by the permission rules of common/permissions.ts (media:read,
 * media:read-original): everyone else gets a 404, which does not tell whether the item exists.
 * A counted download is logged with whether the file carried the watermark.
 */
export async function serveMediaFile(
  ctx: AppContext,
  actor: Actor,
  input: FileRequest<MediaFileVariant> & { variant: MediaFileVariant },
  rows: MediaFileRows,
): Promise<ServableFile> {
  const asked = await rows(input.id, input.variant);
  const { row } = asked;
  if (!row || !can(actor, 'media:read', mediaResource(row))) throw hidden();
  // A statement that does not allow reuse (common/rights.ts): the public's download of an image is
  // its watermarked display image, and the file of any other item is not offered for saving.
  const reuseRefused = !rightsStatement(row.rights)?.allowsReuse && !can(actor, 'media:manage');
  // The playable copy of a sound or video is the original in another coding: saved as little.
  if (reuseRefused && (input.variant === 'original' || input.variant === 'playable') && input.download)
    throw reuseNotAllowed();
  const { derivative } =
    reuseRefused && input.variant === 'download' ? await rows(input.id, 'display') : asked;
  // A URL from before the item was last unpublished: gone, for everyone (a CDN may hold its copy).
  if (row.file_salt && input.v !== undefined && !input.v.startsWith(`${row.file_salt}.`)) throw hidden();
  let file: ServableFile;
  if (input.variant === 'original') {
    if (!can(actor, 'media:read-original', mediaResource(row))) throw hidden();
    file = {
      key: row.file_key,
      mimeType: row.mime_type,
      downloadName: withExtension(row.file_name, row.mime_type),
      etag: row.sha256,
      isPublic: row.is_public && row.media_type !== 'image',
      watermarked: false,
    };
  } else {
    if (!derivative) throw hidden();
    file = derivativeFile(derivative, row.file_name, row.is_public);
  }
  if (input.countsAsDownload && (await firstDownload(ctx, 'media-download', row.id, input.ip))) {
    await createUsage(ctx.db, {
      mediaId: row.id,
      action: 'download',
      userAgent: input.userAgent ?? null,
      watermarked: file.watermarked,
    });
  }
  return file;
}

/** A derivative as served: named after the sender's file, versioned by its own key. */
function derivativeFile(
  derivative: { file_key: string; mime_type: string; watermarked: boolean },
  fileName: string,
  isPublic: boolean,
): ServableFile {
  return {
    key: derivative.file_key,
    mimeType: derivative.mime_type,
    downloadName: withExtension(fileName, derivative.mime_type),
    etag: derivative.file_key.split('/').pop()!,
    isPublic,
    watermarked: derivative.watermarked,
  };
}

/** Files of submissions are for the reviewing staff only, whatever their status. */
export async function serveSubmissionFile(
  ctx: AppContext,
  actor: Actor,
  input: FileRequest<'original' | 'thumb' | 'display'> & { variant: 'original' | 'thumb' | 'display' },
): Promise<ServableFile> {
  if (!can(actor, 'submission:review')) throw hidden();
  const row = await getSubmission(ctx.db, input.id);
  if (!row) throw hidden();
  if (input.variant === 'original') {
    return {
      key: row.file_key,
      mimeType: row.mime_type,
      downloadName: withExtension(row.file_name, row.mime_type),
      etag: row.sha256,
      isPublic: false,
      watermarked: false,
    };
  }
  const derivative = await getDerivative(ctx.db, 'submission', input.id, input.variant);
  if (!derivative) throw hidden();
  return derivativeFile(derivative, row.file_name, false);
}

/**
 * Public documents for everyone, the rest for those who manage documents. A counted download
 * (the header button, the custom card's link) adds one to its download_count (public-site.md §4).
 */
export async function serveDocumentFile(
  ctx: AppContext,
  actor: Actor,
  input: FileRequest,
): Promise<ServableFile> {
  const row = await getDocument(ctx.db, input.id);
  if (!row || !can(actor, 'document:read', { kind: 'document', isPublic: row.is_public })) throw hidden();
  if (
    input.countsAsDownload &&
    row.is_public &&
    (await firstDownload(ctx, 'document-download', row.id, input.ip))
  ) {
    await incrementDocumentDownloads(ctx.db, row.id, { publicOnly: true });
  }
  return {
    key: row.file_key,
    mimeType: row.mime_type,
    downloadName: withExtension(row.file_name, row.mime_type),
    etag: row.sha256,
    isPublic: row.is_public,
    watermarked: false,
  };
}
