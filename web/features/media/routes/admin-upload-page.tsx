import { Images, Upload } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { itemPlace } from '#common/api/media.ts';
import { Link } from 'react-router';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import { MESSAGE_CLEAR_MS } from '#common/limits.ts';
import { paths } from '#common/paths.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { ProgressBar } from '#web/components/progress-bar.tsx';
import { FileDropArea, RefusedFiles } from '#web/features/uploads/index.ts';
import { useFolders } from '#web/features/folders/index.ts';
import { PlaceFields } from '#web/features/places/index.ts';
import { useAdminCategories } from '../api/admin-media.ts';
import { UploadFileCard } from '../components/upload-file-card.tsx';
import { UploadCheck, UploadCopyright, UploadPlaces, UploadText } from '../components/upload-fields.tsx';
import type { SharedFields, UploadFields } from '../lib/upload-item.ts';
import { type BatchResult, useUploadQueue } from '../lib/use-upload-queue.ts';

/** The batch's message (admin-back-office.md §8): all done, some failed, or none selected. */
function resultMessage(t: Translate, result: BatchResult) {
  if (result.failed === 0)
    return (
      <Alert tone="success">
        {t('admin.upload.success', 'Successfully uploaded {count} file(s)!', { count: result.completed })}
      </Alert>
    );
  return (
    <Alert tone="error">
      {t('admin.upload.partial', 'Uploaded {done} of {total} files. Some uploads failed.', {
        done: result.completed,
        total: result.total,
      })}
    </Alert>
  );
}

/**
 * The batch's place and point (issue 28 §3), through the item edit's own fields (PlaceFields: the
 * list searched by name, the point typed or clicked on the map), checked as the server checks them.
 */
function UploadPlace({
  values,
  onChange,
  disabled,
}: {
  values: SharedFields;
  onChange: (patch: Partial<UploadFields>) => void;
  disabled: boolean;
}) {
  const form = useForm<z.input<typeof itemPlace>>({
    resolver: zodResolver(itemPlace) as never,
    mode: 'onChange',
    defaultValues: { placeId: values.placeId, latitude: values.latitude, longitude: values.longitude },
  });
  useEffect(() => {
    const subscription = form.watch((value, { name }) => {
      if (!name) return;
      onChange({
        placeId: String(value.placeId ?? ''),
        latitude: String(value.latitude ?? ''),
        longitude: String(value.longitude ?? ''),
      });
    });
    return () => subscription.unsubscribe();
  }, [form, onChange]);
  return (
    <FormProvider {...form}>
      <fieldset disabled={disabled} className="contents">
        <PlaceFields />
      </fieldset>
    </FormProvider>
  );
}

/** 'For all files': values set on every file at once (and on files added later). */
function SharedPanel({
  initial,
  categories,
  folders,
  disabled,
  onApply,
}: {
  initial: SharedFields;
  categories: readonly Category[];
  folders: readonly Folder[];
  disabled: boolean;
  onApply: (values: Partial<SharedFields>) => void;
}) {
  const t = useT();
  const [values, setValues] = useState(initial);
  // Only what was changed here is set on the files: a file's own choices stay otherwise.
  const [changed, setChanged] = useState<Partial<SharedFields>>({});
  const onChange = useCallback((patch: Partial<UploadFields>) => {
    setValues((current) => ({ ...current, ...patch }));
    setChanged((current) => ({ ...current, ...patch }));
  }, []);
  const props = { values, onChange, disabled };
  return (
    <section aria-labelledby="upload-shared" className="rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h2 id="upload-shared" className="text-lg font-semibold text-slate-900">
        {t('admin.upload.shared.title', 'For all files')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t(
          'admin.upload.shared.hint',
          'Set these once for the whole batch: what you change here goes to every file, and to files added later. Each file can still be changed below.',
        )}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <UploadPlaces {...props} categories={categories} folders={folders} />
        <UploadText
          {...props}
          name="photographer"
          label={t('admin.upload.field.photographer', 'Photographer')}
        />
        <UploadText {...props} name="source" label={t('admin.upload.field.source', 'Source')} />
        <UploadText
          {...props}
          name="keywords"
          label={t('admin.upload.field.keywords', 'Keywords')}
          hint={t('admin.media.field.keywords_help', 'Separate keywords with commas.')}
          wide
        />
        <UploadCopyright {...props} />
        <UploadText
          {...props}
          name="copyrightHolder"
          label={t('admin.upload.field.copyright_holder', 'Copyright holder')}
        />
        <UploadPlace {...props} />
        <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
          <UploadCheck {...props} name="isPublic" label={t('admin.upload.field.public', 'Public')} />
          <UploadCheck {...props} name="isFeatured" label={t('admin.upload.field.featured', 'Featured')} />
        </div>
      </div>
      <button
        type="button"
        className={`${secondaryButton} mt-3`}
        disabled={disabled || Object.keys(changed).length === 0}
        onClick={() => onApply(changed)}
      >
        {t('admin.upload.shared.apply', 'Apply to all files')}
      </button>
    </section>
  );
}

