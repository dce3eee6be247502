import { FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Folder } from '#common/api/folders.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, linkButton, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useCreateFolder, useDeleteFolder, useRenameFolder } from '../api/folders.ts';

const control =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/** Create, rename and delete folders (a deleted folder's items stay, without a folder). */
export function FolderManager({ folders }: { folders: readonly Folder[] }) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const [confirm, dialog] = useConfirm();
  const [editing, setEditing] = useState<string | null>(null);
  const failed = (error: unknown) =>
    toast.error(errorText(error, { '*': t('admin.folders.failed', 'Failed to save folder') }));

  return (
    <details className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700">
        {t('admin.folders.title', 'Manage Folders')} ({folders.length})
      </summary>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const name = String(new FormData(form).get('name') ?? '').trim();
          if (!name) return;
          try {
            await create.mutateAsync({ name });
            form.reset();
            toast.success(t('admin.folders.created', 'Folder created successfully!'));
          } catch (error) {
            failed(error);
          }
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="new-folder" className="block text-sm font-medium text-slate-800">
            {t('admin.folders.new', 'New folder name')}
          </label>
          <input id="new-folder" name="name" required maxLength={100} className={control} />
        </div>
        <Button type="submit" className={`${primaryButton} py-1.5`} disabled={create.isPending}>
          <FolderPlus aria-hidden="true" className="size-4" />
          {t('admin.folders.create', 'Create Folder')}
        </Button>
      </form>
      {folders.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t('admin.folders.empty', 'No folders yet.')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {folders.map((folder) => (
            <li key={folder.id} className="flex flex-wrap items-center gap-3 py-2">
              {editing === folder.id ? (
                <form
                  className="flex flex-1 flex-wrap items-center gap-2"
                  onSubmit={async (event) => {
                    event.preventDefault();
                    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
                    if (!name) return;
                    try {
                      await rename.mutateAsync({ id: folder.id, name });
                      setEditing(null);
                      toast.success(t('admin.folders.renamed', 'Folder renamed successfully!'));
                    } catch (error) {
                      failed(error);
                    }
                  }}
                >
                  <label htmlFor={`folder-${folder.id}`} className="sr-only">
                    {t('admin.folders.name', 'Folder name')}
                  </label>
                  <input
                    id={`folder-${folder.id}`}
                    name="name"
                    defaultValue={folder.name}
                    required
                    maxLength={100}
                    className={`${control} max-w-xs`}
                  />
                  <Button type="submit" className={`${primaryButton} py-1.5`}>
                    {t('admin.folders.save', 'Save')}
                  </Button>
                  <button type="button" className={linkButton} onClick={() => setEditing(null)}>
                    {t('admin.folders.cancel', 'Cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <span className="flex-1 text-slate-900">
                    {folder.name}{' '}
                    <span className="text-sm text-slate-700">
                      {t('admin.folders.count', '({count} items)', { count: folder.mediaCount })}
                    </span>
                  </span>
                  <Button
                    className={`${secondaryButton} px-2.5 py-1 text-sm`}
                    aria-label={t('admin.folders.rename_named', 'Rename {name}', { name: folder.name })}
                    onClick={() => setEditing(folder.id)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('admin.folders.rename', 'Rename')}
                  </Button>
                  <Button
                    className={`${secondaryButton} px-2.5 py-1 text-sm text-red-800`}
                    aria-label={t('admin.folders.delete_named', 'Delete {name}', { name: folder.name })}
                    onClick={async () => {
                      const yes = await confirm({
                        title: t('admin.folders.delete_title', 'Delete folder?'),
                        description: t(
                          'admin.folders.delete_confirm',
                          'Are you sure you want to delete the folder "{name}"? Its items stay, without a folder.',
                          { name: folder.name },
                        ),
                        destructive: true,
                      });
                      if (!yes) return;
                      try {
                        await remove.mutateAsync(folder.id);
                        toast.success(t('admin.folders.deleted', 'Folder deleted successfully!'));
                      } catch (error) {
                        failed(error);
                      }
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('admin.folders.delete', 'Delete')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </details>
  );
}
