import { createContext, useContext, useEffect, useId } from 'react';
import { type FieldValues, useFormContext, useFormState } from 'react-hook-form';
import { useHydrated } from '../lib/hydrated.ts';

/** What every field of form.tsx shares: its registration, ids, error, label and help lines. */

/** What <Form> tells its fields (form.tsx). */
export const FormMeta = createContext<{
  registerField: (name: string) => () => void;
  /** The fields as sent to the server without the script, drawn again as they were. */
  sentValues?: Readonly<Record<string, string>>;
}>({
  registerField: () => () => {},
});

/**
 * `register(name)`, and for a field the server drew, what the visitor typed before the script took
 * the page over stays: react-hook-form writes the field's default value into it when it registers.
 */
export function useRegister(name: string) {
  const { register, setValue } = useFormContext();
  const { sentValues } = useContext(FormMeta);
  const hydrated = useHydrated();
  // Only a value the server was sent: else a field's own `defaultValue` (/submit's) stands.
  const sent = sentValues?.[name] === undefined ? {} : { defaultValue: sentValues[name] };
  const registration = { ...register(name), ...sent };
  if (hydrated) return registration;
  return {
    ...registration,
    ref(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) {
      const typed = element?.value;
      registration.ref(element);
      if (element && typed !== undefined && element.value !== typed) {
        element.value = typed;
        setValue(name, typed, { shouldDirty: true });
      }
    },
  };
}

/** Ids, registration with the form, and the error of one field. */
export function useFieldShell(name: string, description?: string) {
  const { registerField } = useContext(FormMeta);
  useEffect(() => registerField(name), [registerField, name]);
  const { errors } = useFormState({ name });
  const id = useId();
  const error = errorAt(errors, name);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    id,
    error,
    errorId,
    descriptionId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

export function errorAt(errors: FieldValues, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-invalid:border-red-600';

export interface ShellProps {
  label: string;
  description?: string;
  required?: boolean;
  className?: string;
  /** Words an error the schema gives as a code (common/dates' DATE_… codes) in the reader's language. */
  wordError?: (message: string) => string;
}

export function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  // The asterisk stays outside the <label>, so the field's name is the label alone; the input
  // itself says it is required (aria-required).
  return (
    <div className="flex gap-1 text-sm font-medium text-slate-800">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      )}
    </div>
  );
}

export function Help({
  id,
  description,
  errorId,
  error,
}: {
  id: string;
  description?: string;
  errorId: string;
  error?: string;
}) {
  return (
    <>
      {description && (
        <p id={id} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
