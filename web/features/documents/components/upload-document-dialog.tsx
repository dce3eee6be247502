import { Upload } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '#common/enums.ts';
import { acceptFor, fileTooLargeMessage, titleFromFileName } from '#common/file-types.ts';
import { DOCUMENT_MAX_BYTES } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { toast } from '#web/components/toaster.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { formatMegabytes } from '#web/lib/format-size.ts';
import { useUploadDocument } from '../api/admin-documents.ts';
import { documentCategoryLabel } from './document-labels.ts';

const control =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const label = 'block text-sm font-medium text-slate-800';

/** The picker's accept list: pdf, doc, docx, txt, xls, xlsx (the server checks the content). */
const ACCEPT = Object.entries(acceptFor('document'))
  .flatMap(([mime, extensions]) => [mime, ...extensions])
  .join(',');

/** Refusals of the file itself by the ingest path (server/media/ingest), worded by the spec. */
const FILE_CODES = new Set(['unsupported_type', 'dangerous', 'empty', 'file_too_large', 'file_too_small']);

/**
 * The upload dialog (admin-back-office.md §5 Document upload): one file, 25 MB; title prefilled
 * from the file name and required; category required, default mentanardagarnar; public on,
 * featured off; submit disabled without a file.
 */
export function UploadDocumentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const upload = useUploadDocument();
  const ids = { file: useId(), title: useId(), description: useId(), category: useId(), error: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<DocumentCategory>('mentanardagarnar');
  const [isPublic, setIsPublic] = useState(true);
  const [isFeatured, setIsFeatured] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setTitle('');
    setDescription('');
    setCategory('mentanardagarnar');
    setIsPublic(true);
    setIsFeatured(false);
    setError(null);
    upload.reset();
  };

  const submit = async () => {
    if (!file) return;
    if (file.size > DOCUMENT_MAX_BYTES) {
      setError(fileTooLargeMessage(DOCUMENT_MAX_BYTES));
      return;
    }
    if (!title.trim()) {
      setError(t('admin.documents.title_required', 'Title is required'));
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync({ file, title: title.trim(), description, category, isPublic, isFeatured });
      toast.success(t('admin.documents.uploaded', 'Document uploaded successfully!'));
      reset();
      onOpenChange(false);
    } catch (failure) {
      // The file checks answer the spec's own sentences ('File type must be …', 'File is larger
      // than … bytes'), the same the picker would say: shown as they are; anything else by its code.
      setError(
        failure instanceof ApiRequestError && FILE_CODES.has(failure.code)
          ? failure.message
          : errorText(failure, { '*': t('admin.documents.upload_failed', 'Upload failed') }),
      );
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <ModalContent
        title={t('admin.documents.upload_title', 'Upload Document')}
        description={t(
          'admin.documents.upload_description',
          'One file: PDF, Word, text or Excel, at most 25 MB.',
        )}
        closeLabel={t('admin.documents.close', 'Close')}
        width="max-w-lg"
      >
        <form
          className="mt-4 space-y-4"
          aria-describedby={error ? ids.error : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {error && (
            <Alert tone="error" id={ids.error}>
              {error}
            </Alert>
          )}
          <div>
            <label htmlFor={ids.file} className={label}>
              {t('admin.documents.field.file', 'File')} *
            </label>
            <input
              id={ids.file}
              type="file"
              accept={ACCEPT}
              required
              className={control}
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0] ?? null;
                setFile(chosen);
                setError(null);
                if (chosen) setTitle(titleFromFileName(chosen.name));
              }}
            />
            {file && (
              <p className="mt-1 text-xs text-slate-700">
                {file.name} · {formatMegabytes(file.size)}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={ids.title} className={label}>
              {t('admin.documents.field.title', 'Title')} *
            </label>
            <input
              id={ids.title}
              required
              maxLength={300}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              className={control}
            />
          </div>
          <div>
            <label htmlFor={ids.description} className={label}>
              {t('admin.documents.field.description', 'Description')}
            </label>
            <textarea
              id={ids.description}
              rows={3}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              className={control}
            />
          </div>
          <div>
            <label htmlFor={ids.category} className={label}>
              {t('admin.documents.field.category', 'Category')} *
            </label>
            <select
              id={ids.category}
              required
              value={category}
              onChange={(event) => setCategory(event.currentTarget.value as DocumentCategory)}
              className={control}
            >
              {DOCUMENT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {documentCategoryLabel(value, t)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap gap-6">
            <label className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={isPublic}
                onChange={(event) => setIsPublic(event.currentTarget.checked)}
                className="size-4"
              />
              {t('admin.documents.field.public', 'Public')}
            </label>
            <label className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={isFeatured}
                onChange={(event) => setIsFeatured(event.currentTarget.checked)}
                className="size-4"
              />
              {t('admin.documents.field.featured', 'Featured')}
            </label>
          </div>
          <div className="flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button className={secondaryButton}>{t('admin.documents.cancel', 'Cancel')}</Button>
            </Dialog.Close>
            <Button type="submit" className={primaryButton} disabled={!file || upload.isPending}>
              <Upload aria-hidden="true" className="size-4" />
              {upload.isPending
                ? t('admin.documents.uploading', 'Uploading...')
                : t('admin.documents.upload_submit', 'Upload')}
            </Button>
          </div>
        </form>
      </ModalContent>
    </Dialog.Root>
  );
}
