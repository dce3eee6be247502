import type { KeyboardEvent } from 'react';
import { TRANSLATION_STATUSES } from '#common/enums.ts';
import type { Translation, TranslationStatus } from '#common/translations.ts';
import { useT } from '#web/app/i18n.tsx';
import { STATUS_TONE, statusLabel } from '../lib/translation-status.ts';

/** The row being edited in place: its fields as typed. */
export interface Draft {
  id: string;
  faroeseText: string;
  englishText: string;
  component: string;
  context: string;
  status: TranslationStatus;
}

/** What a cell of the row being edited gets: the draft, a change to it, and Escape to cancel. */
export type Editing = {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

const control =
  'block w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/** The key, with its component and context (fields of their own while the row is edited). */
export function KeyCell({ row, editing }: { row: Translation; editing: Editing | null }) {
  const t = useT();
  return (
    <div className="min-w-40 space-y-1">
      <code className="block break-all text-sm font-semibold text-slate-900">{row.key}</code>
      {editing ? (
        <>
          <label className="block text-xs font-medium text-slate-800">
            {t('admin.translations.component', 'Component')}
            <input
              className={control}
              onKeyDown={editing.onKeyDown}
              value={editing.draft.component}
              onChange={(e) => editing.change({ component: e.target.value })}
            />
          </label>
          <label className="block text-xs font-medium text-slate-800">
            {t('admin.translations.context', 'Context')}
            <input
              className={control}
              onKeyDown={editing.onKeyDown}
              value={editing.draft.context}
              onChange={(e) => editing.change({ context: e.target.value })}
            />
          </label>
        </>
      ) : (
        <>
          {row.component && (
            <span className="block text-xs font-normal text-slate-700">
              {t('admin.translations.in_component', 'Component: {name}', { name: row.component })}
            </span>
          )}
          {row.context && <span className="block text-xs font-normal text-slate-700">{row.context}</span>}
        </>
      )}
    </div>
  );
}

export function FaroeseCell({ row, editing }: { row: Translation; editing: Editing | null }) {
  const t = useT();
  if (!editing)
    return <span className="block whitespace-pre-wrap break-words text-sm">{row.faroeseText}</span>;
  return (
    <label className="block min-w-48 text-xs font-medium text-slate-800">
      <span className="sr-only">
        {t('admin.translations.faroese_for', 'Faroese text for {key}', { key: row.key })}
      </span>
      <textarea
        className={control}
        onKeyDown={editing.onKeyDown}
        rows={3}
        required
        aria-invalid={editing.draft.faroeseText.trim() === '' || undefined}
        value={editing.draft.faroeseText}
        onChange={(e) => editing.change({ faroeseText: e.target.value })}
      />
    </label>
  );
}

export function EnglishCell({ row, editing }: { row: Translation; editing: Editing | null }) {
  const t = useT();
  if (editing) {
    return (
      <label className="block min-w-48 text-xs font-medium text-slate-800">
        <span className="sr-only">
          {t('admin.translations.english_for', 'English text for {key}', { key: row.key })}
        </span>
        <textarea
          className={control}
          onKeyDown={editing.onKeyDown}
          rows={3}
          value={editing.draft.englishText}
          onChange={(e) => editing.change({ englishText: e.target.value })}
        />
      </label>
    );
  }
  return row.englishText ? (
    <span className="block whitespace-pre-wrap break-words text-sm">{row.englishText}</span>
  ) : (
    <span className="text-sm italic text-slate-700">
      {t('admin.translations.no_english', 'No English text')}
    </span>
  );
}

export function StatusCell({ row, editing }: { row: Translation; editing: Editing | null }) {
  const t = useT();
  if (!editing) {
    return (
      <span
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[row.status]}`}
      >
        {statusLabel(row.status, t)}
      </span>
    );
  }
  return (
    <label className="block text-xs font-medium text-slate-800">
      <span className="sr-only">
        {t('admin.translations.status_for', 'Status of {key}', { key: row.key })}
      </span>
      <select
        className={control}
        onKeyDown={editing.onKeyDown}
        value={editing.draft.status}
        onChange={(e) => editing.change({ status: e.target.value as TranslationStatus })}
      >
        {TRANSLATION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status, t)}
          </option>
        ))}
      </select>
    </label>
  );
}
