import { ApiRequestError } from './api-fetch.ts';

export interface PlacedErrors {
  /** Messages for fields the form has, in the order the server gave them (the first gets focus). */
  fields: { name: string; message: string }[];
  /** Whether the error also needs the form's banner: nothing of it could be placed on a field. */
  banner: boolean;
}

/**
 * Puts a failed submission's error where the reader will look for it. A `VALIDATION_ERROR`'s
 * issues go to their fields: an issue at 'keywords.0' goes to the field 'keywords.0' if there is
 * one, else to 'keywords'. An error whose code a form ties to a field (`codeFields`, e.g. an
 * e-mail already in use → 'email') goes there with `codeMessage`. Anything else is the banner's.
 */
export function placeServerError(
  error: unknown,
  fieldNames: ReadonlySet<string>,
  codeFields: Readonly<Record<string, string>> = {},
  codeMessage = '',
  /** The listed code the error's own code stands for (error-text.ts errorCodeOf), also looked up. */
  sameCode: string | null = null,
): PlacedErrors {
  if (!(error instanceof ApiRequestError)) return { fields: [], banner: true };
  for (const code of [error.code, sameCode]) {
    if (code === null || !Object.hasOwn(codeFields, code) || !fieldNames.has(codeFields[code]!)) continue;
    return { fields: [{ name: codeFields[code]!, message: codeMessage || error.message }], banner: false };
  }
  const fields: PlacedErrors['fields'] = [];
  let unplaced = error.issues.length === 0;
  for (const issue of error.issues) {
    const name = fieldFor(issue.path, fieldNames);
    if (name === null) unplaced = true;
    else if (!fields.some((field) => field.name === name)) fields.push({ name, message: issue.message });
  }
  return { fields, banner: unplaced };
}

/** The field that shows an issue at `path`: the longest field name that is the path or its prefix. */
function fieldFor(path: string, fieldNames: ReadonlySet<string>): string | null {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length--) {
    const name = parts.slice(0, length).join('.');
    if (fieldNames.has(name)) return name;
  }
  return null;
}
