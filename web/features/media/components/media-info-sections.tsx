import { placeName } from '#common/places.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';
import { formatMegabytes } from '#web/lib/format-size.ts';
import {
  formatArchiveDate,
  formatCopyrightStatus,
  formatDimensions,
  formatFileFormat,
  formatOriginalDate,
} from '../lib/media-format.ts';
import {
  FieldList,
  type HeadingLevel,
  InfoSection,
  type Item,
  NotRecorded,
  TextBlock,
  useMediaTypeLabel,
} from './media-info-parts.tsx';
import { RightsStatementLink } from './rights-statement.tsx';

/** The media item's titled sections (public-site.md §2), each with its heading at the level asked. */

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
