import { Download, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import type { Translation, TranslationStatus } from '#common/translations.ts';
import { TRANSLATION_STATUSES } from '#common/enums.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Button, linkButton, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { type Column, DataTable } from '#web/components/data-table.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { isFiltered, type ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import {
  downloadTranslations,
  type TranslationFilter,
  useDeleteTranslation,
  useSeedTranslations,
  useTranslationList,
  useTranslationStats,
  useUpdateTranslation,
} from '../api/admin-translations.ts';
import { AddTranslationDialog } from '../components/add-translation-dialog.tsx';
import { TranslationStatsPanel } from '../components/translation-stats.tsx';

/** The screen's URL state: search, status, component and missing English. */
export const TRANSLATIONS_LIST: ListSpec<TranslationFilter, 'key'> = {
  filters: { status: TRANSLATION_STATUSES, component: null, missingEnglish: ['true'] },
  sorts: ['key'],
};

export function statusLabel(status: TranslationStatus, t: Translate) {
  switch (status) {
    case 'complete':
      return t('admin.translations.status.complete', 'Complete');
    case 'incomplete':
      return t('admin.translations.status.incomplete', 'Incomplete');
    case 'needs_review':
      return t('admin.translations.status.needs_review', 'Needs review');
  }
}

const STATUS_TONE: Record<TranslationStatus, string> = {
  complete: 'bg-green-100 text-green-900',
  incomplete: 'bg-orange-100 text-orange-900',
  needs_review: 'bg-yellow-100 text-yellow-900',
};

interface Draft {
  id: string;
  faroeseText: string;
  englishText: string;
  component: string;
  context: string;
  status: TranslationStatus;
}

/** The screen's own failure text also for a server failure (spec §8), not only for unknown codes. */
const failed = (text: string) => ({ '*': text, INTERNAL: text });

const control =
  'block w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/** Translations (/admin/translations), admin only: stats, filters, inline edit, add, delete, export. */
