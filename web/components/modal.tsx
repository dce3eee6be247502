import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * The body of a modal dialog (inside a Radix `Dialog.Root`): overlay, a centred panel that
 * scrolls when tall, the title with a close button, and the description every dialog needs
 * for screen readers. Focus stays inside and returns to what opened it (Radix).
 */
export function ModalContent({
  title,
  description,
  closeLabel,
  width = 'max-w-2xl',
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  width?: 'max-w-lg' | 'max-w-2xl';
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <Dialog.Content
        className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Close
            className="rounded p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
            aria-label={closeLabel}
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
