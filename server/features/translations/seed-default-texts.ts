import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import type { Db } from '#server/db/database.ts';
import { createMissingTranslations, replaceFormerDefaults } from './translations.repository.ts';

/**
 * Adds the default texts whose key is not in the table yet, at every start. The spec seeds only an
 * empty table; seeding per key keeps that promise for edited texts (an existing row is never
 * touched) while the keys a new release brings still arrive. A default text an admin deleted comes
 * back at the next start, with its default wording: the web still uses the key. A default that was
 * wrong in an earlier release (`formerFo`) is corrected in the rows nobody edited.
 * Returns the keys added.
 */
export async function seedDefaultTexts(db: Db): Promise<string[]> {
  const rows = Object.entries(DEFAULT_TEXTS).map(([key, text]) => ({
    key,
    faroese_text: text.fo,
    english_text: text.en ?? null,
    context: text.context ?? null,
    // The area of the site, from the key's namespace ('nav.submit' → 'nav').
    component: key.split('.')[0] ?? null,
    status: text.en === undefined ? ('incomplete' as const) : ('complete' as const),
  }));
  const added = await createMissingTranslations(db, rows);
  const corrections = Object.entries(DEFAULT_TEXTS).flatMap(([key, text]) =>
    text.formerFo === undefined ? [] : [{ key, from: text.formerFo, to: text.fo }],
  );
  await replaceFormerDefaults(db, corrections);
  return added;
}
