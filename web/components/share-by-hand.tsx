import { useEffect, useRef } from 'react';
import { useT } from '../app/i18n.tsx';
import { TextField } from './text-field.tsx';

/**
 * A link the browser would copy neither way (no share sheet, no clipboard): shown in a field with
 * the focus in it and the link selected, so the visitor copies it by hand (Ctrl+C, or the
 * phone's own menu) instead of a Share button that seems to do nothing.
 */
export function ShareByHand({ url, className }: { url: string; className?: string }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!url) return;
    field.current?.focus();
    field.current?.select();
  }, [url]);
  return (
    <TextField
      ref={field}
      className={className}
      label={t('share.copy_by_hand', 'Avrita leinkið fyri at deila tað:')}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
