import { useT } from '#web/app/i18n.tsx';
import { useMediaBoxes } from '../api/public-people.ts';
import { PeopleOverlay } from './people-overlay.tsx';

/**
 * "Show who is here" in the lightbox: the item's boxes over the image (the parent is the image's
 * own positioned frame), asked for when the visitor turns it on, and how many there are, said.
 */
export function LightboxPeople({ mediaId }: { mediaId: string }) {
  const t = useT();
  const { data: boxes, error } = useMediaBoxes(mediaId);
  return (
    <>
      {boxes && <PeopleOverlay boxes={boxes} />}
      <p role="status" className="sr-only">
        {error
          ? t('people.load_failed', 'Tað bar ikki til at vísa, hvør er á myndini.')
          : boxes
            ? boxes.length === 0
              ? t('people.none', 'Eingin er merktur á hesi myndini enn.')
              : t('people.count', '{n} merkt á myndini.', { n: boxes.length })
            : ''}
      </p>
    </>
  );
}
