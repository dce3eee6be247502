import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_CLEAR_MS } from '#common/limits.ts';
import { paths } from '#common/paths.ts';
import { useT } from '../app/i18n.tsx';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a link with the Web Share API where the browser has it, otherwise copies it
 * (public-site.md §8: no id → 'Error: Cannot share item without ID').
 */
export async function shareLink(
  id: string | null | undefined,
  title: string,
  path: string,
  missingIdText: string,
): Promise<ShareOutcome> {
  if (!id) {
    window.alert(missingIdText);
    return 'failed';
  }
  const url = new URL(path, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // fall through to copying
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/**
 * `share(item)` for an item's page link, plus `copied`, true for 3 s after the link was copied (to
 * show 'Link copied! Paste to share').
 */
export function useShare() {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = useCallback(
    async (item: { id?: string | null; title: string }) => {
      const outcome = await shareLink(
        item.id,
        item.title,
        paths.media(item.id ?? ''),
        t('share.missing_id', 'Error: Cannot share item without ID'),
      );
      if (outcome === 'copied') {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), MESSAGE_CLEAR_MS);
      }
      return outcome;
    },
    [t],
  );
  return { share, copied };
}