/** Upload (/admin/media/upload): admin-back-office.md §2, §4, §5, §8. */
export function AdminUploadPage() {
  const t = useT();
  const categories = useAdminCategories();
  const folders = useFolders();
  const queue = useUploadQueue();
  const [noFiles, setNoFiles] = useState(false);
  const [showResult, setShowResult] = useState(false);
  const { result } = queue;

  // The batch's message clears after 3 s (§8); the summary below stays.
  useEffect(() => {
    if (!result) return;
    setShowResult(true);
    const timer = setTimeout(() => setShowResult(false), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [result]);

  function upload() {
    if (queue.items.length === 0) {
      setNoFiles(true);
      return;
    }
    setNoFiles(false);
    void queue.start();
  }

  const pending = queue.items.filter((item) => item.state !== 'completed').length;
  const placesFailed = categories.isError || folders.isError;
  return (
    <Page title={t('admin.upload.title', 'Upload Media')}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700">
            {t(
              'admin.upload.intro',
              'Add photos, video, audio and PDF files to the archive. Files upload one at a time and resume if the connection drops.',
            )}
          </p>
          <Link to={paths.admin.media} className={secondaryButton}>
            <Images aria-hidden="true" className="size-4" />
            {t('admin.upload.view_media', 'View in Media Management')}
          </Link>
        </div>

        {placesFailed && (
          <Alert tone="error">
            {t('admin.upload.places_failed', 'Failed to load categories and folders')}
          </Alert>
        )}

        <FileDropArea
          context="upload"
          disabled={queue.running}
          onFiles={(files) => {
            setNoFiles(false);
            queue.addFiles(files);
          }}
        />
        <RefusedFiles files={queue.refused} context="upload" />
        {noFiles && (
          <Alert tone="error">
            {t('admin.upload.no_files', 'Please select at least one file to upload')}
          </Alert>
        )}

        {pending > 0 && (
          <SharedPanel
            initial={queue.shared}
            categories={categories.data ?? []}
            folders={folders.data ?? []}
            disabled={queue.running}
            onApply={queue.applyToAll}
          />
        )}

        {queue.items.length > 0 && (
          <section aria-labelledby="upload-files">
            <h2 id="upload-files" className="text-lg font-semibold text-slate-900">
              {t('admin.upload.files', 'Files ({count})', { count: queue.items.length })}
            </h2>
            <ul className="mt-3 space-y-3">
              {queue.items.map((item) => (
                <UploadFileCard
                  key={item.key}
                  item={item}
                  locked={queue.running}
                  categories={categories.data ?? []}
                  folders={folders.data ?? []}
                  onChange={(fields) => queue.setFields(item.key, fields)}
                  onRemove={() => queue.removeFile(item.key)}
                />
              ))}
            </ul>
          </section>
        )}

        {(queue.running || queue.counts.completed > 0 || queue.counts.failed > 0) &&
          queue.items.length > 0 && (
            <section
              aria-labelledby="upload-progress"
              className="rounded-lg border border-slate-300 bg-white p-4"
            >
              <h2 id="upload-progress" className="text-lg font-semibold text-slate-900">
                {t('admin.upload.progress.title', 'Upload progress')}
              </h2>
              <div className="mt-2 flex items-center gap-3">
                <ProgressBar
                  percent={queue.overallProgress}
                  label={t('admin.upload.progress.overall', 'Overall progress')}
                />
                <span className="w-12 text-right text-sm font-medium text-slate-800">
                  {queue.overallProgress}%
                </span>
              </div>
              {queue.current && (
                <p className="mt-2 text-sm text-slate-700">
                  {t('admin.upload.progress.current', 'Current file: {name}', {
                    name: queue.current.file.name,
                  })}
                </p>
              )}
              <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
                {[
                  [t('admin.upload.count.selected', 'Selected'), queue.counts.selected],
                  [t('admin.upload.count.completed', 'Completed'), queue.counts.completed],
                  [t('admin.upload.count.failed', 'Failed'), queue.counts.failed],
                ].map(([label, value]) => (
                  <div key={String(label)} className="rounded-md bg-slate-50 p-2">
                    <dt className="text-xs text-slate-700">{label}</dt>
                    <dd className="text-xl font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

        <p role="status" aria-live="polite" className="sr-only">
          {queue.announcement}
        </p>
        {result && showResult && resultMessage(t, result)}

        {result && (
          <section
            aria-labelledby="upload-summary"
            className="rounded-lg border border-slate-300 bg-white p-4"
          >
            <h2 id="upload-summary" className="text-lg font-semibold text-slate-900">
              {t('admin.upload.summary.title', 'Summary')}
            </h2>
            <dl className="mt-2 flex flex-wrap gap-6 text-sm">
              <div>
                <dt className="text-slate-700">{t('admin.upload.summary.successful', 'Successful')}</dt>
                <dd className="text-lg font-semibold text-green-800">{result.completed}</dd>
              </div>
              <div>
                <dt className="text-slate-700">{t('admin.upload.summary.failed', 'Failed')}</dt>
                <dd className="text-lg font-semibold text-red-700">{result.failed}</dd>
              </div>
              <div>
                <dt className="text-slate-700">{t('admin.upload.summary.total', 'Total')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{result.total}</dd>
              </div>
            </dl>
            <Link to={paths.admin.media} className="mt-3 inline-flex font-medium text-blue-800 underline">
              {t('admin.upload.view_media', 'View in Media Management')}
            </Link>
          </section>
        )}

        <div className="flex flex-wrap gap-3">
          <button type="button" className={primaryButton} onClick={upload} disabled={queue.running}>
            <Upload aria-hidden="true" className="size-4" />
            {queue.running
              ? t('admin.upload.uploading', 'Uploading...')
              : queue.counts.failed > 0 && pending === queue.counts.failed
                ? t('admin.upload.retry', 'Try the failed files again')
                : t('admin.upload.submit', 'Upload {count} file(s)', { count: pending })}
          </button>
          {queue.items.length > 0 && !queue.running && (
            <button type="button" className={secondaryButton} onClick={queue.clear}>
              {t('admin.upload.clear', 'Clear all')}
            </button>
          )}
        </div>
      </div>
    </Page>
  );
}
