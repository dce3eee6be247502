import { Dialog } from 'radix-ui';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useAdminSlideshow } from '../api/admin-slideshows.ts';
import { SlideshowForm } from './slideshow-form.tsx';

/** Open for a new slideshow (`null` id) or for editing one. */
export type DialogTarget = { mode: 'create' } | { mode: 'edit'; id: string };

/**
 * The create/edit dialog (admin-back-office.md "Slideshows", §4, §5, §7): title, description, the
 * toggles, a media picker with search, the selected preview (24 thumbnails, then '+N'), and the
 * slides in order with Move up/Move down buttons (keyboard-operable), duration (default 5 s) and
 * caption. Creating needs one item; editing appends new items after the existing slides.
 */
export function SlideshowDialog({ target, onClose }: { target: DialogTarget | null; onClose: () => void }) {
  const t = useT();
  const editId = target?.mode === 'edit' ? target.id : null;
  const detail = useAdminSlideshow(editId);
  const errorText = useErrorText();
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ModalContent
        title={
          target?.mode === 'edit'
            ? t('admin.slideshows.edit_title', 'Edit Slideshow')
            : t('admin.slideshows.create_title', 'Create Slideshow')
        }
        description={t(
          'admin.slideshows.dialog_description',
          'Choose media, put the slides in order and give each a duration and caption.',
        )}
        closeLabel={t('admin.slideshows.close', 'Close')}
      >
        {target?.mode === 'create' && <SlideshowForm initial={null} onClose={onClose} />}
        {target?.mode === 'edit' &&
          (detail.isPending ? (
            <Spinner text={t('admin.slideshows.loading_one', 'Loading slideshow...')} />
          ) : detail.error ? (
            <Alert tone="error" className="mt-4">
              {errorText(detail.error, {
                '*': t('admin.slideshows.load_data_failed', 'Failed to load data'),
              })}
            </Alert>
          ) : (
            <SlideshowForm key={detail.data.id} initial={detail.data} onClose={onClose} />
          ))}
      </ModalContent>
    </Dialog.Root>
  );
}
