import { Download, FileUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { MediaCsvPreview } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import type { MediaParams } from '../api/admin-media.ts';
import { mediaCsvExportUrl, useApplyMediaCsv, usePreviewMediaCsv } from '../api/media-csv.ts';

/** Items drawn in the preview; a larger file's summary still counts them all. */
const PREVIEW_ITEMS_SHOWN = 1000;

/**
 * The CSV round trip of the media screen (issue 27 §2): the list as it is filtered, as a CSV to
 * edit in a spreadsheet, and an edited copy sent back: first a preview of each change (old → new)
 * and each refused value with why, then, on request, the changes applied at once.
 */
export function MediaCsv({ params }: { params: Pick<MediaParams, 'q' | 'filters' | 'sort'> }) {
  const t = useT();
  const errorText = useErrorText();
  const inputId = useId();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previewCsv = usePreviewMediaCsv();
  const applyCsv = useApplyMediaCsv();
  const [upload, setUpload] = useState<{ name: string; csv: string; preview: MediaCsvPreview } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const csv = await file.text();
      const preview = await previewCsv.mutateAsync(csv);
      setUpload({ name: file.name, csv, preview });
    } catch (error) {
      setUpload(null);
      toast.error(errorText(error));
    }
  };

  const onApply = async () => {
    if (!upload) return;
    try {
      const { changed } = await applyCsv.mutateAsync({
        csv: upload.csv,
        fingerprint: upload.preview.fingerprint,
      });
      toast.success(t('admin.media.csv.applied', '{count} items updated from the CSV.', { count: changed }));
      setUpload(null);
      input.current?.focus();
    } catch (error) {
      toast.error(
        errorText(error, {
          STALE_PREVIEW: t(
            'admin.media.csv.stale',
            'The items have changed since the preview: nothing was written. Upload the file again to see a new preview.',
          ),
        }),
      );
    }
  };

  const preview = upload?.preview;
  const heading = useRef<HTMLHeadingElement>(null);
  // A new preview takes the focus, so a keyboard or screen-reader user is taken to it.
  useEffect(() => {
    if (preview) heading.current?.focus();
  }, [preview]);
  const empty = t('admin.media.csv.empty_value', '(empty)');
  const shown = (value: string) =>
    value === '' ? <span className="italic text-slate-700">{empty}</span> : value;

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center gap-3">
        <a href={mediaCsvExportUrl(params)} download className={`${secondaryButton} px-3 py-1.5 text-sm`}>
          <Download aria-hidden="true" className="size-4" />
          {t('admin.media.csv.export', 'Export CSV')}
        </a>
        <label
          htmlFor={inputId}
          className={`${secondaryButton} cursor-pointer px-3 py-1.5 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-700`}
        >
          <FileUp aria-hidden="true" className="size-4" />
          {t('admin.media.csv.upload', 'Update from CSV')}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={previewCsv.isPending}
            onChange={onFile}
          />
        </label>
        <span className="text-sm text-slate-700">
          {previewCsv.isPending
            ? t('admin.media.csv.reading', 'Reading the file…')
            : t(
                'admin.media.csv.hint',
                'Edit the exported file in a spreadsheet, then upload it to see what it changes.',
              )}
        </span>
      </div>
      {upload && preview && (
        <section aria-labelledby={headingId} className="mt-4 rounded-md border border-slate-300 bg-white p-4">
          <h2
            id={headingId}
            className="text-lg font-semibold text-slate-900"
            tabIndex={-1}
            ref={(h) => h?.focus()}
          >
            {t('admin.media.csv.preview_title', 'Changes in {file}', { file: upload.name })}
          </h2>
          <p className="mt-1 text-sm text-slate-800">
            {t(
              'admin.media.csv.summary',
              '{rows} rows read: {changed} items will change, {refused} rows are refused (nothing of them is written). Nothing has been written yet.',
              { rows: preview.rows, changed: preview.changed, refused: preview.refusedRows },
            )}
          </p>
          {preview.items.length > 0 && (
            <div className="mt-3 max-h-[32rem] overflow-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin.media.csv.table', 'Changes item by item')}</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="px-2 py-1">
                      {t('admin.media.csv.column.item', 'Item')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('admin.media.csv.column.field', 'Field')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('admin.media.csv.column.old', 'Now')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('admin.media.csv.column.new', 'In the file')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('admin.media.csv.column.outcome', 'Outcome')}
                    </th>
                  </tr>
                </thead>
                {preview.items.slice(0, PREVIEW_ITEMS_SHOWN).map((item) => {
                  const refused = item.refused.length > 0;
                  const label = (
                    <>
                      <span className="block font-medium">{item.displayId}</span>
                      {item.title && <span className="block text-xs text-slate-700">{item.title}</span>}
                      <span className="block text-xs text-slate-700">
                        {t('admin.media.csv.line', 'row {line}', { line: item.line })}
                      </span>
                    </>
                  );
                  const rows = [
                    ...item.refused.map((r) => ({
                      key: `r-${r.column}`,
                      column: r.column,
                      old: null as string | null,
                      value: r.value,
                      outcome: (
                        <span className="font-medium text-red-800">
                          {t('admin.media.csv.refused', 'Refused: {reason}', { reason: r.message })}
                        </span>
                      ),
                    })),
                    ...item.changes.map((c) => ({
                      key: `c-${c.column}`,
                      column: c.column,
                      old: c.old,
                      value: c.new,
                      outcome: refused ? (
                        <span className="text-slate-700">
                          {t('admin.media.csv.row_refused', 'Not written: the row is refused')}
                        </span>
                      ) : (
                        <span className="text-green-800">
                          {t('admin.media.csv.will_change', 'Will change')}
                        </span>
                      ),
                    })),
                  ];
                  // One group of rows per item, its id heading them all.
                  return (
                    <tbody key={item.line} className="border-t border-slate-200">
                      {rows.map((row, i) => (
                        <tr key={row.key} className="align-top">
                          {i === 0 ? (
                            <th
                              scope="rowgroup"
                              rowSpan={rows.length}
                              className="px-2 py-1 text-left font-normal"
                            >
                              {label}
                            </th>
                          ) : null}
                          <td className="px-2 py-1 font-mono text-xs">{row.column}</td>
                          <td className="px-2 py-1 break-words">{row.old === null ? '' : shown(row.old)}</td>
                          <td className="px-2 py-1 break-words">{shown(row.value)}</td>
                          <td className="px-2 py-1">{row.outcome}</td>
                        </tr>
                      ))}
                    </tbody>
                  );
                })}
              </table>
              {preview.items.length > PREVIEW_ITEMS_SHOWN && (
                <p className="mt-2 text-sm text-slate-700">
                  {t('admin.media.csv.more', 'And {count} more items, not shown.', {
                    count: preview.items.length - PREVIEW_ITEMS_SHOWN,
                  })}
                </p>
              )}
            </div>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            {preview.changed > 0 && (
              <Button className={primaryButton} disabled={applyCsv.isPending} onClick={onApply}>
                {t('admin.media.csv.apply', 'Apply {count} changes', { count: preview.changed })}
              </Button>
            )}
            <Button
              className={secondaryButton}
              onClick={() => {
                setUpload(null);
                input.current?.focus();
              }}
            >
              {preview.changed > 0
                ? t('admin.media.csv.cancel', 'Cancel')
                : t('admin.media.csv.close', 'Close')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
