import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { ProgressBar } from '#web/components/progress-bar.tsx';
import type { UploadItem } from '../lib/upload-item.ts';
import type { BatchResult } from '../lib/use-upload-queue.ts';

/** The batch under way: overall progress by size, the file being sent, and the counts. */
export function UploadProgress({
  overallProgress,
  current,
  counts,
}: {
  overallProgress: number;
  current: UploadItem | undefined;
  counts: { selected: number; completed: number; failed: number };
}) {
  const t = useT();
  return (
    <section aria-labelledby="upload-progress" className="rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="upload-progress" className="text-lg font-semibold text-slate-900">
        {t('admin.upload.progress.title', 'Upload progress')}
      </h2>
      <div className="mt-2 flex items-center gap-3">
        <ProgressBar
          percent={overallProgress}
          label={t('admin.upload.progress.overall', 'Overall progress')}
        />
        <span className="w-12 text-right text-sm font-medium text-slate-800">{overallProgress}%</span>
      </div>
      {current && (
        <p className="mt-2 text-sm text-slate-700">
          {t('admin.upload.progress.current', 'Current file: {name}', {
            name: current.file.name,
          })}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
        {[
          [t('admin.upload.count.selected', 'Selected'), counts.selected],
          [t('admin.upload.count.completed', 'Completed'), counts.completed],
          [t('admin.upload.count.failed', 'Failed'), counts.failed],
        ].map(([label, value]) => (
          <div key={String(label)} className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-700">{label}</dt>
            <dd className="text-xl font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export /** The batch's message (admin-back-office.md §8): all done, some failed, or none selected. */
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

/** How the last batch ended, with the way to the items made; it stays when the message has gone. */
export function UploadSummary({ result }: { result: BatchResult }) {
  const t = useT();
  return (
    <section aria-labelledby="upload-summary" className="rounded-lg border border-slate-300 bg-white p-4">
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
  );
}
