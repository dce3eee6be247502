import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MediaItem } from '#common/api/media.ts';
import { paths } from '#common/paths.ts';
import { formatPoint, placeName } from '#common/places.ts';
import { MapView } from '#web/features/map/index.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';
import {
  formatArchiveDate,
  formatOriginalDate,
  formatCopyrightStatus,
  formatDimensions,
  formatFileFormat,
  mediaDisplayId,
} from '../lib/media-format.ts';
import { formatMegabytes } from '#web/lib/format-size.ts';
import { RightsStatementLink } from './rights-statement.tsx';

/**
 * The sections describing a media item, shared by the lightbox's info panel and the media page
 * (public-site.md §2). Rows without a value are left out; a section with nothing to show says so,
 * so every section is always there to find.
 */

type HeadingLevel = 2 | 3;

interface Row {
  label: string;
  value: ReactNode;
}

function hasValue(value: ReactNode) {
  return value !== null && value !== undefined && value !== '';
}

export function InfoSection({
  title,
  level,
  children,
}: {
  title: string;
  level: HeadingLevel;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="space-y-2">
      <Heading className="text-sm font-semibold tracking-wide text-slate-900 uppercase">{title}</Heading>
      {children}
    </section>
  );
}

function NotRecorded() {
  const t = useT();
  return <p className="text-sm text-slate-600">{t('media.not_recorded', 'Not recorded')}</p>;
}

