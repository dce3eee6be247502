import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { getMediaQueryOptions } from '#web/features/media/index.ts';
import { MarkPeople } from './mark-people.tsx';

/**
 * The boxes on one image (`?media=<id>`, linked from media management's edit dialog): a dialog over
 * the list, so a person can be added to the list and named on the photo in one place.
 */
export function MarkPeopleDialog() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const mediaId = params.get('media');
  const item = useQuery({ ...getMediaQueryOptions(mediaId ?? ''), enabled: Boolean(mediaId) });
  const close = () =>
    setParams((p) => {
      p.delete('media');
      return p;
    });
  const media = item.data;
  const src = media ? (media.files.display ?? media.files.medium) : null;
  return (
    <Dialog.Root open={Boolean(mediaId)} onOpenChange={(open) => !open && close()}>
      <ModalContent
        title={t('admin.people.on_photo', 'Fólk á myndini')}
        description={media ? `${media.displayId} · ${media.title}` : ''}
        closeLabel={t('admin.media.close', 'Close')}
      >
        {item.isPending ? (
          <Spinner text={t('admin.knowledge.loading', 'Loading…')} />
        ) : item.error || !media ? (
          <Alert tone="error">{t('admin.knowledge.load_failed', 'The list could not be loaded.')}</Alert>
        ) : media.mediaType !== 'image' || !src ? (
          <Alert tone="error">{t('admin.people.not_image', 'Fólk verða bert merkt á myndum.')}</Alert>
        ) : (
          <MarkPeople
            mediaId={media.id}
            title={media.title}
            src={src}
            width={media.width}
            height={media.height}
          />
        )}
      </ModalContent>
    </Dialog.Root>
  );
}
