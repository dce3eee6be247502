import type { DocumentItem } from '#common/api/documents.ts';
import type { Translate } from '#web/app/i18n.tsx';
import type { Column } from '#web/components/data-table.tsx';
import { formatMegabytes } from '#web/lib/format-size.ts';
import { documentCategoryLabel } from './document-labels.ts';
import { DocumentActions, DocumentTitleCell, DocumentToggles } from './document-row.tsx';

/**
 * The table's columns: the document (its title cell becomes the edit form while `editingId` is
 * it), category, details, status toggles and actions.
 */
export function documentColumns(
  t: Translate,
  {
    editingId,
    setEditingId,
    onDownload,
    onDelete,
  }: {
    editingId: string | null;
    setEditingId: (id: string | null) => void;
    onDownload: (document: DocumentItem) => void;
    onDelete: (document: DocumentItem) => void;
  },
): Column<DocumentItem>[] {
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
          onDownload={() => onDownload(document)}
          onDelete={() => onDelete(document)}
        />
      ),
    },
  ];
}
