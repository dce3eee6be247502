import { Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminDocumentSort, DocumentItem } from '#common/api/documents.ts';
import { DOCUMENT_CATEGORIES } from '#common/enums.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { type Column, DataTable } from '#web/components/data-table.tsx';
import { ListEmpty, ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import type { ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { formatMegabytes } from '#web/lib/format-size.ts';
import {
  type DocumentFilter,
  useAdminDocuments,
  useDeleteDocument,
  useDocumentStats,
  useDownloadDocument,
} from '../api/admin-documents.ts';
import { documentCategoryLabel } from '../components/document-labels.ts';
import { DocumentActions, DocumentTitleCell, DocumentToggles } from '../components/document-row.tsx';
import { UploadDocumentDialog } from '../components/upload-document-dialog.tsx';

const DOCUMENT_SORTS = [
  'newest',
  'oldest',
  'title',
  'downloads',
] as const satisfies readonly AdminDocumentSort[];

/** The screen's URL state: search, category and sort. */
export const DOCUMENT_LIST: ListSpec<DocumentFilter, AdminDocumentSort> = {
  filters: { category: DOCUMENT_CATEGORIES },
  sorts: DOCUMENT_SORTS,
};

/** The tiles: total, public, featured and downloads. */
function DocumentStats() {
  const t = useT();
  const { data } = useDocumentStats();
  const tiles = [
    { key: 'total', label: t('admin.documents.stats.total', 'Total Documents'), value: data?.total },
    { key: 'public', label: t('admin.documents.stats.public', 'Public'), value: data?.public },
    { key: 'featured', label: t('admin.documents.stats.featured', 'Featured'), value: data?.featured },
    {
      key: 'downloads',
      label: t('admin.documents.stats.downloads', 'Total Downloads'),
      value: data?.downloads,
    },
  ];
  return <StatTiles tiles={tiles} className="mt-6 grid-cols-2 lg:grid-cols-4" testId="document-stats" />;
}

/** Documents (/admin/documents): every document, public or not, for content staff. */
export function AdminDocumentsPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(DOCUMENT_LIST);
  const { params } = list;
  const documents = useAdminDocuments(params);
  const { mutateAsync: deleteDocument } = useDeleteDocument();
  const { mutateAsync: download } = useDownloadDocument();
  const [confirm, confirmDialog] = useConfirm();
  const [uploading, setUploading] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);

  const columns = useMemo((): Column<DocumentItem>[] => {
    const onDelete = async (document: DocumentItem) => {
      const yes = await confirm({
        title: t('admin.documents.delete_title', 'Delete document?'),
        description: t(
          'admin.documents.delete_confirm',
          'Are you sure you want to delete this document? This action cannot be undone.',
        ),
        destructive: true,
      });
      if (!yes) return;
      try {
        await deleteDocument(document.id);
        toast.success(t('admin.documents.deleted', 'Document deleted successfully!'));
      } catch (error) {
        toast.error(
          errorText(error, { '*': t('admin.documents.delete_failed', 'Failed to delete document') }),
        );
      }
    };
    const onDownload = async (document: DocumentItem) => {
      try {
        await download(document);
      } catch (error) {
        toast.error(
          errorText(error, { '*': t('admin.documents.download_failed', 'Failed to download document') }),
        );
      }
    };
    return [
      {
        id: 'document',
        header: t('admin.documents.column.document', 'Document'),
        rowHeader: true,
        cell: (document) => (
          <DocumentTitleCell
            key={`${document.id}-${editingId === document.id}`}
            document={document}
            editing={editingId === document.id}
            onDone={() => setEditingId(null)}
          />
        ),
      },
      {
        id: 'category',
        header: t('admin.documents.column.category', 'Category'),
        cell: (document) => documentCategoryLabel(document.category, t),
      },
      {
        id: 'details',
        header: t('admin.documents.column.details', 'Details'),
        cell: (document) => (
          <div className="space-y-0.5 text-xs text-slate-800">
            <span className="block">{formatMegabytes(document.fileSize)}</span>
            <span className="block" data-testid="download-count">
              {t('admin.documents.downloads', '{count} downloads', { count: document.downloadCount })}
            </span>
            <span className="block">
              <time dateTime={document.createdAt}>
                {new Date(document.createdAt).toLocaleDateString('en-GB')}
              </time>
            </span>
          </div>
        ),
      },
      {
        id: 'status',
        header: t('admin.documents.column.status', 'Status'),
        cell: (document) => <DocumentToggles document={document} />,
      },
      {
        id: 'actions',
        header: t('admin.documents.column.actions', 'Actions'),
        cell: (document) => (
          <DocumentActions
            document={document}
            onEdit={() => setEditingId(document.id)}
            onDownload={() => void onDownload(document)}
            onDelete={() => void onDelete(document)}
          />
        ),
      },
    ];
  }, [t, confirm, deleteDocument, download, errorText, editingId]);

  const filtered = params.q !== '' || params.filters.category !== '';
  const empty = filtered ? (
    <ListEmpty
      title={t('admin.documents.empty_filtered', 'No Documents Found')}
      text={t('admin.documents.empty_filtered_text', 'No documents match these filters.')}
    />
  ) : (
    <ListEmpty
      title={t('admin.documents.empty', 'No Documents Yet')}
      text={t('admin.documents.empty_text', 'Upload your first document to get started.')}
    />
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('admin.documents.title', 'Documents')}</h1>
          <p className="mt-1 text-slate-700">
            {t('admin.documents.intro', 'Programmes, policies and other documents of the archive.')}
          </p>
        </div>
        <Button className={primaryButton} onClick={() => setUploading(true)}>
          <Upload aria-hidden="true" className="size-4" />
          {t('admin.documents.upload', 'Upload Document')}
        </Button>
      </div>
      <DocumentStats />
      <ListFilters
        label={t('admin.documents.search_label', 'Search and filter documents')}
        className="md:grid-cols-[2fr_1fr_1fr_auto]"
        clear={{
          shown: filtered,
          text: t('admin.documents.clear', 'Clear Filters'),
          onClear: list.clear,
          className: 'self-end pb-2',
        }}
      >
        <ListSearch
          value={params.q}
          label={t('admin.documents.search', 'Search title, description or file name')}
          buttonText={t('admin.documents.search_button', 'Search')}
          onSearch={list.setSearch}
        />
        <ListSelect
          value={params.filters.category}
          label={t('admin.documents.filter.category', 'Category')}
          allLabel={t('admin.documents.filter.all_categories', 'All categories')}
          options={DOCUMENT_CATEGORIES.map((category) => ({
            value: category,
            label: documentCategoryLabel(category, t),
          }))}
          onChange={(value) => list.setFilter('category', value)}
        />
        <ListSelect
          value={params.sort ?? 'newest'}
          label={t('admin.documents.filter.sort', 'Sort')}
          options={[
            { value: 'newest', label: t('admin.documents.sort.newest', 'Newest first') },
            { value: 'oldest', label: t('admin.documents.sort.oldest', 'Oldest first') },
            { value: 'title', label: t('admin.documents.sort.title', 'Title A-Z') },
            { value: 'downloads', label: t('admin.documents.sort.downloads', 'Most downloaded') },
          ]}
          onChange={(value) => list.setSort(value as AdminDocumentSort)}
        />
      </ListFilters>
      <div className="mt-6">
        <DataTable
          caption={t('admin.documents.caption', 'Documents')}
          captionHidden
          columns={columns}
          rows={documents.items}
          rowKey={(document) => document.id}
          isLoading={documents.isPending}
          isFetching={documents.isFetching && !documents.isFetchingNextPage}
          error={documents.error}
          errorText={t('admin.documents.load_failed', 'Failed to load documents')}
          onRetry={() => documents.refetch()}
          empty={empty}
        />
        <ListPaging
          list={documents}
          onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
          summary={(counts) => t('admin.documents.showing', 'Showing {shown} of {total} documents', counts)}
        />
      </div>
      <UploadDocumentDialog open={uploading} onOpenChange={setUploading} />
      {confirmDialog}
    </div>
  );
}