export function FieldList({ rows }: { rows: Row[] }) {
  const shown = rows.filter((row) => hasValue(row.value));
  if (shown.length === 0) return <NotRecorded />;
  return (
    <dl className="grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {shown.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TextBlock({ text }: { text: string | null }) {
  if (!text) return <NotRecorded />;
  return <p className="text-sm whitespace-pre-line text-slate-800">{text}</p>;
}

type Item = Pick<
  MediaItem,
  | 'id'
  | 'displayId'
  | 'title'
  | 'description'
  | 'mediaType'
  | 'fileName'
  | 'fileSize'
  | 'mimeType'
  | 'width'
  | 'height'
  | 'viewCount'
  | 'photographer'
  | 'location'
  | 'originalDate'
  | 'originalDateEdtf'
  | 'source'
  | 'keywords'
  | 'historicalContext'
  | 'technicalNotes'
  | 'copyrightStatus'
  | 'rights'
  | 'copyrightHolder'
  | 'commercialUseAllowed'
  | 'attributionRequired'
  | 'attributionText'
  | 'createdAt'
  | 'credits'
  | 'place'
> & { category?: { name: string } | null };

export function useMediaTypeLabel() {
  const t = useT();
  return (type: MediaItem['mediaType']) =>
    ({
      image: t('media.type.image', 'Image'),
      video: t('media.type.video', 'Video'),
      audio: t('media.type.audio', 'Audio'),
      document: t('media.type.document', 'Document'),
    })[type];
}

export function BasicInfoSection({
  item,
  level,
  views = item.viewCount,
  showTitle = true,
}: {
  item: Item;
  level: HeadingLevel;
  /** The count to show (the media page shows its own view added). */
  views?: number;
  /** The media page shows the title as its heading and the description beside the media. */
  showTitle?: boolean;
}) {
  const t = useT();
  return (
    <InfoSection title={t('media.section.basic', 'Basic information')} level={level}>
      <FieldList
        rows={[
          ...(showTitle
            ? [
                { label: t('media.field.title', 'Title'), value: item.title },
                { label: t('media.field.description', 'Description'), value: item.description },
              ]
            : []),
          { label: t('media.field.category', 'Category'), value: item.category?.name },
          { label: t('media.field.views', 'Views'), value: String(views) },
          { label: t('media.field.added', 'Added'), value: formatArchiveDate(item.createdAt) },
        ]}
      />
    </InfoSection>
  );
}

export function ArchivalSection({ item, level }: { item: Item; level: HeadingLevel }) {
  const t = useT();
  const { lang } = useLanguage();
  return (
    <InfoSection title={t('media.section.archival', 'Archival details')} level={level}>
      <FieldList
        rows={[
          { label: t('media.field.photographer', 'Photographer'), value: item.photographer },
          { label: t('media.field.location', 'Location'), value: item.location },
          { label: t('media.field.place', 'Place'), value: item.place ? placeName(item.place, lang) : null },
          {
            label: t('media.field.original_date', 'Original date'),
            value: formatOriginalDate(item, lang),
          },
          { label: t('media.field.source', 'Source'), value: item.source },
        ]}
      />
    </InfoSection>
  );
}

export function TechnicalSection({ item, level }: { item: Item; level: HeadingLevel }) {
  const t = useT();
  const typeLabel = useMediaTypeLabel();
  return (
    <InfoSection title={t('media.section.technical', 'Technical details')} level={level}>
      <FieldList
        rows={[
          { label: t('media.field.file_type', 'File type'), value: typeLabel(item.mediaType) },
          {
            label: t('media.field.dimensions', 'Dimensions'),
            value: formatDimensions(item.width, item.height),
          },
          { label: t('media.field.file_size', 'File size'), value: formatMegabytes(item.fileSize) },
          { label: t('media.field.format', 'Format'), value: formatFileFormat(item.fileName, item.mimeType) },
        ]}
      />
    </InfoSection>
  );
}

export function RightsSection({
  item,
  level,
  withAttributionText = false,
}: {
  item: Item;
  level: HeadingLevel;
  withAttributionText?: boolean;
}) {
  const t = useT();
  const yesNo = (value: boolean) => (value ? t('media.yes', 'Yes') : t('media.no', 'No'));
  return (
    <InfoSection title={t('media.section.rights', 'Rights and usage')} level={level}>
      <FieldList
        rows={[
          {
            label: t('media.field.rights', 'Rights statement'),
            value: <RightsStatementLink uri={item.rights} />,
          },
          {
            label: t('media.field.copyright_status', 'Copyright status'),
            value: formatCopyrightStatus(item.copyrightStatus, t('media.copyright_unknown', 'Unknown')),
          },
          { label: t('media.field.copyright_holder', 'Copyright holder'), value: item.copyrightHolder },
          {
            label: t('media.field.commercial_use', 'Commercial use allowed'),
            value: yesNo(item.commercialUseAllowed),
          },
          {
            label: t('media.field.attribution_required', 'Attribution required'),
            value: yesNo(item.attributionRequired),
          },
          ...(withAttributionText
            ? [{ label: t('media.field.attribution_text', 'Attribution text'), value: item.attributionText }]
            : []),
        ]}
      />
    </InfoSection>
  );
}

export function HistoricalContextSection({ item, level }: { item: Item; level: HeadingLevel }) {
  const t = useT();
  return (
    <InfoSection title={t('media.section.historical', 'Historical context')} level={level}>
      <TextBlock text={item.historicalContext} />
    </InfoSection>
  );
}

export function TechnicalNotesSection({ item, level }: { item: Item; level: HeadingLevel }) {
  const t = useT();
  return (
    <InfoSection title={t('media.section.technical_notes', 'Technical notes')} level={level}>
      <TextBlock text={item.technicalNotes} />
    </InfoSection>
  );
}

export function KeywordsSection({ item, level }: { item: Item; level: HeadingLevel }) {
  const t = useT();
  return (
    <InfoSection title={t('media.section.keywords', 'Keywords')} level={level}>
      {item.keywords.length === 0 ? (
        <NotRecorded />
      ) : (
        <ul className="flex flex-wrap gap-2">
          {item.keywords.map((keyword) => (
            <li key={keyword} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
              {keyword}
            </li>
          ))}
        </ul>
      )}
    </InfoSection>
  );
}

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

/** Every section, in the lightbox's order: the info panel's whole content. */
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

export function MediaInfoSections({
  item,
  level,
}: {
  item: Item & Pick<MediaItem, 'isPublic' | 'originalDateDecade' | 'latitude' | 'longitude'>;
  level: HeadingLevel;
}) {
  return (
    <div className="space-y-6">
      <BasicInfoSection item={item} level={level} />
      <ArchivalSection item={item} level={level} />
      <ItemMap item={item} />
      <MoreFromLinks item={item} />
      <TechnicalSection item={item} level={level} />
      <RightsSection item={item} level={level} />
      <HistoricalContextSection item={item} level={level} />
      <KeywordsSection item={item} level={level} />
      <div className="space-y-3 border-t border-slate-200 pt-4">
        <IdLine item={item} />
        <AttributionLine item={item} />
        <CreditsLine item={item} />
      </div>
    </div>
  );
}
