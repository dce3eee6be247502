/** The header's link and button styles, shared by its bar and its mobile menu. */

export type Variant = 'desktop' | 'mobile';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
export const navLink = `rounded px-2 py-1 font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950 aria-[current=page]:text-blue-800 ${focusRing}`;
export const mobileLink = `block rounded px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:text-blue-800 ${focusRing}`;
export const actionButton = `inline-flex items-center gap-2 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-70 ${focusRing}`;
export const outlineButton = `inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 ${focusRing}`;
export const mobileAction = `flex w-full items-center gap-2 rounded px-3 py-2 text-left font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-70 ${focusRing}`;
export const sectionLabel = 'px-3 py-1 text-sm font-semibold text-slate-700';
