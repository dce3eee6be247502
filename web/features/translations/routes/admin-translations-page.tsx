import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { DataTable } from '#web/components/data-table.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { isFiltered } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { useTranslationList, useTranslationStats } from '../api/admin-translations.ts';
import { AddTranslationDialog } from '../components/add-translation-dialog.tsx';
import { useTranslationColumns } from '../components/translation-columns.tsx';
import { TRANSLATIONS_LIST, TranslationFilters } from '../components/translation-filters.tsx';
import { TranslationStatsPanel } from '../components/translation-stats.tsx';
import { TranslationsEmpty } from '../components/translations-empty.tsx';
import { TranslationsExport } from '../components/translations-export.tsx';
import { failed } from '../lib/translation-status.ts';

/** Translations (/admin/translations), admin only: stats, filters, inline edit, add, delete, export. */
export function AdminTranslationsPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(TRANSLATIONS_LIST);
  const { params } = list;
  const translations = useTranslationList(params);
  const stats = useTranslationStats();
  const { columns, confirmDialog } = useTranslationColumns();
  const filtered = isFiltered(params);
  const loadFailed = failed(t('admin.translations.load_failed', 'Failed to load translations'));

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
          <TranslationsExport />
          <AddTranslationDialog />
        </div>
      </div>
      <TranslationStatsPanel stats={stats.data} />
      {stats.error && (
        <Alert tone="error" className="mt-4">
          {errorText(stats.error, loadFailed)}
        </Alert>
      )}
      <TranslationFilters list={list} stats={stats.data} />
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
          errorText={errorText(translations.error, loadFailed)}
          onRetry={() => translations.refetch()}
          empty={<TranslationsEmpty filtered={filtered} none={stats.data?.total === 0 && !filtered} />}
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
