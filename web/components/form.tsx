import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { type ComponentProps, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useForm,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorCodeOf, useErrorText } from '../lib/error-text.ts';
import type { ServerReply } from '../lib/form-reply.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { placeServerError } from '../lib/server-errors.ts';
import { Alert } from './alert.tsx';
import { primaryButton } from './button.tsx';
import { FormMeta } from './form-field-shell.tsx';

// The fields are written in form-fields.tsx; a screen takes them from here with the form.
export { CheckboxField, Field, SelectField, SwitchField, TextareaField } from './form-fields.tsx';

/**
 * The back-office's one way to write a form: react-hook-form validated by the same zod schema
 * from common/ that the server validates the request with.
 *
 *   <Form schema={createTranslationBody} defaultValues={{ key: '' }} onSubmit={(v) => create.mutateAsync(v)}>
 *     <Field name="key" label={keyLabel} required />
 *     <SubmitButton pendingText={savingText}>{saveText}</SubmitButton>
 *   </Form>
 *
 * `onSubmit` returns a promise; while it runs the submit button shows its pending state. If it
 * throws, a server `VALIDATION_ERROR`'s issues land on their fields (and the first takes focus),
 * codes listed in `codeFields` land on their field, and anything else shows in the red banner at
 * the top of the form, worded by its code (web/lib/error-text.ts).
 *
 * A form of a page the server draws works before the page's script arrives (DESIGN.md §4 item 9):
 * `action` is where the browser sends it by itself (POST, form-encoded: server/web/auth-forms.ts),
 * and `reply` the outcome the server drew the page with (web/lib/form-reply.ts): its error shows
 * as the script's own would, and its values fill the fields. When the script takes the page over,
 * what the visitor typed meanwhile stays in the fields.
 */
export function Form<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  onSubmit,
  children,
  codeFields,
  errorTexts,
  renderError,
  action,
  reply,
  className = 'space-y-4',
  ...rest
}: {
  schema: S;
  defaultValues?: DefaultValues<z.input<S>>;
  onSubmit: (values: z.output<S>, form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => unknown;
  children: ReactNode;
  /** Error codes that belong to one field: `{ USER_ALREADY_EXISTS: 'email' }`. */
  codeFields?: Readonly<Record<string, string>>;
  /** The screen's own texts by error code ('*' for any code the texts table lacks). */
  errorTexts?: Readonly<Record<string, string>>;
  /** A banner of the screen's own (e.g. sign-in's orange 'Account Deactivated'). */
  renderError?: (error: unknown, text: string) => ReactNode;
  /** Where the page's server answers this form sent without the script. */
  action?: string;
  /** What the server answered when it was (web/lib/form-reply.ts). */
  reply?: ServerReply;
  className?: string;
} & Pick<ComponentProps<'form'>, 'id' | 'aria-label' | 'aria-labelledby'>) {
  const errorText = useErrorText();
  const [initial] = useState(() =>
    placeReply(reply, defaultValues, codeFields, errorText(reply?.error, errorTexts)),
  );
  const hydrated = useHydrated();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: reply ? ({ ...defaultValues, ...reply.values } as typeof defaultValues) : defaultValues,
    errors: initial.errors as never,
    // Not while the page is taken over: the server's errors are on screen, and the visitor may be
    // typing elsewhere already.
    shouldFocusError: hydrated,
  });
  const [failure, setFailure] = useState<{ error: unknown } | null>(initial.failure);
  const fields = useRef(new Map<string, number>());

  const registerField = useCallback((name: string) => {
    fields.current.set(name, (fields.current.get(name) ?? 0) + 1);
    return () => {
      const count = (fields.current.get(name) ?? 1) - 1;
      if (count > 0) fields.current.set(name, count);
      else fields.current.delete(name);
    };
  }, []);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values, form);
    } catch (error) {
      const text = errorText(error, errorTexts);
      const names = new Set(fields.current.keys());
      const placed = placeServerError(error, names, codeFields, text, errorCodeOf(error));
      placed.fields.forEach(({ name, message }, index) => {
        form.setError(name as never, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (placed.banner) setFailure({ error });
    }
  });

  const meta = useMemo(() => ({ registerField, sentValues: reply?.values }), [registerField, reply]);
  const text = failure ? errorText(failure.error, errorTexts) : '';
  return (
    <FormProvider {...form}>
      <FormMeta value={meta}>
        {/* POST when sent by the browser itself: a password never goes into an address. */}
        <form method="post" action={action} noValidate onSubmit={submit} className={className} {...rest}>
          {failure && (renderError ? renderError(failure.error, text) : <Alert tone="error">{text}</Alert>)}
          {children}
        </form>
      </FormMeta>
    </FormProvider>
  );
}

/** A server's reply placed as the form's first state: errors on fields, or the banner's error. */
function placeReply(
  reply: ServerReply | undefined,
  defaultValues: object | undefined,
  codeFields: Readonly<Record<string, string>> | undefined,
  text: string,
): { errors: FieldErrors | undefined; failure: { error: unknown } | null } {
  if (!reply?.error) return { errors: undefined, failure: null };
  const names = new Set(Object.keys(defaultValues ?? {}));
  const placed = placeServerError(reply.error, names, codeFields, text, errorCodeOf(reply.error));
  const errors = Object.fromEntries(
    placed.fields.map(({ name, message }) => [name, { type: 'server', message }]),
  ) as FieldErrors;
  return {
    errors: placed.fields.length > 0 ? errors : undefined,
    failure: placed.banner ? { error: reply.error } : null,
  };
}

/**
 * The form's submit button: disabled with `pendingText` and a spinner while the script sends the
 * form. Never before the script arrives: the browser then sends the form itself to its `action`.
 */
export function SubmitButton({
  children,
  pendingText,
  className = primaryButton,
}: {
  children: ReactNode;
  pendingText: string;
  className?: string;
}) {
  const { isSubmitting } = useFormState();
  return (
    <button type="submit" className={className} disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
      {isSubmitting && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
      {isSubmitting ? pendingText : children}
    </button>
  );
}
