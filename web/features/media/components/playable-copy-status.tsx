import type { AdminMediaItem } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';

/**
 * How the playable copy of an old sound or video (issue 27 §5) is coming on, for staff: waiting,
 * its progress while ffmpeg makes it, done, or why it failed (the original is kept either way).
 */
export function PlayableCopyStatus({ item }: { item: AdminMediaItem }) {
  const t = useT();
  const copy = item.playableCopy;
  if (!copy) return null;
  const percent = Math.round(copy.progress * 100);
  switch (copy.status) {
    case 'queued':
      return (
        <span className="block text-xs text-slate-700" data-playable-copy="queued">
          {t('admin.media.playable_queued', 'Playable copy: waiting')}
        </span>
      );
    case 'running':
      return (
        <span className="block text-xs text-slate-700" data-playable-copy="running">
          <label className="flex items-center gap-2">
            {t('admin.media.playable_running', 'Playable copy: {percent} %', { percent })}
            <progress max={100} value={percent} className="h-2 w-20" />
          </label>
        </span>
      );
    case 'ready':
      return (
        <span className="block text-xs text-green-800" data-playable-copy="ready">
          {t('admin.media.playable_ready', 'Playable copy made')}
        </span>
      );
    default:
      return (
        <span role="alert" className="block text-xs text-red-800" data-playable-copy="failed">
          {t('admin.media.playable_failed', 'No playable copy: {error}', { error: copy.error ?? '' })}
        </span>
      );
  }
}
