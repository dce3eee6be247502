import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { GalleryItem } from '#common/api/gallery.ts';
import { useT } from '#web/app/i18n.tsx';
import { ShareByHand } from '#web/components/share-by-hand.tsx';
import { useFavorites } from '#web/lib/favorites.ts';
import { useShare } from '#web/lib/share.ts';
import { neighbourIndex } from '../lib/lightbox-rules.ts';
import { useLightboxKeys } from '../lib/use-lightbox-keys.ts';
import { keepFocus, useLightboxZoom } from '../lib/use-lightbox-zoom.ts';
import { LightboxInfo } from './lightbox-info.tsx';
import { LightboxStage } from './lightbox-stage.tsx';
import { LightboxStrip } from './lightbox-strip.tsx';
import { ItemTools, ZoomTools } from './lightbox-toolbar.tsx';

/**
 * The full-screen image viewer (public-site.md §2 Lightbox). This is the agreed interface; the
 * lightbox work fills it in.
 */
export interface LightboxProps {
  /** The items the lightbox can move through, in gallery order. */
  items: GalleryItem[];
  /** Index into `items` of the item shown. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * Keys (while open): Escape closes (Radix), Left/Right move to the previous/next item and stop at
 * the ends (the gallery is paged, so wrapping would jump over items not yet loaded), I toggles
 * the info panel. Focus stays inside while open and returns to the opening card afterwards.
 */
export function Lightbox({ items, index, onIndexChange, onClose }: LightboxProps) {
  const item = items[index];
  if (!item) return null;
  return (
    <LightboxDialog items={items} index={index} item={item} onIndexChange={onIndexChange} onClose={onClose} />
  );
}

function LightboxDialog({
  items,
  index,
  item,
  onIndexChange,
  onClose,
}: LightboxProps & { item: GalleryItem }) {
  const t = useT();
  const favorites = useFavorites('gallery_favorites');
  const { share, copied, byHand } = useShare();
  const [infoOpen, setInfoOpen] = useState(false);
  // Stays on while moving through the images, until turned off.
  const [showPeople, setShowPeople] = useState(false);
  const zoom = useLightboxZoom(item.id);

  const infoId = useId();
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const prev = neighbourIndex(index, items.length, -1);
  const next = neighbourIndex(index, items.length, 1);

  useLightboxKeys(prev, next, onIndexChange, () => setInfoOpen((open) => !open));

  // The neighbours' display images are fetched ahead, so moving on shows them at once.
  useEffect(() => {
    for (const i of [prev, next]) {
      const src = i === null ? null : items[i]?.files.display;
      if (src) new Image().src = src;
    }
  }, [items, prev, next]);

  const go = (target: number | null, direction: 1 | -1) => {
    if (target === null) return;
    onIndexChange(target);
    const after = neighbourIndex(target, items.length, direction);
    keepFocus(after === null, direction === 1 ? prevRef.current : nextRef.current);
  };

  const isFavorite = favorites.has(item.id);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-black text-white focus:outline-none"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
        >
          <div className="flex flex-wrap items-center gap-3 border-b border-white/15 bg-black px-4 py-2">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-lg font-semibold">{item.title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-300">
                {t('lightbox.position', '{n} of {total}', { n: index + 1, total: items.length })}
                <span className="sr-only">
                  {' '}
                  {t(
                    'lightbox.keys_help',
                    'Left and Right arrow keys move between images, I shows the information, Escape closes.',
                  )}
                </span>
              </Dialog.Description>
            </div>

            <ZoomTools item={item} {...zoom} />
            <ItemTools
              item={item}
              deepZoom={zoom.deepZoom}
              showPeople={showPeople}
              onTogglePeople={() => setShowPeople((on) => !on)}
              isFavorite={isFavorite}
              onFavorite={() => favorites.toggle(item.id)}
              onShare={() => share(item)}
              infoOpen={infoOpen}
              infoId={infoId}
              onToggleInfo={() => setInfoOpen((open) => !open)}
              closeRef={closeRef}
            />
          </div>

          <div role="status">
            {copied && (
              <p className="bg-green-700 px-4 py-2 text-center text-sm font-medium text-white">
                {t('share.copied', 'Link copied! Paste to share')}
              </p>
            )}
          </div>
          {byHand?.id === item.id && (
            <ShareByHand url={byHand.url} className="bg-white px-4 py-2 [&_label]:text-slate-900" />
          )}

          <div className="flex min-h-0 flex-1">
            <LightboxStage
              item={item}
              zoom={zoom.zoom}
              showPeople={showPeople}
              deepZoom={zoom.deepZoom}
              onCloseDeepZoom={zoom.closeDeepZoom}
              prev={prev}
              next={next}
              onGo={go}
              prevRef={prevRef}
              nextRef={nextRef}
            />

            {infoOpen && (
              <section
                id={infoId}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls, so it must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                aria-label={t('lightbox.info_panel', 'Information')}
                className="w-full max-w-sm overflow-y-auto bg-white p-5 text-slate-900"
              >
                <LightboxInfo id={item.id} />
              </section>
            )}
          </div>

          <LightboxStrip items={items} index={index} onIndexChange={onIndexChange} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
