import { Users } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { OriginalDateField } from '#web/components/date-hint.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import { type AdminMediaItem, updateMediaBody } from '#common/api/media.ts';
import { COPYRIGHT_STATUSES } from '#common/enums.ts';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import {
  CheckboxField,
  Field,
  Form,
  SelectField,
  SubmitButton,
  TextareaField,
} from '#web/components/form.tsx';
import { toast } from '#web/components/toaster.tsx';
import { FaceSuggestionsList } from '#web/features/faces/index.ts';
import { paths } from '#common/paths.ts';
import { PlaceFields } from '#web/features/places/index.ts';
import { useUpdateMedia } from '../api/admin-media.ts';
import { formatCopyrightStatus } from '../lib/media-format.ts';
import { useRightsOptions } from './rights-statement.tsx';

/**
 * The edit modal (admin-back-office.md §5 Edit media): title required and trimmed; other texts
 * trimmed, empty becomes none; keywords comma-separated; category and folder may be none. The
 * server's own schema validates it here first.
 */
export function EditMediaDialog({
  item,
  categories,
  folders,
  onClose,
}: {
  item: AdminMediaItem | null;
  categories: readonly Category[];
  folders: readonly Folder[];
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateMedia();
  const rightsOptions = useRightsOptions();
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <ModalContent
        title={t('admin.media.edit_title', 'Edit Media')}
        description={
          <>
            {item?.displayId ?? ''} · {item?.fileName ?? ''}
          </>
        }
        closeLabel={t('admin.media.close', 'Close')}
      >
        {item && (
          <Form
            className="mt-4 grid gap-4 sm:grid-cols-2"
            schema={updateMediaBody}
            defaultValues={{
              title: item.title,
              description: item.description ?? '',
              photographer: item.photographer ?? '',
              location: item.location ?? '',
              originalDate: item.originalDate ?? '',
              source: item.source ?? '',
              keywords: item.keywords.join(', '),
              categoryId: item.categoryId ?? '',
              folderId: item.folderId ?? '',
              historicalContext: item.historicalContext ?? '',
              technicalNotes: item.technicalNotes ?? '',
              copyrightStatus: item.copyrightStatus,
              rights: item.rights,
              copyrightHolder: item.copyrightHolder ?? '',
              commercialUseAllowed: item.commercialUseAllowed,
              attributionRequired: item.attributionRequired,
              attributionText: item.attributionText ?? '',
              placeId: item.placeId ?? '',
              latitude: item.latitude === null ? '' : String(item.latitude),
              longitude: item.longitude === null ? '' : String(item.longitude),
            }}
            onSubmit={async (values) => {
              await update.mutateAsync({ id: item.id, body: values });
              toast.success(t('admin.media.updated', 'Media updated successfully!'));
              onClose();
            }}
            errorTexts={{ '*': t('admin.media.update_failed', 'Failed to update media') }}
          >
            <Field
              name="title"
              label={t('admin.media.field.title', 'Title')}
              required
              className="sm:col-span-2"
            />
            <TextareaField
              name="description"
              label={t('admin.media.field.description', 'Description')}
              rows={3}
              className="sm:col-span-2"
            />
            <Field name="photographer" label={t('admin.media.field.photographer', 'Photographer')} />
            <Field name="location" label={t('admin.media.field.location', 'Location')} />
            <OriginalDateField
              name="originalDate"
              label={t('admin.media.field.original_date', 'Original date')}
            />
            <Field name="source" label={t('admin.media.field.source', 'Source')} />
            <PlaceFields gps={item.fileMetadata?.gps ?? null} />
            <Field
              name="keywords"
              label={t('admin.media.field.keywords', 'Keywords')}
              description={t('admin.media.field.keywords_help', 'Separate keywords with commas.')}
              className="sm:col-span-2"
            />
            <SelectField
              name="categoryId"
              label={t('admin.media.field.category', 'Category')}
              options={[
                { value: '', label: t('admin.media.field.no_category', 'No category') },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
            <SelectField
              name="folderId"
              label={t('admin.media.field.folder', 'Folder')}
              options={[
                { value: '', label: t('admin.media.field.no_folder', 'No folder') },
                ...folders.map((f) => ({ value: f.id, label: f.name })),
              ]}
            />
            <TextareaField
              name="historicalContext"
              label={t('admin.media.field.historical_context', 'Historical context')}
              rows={3}
              className="sm:col-span-2"
            />
            <TextareaField
              name="technicalNotes"
              label={t('admin.media.field.technical_notes', 'Technical notes')}
              rows={2}
              className="sm:col-span-2"
            />
            <SelectField
              name="rights"
              label={t('admin.media.field.rights', 'Rights statement')}
              description={t(
                'admin.media.field.rights_help',
                'Sets the copyright status too; a statement that does not allow reuse gives the public the watermarked display image as its download.',
              )}
              options={rightsOptions}
              className="sm:col-span-2"
            />
            <SelectField
              name="copyrightStatus"
              label={t('admin.media.field.copyright_status', 'Copyright status')}
              options={COPYRIGHT_STATUSES.map((status) => ({
                value: status,
                label: formatCopyrightStatus(status, t('media.copyright_unknown', 'Unknown')),
              }))}
            />
            <Field
              name="copyrightHolder"
              label={t('admin.media.field.copyright_holder', 'Copyright holder')}
            />
            <CheckboxField
              name="commercialUseAllowed"
              label={t('admin.media.field.commercial_use', 'Commercial use allowed')}
            />
            <CheckboxField
              name="attributionRequired"
              label={t('admin.media.field.attribution_required', 'Attribution required')}
            />
            <Field
              name="attributionText"
              label={t('admin.media.field.attribution_text', 'Attribution text')}
              className="sm:col-span-2"
            />
            {item.mediaType === 'image' && <FaceSuggestionsList mediaId={item.id} />}
            <div className="flex justify-end gap-3 sm:col-span-2">
              <Dialog.Close className={secondaryButton}>{t('admin.media.cancel', 'Cancel')}</Dialog.Close>
              <SubmitButton pendingText={t('admin.media.saving', 'Saving...')}>
                {t('admin.media.save', 'Save Changes')}
              </SubmitButton>
            </div>
          </Form>
        )}
        {/* Who is on the photo (issue 29 §2): boxes and names, on the people screen. */}
        {item?.mediaType === 'image' && (
          <p className="mt-4 border-t border-slate-200 pt-4">
            <Link
              to={`${paths.admin.people}?media=${encodeURIComponent(item.id)}`}
              className="inline-flex items-center gap-2 font-medium text-blue-700 underline"
            >
              <Users aria-hidden="true" className="size-5" />
              {t('admin.media.mark_people', 'Merk fólk á myndini')}
            </Link>
          </p>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}
