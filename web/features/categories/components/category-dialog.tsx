import { Dialog } from 'radix-ui';
import { useFormContext, useWatch } from 'react-hook-form';
import { type AdminCategory, createCategoryBody } from '#common/api/categories.ts';
import { DEFAULT_CATEGORY_COLOR } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton, SwitchField, TextareaField } from '#web/components/form.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useCreateCategory, useUpdateCategory } from '../api/admin-categories.ts';
import { CATEGORY_ICONS, CATEGORY_TEMPLATES, COLOR_PRESETS, FOLDER_ICON } from '../lib/category-presets.ts';

/** What the dialog edits: a new category (`'new'`) or an existing one. */
export type CategoryDialogTarget = 'new' | AdminCategory | null;

const swatchRing =
  'peer-checked:ring-2 peer-checked:ring-slate-900 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-blue-700';

/**
 * Create or edit a category (admin-back-office.md §2, §4, §5): 'Category Name *' required,
 * description optional, twelve colour presets and a custom colour, 24 icons or none, visibility;
 * when creating, six quick-start templates fill name, description, colour and icon and make it
 * public. On success the dialog closes and the cards reload; a failure is shown in the dialog.
 */
export function CategoryDialog({ target, onClose }: { target: CategoryDialogTarget; onClose: () => void }) {
  const t = useT();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ModalContent
        title={
          editing
            ? t('admin.categories.edit_title', 'Edit Category')
            : t('admin.categories.create_title', 'Create New Category')
        }
        description={
          editing
            ? t('admin.categories.edit_text', 'Change how {name} is named and shown.', { name: editing.name })
            : t('admin.categories.create_text', 'Start from a template or fill in the details yourself.')
        }
        closeLabel={t('admin.categories.close', 'Close')}
      >
        {target !== null && (
          <Form
            className="mt-4 space-y-5"
            aria-label={
              editing
                ? t('admin.categories.edit_title', 'Edit Category')
                : t('admin.categories.create_title', 'Create New Category')
            }
            schema={createCategoryBody}
            defaultValues={{
              name: editing?.name ?? '',
              description: editing?.description ?? '',
              color: editing?.color ?? DEFAULT_CATEGORY_COLOR,
              icon: editing?.icon ?? '',
              isPublic: editing?.isPublic ?? true,
            }}
            onSubmit={async (values) => {
              if (editing) {
                await update.mutateAsync({ id: editing.id, body: values });
                toast.success(t('admin.categories.updated', 'Category updated successfully!'));
              } else {
                await create.mutateAsync(values);
                toast.success(t('admin.categories.created', 'Category created successfully!'));
              }
              onClose();
            }}
            errorTexts={{
              INTERNAL: t('admin.categories.save_failed', 'Failed to save category'),
              '*': t('admin.categories.save_failed', 'Failed to save category'),
            }}
          >
            {!editing && <Templates />}
            <Field
              name="name"
              label={t('admin.categories.field.name', 'Category Name')}
              required
              maxLength={100}
              autoComplete="off"
            />
            <TextareaField
              name="description"
              label={t('admin.categories.field.description', 'Description')}
              rows={3}
              maxLength={1000}
            />
            <ColorChoice />
            <IconChoice />
            <SwitchField
              name="isPublic"
              label={t('admin.categories.field.public', 'Visible to the public')}
              description={t(
                'admin.categories.field.public_help',
                'Public categories appear in the gallery filter.',
              )}
            />
            <Preview />
            <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
              <Dialog.Close className={secondaryButton}>
                {t('admin.categories.cancel', 'Cancel')}
              </Dialog.Close>
              <SubmitButton pendingText={t('admin.categories.saving', 'Saving...')}>
                {editing
                  ? t('admin.categories.update', 'Update Category')
                  : t('admin.categories.create', 'Create Category')}
              </SubmitButton>
            </div>
          </Form>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

/** The six quick-start templates. */
function Templates() {
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
function ColorChoice() {
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
function IconChoice() {
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
function Preview() {
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
