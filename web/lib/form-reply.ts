import { useContext, useEffect, useState } from 'react';
import type { FormName } from '#common/form-reply.ts';
import { ApiRequestError } from './api-fetch.ts';
import { BootDataContext } from './boot-data.ts';

/** A form's outcome as the server drew it (common/form-reply.ts), in the shape the script would have. */
export interface ServerReply {
  /** The fields as the visitor sent them (never a password). */
  values: Readonly<Record<string, string>>;
  /** What the server refused, as apiFetch would have thrown it. */
  error?: ApiRequestError;
  done: boolean;
}

/**
 * The server's answer to `form`, sent to this page before its script ran
 * (server/web/auth-forms.ts), so the page draws it as the script would have: on the server and in
 * the browser's first render alike (it is among the page's embedded answers). Read once: a later
 * visit to the page in this tab starts afresh. `issueTexts` words the server's own checks
 * (FORM_ISSUE codes) with the texts of the form's own checks, in the reader's language.
 */
export function useFormReply(
  form: FormName,
  issueTexts: Readonly<Record<string, string>> = {},
): ServerReply | undefined {
  const store = useContext(BootDataContext);
  const [reply] = useState(() => {
    const sent = store.formReply();
    if (sent?.form !== form) return undefined;
    const error = sent.error;
    return {
      values: sent.values,
      done: sent.done === true,
      error: error
        ? new ApiRequestError(
            error.status,
            error.code,
            error.message,
            error.issues.map((issue) => ({ ...issue, message: issueTexts[issue.message] ?? issue.message })),
          )
        : undefined,
    };
  });
  useEffect(() => {
    if (reply) store.forgetFormReply();
  }, [reply, store]);
  return reply;
}
