import { Images, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGE_CLEAR_MS } from '#common/limits.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { FileDropArea, RefusedFiles } from '#web/features/uploads/index.ts';
import { useFolders } from '#web/features/folders/index.ts';
import { useAdminCategories } from '../api/admin-media.ts';
import { UploadFileCard } from '../components/upload-file-card.tsx';
import { resultMessage, UploadProgress, UploadSummary } from '../components/upload-progress.tsx';
import { UploadSharedPanel } from '../components/upload-shared-panel.tsx';
import { useUploadQueue } from '../lib/use-upload-queue.ts';

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

  const pending = queue.items.filter((item) => item.state !== 'done').length;
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
          <UploadSharedPanel
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
            <UploadProgress
              overallProgress={queue.overallProgress}
              current={queue.current}
              counts={queue.counts}
            />
          )}

        <p role="status" aria-live="polite" className="sr-only">
          {queue.announcement}
        </p>
        {result && showResult && resultMessage(t, result)}

        {result && <UploadSummary result={result} />}

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
