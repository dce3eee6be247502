import { Eye, FileText, Film, Image as ImageIcon, Music } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { GRID_SIZES } from '#common/responsive-image.ts';
import type { GalleryItem } from '#common/api/gallery.ts';
import { useT } from '#web/app/i18n.tsx';
import { MediaImage } from '#web/components/media-image.tsx';
import type { GalleryView } from '../lib/gallery-params.ts';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

const TYPE_ICONS = { image: ImageIcon, video: Film, audio: Music, document: FileText } as const;

const LIST_SIZES = '(min-width: 640px) 160px, 128px';

function hasPicture(item: GalleryItem) {
  const { files } = item;
  return Boolean(
    item.mediaType === 'image' ? (files.thumb ?? files.display) : (files.poster ?? files.waveform),
  );
}

/** The picture in a fixed 4:3 box (no shift), or the type's icon when there is none. */
function Thumbnail({ item, sizes, priority }: { item: GalleryItem; sizes: string; priority: boolean }) {
  const Icon = TYPE_ICONS[item.mediaType];
  return hasPicture(item) ? (
    <MediaImage
      item={item}
      sizes={sizes}
      priority={priority}
      // The title is the card's text right beside it.
      alt=""
      className={`absolute inset-0 size-full ${item.mediaType === 'audio' && !item.files.poster ? 'object-contain' : 'object-cover'}`}
    />
  ) : (
    <span className="absolute inset-0 flex items-center justify-center text-slate-500">
      <Icon aria-hidden="true" className="size-12" />
    </span>
  );
}

export function TypeBadge({ item }: { item: GalleryItem }) {
  const t = useT();
  if (item.mediaType === 'image') return null;
  const Icon = TYPE_ICONS[item.mediaType];
  const label = {
    video: t('gallery.type.video', 'Video'),
    audio: t('gallery.type.audio', 'Ljóð'),
    document: t('gallery.type.document', 'Skjal'),
  }[item.mediaType];
  return (
    <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-slate-900 px-2 py-0.5 text-xs font-medium text-white">
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

/** The category's colour dot, emoji icon (a folder when none) and name, on a neutral chip. */
function CategoryChip({ category }: { category: NonNullable<GalleryItem['category']> }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: category.color }}
      />
      <span aria-hidden="true">{category.icon || '📁'}</span>
      <span className="truncate">{category.name}</span>
    </span>
  );
}

function Views({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-700">
      <Eye aria-hidden="true" className="size-3.5" />
      {t('gallery.views', '{n} sýningar', { n: count })}
    </span>
  );
}

/**
 * The clickable surface of a card: a link to the item's page (public-site.md §2), which for an
 * image opens the lightbox instead when the page's script runs. Without JavaScript, or with a
 * modifier key or middle click (a new tab), it is the plain link.
 */
function CardAction({
  item,
  onOpenImage,
  className,
  children,
}: {
  item: GalleryItem;
  onOpenImage: (item: GalleryItem) => void;
  className: string;
  children: ReactNode;
}) {
  if (item.mediaType === 'image') {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onOpenImage(item);
    };
    return (
      <Link
        to={paths.media(item.id)}
        data-item-id={item.id}
        aria-haspopup="dialog"
        onClick={onClick}
        className={`${className} cursor-zoom-in text-left`}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link to={paths.media(item.id)} data-item-id={item.id} className={className}>
      {children}
    </Link>
  );
}

export function GalleryCard({
  item,
  view,
  priority = false,
  sizes,
  onOpenImage,
}: {
  item: GalleryItem;
  view: GalleryView;
  priority?: boolean;
  sizes?: string;
  onOpenImage: (item: GalleryItem) => void;
}) {
  if (view === 'list') {
    const details = [item.photographer, item.location, item.originalDate].filter(Boolean).join(' · ');
    return (
      <CardAction
        item={item}
        onOpenImage={onOpenImage}
        className={`group flex w-full gap-4 rounded-lg border border-slate-200 bg-white p-3 hover:border-slate-400 hover:bg-slate-50 ${focusRing}`}
      >
        <span className="relative block aspect-[4/3] w-32 shrink-0 overflow-hidden rounded bg-slate-200 sm:w-40">
          <Thumbnail item={item} sizes={LIST_SIZES} priority={priority} />
          <TypeBadge item={item} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold text-slate-900 group-hover:underline">{item.title}</span>
          {item.description && (
            <span className="line-clamp-2 text-sm text-slate-700">{item.description}</span>
          )}
          {details && <span className="text-sm text-slate-700">{details}</span>}
          <span className="mt-auto flex flex-wrap items-center gap-3 pt-1">
            {item.category && <CategoryChip category={item.category} />}
            <Views count={item.viewCount} />
          </span>
        </span>
      </CardAction>
    );
  }
  return (
    <CardAction
      item={item}
      onOpenImage={onOpenImage}
      className={`group flex h-full w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white hover:border-slate-400 hover:shadow-md ${focusRing}`}
    >
      <span className="relative block aspect-[4/3] w-full overflow-hidden bg-slate-200">
        <Thumbnail item={item} sizes={sizes ?? GRID_SIZES} priority={priority} />
        <TypeBadge item={item} />
      </span>
      <span className="flex flex-1 flex-col gap-2 p-3">
        <span className="line-clamp-2 font-medium text-slate-900 group-hover:underline">{item.title}</span>
        <span className="mt-auto flex flex-wrap items-center gap-2">
          {item.category && <CategoryChip category={item.category} />}
          <Views count={item.viewCount} />
        </span>
      </span>
    </CardAction>
  );
}

/** A card-shaped grey block of the same size while the page loads. */
export function GalleryCardSkeleton({ view }: { view: GalleryView }) {
  if (view === 'list') {
    return (
      <span className="flex w-full animate-pulse gap-4 rounded-lg border border-slate-200 p-3">
        <span className="block aspect-[4/3] w-32 shrink-0 rounded bg-slate-200 sm:w-40" />
        <span className="flex flex-1 flex-col gap-2">
          <span className="block h-4 w-2/3 rounded bg-slate-200" />
          <span className="block h-3 w-full rounded bg-slate-100" />
          <span className="block h-3 w-1/2 rounded bg-slate-100" />
        </span>
      </span>
    );
  }
  return (
    <span className="flex h-full w-full animate-pulse flex-col overflow-hidden rounded-lg border border-slate-200">
      <span className="block aspect-[4/3] w-full bg-slate-200" />
      <span className="flex flex-col gap-2 p-3">
        <span className="block h-4 w-3/4 rounded bg-slate-200" />
        <span className="block h-3 w-1/3 rounded bg-slate-100" />
      </span>
    </span>
  );
}
