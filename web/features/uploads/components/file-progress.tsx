import { Trash2 } from 'lucide-react';
import { ProgressBar } from '#web/components/progress-bar.tsx';

/** A chosen file's Remove button, tied to the file's name for assistive technology. */
export function RemoveFileButton({
  label,
  nameId,
  onRemove,
}: {
  label: string;
  nameId: string;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-describedby={nameId}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
    >
      <Trash2 aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

/**
 * A file's bar while it is sent (green once done, red when it failed), the line saying the
 * connection dropped and is being tried again, and the reason it failed.
 */
export function FileProgress({
  fileName,
  percent,
  outcome,
  reconnectingText,
  error,
}: {
  fileName: string;
  percent: number;
  outcome: 'sending' | 'done' | 'failed';
  /** Shown while the connection is down and the upload waits to resume. */
  reconnectingText?: string;
  error?: string;
}) {
  return (
    <>
      <div className="mt-2">
        <ProgressBar
          percent={percent}
          label={fileName}
          tone={outcome === 'done' ? 'green' : outcome === 'failed' ? 'red' : 'blue'}
        />
      </div>
      {reconnectingText && <p className="mt-2 text-sm font-medium text-orange-900">{reconnectingText}</p>}
      {outcome === 'failed' && error && <p className="mt-2 text-sm text-red-700">{error}</p>}
    </>
  );
}
