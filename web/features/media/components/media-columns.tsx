import type { AdminMediaItem } from '#common/api/media.ts';
import type { Translate } from '#web/app/i18n.tsx';
import type { Column } from '#web/components/data-table.tsx';
import { MediaThumb } from '#web/components/media-thumb.tsx';
import { formatMegabytes } from '#web/lib/format-size.ts';
import { mediaDisplayId } from '../lib/media-format.ts';
import { MediaRowActions, MediaToggles } from './media-actions.tsx';
import { PlayableCopyStatus } from './playable-copy-status.tsx';

/** The list view's columns: the item, its category and folder, details, status toggles, actions. */
export function mediaColumns(
  t: Translate,
  actions: { onEdit: (item: AdminMediaItem) => void; onDelete: (item: AdminMediaItem) => void },
): Column<AdminMediaItem>[] {
  return [
    {
      id: 'media',
      header: t('admin.media.column.media', 'Media'),
      rowHeader: true,
      cell: (item) => (
        <div className="flex items-start gap-3">
          <MediaThumb item={item} />
          <div className="min-w-0">
            <span className="block break-words">{item.title}</span>
            <span className="block text-xs font-normal text-slate-700">{mediaDisplayId(item)}</span>
          </div>
        </div>
      ),
    },
    {
      id: 'category',
      header: t('admin.media.column.category', 'Category'),
      cell: (item) => (
        <div className="space-y-1">
          {item.category ? (
            <span className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full"
                style={{ backgroundColor: item.category.color }}
              />
              {item.category.icon && <span aria-hidden="true">{item.category.icon}</span>}
              {item.category.name}
            </span>
          ) : (
            <span className="text-slate-700">{t('admin.media.uncategorized', 'Uncategorized')}</span>
          )}
          {item.folder && (
            <span className="block text-xs text-slate-700">
              {t('admin.media.in_folder', 'Folder: {name}', { name: item.folder.name })}
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'details',
      header: t('admin.media.column.details', 'Details'),
      cell: (item) => (
        <div className="space-y-0.5 text-xs text-slate-800">
          <span className="block capitalize">{item.mediaType}</span>
          <span className="block">{formatMegabytes(item.fileSize)}</span>
          <span className="block">{t('admin.media.views', '{count} views', { count: item.viewCount })}</span>
          <span className="block">
            <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleDateString('en-GB')}</time>
          </span>
          {item.photographer && <span className="block">{item.photographer}</span>}
          <PlayableCopyStatus item={item} />
        </div>
      ),
    },
    {
      id: 'status',
      header: t('admin.media.column.status', 'Status'),
      cell: (item) => <MediaToggles item={item} />,
    },
    {
      id: 'actions',
      header: t('admin.media.column.actions', 'Actions'),
      cell: (item) => <MediaRowActions item={item} {...actions} />,
    },
  ];
}
