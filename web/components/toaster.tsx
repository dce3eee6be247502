import { X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { MESSAGE_CLEAR_MS } from '#common/limits.ts';
import { useT } from '../app/i18n.tsx';

/**
 * The success and error messages of every screen (admin-back-office.md §8: successes green and
 * gone after 3 s, errors red until dismissed). `toast.success(text)` / `toast.error(text)` from
 * anywhere (a mutation's onSuccess, say); <Toaster/> in the layout shows them. Both live regions
 * are always in the page (without roles, so an empty one is no 'alert'), so screen readers announce
 * what is put in them: errors assertively, successes politely.
 */
export interface ToastMessage {
  id: number;
  tone: 'success' | 'error';
  text: string;
  /** How long a success stays (default MESSAGE_CLEAR_MS; the users screen's sync keeps 5 s). */
  durationMs?: number;
}

let messages: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastMessage[]) {
  messages = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastMessage['tone'], text: string, durationMs?: number): number {
  const id = nextId++;
  // One message of a text at a time: repeating a failure does not stack copies.
  emit([...messages.filter((m) => m.text !== text), { id, tone, text, durationMs }]);
  return id;
}

export const toast = {
  success: (text: string, options: { durationMs?: number } = {}) => show('success', text, options.durationMs),
  error: (text: string) => show('error', text),
  dismiss: (id: number) => emit(messages.filter((m) => m.id !== id)),
  clear: () => emit([]),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => messages,
    () => messages,
  );
}

export function Toaster() {
  const list = useToasts();
  const successes = list.filter((m) => m.tone === 'success');
  const errors = list.filter((m) => m.tone === 'error');
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4">
      <div aria-live="assertive" className="flex w-full max-w-lg flex-col gap-2">
        {errors.map((m) => (
          <ToastItem key={m.id} message={m} />
        ))}
      </div>
      <div aria-live="polite" className="flex w-full max-w-lg flex-col gap-2">
        {successes.map((m) => (
          <ToastItem key={m.id} message={m} />
        ))}
      </div>
    </div>
  );
}

function ToastItem({ message }: { message: ToastMessage }) {
  const t = useT();
  useEffect(() => {
    if (message.tone !== 'success') return;
    const timer = setTimeout(() => toast.dismiss(message.id), message.durationMs ?? MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const tone =
    message.tone === 'success'
      ? 'border-green-200 bg-green-50 text-green-800'
      : 'border-red-200 bg-red-50 text-red-800';
  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-md border p-3 text-sm shadow ${tone}`}
    >
      <p className="flex-1">{message.text}</p>
      <button
        type="button"
        className="rounded p-0.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
        onClick={() => toast.dismiss(message.id)}
        aria-label={t('toast.dismiss', 'Dismiss')}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
