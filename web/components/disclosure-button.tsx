import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The button that shows or hides a file's further fields (the staff upload's 'More details', the
 * submission's 'Edit details'): says whether it is open, what it opens and whose it is.
 */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  describedBy,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  /** The id of what it shows. */
  controls: string;
  /** The id of the file's name. */
  describedBy: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-describedby={describedBy}
      onClick={onToggle}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-blue-800 underline hover:bg-blue-50"
    >
      {children}
      <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
    </button>
  );
}
