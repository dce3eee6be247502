import type { TranslationStatus } from '#common/translations.ts';
import type { Translate } from '#web/app/i18n.tsx';

export function statusLabel(status: TranslationStatus, t: Translate) {
  switch (status) {
    case 'complete':
      return t('admin.translations.status.complete', 'Complete');
    case 'incomplete':
      return t('admin.translations.status.incomplete', 'Incomplete');
    case 'needs_review':
      return t('admin.translations.status.needs_review', 'Needs review');
  }
}

export const STATUS_TONE: Record<TranslationStatus, string> = {
  complete: 'bg-green-100 text-green-900',
  incomplete: 'bg-orange-100 text-orange-900',
  needs_review: 'bg-yellow-100 text-yellow-900',
};

/** The screen's own failure text also for a server failure (spec §8), not only for unknown codes. */
export const failed = (text: string) => ({ '*': text, INTERNAL: text });
