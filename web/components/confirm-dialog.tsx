import { AlertDialog } from 'radix-ui';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useT } from '../app/i18n.tsx';
import { primaryButton, secondaryButton } from './button.tsx';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';

export interface ConfirmOptions {
  title: string;
  /** The spec's sentence, e.g. 'Are you sure you want to delete this media item? This action cannot be undone.' */
  description: ReactNode;
  /** Default 'Delete' when destructive, else 'Confirm'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button; the dialog opens with Cancel focused. */
  destructive?: boolean;
}

/**
 * The one confirmation dialog (Radix AlertDialog): title, sentence, Cancel and Confirm. Escape or
 * Cancel answers no; focus returns to what opened it. As a component around a trigger:
 *
 *   <ConfirmDialog title=… description=… destructive onConfirm={() => remove.mutate(id)}>
 *     <button>Delete</button>
 *   </ConfirmDialog>
 */
export function ConfirmDialog({
  children,
  onConfirm,
  ...options
}: ConfirmOptions & { children: ReactNode; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <ConfirmContent {...options} onAnswer={(yes) => yes && onConfirm()} />
    </AlertDialog.Root>
  );
}

/**
 * The same dialog asked from code: `const [confirm, dialog] = useConfirm()`, render `{dialog}`,
 * then `if (await confirm({ title, description, destructive: true })) …`. Focus returns to the
 * element that had it when `confirm` was called.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [open, setOpen] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((yes: boolean) => void) | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = useCallback((yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setOpen(null);
  }, []);

  const dialog = (
    <AlertDialog.Root open={open !== null} onOpenChange={(next) => !next && answer(false)}>
      {open && (
        <ConfirmContent
          {...open}
          onAnswer={answer}
          onCloseAutoFocus={(event) => {
            // Not a Trigger: give focus back to the control that asked, by hand.
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
        />
      )}
    </AlertDialog.Root>
  );
  return [confirm, dialog];
}

function ConfirmContent({
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onAnswer,
  onCloseAutoFocus,
}: ConfirmOptions & { onAnswer: (yes: boolean) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <AlertDialog.Content
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={(event) => {
          // A destructive question starts on Cancel, so Enter never deletes by accident.
          if (destructive) {
            event.preventDefault();
            cancelRef.current?.focus();
          }
        }}
      >
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialog.Cancel ref={cancelRef} className={secondaryButton} onClick={() => onAnswer(false)}>
            {cancelLabel ?? t('confirm.cancel', 'Cancel')}
          </AlertDialog.Cancel>
          <AlertDialog.Action
            className={destructive ? dangerButton : primaryButton}
            onClick={() => onAnswer(true)}
          >
            {confirmLabel ?? (destructive ? t('confirm.delete', 'Delete') : t('confirm.confirm', 'Confirm'))}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
