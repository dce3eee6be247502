import type { Translation } from '#common/translations.ts';
import type { TranslationRow } from './translations.repository.ts';

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
