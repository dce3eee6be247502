import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { SUBMIT_FORM_FIELDS, SUBMIT_FORM_RESULT, type SubmitFormResult } from '#common/submit-form.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { RefusedFiles } from '#web/features/uploads/index.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import type { GeneralValues } from '../lib/submission-values.ts';

type Refused = Extract<SubmitFormResult, { outcome: 'refused' }>;

/**
 * What came of the form sent without script, as the server embedded it in the page it answered
 * with (server/features/submissions/submit-form.ts); null on a page loaded as usual. Taken once:
 * a later visit to the page starts afresh.
 */
export function usePostedForm() {
  const take = useBootData();
  return useState(() => take<SubmitFormResult>(SUBMIT_FORM_RESULT) ?? null);
}

/** The server's objections to fields, in the form's own words where it has them. */
export function postedFieldErrors(result: Refused, t: Translate): FieldErrors<GeneralValues> | null {
  const own: Partial<Record<string, string>> = {
    title: t('submit.title_required', 'Heiti er kravt'),
    submitterEmail: t('submit.email_invalid', 'Teldupostadressan sær ikki rætt út.'),
  };
  const errors: FieldErrors<GeneralValues> = {};
  for (const issue of result.issues) {
    const name = SUBMIT_FORM_FIELDS.find((field) => field === issue.path);
    if (name && !errors[name]) errors[name] = { type: 'server', message: own[name] ?? issue.message };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Why the form sent without script was refused, or which of its files were (drawn by the server). */
export function PostedRefusal({ result }: { result: Refused }) {
  const t = useT();
  const { error } = result;
  const general: Partial<Record<string, string>> = {
    NO_FILE: t('submit.no_file', 'Vinarliga vel í minsta lagi eina fílu at senda.'),
    REJECTED: t('submit.general_error', 'Ein feilur hendi, meðan tín sending varð viðgjørd.'),
  };
  return (
    <>
      {error && <Alert tone="error">{general[error.code] ?? error.message}</Alert>}
      {result.issues.length > 0 && (
        <Alert tone="error">{t('error.VALIDATION_ERROR', 'Please check the highlighted fields.')}</Alert>
      )}
      {result.sent > 0 && (
        <Alert tone="error">
          {t('submit.partial', 'Uploaded {n} of {total} files. Some uploads failed.', {
            n: result.sent,
            total: result.total,
          })}
        </Alert>
      )}
      <RefusedFiles
        files={result.files.map((file, index) => ({
          key: `${index}:${file.name}`,
          name: file.name,
          reason: file.message,
        }))}
      />
    </>
  );
}
