import { FileAudio, FileImage, FileText, FileVideo } from 'lucide-react';
import { DisclosureButton } from '#web/components/disclosure-button.tsx';
import { useId, useState } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { FileProgress, RemoveFileButton } from '#web/features/uploads/index.ts';
import { formatMegabytes } from '#web/lib/format-size.ts';
import type { FileDetails, FileItem } from '../lib/file-item.ts';
import { reconnectingText, statusText } from '../lib/status-text.ts';
import { FileDetailsFields } from './file-details-fields.tsx';

function FileIcon({ type }: { type: string }) {
  const className = 'size-6 shrink-0 text-slate-600';
  if (type.startsWith('image/')) return <FileImage aria-hidden="true" className={className} />;
  if (type.startsWith('video/')) return <FileVideo aria-hidden="true" className={className} />;
  if (type.startsWith('audio/')) return <FileAudio aria-hidden="true" className={className} />;
  return <FileText aria-hidden="true" className={className} />;
}

const STATUS_COLOUR = {
  ready: 'text-slate-700',
  waiting: 'text-slate-700',
  uploading: 'text-blue-800',
  processing: 'text-blue-800',
  done: 'text-green-800',
  failed: 'text-red-700',
} as const;

/** One chosen file: its state and bar while sending, its own details, and removal. */
export function FileRow({
  item,
  locked,
  onRemove,
  onDetailsChange,
}: {
  item: FileItem;
  /** While sending nothing in the list changes. */
  locked: boolean;
  onRemove: () => void;
  onDetailsChange: (details: FileDetails) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const detailsId = useId();
  const { file, state: status } = item;
  const editable = !locked && status !== 'done';

  return (
    <li className="rounded-md border border-slate-300 bg-slate-50 p-3">
      <div className="flex items-start gap-3">
        <FileIcon type={file.type} />
        <div className="min-w-0 flex-1">
          <p id={nameId} className="truncate font-medium text-slate-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-sm text-slate-700">
            {formatMegabytes(file.size)}
            {status !== 'ready' && (
              <>
                {' · '}
                <span className={`font-medium ${STATUS_COLOUR[status]}`}>{statusText(t, status)}</span>
                {status !== 'failed' && ` ${item.progress}%`}
              </>
            )}
          </p>
        </div>
        {editable && (
          <RemoveFileButton
            label={t('submit.file.remove', 'Tak burtur')}
            nameId={nameId}
            onRemove={onRemove}
          />
        )}
      </div>

      {status !== 'ready' && (
        <FileProgress
          fileName={file.name}
          percent={item.progress}
          outcome={status === 'done' ? 'done' : status === 'failed' ? 'failed' : 'sending'}
          reconnectingText={item.reconnecting && status === 'uploading' ? reconnectingText(t) : undefined}
          error={item.error}
        />
      )}
      {status === 'done' && item.submission && (
        <p className="mt-2 text-sm text-slate-700">
          {t('submit.file.received_as', 'Móttikið sum {id}', { id: item.submission.displayId })}
        </p>
      )}

      {editable && (
        <div className="mt-2">
          <DisclosureButton
            open={open}
            onToggle={() => setOpen((value) => !value)}
            controls={detailsId}
            describedBy={nameId}
          >
            {t('submit.file.edit_details', 'Broyt upplýsingar')}
          </DisclosureButton>
          {open && (
            <FileDetailsFields
              id={detailsId}
              fileName={file.name}
              details={item.details}
              onChange={onDetailsChange}
            />
          )}
        </div>
      )}
    </li>
  );
}