export function AdminTranslationsPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(TRANSLATIONS_LIST);
  const { params } = list;
  const translations = useTranslationList(params);
  const stats = useTranslationStats();
  const update = useUpdateTranslation();
  const { mutateAsync: remove } = useDeleteTranslation();
  const seed = useSeedTranslations();
  const [confirm, confirmDialog] = useConfirm();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

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

  const save = useCallback(async () => {
    if (!draft) return;
    if (draft.faroeseText.trim() === '') {
      setDraftError(t('admin.translations.faroese_required', 'Faroese text is required'));
      return;
    }
    try {
      await update.mutateAsync({
        id: draft.id,
        body: {
          faroeseText: draft.faroeseText,
          englishText: draft.englishText,
          component: draft.component,
          context: draft.context,
          status: draft.status,
        },
      });
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

  const onExport = async (withEnglish: boolean) => {
    setExporting(true);
    try {
      await downloadTranslations(withEnglish);
    } catch (error) {
      toast.error(
        errorText(error, failed(t('admin.translations.export_failed', 'Failed to export translations'))),
      );
    } finally {
      setExporting(false);
    }
  };

  const onSeed = async () => {
    try {
      const { added } = await seed.mutateAsync();
      toast.success(t('admin.translations.seeded', 'Added {count} default texts.', { count: added }));
    } catch (error) {
      toast.error(
        errorText(error, failed(t('admin.translations.seed_failed', 'Failed to add the default texts'))),
      );
    }
  };

  const columns = useMemo<Column<Translation>[]>(() => {
    const editing = (row: Translation) => (draft?.id === row.id ? draft : null);
    const change = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
    // Escape in a field of the row being edited cancels the edit, as in a spreadsheet.
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDraft(null);
      setDraftError(null);
    };
    return [
      {
        id: 'key',
        header: t('admin.translations.column.key', 'Key'),
        rowHeader: true,
        cell: (row) => {
          const d = editing(row);
          return (
            <div className="min-w-40 space-y-1">
              <code className="block break-all text-sm font-semibold text-slate-900">{row.key}</code>
              {d ? (
                <>
                  <label className="block text-xs font-medium text-slate-800">
                    {t('admin.translations.component', 'Component')}
                    <input
                      className={control}
                      onKeyDown={cancelOnEscape}
                      value={d.component}
                      onChange={(e) => change({ component: e.target.value })}
                    />
                  </label>
                  <label className="block text-xs font-medium text-slate-800">
                    {t('admin.translations.context', 'Context')}
                    <input
                      className={control}
                      onKeyDown={cancelOnEscape}
                      value={d.context}
                      onChange={(e) => change({ context: e.target.value })}
                    />
                  </label>
                </>
              ) : (
                <>
                  {row.component && (
                    <span className="block text-xs font-normal text-slate-700">
                      {t('admin.translations.in_component', 'Component: {name}', { name: row.component })}
                    </span>
                  )}
                  {row.context && (
                    <span className="block text-xs font-normal text-slate-700">{row.context}</span>
                  )}
                </>
              )}
            </div>
          );
        },
      },
      {
        id: 'faroese',
        header: t('admin.translations.column.faroese', 'Faroese'),
        cell: (row) => {
          const d = editing(row);
          return d ? (
            <label className="block min-w-48 text-xs font-medium text-slate-800">
              <span className="sr-only">
                {t('admin.translations.faroese_for', 'Faroese text for {key}', { key: row.key })}
              </span>
              <textarea
                className={control}
                onKeyDown={cancelOnEscape}
                rows={3}
                required
                aria-invalid={d.faroeseText.trim() === '' || undefined}
                value={d.faroeseText}
                onChange={(e) => change({ faroeseText: e.target.value })}
              />
            </label>
          ) : (
            <span className="block whitespace-pre-wrap break-words text-sm">{row.faroeseText}</span>
          );
        },
      },
      {
        id: 'english',
        header: t('admin.translations.column.english', 'English'),
        cell: (row) => {
          const d = editing(row);
          return d ? (
            <label className="block min-w-48 text-xs font-medium text-slate-800">
              <span className="sr-only">
                {t('admin.translations.english_for', 'English text for {key}', { key: row.key })}
              </span>
              <textarea
                className={control}
                onKeyDown={cancelOnEscape}
                rows={3}
                value={d.englishText}
                onChange={(e) => change({ englishText: e.target.value })}
              />
            </label>
          ) : row.englishText ? (
            <span className="block whitespace-pre-wrap break-words text-sm">{row.englishText}</span>
          ) : (
            <span className="text-sm italic text-slate-700">
              {t('admin.translations.no_english', 'No English text')}
            </span>
          );
        },
      },
      {
        id: 'status',
        header: t('admin.translations.column.status', 'Status'),
        cell: (row) => {
          const d = editing(row);
          return d ? (
            <label className="block text-xs font-medium text-slate-800">
              <span className="sr-only">
                {t('admin.translations.status_for', 'Status of {key}', { key: row.key })}
              </span>
              <select
                className={control}
                onKeyDown={cancelOnEscape}
                value={d.status}
                onChange={(e) => change({ status: e.target.value as TranslationStatus })}
              >
                {TRANSLATION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {statusLabel(status, t)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[row.status]}`}
            >
              {statusLabel(row.status, t)}
            </span>
          );
        },
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
              <Button
                className={`${secondaryButton} px-3 py-1 text-sm`}
                onClick={() => {
                  setDraft(null);
                  setDraftError(null);
                }}
              >
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
  }, [t, draft, draftError, save, update.isPending, startEdit, onDelete]);

  const filtered = isFiltered(params);
  const tableEmpty = stats.data?.total === 0 && !filtered;
  const empty = (
    <div className="text-center">
      <h2 className="text-lg font-semibold text-slate-900">
        {filtered
          ? t('admin.translations.empty_filtered', 'No Translations Found')
          : t('admin.translations.empty', 'No Translations Yet')}
      </h2>
      <p className="mt-1 text-slate-700">
        {filtered
          ? t('admin.translations.empty_filtered_text', 'No translations match these filters.')
          : t('admin.translations.empty_text', 'Add the default texts of the site to start translating.')}
      </p>
      {tableEmpty && (
        <Button className={`${primaryButton} mt-4`} onClick={onSeed} disabled={seed.isPending}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('admin.translations.seed', 'Add default texts')}
        </Button>
      )}
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">
            {t('admin.translations.title', 'Translations')}
          </h1>
          <p className="mt-1 text-slate-700">
            {t(
              'admin.translations.intro',
              'Every text of the site, in Faroese and English. Changes show on the site at the next page load.',
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button className={secondaryButton} onClick={() => onExport(false)} disabled={exporting}>
            <Download aria-hidden="true" className="size-4" />
            {t('admin.translations.export', 'Export JSON')}
          </Button>
          <Button className={secondaryButton} onClick={() => onExport(true)} disabled={exporting}>
            <Download aria-hidden="true" className="size-4" />
            {t('admin.translations.export_english', 'Export with English')}
          </Button>
          <AddTranslationDialog />
        </div>
      </div>
      <TranslationStatsPanel stats={stats.data} />
      {stats.error && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {errorText(stats.error, failed(t('admin.translations.load_failed', 'Failed to load translations')))}
        </p>
      )}
      <ListFilters
        label={t('admin.translations.search_label', 'Search and filter translations')}
        className="md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
      >
        <ListSearch
          value={params.q}
          label={t('admin.translations.search', 'Search key, Faroese or English text')}
          buttonText={t('admin.translations.search_button', 'Search')}
          onSearch={list.setSearch}
        />
        <ListSelect
          value={params.filters.status}
          label={t('admin.translations.filter.status', 'Status')}
          allLabel={t('admin.translations.filter.all_statuses', 'All statuses')}
          options={TRANSLATION_STATUSES.map((status) => ({ value: status, label: statusLabel(status, t) }))}
          onChange={(value) => list.setFilter('status', value)}
        />
        <ListSelect
          value={params.filters.component}
          label={t('admin.translations.filter.component', 'Component')}
          allLabel={t('admin.translations.filter.all_components', 'All components')}
          options={(stats.data?.components ?? []).map((name) => ({ value: name, label: name }))}
          onChange={(value) => list.setFilter('component', value)}
        />
        <ListSelect
          value={params.filters.missingEnglish}
          label={t('admin.translations.filter.english', 'English text')}
          allLabel={t('admin.translations.filter.any_english', 'With or without English')}
          options={[
            { value: 'true', label: t('admin.translations.filter.missing_english', 'Missing English') },
          ]}
          onChange={(value) => list.setFilter('missingEnglish', value)}
        />
        {filtered && (
          <div className="md:col-span-2 lg:col-span-4">
            <button type="button" className={linkButton} onClick={list.clear}>
              {t('admin.translations.clear', 'Clear Filters')}
            </button>
          </div>
        )}
      </ListFilters>
      <div className="mt-6">
        <DataTable
          caption={t('admin.translations.caption', 'Translations')}
          captionHidden
          columns={columns}
          rows={translations.items}
          rowKey={(row) => row.id}
          isLoading={translations.isPending}
          isFetching={translations.isFetching && !translations.isFetchingNextPage}
          error={translations.error}
          errorText={errorText(
            translations.error,
            failed(t('admin.translations.load_failed', 'Failed to load translations')),
          )}
          onRetry={() => translations.refetch()}
          empty={empty}
        />
        <ListPaging
          list={translations}
          onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
          summary={(counts) =>
            t('admin.translations.showing', 'Showing {shown} of {total} translations', counts)
          }
        />
      </div>
      {confirmDialog}
    </div>
  );
}
