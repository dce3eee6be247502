import { Link } from 'react-router';
import type { MediaItem } from '#common/api/media.ts';
import { paths } from '#common/paths.ts';
import { formatPoint, placeName } from '#common/places.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';
import { MapView } from '#web/features/map/index.ts';
import { mediaDisplayId } from '../lib/media-format.ts';

/** The lines under a media item's sections: its id, credits, small map and links to more like it. */

/** 'ID: PHOTO-00123' (or the '#3F2A9C1E' fallback). */
export function IdLine({ item }: { item: Pick<MediaItem, 'id' | 'displayId'> }) {
  const t = useT();
  return (
    <p className="font-mono text-sm text-slate-700">
      {t('media.id_line', 'ID: {id}', { id: mediaDisplayId(item) })}
    </p>
  );
}

/** The credit line the archive asks users to give, when there is one. */
export function AttributionLine({ item }: { item: Pick<MediaItem, 'attributionText'> }) {
  const t = useT();
  if (!item.attributionText) return null;
  return (
    <p className="border-l-4 border-blue-700 bg-blue-50 px-3 py-2 text-sm text-slate-900">
      <span className="font-semibold">{t('media.attribution', 'Attribution:')}</span> {item.attributionText}
    </p>
  );
}

/**
 * Whose knowledge staff accepted into the item (issue 29 §1): "Upplýsing frá {name}, {year}", one
 * line each; a teller who gave no name is "a visitor".
 */
export function CreditsLine({ item }: { item: Pick<MediaItem, 'credits'> }) {
  const t = useT();
  if (!item.credits || item.credits.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {item.credits.map((credit, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the credits come in a fixed order and never move
        <li key={index}>
          {credit.name
            ? t('knowledge.credit', 'Upplýsing frá {name}, {year}', {
                name: credit.name,
                year: String(credit.year),
              })
            : t('knowledge.credit_anonymous', 'Upplýsing frá einum vitjandi, {year}', {
                year: String(credit.year),
              })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Where the item was taken on a small map (issue 28 §5), when staff gave it a point: drawn by the
 * browser only, Leaflet loaded with it (features/map), so the page's own script carries none of it.
 */
export function ItemMap({ item }: { item: Pick<MediaItem, 'latitude' | 'longitude' | 'place'> }) {
  const t = useT();
  const { lang } = useLanguage();
  if (item.latitude === null || item.longitude === null) return null;
  const name = item.place ? placeName(item.place, lang) : formatPoint(item.latitude, item.longitude);
  return (
    <MapView
      label={t('media.small_map', 'Kort: {place}', { place: name })}
      markers={[{ key: 'item', lat: item.latitude, lon: item.longitude, label: name }]}
      view={{ center: [item.latitude, item.longitude], zoom: 10 }}
      className="h-56"
    />
  );
}

const moreLink = 'inline-flex text-sm font-medium text-blue-700 underline hover:text-blue-900';

/**
 * "More from this place" and "more from this decade" (issue 28 §5): the gallery narrowed to the
 * item's place or to the decade its date lies in. Public items only: the gallery shows no other.
 */
export function MoreFromLinks({
  item,
}: {
  item: Pick<MediaItem, 'isPublic' | 'place' | 'originalDateDecade'>;
}) {
  const t = useT();
  const { lang } = useLanguage();
  if (!item.isPublic || (!item.place && !item.originalDateDecade)) return null;
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-2">
      {item.place && (
        <Link
          to={{ pathname: paths.home, search: `?place=${encodeURIComponent(item.place.id)}` }}
          className={moreLink}
        >
          {t('media.more_from_place', 'Meira frá {place}', { place: placeName(item.place, lang) })}
        </Link>
      )}
      {item.originalDateDecade && (
        <Link
          to={{ pathname: paths.home, search: `?period=${encodeURIComponent(item.originalDateDecade)}` }}
          className={moreLink}
        >
          {t('media.more_from_decade', 'Meira frá {decade}-árunum', {
            decade: item.originalDateDecade.slice(0, -1),
          })}
        </Link>
      )}
    </p>
  );
}
