import { INGEST_LIMITS, type IngestContext } from '#common/file-types.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import type { RefusedFile } from '../lib/check-files.ts';

/** Files that will not be sent, each with the reason (public-site.md §5). */
export function RefusedFiles({
  files,
  context = 'submission',
}: {
  files: readonly RefusedFile[];
  context?: IngestContext;
}) {
  const t = useT();
  if (files.length === 0) return null;
  const { maxFiles, maxBytes } = INGEST_LIMITS[context];
  const values = { max: maxFiles, mb: Math.round(maxBytes / 1024 / 1024) };
  return (
    <Alert
      tone="error"
      title={
        context === 'upload'
          ? t('admin.upload.refused.title', 'These files will not be uploaded')
          : t('submit.refused.title', 'Hesar fílurnar verða ikki sendar')
      }
    >
      <p>
        {context === 'upload'
          ? t(
              'admin.upload.refused.hint',
              'Images, video, audio and PDF can be uploaded, at most {max} files, up to {mb} MB each.',
              values,
            )
          : t(
              'submit.refused.hint',
              'Myndir, filmar, ljóðfílur og PDF kunnu sendast, í mesta lagi {max} fílur, hvør upp til {mb} MB.',
              values,
            )}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {files.map((file) => (
          <li key={file.key}>
            <span className="font-medium break-all">{file.name}</span>: {file.reason}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
