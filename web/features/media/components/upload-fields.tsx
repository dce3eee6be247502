import { type ChangeEvent, type ReactNode, useId } from 'react';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import { COPYRIGHT_STATUSES, type CopyrightStatus } from '#common/enums.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { formatCopyrightStatus } from '../lib/media-format.ts';
import type { UploadFields } from '../lib/upload-item.ts';
import { RightsChoices } from './rights-statement.tsx';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:bg-slate-100';

type FieldProps<K extends keyof UploadFields> = {
  name: K;
  values: Pick<UploadFields, K>;
  onChange: (patch: Partial<UploadFields>) => void;
  disabled?: boolean;
};

function Labelled({
  label,
  hint,
  children,
  wide,
}: {
  label: string;
  hint?: ReactNode;
  children: (id: string, hintId?: string) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id, hintId)}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}

/** One text field of an upload form. */
export function UploadText<K extends keyof UploadFields>({
  name,
  values,
  onChange,
  disabled,
  label,
  hint,
  multiline = false,
  wide = false,
}: FieldProps<K> & { label: string; hint?: ReactNode; multiline?: boolean; wide?: boolean }) {
  const value = String(values[name] ?? '');
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ [name]: event.currentTarget.value } as Partial<UploadFields>);
  return (
    <Labelled label={label} hint={hint} wide={wide}>
      {(id, hintId) =>
        multiline ? (
          <textarea
            id={id}
            aria-describedby={hintId}
            rows={3}
            className={inputClass}
            value={value}
            onChange={change}
            disabled={disabled}
          />
        ) : (
          <input
            id={id}
            aria-describedby={hintId}
            type="text"
            className={inputClass}
            value={value}
            onChange={change}
            disabled={disabled}
          />
        )
      }
    </Labelled>
  );
}

/** A yes/no field of an upload form. */
export function UploadCheck<
  K extends 'isPublic' | 'isFeatured' | 'commercialUseAllowed' | 'attributionRequired',
>({ name, values, onChange, disabled, label }: FieldProps<K> & { label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-blue-700"
        checked={Boolean(values[name])}
        onChange={(event) => onChange({ [name]: event.currentTarget.checked } as Partial<UploadFields>)}
        disabled={disabled}
      />
      {label}
    </label>
  );
}

/** Category and folder choices ('none' first), and the copyright status. */
export function UploadPlaces({
  values,
  onChange,
  disabled,
  categories,
  folders,
}: {
  values: Pick<UploadFields, 'categoryId' | 'folderId'>;
  onChange: (patch: Partial<UploadFields>) => void;
  disabled?: boolean;
  categories: readonly Category[];
  folders: readonly Folder[];
}) {
  const t = useT();
  return (
    <>
      <Labelled label={t('admin.upload.field.category', 'Category')}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={values.categoryId}
            onChange={(e) => onChange({ categoryId: e.currentTarget.value })}
            disabled={disabled}
          >
            <option value="">{t('admin.media.field.no_category', 'No category')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label={t('admin.upload.field.folder', 'Folder')}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={values.folderId}
            onChange={(e) => onChange({ folderId: e.currentTarget.value })}
            disabled={disabled}
          >
            <option value="">{t('admin.media.field.no_folder', 'No folder')}</option>
            {folders.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
          </select>
        )}
      </Labelled>
    </>
  );
}

export function UploadCopyright({
  values,
  onChange,
  disabled,
}: {
  values: Pick<UploadFields, 'copyrightStatus' | 'rights'>;
  onChange: (patch: Partial<UploadFields>) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <>
      <Labelled label={t('admin.upload.field.rights', 'Rights statement')}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={values.rights}
            onChange={(e) => onChange({ rights: e.currentTarget.value })}
            disabled={disabled}
          >
            <RightsChoices empty={t('admin.upload.field.rights_default', "The site's default")} />
          </select>
        )}
      </Labelled>
      <Labelled label={t('admin.upload.field.copyright_status', 'Copyright status')}>
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={values.copyrightStatus}
            onChange={(e) => onChange({ copyrightStatus: e.currentTarget.value as CopyrightStatus })}
            disabled={disabled}
          >
            {COPYRIGHT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {formatCopyrightStatus(status, t('media.copyright_unknown', 'Unknown'))}
              </option>
            ))}
          </select>
        )}
      </Labelled>
    </>
  );
}

/** 'Filled in from the file: Description, Photographer' (the fields EXIF/IPTC suggested). */
export function suggestedText(t: Translate, fields: readonly string[]): string {
  const names: Record<string, string> = {
    description: t('admin.upload.field.description', 'Description'),
    photographer: t('admin.upload.field.photographer', 'Photographer'),
    originalDate: t('admin.upload.field.original_date', 'Original date'),
    copyrightHolder: t('admin.upload.field.copyright_holder', 'Copyright holder'),
  };
  return t('admin.upload.suggested', 'Filled in from the file: {fields}. Check before uploading.', {
    fields: fields.map((field) => names[field] ?? field).join(', '),
  });
}
