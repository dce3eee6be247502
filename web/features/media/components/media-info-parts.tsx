import type { ReactNode } from 'react';
import type { MediaItem } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';

/**
 * The sections describing a media item, shared by the lightbox's info panel and the media page
 * (public-site.md §2). Rows without a value are left out; a section with nothing to show says so,
 * so every section is always there to find.
 */

export type HeadingLevel = 2 | 3;

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

export function NotRecorded() {
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

export type Item = Pick<
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
