import { VisibilityToggles } from '#web/components/visibility-toggles.tsx';
import { Download, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { DocumentItem } from '#common/api/documents.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction } from '#web/components/row-action.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useUpdateDocument } from '../api/admin-documents.ts';

const ring = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const _pill = `inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold ${ring}`;
const control =
  'block w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/**
 * A document's title and description, edited in place (admin-back-office.md §2): Save or Cancel;
 * an empty description is stored as none (§5). Escape cancels.
 */
export function DocumentTitleCell({
  document,
  editing,
  onDone,
}: {
  document: DocumentItem;
  editing: boolean;
  onDone: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateDocument();
  const titleId = useId();
  const descriptionId = useId();
  const [title, setTitle] = useState(document.title);
  const [description, setDescription] = useState(document.description ?? '');
  const [error, setError] = useState<string | null>(null);

  if (!editing) {
    return (
      <div className="min-w-0">
        <span className="block break-words">{document.title}</span>
        {document.description && (
          <span className="block text-sm font-normal break-words text-slate-700">{document.description}</span>
        )}
        <span className="block text-xs font-normal text-slate-700">
          {document.displayId} · {document.fileName}
        </span>
      </div>
    );
  }

  const cancel = () => {
    setTitle(document.title);
    setDescription(document.description ?? '');
    setError(null);
    onDone();
  };
  const save = async () => {
    if (!title.trim()) {
      setError(t('admin.documents.title_required', 'Title is required'));
      return;
    }
    try {
      await update.mutateAsync({ id: document.id, change: { title: title.trim(), description } });
      toast.success(t('admin.documents.updated', 'Document updated successfully!'));
      setError(null);
      onDone();
    } catch (failure) {
      setError(errorText(failure, { '*': t('admin.documents.update_failed', 'Failed to update document') }));
    }
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <label htmlFor={titleId} className="block text-xs font-medium text-slate-800">
        {t('admin.documents.field.title', 'Title')}
      </label>
      <input
        id={titleId}
        value={title}
        required
        maxLength={300}
        // biome-ignore lint/a11y/noAutofocus: the field the user just asked to edit
        autoFocus
        onChange={(event) => setTitle(event.currentTarget.value)}
        className={control}
      />
      <label htmlFor={descriptionId} className="block text-xs font-medium text-slate-800">
        {t('admin.documents.field.description', 'Description')}
      </label>
      <textarea
        id={descriptionId}
        rows={2}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        className={control}
      />
      {error && (
        <p role="alert" className="text-sm font-normal text-red-800">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" className={`${primaryButton} px-3 py-1 text-sm`} disabled={update.isPending}>
          {t('admin.documents.save', 'Save')}
        </Button>
        <Button className={`${secondaryButton} px-3 py-1 text-sm`} onClick={cancel}>
          {t('admin.documents.cancel', 'Cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The public and featured toggles of a document; a refusal is shown, and the list reloads. */
export function DocumentToggles({ document }: { document: DocumentItem }) {
  const t = useT();
  const update = useUpdateDocument();
  const change = (value: { isPublic: boolean } | { isFeatured: boolean }) =>
    update.mutate(
      { id: document.id, change: value },
      { onError: () => toast.error(t('admin.documents.update_failed', 'Failed to update document')) },
    );
  const isPublic =
    update.isPending && update.variables?.change.isPublic !== undefined
      ? Boolean(update.variables.change.isPublic)
      : document.isPublic;
  const isFeatured =
    update.isPending && update.variables?.change.isFeatured !== undefined
      ? Boolean(update.variables.change.isFeatured)
      : document.isFeatured;
  return (
    <VisibilityToggles
      name={document.title}
      isPublic={isPublic}
      isFeatured={isFeatured}
      onChange={change}
      labels={{
        public: t('admin.documents.public', 'Public'),
        featured: t('admin.documents.featured', 'Featured'),
      }}
    />
  );
}

/** Edit, Download and Delete of one document. */
export function DocumentActions({
  document,
  onEdit,
  onDownload,
  onDelete,
}: {
  document: DocumentItem;
  onEdit: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <RowAction
        icon={Pencil}
        label={t('admin.documents.edit', 'Edit')}
        name={document.title}
        onClick={onEdit}
      />
      <RowAction
        icon={Download}
        tone="link"
        label={t('admin.documents.download', 'Download')}
        name={document.title}
        onClick={onDownload}
      />
      <RowAction
        icon={Trash2}
        tone="danger"
        label={t('admin.documents.delete', 'Delete')}
        name={document.title}
        onClick={onDelete}
      />
    </div>
  );
}
