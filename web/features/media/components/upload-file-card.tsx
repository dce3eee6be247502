import { ExternalLink } from 'lucide-react';
import { DisclosureButton } from '#web/components/disclosure-button.tsx';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import { paths } from '#common/paths.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { useDateHint } from '#web/components/date-hint.tsx';
import { FileProgress, RemoveFileButton } from '#web/features/uploads/index.ts';
import { formatMegabytes } from '#web/lib/format-size.ts';
import type { UploadFields, UploadItem, UploadState } from '../lib/upload-item.ts';
import { suggestedText, UploadCheck, UploadCopyright, UploadPlaces, UploadText } from './upload-fields.tsx';
import { UploadNearDuplicates } from './upload-near-duplicates.tsx';

export function uploadStateText(t: Translate, state: UploadState): string {
  switch (state) {
    case 'ready':
      return t('admin.upload.state.ready', 'Ready');
    case 'waiting':
      return t('admin.upload.state.waiting', 'Waiting');
    case 'uploading':
      return t('admin.upload.state.uploading', 'Uploading');
    case 'processing':
      return t('admin.upload.state.processing', 'Processing');
    case 'done':
      return t('admin.upload.state.completed', 'Completed');
    case 'failed':
      return t('admin.upload.state.error', 'Error');
  }
}

const STATE_COLOUR: Record<UploadState, string> = {
  ready: 'text-slate-700',
  waiting: 'text-slate-700',
  uploading: 'text-blue-800',
  processing: 'text-blue-800',
  done: 'text-green-800',
  failed: 'text-red-700',
};

/**
 * One chosen file with its own form (admin-back-office.md §2 Upload): title (from the file name),
 * category, folder, public and featured at once, the rest under 'More details'; its state, size
 * and bar while it uploads; a link to the item once made.
 */
export function UploadFileCard({
  item,
  locked,
  categories,
  folders,
  onChange,
  onRemove,
}: {
  item: UploadItem;
  locked: boolean;
  categories: readonly Category[];
  folders: readonly Folder[];
  onChange: (fields: UploadFields) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const dateHint = useDateHint();
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const moreId = useId();
  const { file, state, fields } = item;
  const editable = !locked && state !== 'done';
  const change = (patch: Partial<UploadFields>) => onChange({ ...fields, ...patch });
  const props = { values: fields, onChange: change, disabled: !editable };
  const suggested = Object.keys(item.suggested);

  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4" aria-labelledby={nameId}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate font-semibold text-slate-900" title={file.name}>
            {file.name}
          </h3>
          <p className="text-sm text-slate-700">
            {formatMegabytes(file.size)}
            {' · '}
            <span className={`font-medium ${STATE_COLOUR[state]}`}>{uploadStateText(t, state)}</span>
            {(state === 'uploading' || state === 'processing') && ` ${item.progress}%`}
          </p>
        </div>
        {editable && (
          <RemoveFileButton label={t('admin.upload.remove', 'Remove')} nameId={nameId} onRemove={onRemove} />
        )}
      </div>

      {state !== 'ready' && (
        <FileProgress
          fileName={file.name}
          percent={item.progress}
          outcome={state === 'done' ? 'done' : state === 'failed' ? 'failed' : 'sending'}
          reconnectingText={
            item.reconnecting && state === 'uploading'
              ? t('admin.upload.reconnecting', 'Connection lost — trying again…')
              : undefined
          }
          error={item.error}
        />
      )}
      {state === 'done' && item.mediaId && (
        <p className="mt-2 text-sm text-slate-700">
          {t('admin.upload.created_as', 'Saved as {id}.', { id: item.displayId ?? '' })}{' '}
          <Link
            to={paths.media(item.mediaId)}
            target="_blank"
            className="inline-flex items-center gap-1 font-medium text-blue-800 underline"
          >
            {t('admin.upload.view_item', 'View')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </Link>
        </p>
      )}
      {state === 'done' && item.nearDuplicates && <UploadNearDuplicates items={item.nearDuplicates} />}

      {editable && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <UploadText
            {...props}
            name="title"
            label={t('admin.upload.field.title', 'Title *')}
            wide
            hint={t('admin.upload.field.title_hint', 'Left empty, the file name is used.')}
          />
          <UploadPlaces {...props} categories={categories} folders={folders} />
          <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
            <UploadCheck {...props} name="isPublic" label={t('admin.upload.field.public', 'Public')} />
            <UploadCheck {...props} name="isFeatured" label={t('admin.upload.field.featured', 'Featured')} />
          </div>
          {suggested.length > 0 && (
            <p className="text-sm text-blue-900 sm:col-span-2">{suggestedText(t, suggested)}</p>
          )}
          <div className="sm:col-span-2">
            <DisclosureButton
              open={open}
              onToggle={() => setOpen((value) => !value)}
              controls={moreId}
              describedBy={nameId}
            >
              {t('admin.upload.more', 'More details')}
            </DisclosureButton>
          </div>
          {open && (
            <div id={moreId} className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
              <UploadText
                {...props}
                name="description"
                label={t('admin.upload.field.description', 'Description')}
                multiline
                wide
              />
              <UploadText
                {...props}
                name="photographer"
                label={t('admin.upload.field.photographer', 'Photographer')}
              />
              <UploadText {...props} name="location" label={t('admin.upload.field.location', 'Location')} />
              <UploadText
                {...props}
                name="originalDate"
                label={t('admin.upload.field.original_date', 'Original date')}
                hint={dateHint(fields.originalDate)}
              />
              <UploadText {...props} name="source" label={t('admin.upload.field.source', 'Source')} />
              <UploadText
                {...props}
                name="keywords"
                label={t('admin.upload.field.keywords', 'Keywords')}
                hint={t('admin.media.field.keywords_help', 'Separate keywords with commas.')}
                wide
              />
              <UploadText
                {...props}
                name="historicalContext"
                label={t('admin.upload.field.historical_context', 'Historical context')}
                multiline
                wide
              />
              <UploadText
                {...props}
                name="technicalNotes"
                label={t('admin.upload.field.technical_notes', 'Technical notes')}
                multiline
                wide
              />
              <UploadCopyright {...props} />
              <UploadText
                {...props}
                name="copyrightHolder"
                label={t('admin.upload.field.copyright_holder', 'Copyright holder')}
              />
              <UploadCheck
                {...props}
                name="commercialUseAllowed"
                label={t('admin.upload.field.commercial_use', 'Commercial use allowed')}
              />
              <UploadCheck
                {...props}
                name="attributionRequired"
                label={t('admin.upload.field.attribution_required', 'Attribution required')}
              />
              <UploadText
                {...props}
                name="attributionText"
                label={t('admin.upload.field.attribution_text', 'Attribution text')}
                wide
              />
            </div>
          )}
        </div>
      )}
    </li>
  );
}
