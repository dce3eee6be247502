import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_CLEAR_MS } from '#common/limits.ts';
import { paths } from '#common/paths.ts';
import { useT } from '../app/i18n.tsx';

export type ShareOutcome = 'shared' | 'copied' | 'copied-by-selection' | 'cancelled' | 'failed';

/**
 * Shares a link with the Web Share API where the browser has it, otherwise copies it
 * (public-site.md §8: no id → 'Error: Cannot share item without ID'). Without the Clipboard API (a
 * page not served over HTTPS has none) the link is copied from a selected field, the spec's alert
 * 'Link copied to clipboard!' after; 'failed' when even that is refused: the caller then shows the
 * link to copy by hand.
 */
export async function shareLink(
  id: string | null | undefined,
  title: string,
  path: string,
  texts: { missingId: string; copiedBySelection: string },
): Promise<ShareOutcome> {
  if (!id) {
    window.alert(texts.missingId);
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
    // fall through to the older way
  }
  if (!copyBySelection(url)) return 'failed';
  window.alert(texts.copiedBySelection);
  return 'copied-by-selection';
}

/** The way before the Clipboard API: select the text in a field and ask the browser to copy. */
function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.style.position = 'fixed';
  field.style.opacity = '0';
  const focused = document.activeElement;
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}

/**
 * `share(item)` for an item's page link, plus `copied`, true for 3 s after the link was copied (to
 * show 'Link copied! Paste to share'), and `byHand`, the link of the item whose link could not be
 * copied at all (to show in a selected field, `<ShareByHand>`).
 */
export function useShare() {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const [byHand, setByHand] = useState<{ id: string; url: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = useCallback(
    async (item: { id?: string | null; title: string }) => {
      const path = paths.media(item.id ?? '');
      const outcome = await shareLink(item.id, item.title, path, {
        missingId: t('share.missing_id', 'Error: Cannot share item without ID'),
        copiedBySelection: t('share.copied_alert', 'Link copied to clipboard!'),
      });
      setByHand(
        outcome === 'failed' && item.id
          ? { id: item.id, url: new URL(path, window.location.origin).href }
          : null,
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
  return { share, copied, byHand };
}
