import { safeDisplayFileName } from '../../../common/file-types.ts';
import { type Actor, can } from '../../../common/permissions.ts';
import type { DerivativeVariant } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { getDerivative } from '../../media/derivatives/derivatives.repository.ts';

export const MEDIA_FILE_VARIANTS = [
  'original',
  'thumb',
  'medium',
  'display',
  'download',
  'poster',
  'waveform',
] as const;
export type MediaFileVariant = (typeof MEDIA_FILE_VARIANTS)[number];

/** One stored file, resolved and cleared for this caller. */
export interface ServableFile {
  key: string;
  mimeType: string;
  /** The name offered when saving: the sender's name, with the served file's extension. */
  downloadName: string;
  etag: string;
  /** Anyone may fetch it, so shared caches may keep it. */
  isPublic: boolean;
  watermarked: boolean;
  mediaId?: string;
}

const hidden = () => notFound('File not found');

function withExtension(name: string, mimeType: string) {
  const ext = mimeType
    .split('/')[1]
    ?.replace('jpeg', 'jpg')
    .replace(/[^a-z0-9]/g, '');
  const base = name.replace(/\.[^.]+$/, '');
  return safeDisplayFileName(ext ? `${base}.${ext}` : name);
}

/**
 * Files of a media item. Non-public items are served to staff only, and image originals too:
 * the public gets the watermarked derivatives (DESIGN.md §4.3-4.4). Everyone else gets a 404,
 * which does not tell whether the item exists.
 */
export async function resolveMediaFile(ctx: AppContext, actor: Actor, id: string, variant: MediaFileVariant) {
  const row = await ctx.db
    .selectFrom('media_items')
    .select(['id', 'is_public', 'file_key', 'file_name', 'mime_type', 'media_type', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  const staff = can(actor, 'media:read-private');
  if (!row || (!row.is_public && !staff)) throw hidden();
  if (variant === 'original') {
    if (row.media_type === 'image' && !staff) throw hidden();
    return {
      key: row.file_key,
      mimeType: row.mime_type,
      downloadName: row.file_name,
      etag: row.sha256,
      isPublic: row.is_public && row.media_type !== 'image',
      watermarked: false,
      mediaId: row.id,
    } satisfies ServableFile;
  }
  const derivative = await getDerivative(ctx.db, 'media', id, variant as DerivativeVariant);
  if (!derivative) throw hidden();
  return { ...derivativeFile(derivative, row.file_name, row.is_public), mediaId: row.id };
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
export async function resolveSubmissionFile(
  ctx: AppContext,
  actor: Actor,
  id: string,
  variant: 'original' | 'thumb' | 'display',
) {
  if (!can(actor, 'submission:review')) throw hidden();
  const row = await ctx.db
    .selectFrom('submissions')
    .select(['id', 'file_key', 'file_name', 'mime_type', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw hidden();
  if (variant === 'original') {
    return {
      key: row.file_key,
      mimeType: row.mime_type,
      downloadName: row.file_name,
      etag: row.sha256,
      isPublic: false,
      watermarked: false,
    } satisfies ServableFile;
  }
  const derivative = await getDerivative(ctx.db, 'submission', id, variant);
  if (!derivative) throw hidden();
  return derivativeFile(derivative, row.file_name, false);
}

/** Public documents for everyone, the rest for those who manage documents. */
export async function resolveDocumentFile(ctx: AppContext, actor: Actor, id: string): Promise<ServableFile> {
  const row = await ctx.db
    .selectFrom('documents')
    .select(['id', 'is_public', 'file_key', 'file_name', 'mime_type', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (!row.is_public && !can(actor, 'document:manage'))) throw hidden();
  return {
    key: row.file_key,
    mimeType: row.mime_type,
    downloadName: row.file_name,
    etag: row.sha256,
    isPublic: row.is_public,
    watermarked: false,
  };
}
