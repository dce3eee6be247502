import { Upload } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MEDIA_SORTS, type AdminMediaItem, type AdminMediaSort } from '#common/api/media.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { DataTable } from '#web/components/data-table.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import type { ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { FolderManager, useFolders } from '#web/features/folders/index.ts';
import {
  type MediaFilter,
  useAdminCategories,
  useAdminMediaList,
  useAdminMediaStats,
  useDeleteMedia,
} from '../api/admin-media.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { MediaCsv } from '../components/media-csv.tsx';
import { EditMediaDialog } from '../components/edit-media-dialog.tsx';
import { mediaColumns } from '../components/media-columns.tsx';
import { MediaEmpty, MediaFilters, mediaFiltered } from '../components/media-filters.tsx';
import { MediaGrid } from '../components/media-grid.tsx';
import { MediaStats } from '../components/media-stats.tsx';

/** The screen's URL state: search, category, folder, sort and the grid/list view (default list). */
export const MEDIA_LIST: ListSpec<MediaFilter, AdminMediaSort> = {
  filters: { category: null, folder: null, originalDate: ['unread'], view: ['grid'] },
  sorts: ADMIN_MEDIA_SORTS,
};

/** Media management (/admin/media): every item, public or not, for content staff. */
export function AdminMediaPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(MEDIA_LIST);
  const { params } = list;
  const media = useAdminMediaList(params);
  const stats = useAdminMediaStats();
  const categories = useAdminCategories().data ?? [];
  const folders = useFolders().data ?? [];
  const { mutateAsync: deleteMedia } = useDeleteMedia();
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<AdminMediaItem | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const view = params.filters.view === 'grid' ? 'grid' : 'list';
  // A selection is of the items on screen: a new search, filter or sort starts without one.
  const listKey = JSON.stringify([
    params.q,
    params.filters.category,
    params.filters.folder,
    params.filters.originalDate,
    params.sort,
  ]);
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
  }

  const onDelete = useCallback(
    async (item: AdminMediaItem) => {
      const yes = await confirm({
        title: t('admin.media.delete_title', 'Delete media item?'),
        description: t(
          'admin.media.delete_confirm',
          'Are you sure you want to delete this media item? This action cannot be undone.',
        ),
        destructive: true,
      });
      if (!yes) return;
      try {
        await deleteMedia(item.id);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(item.id);
          return next;
        });
        toast.success(t('admin.media.deleted', 'Media item deleted successfully!'));
      } catch (error) {
        toast.error(errorText(error, { '*': t('admin.media.delete_failed', 'Failed to delete media item') }));
      }
    },
    [t, confirm, deleteMedia, errorText],
  );
  const columns = useMemo(() => mediaColumns(t, { onEdit: setEditing, onDelete }), [t, onDelete]);

  const filtered = mediaFiltered(params);
  const empty = <MediaEmpty filtered={filtered} />;
  // The spec's sentence for the screen whatever failed (admin-back-office.md §8): the texts by
  // error code are the public pages', in the visitor's language; the back-office is English.
  const loadError = t('admin.media.load_failed', 'Failed to load media data');

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('admin.media.title', 'Media management')}</h1>
          <p className="mt-1 text-slate-700">
            {t('admin.media.intro', 'Organise, publish and feature the items of the archive.')}
          </p>
        </div>
        <Link to={paths.admin.upload} className={primaryButton}>
          <Upload aria-hidden="true" className="size-4" />
          {t('admin.media.upload', 'Upload Media')}
        </Link>
      </div>
      <MediaStats />
      <MediaFilters list={list} categories={categories} folders={folders} />
      <FolderManager folders={folders} />
      <MediaCsv params={params} />
      <BulkActions
        selected={selected}
        categories={categories}
        folders={folders}
        onDone={() => setSelected(new Set())}
      />
      <div className="mt-6">
        {view === 'list' ? (
          <DataTable
            caption={t('admin.media.caption', 'Media items')}
            captionHidden
            columns={columns}
            rows={media.items}
            rowKey={(item) => item.id}
            selection={{ selected, onChange: setSelected, rowLabel: (item) => item.title }}
            isLoading={media.isPending}
            isFetching={media.isFetching && !media.isFetchingNextPage}
            error={media.error}
            errorText={loadError}
            onRetry={() => media.refetch()}
            empty={empty}
          />
        ) : media.isPending ? null : media.error && media.items.length === 0 ? (
          <Alert tone="error">{loadError}</Alert>
        ) : (
          <MediaGrid
            items={media.items}
            selected={selected}
            onSelect={setSelected}
            onEdit={setEditing}
            onDelete={onDelete}
            empty={empty}
          />
        )}
        <ListPaging
          list={media}
          archiveTotal={filtered ? (stats.data?.total ?? null) : media.total}
          onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
          summary={(counts) => t('admin.media.showing', 'Showing {shown} of {total} items', counts)}
        />
      </div>
      <EditMediaDialog
        item={editing}
        categories={categories}
        folders={folders}
        onClose={() => setEditing(null)}
      />
      {confirmDialog}
    </div>
  );
}
