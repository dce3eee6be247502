import { Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { DocumentItem } from '#common/api/documents.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { DataTable } from '#web/components/data-table.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { useAdminDocuments, useDeleteDocument, useDownloadDocument } from '../api/admin-documents.ts';
import { documentColumns } from '../components/document-columns.tsx';
import {
  DOCUMENT_LIST,
  DocumentFilters,
  DocumentsEmpty,
  documentsFiltered,
} from '../components/document-filters.tsx';
import { DocumentStats } from '../components/document-stats.tsx';
import { UploadDocumentDialog } from '../components/upload-document-dialog.tsx';

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

  const columns = useMemo(() => {
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
    return documentColumns(t, {
      editingId,
      setEditingId,
      onDownload: (document) => void onDownload(document),
      onDelete: (document) => void onDelete(document),
    });
  }, [t, confirm, deleteDocument, download, errorText, editingId]);

  const filtered = documentsFiltered(params);

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
      <DocumentFilters list={list} />
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
          empty={<DocumentsEmpty filtered={filtered} />}
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
