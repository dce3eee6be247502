import type { InputHTMLAttributes } from 'react';
import { useT } from '#web/app/i18n.tsx';

/**
 * A field for bots on the public forms (submissions, knowledge, a name for a box): people never see
 * it or reach it, so it stays empty; the server refuses what fills it. `name` is `website` (a form
 * library's register() gives it, with its own handlers).
 */
export function Honeypot({ id, ...input }: { id: string } & InputHTMLAttributes<HTMLInputElement>) {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t('submit.field.website', 'Heimasíða')}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  );
}
