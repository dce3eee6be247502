import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

const base =
  'inline-flex items-center gap-1 rounded-md border bg-white px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const TONES = {
  neutral: 'border-slate-400 text-slate-800 hover:bg-slate-100',
  link: 'border-blue-700 text-blue-800 hover:bg-blue-50',
  confirm: 'border-green-700 text-green-800 hover:bg-green-50',
  danger: 'border-red-700 text-red-800 hover:bg-red-50',
} as const;

type Tone = keyof typeof TONES;

interface ActionContent {
  icon?: LucideIcon;
  label: string;
  /** What the action is on, read after the label by screen readers ('Edit' → 'Edit Gøta 1950'). */
  name?: string;
  tone?: Tone;
}

function Content({ icon: Icon, label, name }: ActionContent) {
  return (
    <>
      {Icon && <Icon aria-hidden="true" className="size-4" />}
      {label}
      {name && <span className="sr-only"> {name}</span>}
    </>
  );
}

/**
 * A small button among a row's or a card's actions (Edit, Download, Delete …): an icon, the
 * visible word, and the row's name for screen readers, so each of a list's 'Edit' buttons has a
 * name of its own.
 */
export function RowAction({
  icon,
  label,
  name,
  tone = 'neutral',
  className = '',
  ...props
}: ActionContent & Omit<ComponentProps<'button'>, 'children'>) {
  return (
    <button type="button" className={`${base} ${TONES[tone]} ${className}`} {...props}>
      <Content icon={icon} label={label} name={name} />
    </button>
  );
}

/** The same look for an action that goes to a page (Play, the person's page). */
export function RowActionLink({
  icon,
  label,
  name,
  tone = 'link',
  to,
  ...props
}: ActionContent & Omit<ComponentProps<typeof Link>, 'children' | 'className'>) {
  return (
    <Link to={to} className={`${base} ${TONES[tone]}`} {...props}>
      <Content icon={icon} label={label} name={name} />
    </Link>
  );
}
