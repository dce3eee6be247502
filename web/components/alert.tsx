import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-orange-300 bg-orange-50 text-orange-900',
  success: 'border-green-200 bg-green-50 text-green-800',
} as const;

/**
 * Errors show in a red box and successes in green (public-site.md §8). Errors are alerts so a
 * screen reader announces them at once; successes are polite status messages.
 */
export function Alert({
  tone,
  title,
  id,
  className = '',
  children,
}: {
  tone: keyof typeof TONES;
  title?: string;
  /** For a field or dialog that names it in `aria-describedby`. */
  id?: string;
  /** Its margins in the screen ('mt-6'). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === 'success' ? 'status' : 'alert'}
      className={`rounded-md border p-4 ${TONES[tone]} ${className}`}
    >
      {title && <h2 className="font-semibold">{title}</h2>}
      {children && <div className={title ? 'mt-1 text-sm' : 'text-sm'}>{children}</div>}
    </div>
  );
}
