import { VisibilityToggles } from '#web/components/visibility-toggles.tsx';
import { Pencil, Trash2 } from 'lucide-react';
import type { AdminMediaItem } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction } from '#web/components/row-action.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useToggleMedia } from '../api/admin-media.ts';

const ring = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const _pill = `inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold ${ring}`;

/**
 * The public and featured toggles of one item: pressed state on screen at once, undone with
 * 'Failed to update media' if the server refuses (admin-back-office.md §4, §8).
 */
export function MediaToggles({ item }: { item: AdminMediaItem }) {
  const t = useT();
  const toggle = useToggleMedia();
  const change = (value: { isPublic: boolean } | { isFeatured: boolean }) =>
    toggle.mutate(
      { id: item.id, change: value },
      { onError: () => toast.error(t('admin.media.update_failed', 'Failed to update media')) },
    );
  return (
    <VisibilityToggles
      name={item.title}
      isPublic={item.isPublic}
      isFeatured={item.isFeatured}
      onChange={change}
      labels={{
        public: t('admin.media.public', 'Public'),
        featured: t('admin.media.featured', 'Featured'),
        publicHint: t('admin.media.public_hint', 'Public: click to make private'),
        privateHint: t('admin.media.private_hint', 'Private: click to make public'),
      }}
    />
  );
}

/** Edit and Delete of one item. */
export function MediaRowActions({
  item,
  onEdit,
  onDelete,
}: {
  item: AdminMediaItem;
  onEdit: (item: AdminMediaItem) => void;
  onDelete: (item: AdminMediaItem) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <RowAction
        icon={Pencil}
        label={t('admin.media.edit', 'Edit')}
        aria-label={t('admin.media.edit_named', 'Edit {title}', { title: item.title })}
        onClick={() => onEdit(item)}
      />
      <RowAction
        icon={Trash2}
        tone="danger"
        label={t('admin.media.delete', 'Delete')}
        aria-label={t('admin.media.delete_named', 'Delete {title}', { title: item.title })}
        onClick={() => onDelete(item)}
      />
    </div>
  );
}
