import type { DocumentCategory } from '#common/enums.ts';
import type { Translate } from '#web/app/i18n.tsx';

/** A document category's name on screen (admin-back-office.md §9: mentanardagarnar shown as Mentanardagar). */
export function documentCategoryLabel(category: DocumentCategory, t: Translate): string {
  switch (category) {
    case 'mentanardagarnar':
      return t('admin.documents.category.mentanardagarnar', 'Mentanardagar');
    case 'general':
      return t('admin.documents.category.general', 'General');
    case 'archive':
      return t('admin.documents.category.archive', 'Archive');
    case 'policy':
      return t('admin.documents.category.policy', 'Policy');
  }
}
