import type { ComponentProps } from 'react';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100';
export const linkButton = 'text-sm font-medium text-blue-700 underline hover:text-blue-900';

export function Button({ className = primaryButton, type = 'button', ...props }: ComponentProps<'button'>) {
  return <button type={type} className={className} {...props} />;
}
