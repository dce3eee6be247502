import type { Translate } from '#web/app/i18n.tsx';
import type { FileStatus } from './file-item.ts';

/** The row's state in words (public-site.md §4 Submission form). */
export function statusText(t: Translate, status: FileStatus): string {
  switch (status) {
    case 'ready':
      return t('submit.status.ready', 'Klár at senda');
    case 'waiting':
      return t('submit.status.waiting', 'Bíðar');
    case 'uploading':
      return t('submit.status.uploading', 'Sendir');
    case 'processing':
      return t('submit.status.processing', 'Viðgerð');
    case 'done':
      return t('submit.status.done', 'Liðugt');
    case 'failed':
      return t('submit.status.failed', 'Miseydnaðist');
  }
}

export function reconnectingText(t: Translate): string {
  return t('submit.reconnecting', 'Sambandið datt — royni aftur…');
}
