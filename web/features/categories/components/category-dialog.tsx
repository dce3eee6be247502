import { Dialog } from 'radix-ui';
import { type AdminCategory, createCategoryBody } from '#common/api/categories.ts';
import { DEFAULT_CATEGORY_COLOR } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton, SwitchField, TextareaField } from '#web/components/form.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useCreateCategory, useUpdateCategory } from '../api/admin-categories.ts';
import { ColorChoice, IconChoice, Preview, Templates } from './category-fields.tsx';

/** What the dialog edits: a new category (`'new'`) or an existing one. */
export type CategoryDialogTarget = 'new' | AdminCategory | null;

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
