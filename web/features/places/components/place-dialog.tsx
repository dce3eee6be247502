import { Dialog } from 'radix-ui';
import type { Place } from '#common/api/places.ts';
import { createPlaceBody } from '#common/api/places.ts';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useCreatePlace, useUpdatePlace } from '../api/admin-places.ts';
import { PointFields } from './point-fields.tsx';

/** What the dialog edits: a new place (`'new'`) or one of the list. */
export type PlaceDialogTarget = 'new' | Place | null;

/**
 * Add or edit a place of the list (issue 28 §3): its Faroese name (required, unique), its English
 * name (none: the Faroese), and its point, typed or set by a click on the small map, as on an item.
 * A Faroese name the list has already is refused by the server (PLACE_EXISTS), shown on the field.
 */
export function PlaceDialog({ target, onClose }: { target: PlaceDialogTarget; onClose: () => void }) {
  const t = useT();
  const create = useCreatePlace();
  const update = useUpdatePlace();
  const editing = target !== null && target !== 'new' ? target : null;
  const title = editing
    ? t('admin.places.edit_title', 'Edit place')
    : t('admin.places.create_title', 'New place');
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ModalContent
        title={title}
        description={
          editing
            ? t('admin.places.edit_text', 'Change the names or the point of {name}.', {
                name: editing.nameFo,
              })
            : t('admin.places.create_text', 'A place staff can give items, with its names and its point.')
        }
        closeLabel={t('admin.places.close', 'Close')}
      >
        {target !== null && (
          <Form
            className="mt-4 space-y-4"
            aria-label={title}
            schema={createPlaceBody}
            defaultValues={{
              nameFo: editing?.nameFo ?? '',
              nameEn: editing && editing.nameEn !== editing.nameFo ? editing.nameEn : '',
              latitude: editing ? String(editing.latitude) : '',
              longitude: editing ? String(editing.longitude) : '',
            }}
            onSubmit={async (values) => {
              const body = { ...values, nameEn: values.nameEn ?? values.nameFo };
              if (editing) {
                await update.mutateAsync({ id: editing.id, body });
                toast.success(t('admin.places.updated', 'Place saved'));
              } else {
                await create.mutateAsync(body);
                toast.success(t('admin.places.created', 'Place added'));
              }
              onClose();
            }}
            codeFields={{ PLACE_EXISTS: 'nameFo' }}
            errorTexts={{
              INTERNAL: t('admin.places.save_failed', 'Failed to save the place'),
              '*': t('admin.places.save_failed', 'Failed to save the place'),
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                name="nameFo"
                label={t('admin.places.field.name_fo', 'Faroese name')}
                required
                maxLength={100}
                autoComplete="off"
              />
              <Field
                name="nameEn"
                label={t('admin.places.field.name_en', 'English name')}
                description={t('admin.places.field.name_en_help', 'Empty: the same as the Faroese name')}
                maxLength={100}
                autoComplete="off"
              />
            </div>
            <PointFields />
            <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
              <Dialog.Close className={secondaryButton}>{t('admin.places.cancel', 'Cancel')}</Dialog.Close>
              <SubmitButton pendingText={t('admin.places.saving', 'Saving...')}>
                {editing ? t('admin.places.save', 'Save place') : t('admin.places.create', 'Add place')}
              </SubmitButton>
            </div>
          </Form>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}
