import { Download, FileText } from 'lucide-react';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { fileSizeText } from '../lib/review-texts.ts';

/** The file as the reviewer needs to judge it: the picture, a player, or the document to download. */
export function SubmissionPreview({ submission }: { submission: StaffSubmissionDetail }) {
  const t = useT();
  const frame = 'flex min-h-40 items-center justify-center rounded-md bg-slate-100 p-2';
  if (submission.mediaType === 'image') {
    return (
      <div className={frame}>
        <img
          src={submission.displayUrl ?? submission.thumbnailUrl ?? submission.originalUrl}
          alt={submission.title}
          className="max-h-[45vh] w-auto max-w-full object-contain"
        />
      </div>
    );
  }
  if (submission.mediaType === 'video') {
    return (
      <div className={frame}>
        {/* biome-ignore lint/a11y/useMediaCaption: a visitor's own recording has no caption track to offer */}
        <video
          controls
          preload="metadata"
          src={submission.originalUrl}
          poster={submission.thumbnailUrl ?? undefined}
          aria-label={submission.title}
          className="max-h-[45vh] w-full"
        />
      </div>
    );
  }
  if (submission.mediaType === 'audio') {
    return (
      <div className={frame}>
        {/* biome-ignore lint/a11y/useMediaCaption: a visitor's own recording has no caption track to offer */}
        <audio
          controls
          preload="metadata"
          src={submission.originalUrl}
          aria-label={submission.title}
          className="w-full"
        />
      </div>
    );
  }
  return (
    <div className={`${frame} flex-col gap-3`}>
      <FileText aria-hidden="true" className="size-12 text-slate-600" />
      <a
        href={`${submission.originalUrl}?download`}
        download={submission.fileName}
        className="inline-flex items-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('admin.submissions.download', 'Download {name} ({size})', {
          name: submission.fileName,
          size: fileSizeText(submission.fileSize),
        })}
      </a>
    </div>
  );
}
