import { createHash } from 'node:crypto';
import type {
  CreateTranslationBody,
  Language,
  Translation,
  UpdateTranslationBody,
} from '../../../common/translations.ts';
import {
  createTranslationBody,
  duplicateKeyMessage,
  updateTranslationBody,
} from '../../../common/translations.ts';
import type { Actor } from '../../../common/permissions.ts';
import type { Db } from '../../db/database.ts';
import { authorize } from '../../http/authorize.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createActivity } from '../activity/activity.repository.ts';
import {
  createTranslationRow,
  deleteTranslationRow,
  getTranslationsVersion,
  listMessageTexts,
  listTranslations,
  type TranslationRow,
  updateTranslationRow,
} from './translations.repository.ts';

export function presentTranslation(row: TranslationRow): Translation {
  return {
    id: row.id,
    key: row.key,
    faroeseText: row.faroese_text,
    englishText: row.english_text,
    context: row.context,
    component: row.component,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const duplicateKey = (key: string) => new AppError(409, 'DUPLICATE_KEY', duplicateKeyMessage(key));
export const translationNotFound = () => notFound('Translation not found');

export interface Messages {
  lang: Language;
  messages: Record<string, string>;
  etag: string;
}

/**
 * The built message maps, remembered per language together with the table's version. Each
 * request asks the database only for the version (one tiny aggregate), so an edit made through any
 * instance shows on the next request everywhere, and nothing that matters lives only here.
 */
const cache = new WeakMap<Db, Map<Language, Messages & { version: string }>>();

/**
 * The texts a visitor sees. English shows english_text where a translation exists and the Faroese
 * text otherwise, so an English visitor never meets an empty label.
 */
export async function getMessages(db: Db, lang: Language): Promise<Messages> {
  const version = await getTranslationsVersion(db);
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const hit = perDb.get(lang);
  if (hit && hit.version === version) return hit;

  const rows = await listMessageTexts(db);
  const messages: Record<string, string> = {};
  for (const row of rows) {
    messages[row.key] = lang === 'en' ? (row.english_text ?? row.faroese_text) : row.faroese_text;
  }
  const hash = createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 27);
  const built = { lang, messages, etag: `"${lang}-${hash}"`, version };
  perDb.set(lang, built);
  return built;
}

export async function listAllTranslations(db: Db, actor: Actor): Promise<Translation[]> {
  authorize(actor, 'translation:manage');
  return (await listTranslations(db)).map(presentTranslation);
}

export async function createTranslation(
  db: Db,
  actor: Actor,
  input: CreateTranslationBody,
): Promise<Translation> {
  authorize(actor, 'translation:manage');
  const body = createTranslationBody.parse(input);
  const row = await db.transaction().execute(async (trx) => {
    const created = await createTranslationRow(trx, {
      key: body.key,
      faroese_text: body.faroeseText,
      english_text: body.englishText ?? null,
      context: body.context ?? null,
      component: body.component ?? null,
      status: body.status ?? 'incomplete',
    });
    if (!created) throw duplicateKey(body.key);
    await createActivity(trx, {
      userId: actor.id,
      action: 'translation_created',
      resourceType: 'translation',
      resourceId: created.id,
      resourceName: created.key,
    });
    return created;
  });
  return presentTranslation(row);
}

export async function updateTranslation(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateTranslationBody,
): Promise<Translation> {
  authorize(actor, 'translation:manage');
  const body = updateTranslationBody.parse(input);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const updated = await updateTranslationRow(trx, id, {
        ...(body.key !== undefined && { key: body.key }),
        ...(body.faroeseText !== undefined && { faroese_text: body.faroeseText }),
        ...(body.englishText !== undefined && { english_text: body.englishText }),
        ...(body.context !== undefined && { context: body.context }),
        ...(body.component !== undefined && { component: body.component }),
        ...(body.status !== undefined && { status: body.status }),
      });
      if (!updated) throw translationNotFound();
      await createActivity(trx, {
        userId: actor.id,
        action: 'translation_updated',
        resourceType: 'translation',
        resourceId: updated.id,
        resourceName: updated.key,
      });
      return updated;
    });
    return presentTranslation(row);
  } catch (error) {
    if (body.key !== undefined && isUniqueViolation(error)) throw duplicateKey(body.key);
    throw error;
  }
}

export async function deleteTranslation(db: Db, actor: Actor, id: string): Promise<void> {
  authorize(actor, 'translation:manage');
  await db.transaction().execute(async (trx) => {
    const deleted = await deleteTranslationRow(trx, id);
    if (!deleted) throw translationNotFound();
    await createActivity(trx, {
      userId: actor.id,
      action: 'translation_deleted',
      resourceType: 'translation',
      resourceId: deleted.id,
      resourceName: deleted.key,
    });
  });
}

/** The export of admin-back-office.md §7: key → faroese_text, ordered by key. */
export async function exportTranslations(db: Db, actor: Actor): Promise<Record<string, string>> {
  authorize(actor, 'translation:manage');
  const rows = await listMessageTexts(db);
  return Object.fromEntries(rows.map((r) => [r.key, r.faroese_text]));
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
