import { Plus } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { ModalContent } from '#web/components/modal.tsx';
import { useState } from 'react';
import { createTranslationBody } from '#common/translations.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton, TextareaField } from '#web/components/form.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useCreateTranslation } from '../api/create-translation.ts';

/**
 * The add modal of the translations screen (admin-back-office.md §2, §5 'Translation create': key
 * and faroese_text required; the rest optional). Validated by the server's own schema.
 */
export function AddTranslationDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const create = useCreateTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={primaryButton}>
        <Plus aria-hidden="true" className="size-4" />
        {t('admin.translations.add', 'Add Translation')}
      </Dialog.Trigger>
      <ModalContent
        title={t('admin.translations.add_title', 'Add Translation')}
        description={t('admin.translations.add_text', 'Key and Faroese text are required.')}
        closeLabel={t('admin.translations.close', 'Close')}
        width="max-w-lg"
      >
        <Form
          className="mt-4 space-y-4"
          schema={createTranslationBody}
          defaultValues={{ key: '', faroeseText: '', englishText: '', context: '', component: '' }}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            setOpen(false);
            toast.success(t('admin.translations.created', 'Translation created successfully!'));
          }}
          codeFields={{ DUPLICATE_KEY: 'key' }}
          errorTexts={{
            DUPLICATE_KEY: t('admin.translations.duplicate', 'A translation with this key already exists.'),
            '*': t('admin.translations.create_failed', 'Failed to create translation'),
          }}
        >
          <Field name="key" label={t('admin.translations.key', 'Key')} required autoComplete="off" />
          <TextareaField
            name="faroeseText"
            label={t('admin.translations.faroese', 'Faroese text')}
            required
            rows={3}
          />
          <TextareaField
            name="englishText"
            label={t('admin.translations.english', 'English text')}
            rows={3}
          />
          <Field name="context" label={t('admin.translations.context', 'Context')} autoComplete="off" />
          <Field name="component" label={t('admin.translations.component', 'Component')} autoComplete="off" />
          <div className="flex justify-end gap-3">
            <Dialog.Close className={secondaryButton}>
              {t('admin.translations.cancel', 'Cancel')}
            </Dialog.Close>
            <SubmitButton pendingText={t('admin.translations.saving', 'Saving...')}>
              {t('admin.translations.save', 'Save')}
            </SubmitButton>
          </div>
        </Form>
      </ModalContent>
    </Dialog.Root>
  );
}
