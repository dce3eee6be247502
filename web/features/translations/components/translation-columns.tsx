import { Pencil, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import type { Translation } from '#common/translations.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import type { Column } from '#web/components/data-table.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useDeleteTranslation, useUpdateTranslation } from '../api/admin-translations.ts';
import { failed } from '../lib/translation-status.ts';
import {
  type Draft,
  type Editing,
  EnglishCell,
  FaroeseCell,
  KeyCell,
  StatusCell,
} from './translation-cells.tsx';

/**
 * The translations table's columns and the edit in place behind them: Edit turns a row into
 * fields (one row at a time), Save sends them, Cancel or Escape in a field puts the row back, as
 * in a spreadsheet; Delete asks first (`confirmDialog` is drawn by the page).
 */
export function useTranslationColumns(): { columns: Column<Translation>[]; confirmDialog: ReactNode } {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateTranslation();
  const { mutateAsync: remove } = useDeleteTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);

  const startEdit = useCallback((row: Translation) => {
    setDraftError(null);
    setDraft({
      id: row.id,
      faroeseText: row.faroeseText,
      englishText: row.englishText ?? '',
      component: row.component ?? '',
      context: row.context ?? '',
      status: row.status,
    });
  }, []);

  const cancel = useCallback(() => {
    setDraft(null);
    setDraftError(null);
  }, []);

  const save = useCallback(async () => {
    if (!draft) return;
    if (draft.faroeseText.trim() === '') {
      setDraftError(t('admin.translations.faroese_required', 'Faroese text is required'));
      return;
    }
    try {
      const { id, ...body } = draft;
      await update.mutateAsync({ id, body });
      setDraft(null);
      toast.success(t('admin.translations.updated', 'Translation updated successfully!'));
    } catch (error) {
      const text = errorText(
        error,
        failed(t('admin.translations.update_failed', 'Failed to update translation')),
      );
      setDraftError(text);
      toast.error(text);
    }
  }, [draft, update, t, errorText]);

  const onDelete = useCallback(
    async (row: Translation) => {
      const yes = await confirm({
        title: t('admin.translations.delete_title', 'Delete translation?'),
        description: t(
          'admin.translations.delete_confirm',
          'Are you sure you want to delete the translation "{key}"? This action cannot be undone.',
          { key: row.key },
        ),
        destructive: true,
      });
      if (!yes) return;
      try {
        await remove(row.id);
        toast.success(t('admin.translations.deleted', 'Translation deleted successfully!'));
      } catch (error) {
        toast.error(
          errorText(error, failed(t('admin.translations.delete_failed', 'Failed to delete translation'))),
        );
      }
    },
    [confirm, remove, t, errorText],
  );

  const columns = useMemo<Column<Translation>[]>(() => {
    const editing = (row: Translation): Editing | null =>
      draft?.id === row.id
        ? {
            draft,
            change: (patch) => setDraft((d) => (d ? { ...d, ...patch } : d)),
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Escape') cancel();
            },
          }
        : null;
    return [
      {
        id: 'key',
        header: t('admin.translations.column.key', 'Key'),
        rowHeader: true,
        cell: (row) => <KeyCell row={row} editing={editing(row)} />,
      },
      {
        id: 'faroese',
        header: t('admin.translations.column.faroese', 'Faroese'),
        cell: (row) => <FaroeseCell row={row} editing={editing(row)} />,
      },
      {
        id: 'english',
        header: t('admin.translations.column.english', 'English'),
        cell: (row) => <EnglishCell row={row} editing={editing(row)} />,
      },
      {
        id: 'status',
        header: t('admin.translations.column.status', 'Status'),
        cell: (row) => <StatusCell row={row} editing={editing(row)} />,
      },
      {
        id: 'actions',
        header: t('admin.translations.column.actions', 'Actions'),
        cell: (row) =>
          editing(row) ? (
            <div className="flex flex-col gap-2">
              <Button
                className={`${primaryButton} px-3 py-1 text-sm`}
                onClick={save}
                disabled={update.isPending}
              >
                {update.isPending
                  ? t('admin.translations.saving', 'Saving...')
                  : t('admin.translations.save', 'Save')}
              </Button>
              <Button className={`${secondaryButton} px-3 py-1 text-sm`} onClick={cancel}>
                {t('admin.translations.cancel', 'Cancel')}
              </Button>
              {draftError && (
                <p role="alert" className="max-w-40 text-xs text-red-800">
                  {draftError}
                </p>
              )}
            </div>
          ) : (
            <div className="flex gap-2">
              <Button
                className={`${secondaryButton} px-2 py-1`}
                aria-label={t('admin.translations.edit_key', 'Edit {key}', { key: row.key })}
                onClick={() => startEdit(row)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                className={`${secondaryButton} px-2 py-1 text-red-800`}
                aria-label={t('admin.translations.delete_key', 'Delete {key}', { key: row.key })}
                onClick={() => onDelete(row)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ),
      },
    ];
  }, [t, draft, draftError, save, cancel, update.isPending, startEdit, onDelete]);

  return { columns, confirmDialog };
}
