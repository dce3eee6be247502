import { FolderUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { INGEST_LIMITS } from '../../../../common/file-types.ts';
import { useT } from '../../../app/i18n.tsx';
import { secondaryButton } from '../../../components/button.tsx';
import { SUBMISSION_ACCEPT } from '../lib/check-files.ts';
import { readDroppedFiles } from '../lib/read-dropped-files.ts';

export const FILE_PICKER_BUTTON_ID = 'submission-file-picker';

/**
 * Where files are dropped (files or whole folders) or picked with a real button, so the keyboard
 * works as well as the mouse.
 */
export function FileDropArea({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const headingId = useId();
  const hintId = useId();
  const limits = INGEST_LIMITS.submission;

  function onDragOver(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setOver(true);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    // The entries must be taken while the event lasts; reading them goes on afterwards.
    void readDroppedFiles(event.dataTransfer)
      .then(onFiles)
      .catch(() => onFiles(Array.from(event.dataTransfer.files)));
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={hintId}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed px-4 py-8 text-center ${
        over ? 'border-blue-700 bg-blue-50' : 'border-slate-400 bg-slate-50'
      } ${disabled ? 'opacity-70' : ''}`}
    >
      <FolderUp aria-hidden="true" className="mx-auto size-10 text-slate-600" />
      <h2 id={headingId} className="mt-2 text-lg font-semibold text-slate-900">
        {t('submit.drop.title', 'Drag fílur ella mappur higar')}
      </h2>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        {t(
          'submit.drop.hint',
          'Myndir, filmar, ljóðfílur og PDF. Í mesta lagi {max} fílur, hvør upp til {mb} MB.',
          { max: limits.maxFiles, mb: Math.round(limits.maxBytes / 1024 / 1024) },
        )}
      </p>
      <p className="mt-3 text-sm text-slate-700">{t('submit.drop.or', 'ella')}</p>
      <button
        id={FILE_PICKER_BUTTON_ID}
        type="button"
        className={`${secondaryButton} mt-2`}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {t('submit.drop.choose', 'Vel fílur')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={SUBMISSION_ACCEPT}
        aria-label={t('submit.drop.input', 'Fílur at senda')}
        className="hidden"
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared, so choosing the same file again after removing it still counts as a change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </section>
  );
}
