import { useState } from 'react';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import type { BulkMediaAction } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, linkButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { toast } from '#web/components/toaster.tsx';
import { usePlaces } from '#web/features/places/index.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { type BulkRequest, useBulkMedia } from '../api/admin-media.ts';
import { RightsChoices } from './rights-statement.tsx';

const control =
  'block rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const small = `${secondaryButton} px-3 py-1.5 text-sm`;

/** '' keeps it as it is, 'none' takes it away, else an id. */
const target = (value: string) => (value === '' ? undefined : value === 'none' ? null : value);

/**
 * One action on every selected item: publish, unpublish, feature, unfeature, move to a category
 * and/or folder, set the rights statement, or delete (after confirmation). The server does all or nothing.
 */
export function BulkActions({
  selected,
  categories,
  folders,
  onDone,
}: {
  selected: ReadonlySet<string>;
  categories: readonly Category[];
  folders: readonly Folder[];
  onDone: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const bulk = useBulkMedia();
  const [confirm, dialog] = useConfirm();
  const [category, setCategory] = useState('');
  const [folder, setFolder] = useState('');
  const [rights, setRights] = useState('');
  const [place, setPlace] = useState('');
  const places = usePlaces();
  const count = selected.size;
  if (count === 0) return null;

  const run = async (action: BulkMediaAction, extra: Partial<BulkRequest> = {}) => {
    try {
      const { changed } = await bulk.mutateAsync({ ids: [...selected], action, ...extra });
      toast.success(
        action === 'delete'
          ? t('admin.media.bulk_deleted', '{count} media items deleted successfully!', { count: changed })
          : t('admin.media.bulk_updated', 'Media updated successfully! {count} items changed.', {
              count: changed,
            }),
      );
      setCategory('');
      setFolder('');
      setRights('');
      setPlace('');
      onDone();
    } catch (error) {
      toast.error(
        errorText(error, {
          '*':
            action === 'delete'
              ? t('admin.media.delete_failed', 'Failed to delete media item')
              : t('admin.media.update_failed', 'Failed to update media'),
        }),
      );
    }
  };

  const remove = async () => {
    const yes = await confirm({
      title: t('admin.media.bulk_delete_title', 'Delete {count} media items?', { count }),
      description: t(
        'admin.media.bulk_delete_confirm',
        'Are you sure you want to delete these {count} media items? This action cannot be undone.',
        { count },
      ),
      destructive: true,
    });
    if (yes) await run('delete');
  };

  return (
    <section
      aria-label={t('admin.media.bulk_label', 'Actions on selected items')}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3"
    >
      <p className="self-center text-sm font-semibold text-slate-900" role="status">
        {t('admin.media.selected', '{count} selected', { count })}
      </p>
      <Button className={small} disabled={bulk.isPending} onClick={() => run('publish')}>
        {t('admin.media.bulk.publish', 'Make public')}
      </Button>
      <Button className={small} disabled={bulk.isPending} onClick={() => run('unpublish')}>
        {t('admin.media.bulk.unpublish', 'Make private')}
      </Button>
      <Button className={small} disabled={bulk.isPending} onClick={() => run('feature')}>
        {t('admin.media.bulk.feature', 'Feature')}
      </Button>
      <Button className={small} disabled={bulk.isPending} onClick={() => run('unfeature')}>
        {t('admin.media.bulk.unfeature', 'Unfeature')}
      </Button>
      <div>
        <label htmlFor="bulk-category" className="block text-xs font-medium text-slate-800">
          {t('admin.media.bulk.category', 'Move to category')}
        </label>
        <select
          id="bulk-category"
          className={control}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="">{t('admin.media.bulk.keep', 'Keep as it is')}</option>
          <option value="none">{t('admin.media.field.no_category', 'No category')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="bulk-folder" className="block text-xs font-medium text-slate-800">
          {t('admin.media.bulk.folder', 'Move to folder')}
        </label>
        <select
          id="bulk-folder"
          className={control}
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
        >
          <option value="">{t('admin.media.bulk.keep', 'Keep as it is')}</option>
          <option value="none">{t('admin.media.field.no_folder', 'No folder')}</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        className={small}
        disabled={bulk.isPending || (category === '' && folder === '')}
        onClick={() => run('move', { categoryId: target(category), folderId: target(folder) })}
      >
        {t('admin.media.bulk.move', 'Move')}
      </Button>
      <div>
        <label htmlFor="bulk-rights" className="block text-xs font-medium text-slate-800">
          {t('admin.media.bulk.rights', 'Rights statement')}
        </label>
        <select
          id="bulk-rights"
          className={control}
          value={rights}
          onChange={(e) => setRights(e.target.value)}
        >
          <RightsChoices empty={t('admin.media.bulk.keep', 'Keep as it is')} />
        </select>
      </div>
      <Button
        className={small}
        disabled={bulk.isPending || rights === ''}
        onClick={() => run('rights', { rights })}
      >
        {t('admin.media.bulk.set_rights', 'Set rights')}
      </Button>
      <div>
        <label htmlFor="bulk-place" className="block text-xs font-medium text-slate-800">
          {t('admin.places.legend', 'Place')}
        </label>
        <select id="bulk-place" className={control} value={place} onChange={(e) => setPlace(e.target.value)}>
          <option value="">{t('admin.media.bulk.keep', 'Keep as it is')}</option>
          <option value="none">{t('admin.places.clear', 'No place')}</option>
          {(places.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.nameFo}
            </option>
          ))}
        </select>
      </div>
      <Button
        className={small}
        disabled={bulk.isPending || place === ''}
        onClick={() => run('place', { placeId: target(place) ?? null })}
      >
        {t('admin.media.bulk.place', 'Set place')}
      </Button>
      <Button
        className={`${small} border-red-300 text-red-800 hover:bg-red-50`}
        disabled={bulk.isPending}
        onClick={remove}
      >
        {t('admin.media.bulk.delete', 'Delete selected')}
      </Button>
      <button type="button" className={`${linkButton} self-center`} onClick={onDone}>
        {t('admin.media.bulk.clear', 'Clear selection')}
      </button>
      {dialog}
    </section>
  );
}
