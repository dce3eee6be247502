import type { MediaItem } from '#common/api/media.ts';
import { AttributionLine, CreditsLine, IdLine, ItemMap, MoreFromLinks } from './media-info-lines.tsx';
import type { HeadingLevel, Item } from './media-info-parts.tsx';
import {
  ArchivalSection,
  BasicInfoSection,
  HistoricalContextSection,
  KeywordsSection,
  RightsSection,
  TechnicalSection,
} from './media-info-sections.tsx';

/** Every section, in the lightbox's order: the info panel's whole content. */
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
