import { useCallback, useState } from 'react';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import type { SharedFields, UploadFields } from '../lib/upload-item.ts';
import { UploadCheck, UploadCopyright, UploadPlaces, UploadText } from './upload-fields.tsx';
import { UploadPlace } from './upload-place.tsx';

/** 'For all files': values set on every file at once (and on files added later). */
export function UploadSharedPanel({
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
  // Stable: the place fields watch their own form and report through it.
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
