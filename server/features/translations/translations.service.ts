import { createHash } from 'node:crypto';
import type {
  CreateTranslationBody,
  Language,
  TextScope,
  Translation,
  UpdateTranslationBody,
} from '#common/translations.ts';
import {
  createTranslationBody,
  duplicateKeyMessage,
  isPublicText,
  type translationListQuery,
  translationProgress,
  type TranslationStats,
  updateTranslationBody,
} from '#common/translations.ts';
import type { z } from 'zod';
import type { Actor } from '#common/permissions.ts';
import type { Db } from '#server/db/database.ts';
import { currentDataVersion } from '#server/db/data-versions.ts';
import { authorize } from '#server/http/authorize.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { AppContext } from '#server/http/context.ts';
import type { ListPage } from '#common/list.ts';
import { logActivity } from '../activity/activity.public.ts';
import { presentTranslation } from './translations.presenter.ts';
import { seedDefaultTexts } from './seed-default-texts.ts';
import * as repo from './translations.repository.ts';

const duplicateKey = (key: string) => new AppError(409, 'DUPLICATE_KEY', duplicateKeyMessage(key));
export const translationNotFound = () => notFound('Translation not found');

export interface Messages {
  lang: Language;
  messages: Record<string, string>;
  etag: string;
}

/**
 * The built message maps, remembered per language and scope with the public content's version
 * (server/db/data-versions.ts) and the table's own. A request asks the database only for the
 * content's version (shared by the answers of one page); when it moved (any public change, a view
 * counted included), the table's own version (one aggregate) tells whether the texts did. An edit
 * made through any instance shows on the next request everywhere; nothing that matters lives only
 * here.
 */
const cache = new WeakMap<Db, Map<string, Messages & { dataVersion: string; version: string }>>();

/**
 * The texts a visitor sees: all of them, or those of the public pages (common/translations.ts,
 * isPublicText). English shows english_text where a translation exists and the Faroese text
 * otherwise, so an English visitor never meets an empty label.
 */
export async function getMessages(
  ctx: AppContext,
  _actor: Actor,
  { lang, scope = 'all' }: { lang: Language; scope?: TextScope },
): Promise<Messages> {
  const db = ctx.db;
  const dataVersion = await currentDataVersion(db);
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const hit = perDb.get(`${lang} ${scope}`);
  if (hit && hit.dataVersion === dataVersion) return hit;
  const version = await repo.getTranslationsVersion(db);
  if (hit && hit.version === version) {
    hit.dataVersion = dataVersion;
    return hit;
  }

  const rows = await repo.listMessageTexts(db);
  const messages: Record<string, string> = {};
  for (const row of rows) {
    if (scope === 'public' && !isPublicText(row.key)) continue;
    messages[row.key] = lang === 'en' ? (row.english_text ?? row.faroese_text) : row.faroese_text;
  }
  const hash = createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 27);
  const tag = scope === 'all' ? lang : `${lang}-${scope}`;
  const built = { lang, messages, etag: `"${tag}-${hash}"`, dataVersion, version };
  perDb.set(`${lang} ${scope}`, built);
  return built;
}

/** The admin table: a page of translations with filters (admin-back-office.md §2 Translations). */
export async function listTranslations(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof translationListQuery>,
): Promise<ListPage<Translation>> {
  authorize(actor, 'translation:manage');
  const { cursor, limit, sort: _sort, ...filters } = query;
  const page = await repo.listTranslations(ctx.db, filters, cursor, limit);
  return { items: page.rows.map(presentTranslation), total: page.total, nextCursor: page.nextCursor };
}

export async function createTranslation(
  ctx: AppContext,
  actor: Actor,
  input: CreateTranslationBody,
): Promise<Translation> {
  authorize(actor, 'translation:manage');
  const body = createTranslationBody.parse(input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.createTranslation(trx, {
      key: body.key,
      faroese_text: body.faroeseText,
      english_text: body.englishText ?? null,
      context: body.context ?? null,
      component: body.component ?? null,
      status: body.status ?? 'incomplete',
    });
    if (!created) throw duplicateKey(body.key);
    await logActivity(trx, actor, 'translation.created', { id: created.id, name: created.key });
    return created;
  });
  return presentTranslation(row);
}

export async function updateTranslation(
  ctx: AppContext,
  actor: Actor,
  { id, ...input }: UpdateTranslationBody & { id: string },
): Promise<Translation> {
  authorize(actor, 'translation:manage');
  const body = updateTranslationBody.parse(input);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const updated = await repo.updateTranslation(trx, id, {
        ...(body.key !== undefined && { key: body.key }),
        ...(body.faroeseText !== undefined && { faroese_text: body.faroeseText }),
        ...(body.englishText !== undefined && { english_text: body.englishText }),
        ...(body.context !== undefined && { context: body.context }),
        ...(body.component !== undefined && { component: body.component }),
        ...(body.status !== undefined && { status: body.status }),
      });
      if (!updated) throw translationNotFound();
      await logActivity(trx, actor, 'translation.updated', { id: updated.id, name: updated.key });
      return updated;
    });
    return presentTranslation(row);
  } catch (error) {
    if (body.key !== undefined && isUniqueViolation(error)) throw duplicateKey(body.key);
    throw error;
  }
}

export async function deleteTranslation(
  ctx: AppContext,
  actor: Actor,
  { id }: { id: string },
): Promise<void> {
  authorize(actor, 'translation:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteTranslation(trx, id);
    if (!deleted) throw translationNotFound();
    await logActivity(trx, actor, 'translation.deleted', { id: deleted.id, name: deleted.key });
  });
}

/**
 * The export of admin-back-office.md §7: key → faroese_text, ordered by key; with English, key →
 * { faroese, english } (english null where there is none), for a translator to work from.
 */
export async function exportTranslations(
  ctx: AppContext,
  actor: Actor,
  { include }: { include?: 'english' },
): Promise<Record<string, string> | Record<string, { faroese: string; english: string | null }>> {
  authorize(actor, 'translation:manage');
  const rows = await repo.listMessageTexts(ctx.db);
  if (include === 'english') {
    return Object.fromEntries(
      rows.map((r) => [r.key, { faroese: r.faroese_text, english: r.english_text || null }]),
    );
  }
  return Object.fromEntries(rows.map((r) => [r.key, r.faroese_text]));
}

/** The screen's stats: counts by status, rows without English, progress and the components. */
export async function getTranslationStats(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<TranslationStats> {
  authorize(actor, 'translation:manage');
  const stats = await repo.getTranslationStats(ctx.db);
  return {
    total: stats.total,
    complete: stats.complete,
    incomplete: stats.incomplete,
    needsReview: stats.needs_review,
    missingEnglish: stats.missing_english,
    progress: translationProgress(stats.complete, stats.total),
    components: stats.components,
  };
}

/**
 * Adds the default texts whose key is missing (all of them when the table is empty: the spec's
 * seeding), leaving every existing row alone. The server does the same at every start; this is the
 * admin's way to do it now, e.g. after deleting texts by mistake. Logged when it added anything.
 */
export async function seedTranslations(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<{ added: number }> {
  authorize(actor, 'translation:manage');
  const added = await ctx.db.transaction().execute(async (trx) => {
    const keys = await seedDefaultTexts(trx);
    if (keys.length > 0) {
      await logActivity(trx, actor, 'translation.created', {
        name: 'Default texts',
        details: { seeded: keys.length },
      });
    }
    return keys;
  });
  return { added: added.length };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
