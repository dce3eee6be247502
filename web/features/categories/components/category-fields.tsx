import { useFormContext, useWatch } from 'react-hook-form';
import { DEFAULT_CATEGORY_COLOR } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button } from '#web/components/button.tsx';
import { CATEGORY_ICONS, CATEGORY_TEMPLATES, COLOR_PRESETS, FOLDER_ICON } from '../lib/category-presets.ts';

/** The category dialog's own fields, inside its <Form> (they read and set its values). */

const swatchRing =
  'peer-checked:ring-2 peer-checked:ring-slate-900 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-blue-700';

/** The six quick-start templates. */
export function Templates() {
  const t = useT();
  const { setValue } = useFormContext();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        {t('admin.categories.templates', 'Quick start templates')}
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {CATEGORY_TEMPLATES.map((template) => (
          <Button
            key={template.key}
            className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            onClick={() => {
              const options = { shouldDirty: true, shouldValidate: true };
              setValue('name', t(template.key, template.label), options);
              setValue('description', t(template.description.key, template.description.label), options);
              setValue('color', template.color, options);
              setValue('icon', template.icon, options);
              setValue('isPublic', true, options);
            }}
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-md text-lg"
              style={{ backgroundColor: `${template.color}26` }}
            >
              {template.icon}
            </span>
            {t(template.key, template.label)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** Twelve named presets as radio buttons, and a custom colour. */
export function ColorChoice() {
  const t = useT();
  const { register, setValue } = useFormContext();
  const color = String(useWatch({ name: 'color' }) ?? DEFAULT_CATEGORY_COLOR);
  const preset = COLOR_PRESETS.find((p) => p.color.toLowerCase() === color.toLowerCase());
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        {t('admin.categories.field.color', 'Colour')}
      </legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {COLOR_PRESETS.map((p) => (
          <label key={p.key} className="relative cursor-pointer" title={t(p.key, p.label)}>
            <input
              type="radio"
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              value={p.color}
              checked={preset?.color === p.color}
              onChange={() => setValue('color', p.color, { shouldDirty: true })}
              name="color-preset"
            />
            <span className="sr-only">{t(p.key, p.label)}</span>
            <span
              aria-hidden="true"
              className={`block size-8 rounded-full border border-slate-300 ${swatchRing}`}
              style={{ backgroundColor: p.color }}
            />
          </label>
        ))}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <label htmlFor="category-custom-color" className="text-sm text-slate-800">
          {t('admin.categories.field.custom_color', 'Custom colour')}
        </label>
        <input
          id="category-custom-color"
          type="color"
          className="h-8 w-14 cursor-pointer rounded border border-slate-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          {...register('color')}
        />
        <span className="font-mono text-sm text-slate-700">{color.toUpperCase()}</span>
        {preset && <span className="text-sm text-slate-700">{t(preset.key, preset.label)}</span>}
      </div>
    </fieldset>
  );
}

/** 24 icons and 'no icon' as radio buttons. */
export function IconChoice() {
  const t = useT();
  const { setValue } = useFormContext();
  const icon = String(useWatch({ name: 'icon' }) ?? '');
  const choices = [{ icon: '', key: 'admin.categories.icon.none', label: 'No icon' }, ...CATEGORY_ICONS];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        {t('admin.categories.field.icon', 'Icon')}
      </legend>
      <div className="mt-2 grid grid-cols-6 gap-2 sm:grid-cols-9">
        {choices.map((choice) => (
          <label key={choice.key} className="relative cursor-pointer" title={t(choice.key, choice.label)}>
            <input
              type="radio"
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              name="icon-choice"
              value={choice.icon}
              checked={icon === choice.icon}
              onChange={() => setValue('icon', choice.icon, { shouldDirty: true })}
            />
            <span className="sr-only">{t(choice.key, choice.label)}</span>
            <span
              aria-hidden="true"
              className="grid h-10 place-items-center rounded-md border border-slate-300 text-xl peer-checked:border-blue-700 peer-checked:bg-blue-50 peer-checked:ring-2 peer-checked:ring-blue-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700"
            >
              {choice.icon || (
                <span className="text-xs text-slate-700">
                  {t('admin.categories.icon.none_short', 'None')}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** How the card will look. */
export function Preview() {
  const t = useT();
  const [name, color, icon] = useWatch({ name: ['name', 'color', 'icon'] }) as [string, string, string];
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{t('admin.categories.preview', 'Preview')}</p>
      <div
        className="mt-2 flex items-center gap-3 rounded-lg border border-slate-200 p-3"
        data-testid="category-preview"
      >
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-lg text-xl"
          style={{
            backgroundColor: `${color || DEFAULT_CATEGORY_COLOR}26`,
            color: color || DEFAULT_CATEGORY_COLOR,
          }}
        >
          {icon || FOLDER_ICON}
        </span>
        <span className="font-semibold text-slate-900">
          {name?.trim() || t('admin.categories.preview_name', 'Category name')}
        </span>
      </div>
    </div>
  );
}
