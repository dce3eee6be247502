import { FolderUp } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { INGEST_LIMITS, type IngestContext } from '#common/file-types.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { useHydrated } from '#web/lib/hydrated.ts';
import { acceptAttribute } from '../lib/check-files.ts';
import { readDroppedFiles } from '../lib/read-dropped-files.ts';

export const FILE_PICKER_BUTTON_ID = 'submission-file-picker';

/** The browser's own picker, its button drawn as ours (before the script, or without it). */
const NATIVE_PICKER =
  'mx-auto mt-2 block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-4 file:py-2 file:font-medium file:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** The area's words: the public submission form's (Faroese first) or the staff upload screen's. */
function dropTexts(t: Translate, context: IngestContext) {
  const { maxFiles, maxBytes } = INGEST_LIMITS[context];
  const values = { max: maxFiles, mb: Math.round(maxBytes / 1024 / 1024) };
  if (context === 'upload')
    return {
      title: t('admin.upload.drop.title', 'Drag and drop files or folders here'),
      hint: t(
        'admin.upload.drop.hint',
        'Images, video, audio and PDF. At most {max} files, up to {mb} MB each.',
        values,
      ),
      or: t('admin.upload.drop.or', 'or'),
      choose: t('admin.upload.drop.choose', 'Choose files'),
      input: t('admin.upload.drop.input', 'Files to upload'),
    };
  return {
    title: t('submit.drop.title', 'Drag fílur ella mappur higar'),
    hint: t(
      'submit.drop.hint',
      'Myndir, filmar, ljóðfílur og PDF. Í mesta lagi {max} fílur, hvør upp til {mb} MB.',
      values,
    ),
    or: t('submit.drop.or', 'ella'),
    choose: t('submit.drop.choose', 'Vel fílur'),
    input: t('submit.drop.input', 'Fílur at senda'),
  };
}

/**
 * Where files are dropped (files or whole folders) or picked with a real button, so the keyboard
 * works as well as the mouse. Until the page's script runs (a page the server drew) the browser's
 * own file input is shown instead of the button, which needs the script: it sends its files with
 * the form (`name`), and what was picked in it meanwhile is taken over when the script arrives
 * (DESIGN.md §4.9).
 */
export function FileDropArea({
  onFiles,
  disabled = false,
  context = 'submission',
  name,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  context?: IngestContext;
  /** The form field the files are sent under when the form is sent without script. */
  name?: string;
}) {
  const t = useT();
  const texts = dropTexts(t, context);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const headingId = useId();
  const hintId = useId();
  const hydrated = useHydrated();

  // Files picked before the script took the page over: listed as if picked now. Read once, on
  // mount (the page has just come alive); the input is then cleared as after every pick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes alive
  useEffect(() => {
    const picked = Array.from(input.current?.files ?? []);
    if (picked.length === 0 || !input.current) return;
    input.current.value = '';
    onFiles(picked);
  }, []);

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
        {texts.title}
      </h2>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        {texts.hint}
      </p>
      <p className="mt-3 text-sm text-slate-700">{texts.or}</p>
      {hydrated && (
        <button
          id={FILE_PICKER_BUTTON_ID}
          type="button"
          className={`${secondaryButton} mt-2`}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {texts.choose}
        </button>
      )}
      <input
        ref={input}
        type="file"
        name={name}
        multiple
        accept={acceptAttribute(context)}
        aria-label={texts.input}
        className={hydrated ? 'hidden' : NATIVE_PICKER}
        tabIndex={hydrated ? -1 : undefined}
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
