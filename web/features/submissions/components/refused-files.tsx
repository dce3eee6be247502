import { INGEST_LIMITS } from '../../../../common/file-types.ts';
import { useT } from '../../../app/i18n.tsx';
import { Alert } from '../../../components/alert.tsx';
import type { RefusedFile } from '../lib/file-item.ts';

const LIMITS = INGEST_LIMITS.submission;

/** Files that will not be sent, each with the reason (public-site.md §5). */
export function RefusedFiles({ files }: { files: readonly RefusedFile[] }) {
  const t = useT();
  if (files.length === 0) return null;
  return (
    <Alert tone="error" title={t('submit.refused.title', 'Hesar fílurnar verða ikki sendar')}>
      <p>
        {t(
          'submit.refused.hint',
          'Myndir, filmar, ljóðfílur og PDF kunnu sendast, í mesta lagi {max} fílur, hvør upp til {mb} MB.',
          { max: LIMITS.maxFiles, mb: Math.round(LIMITS.maxBytes / 1024 / 1024) },
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
