import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { Switch } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorCodeOf, useErrorText } from '../lib/error-text.ts';
import { useHydrated } from '../lib/hydrated.ts';
import type { ServerReply } from '../lib/form-reply.ts';
import { placeServerError } from '../lib/server-errors.ts';
import { Alert } from './alert.tsx';
import { primaryButton } from './button.tsx';

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

const FormMeta = createContext<{
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
function useRegister(name: string) {
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
function useFieldShell(name: string, description?: string) {
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

function errorAt(errors: FieldValues, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-invalid:border-red-600';

interface ShellProps {
  label: string;
  description?: string;
  required?: boolean;
  className?: string;
  /** Words an error the schema gives as a code (common/dates' DATE_… codes) in the reader's language. */
  wordError?: (message: string) => string;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
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

function Help({
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

/** A labelled text input (`type` email, password, url, number, date, …). */
export function Field({
  name,
  label,
  description,
  required,
  className,
  wordError,
  ...input
}: ShellProps & { name: string } & Omit<ComponentProps<'input'>, 'name' | 'id' | 'className'>) {
  const registration = useRegister(name);
  const shell = useFieldShell(name, description);
  const error = shell.error && wordError ? wordError(shell.error) : shell.error;
  return (
    <div className={className}>
      <Label htmlFor={shell.id} label={label} required={required} />
      <input
        id={shell.id}
        aria-required={required || undefined}
        className={inputClass}
        {...shell.aria}
        {...input}
        {...registration}
      />
      <Help id={shell.descriptionId} description={description} errorId={shell.errorId} error={error} />
    </div>
  );
}

export function TextareaField({
  name,
  label,
  description,
  required,
  className,
  rows = 4,
  ...textarea
}: ShellProps & { name: string } & Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'className'>) {
  const registration = useRegister(name);
  const shell = useFieldShell(name, description);
  return (
    <div className={className}>
      <Label htmlFor={shell.id} label={label} required={required} />
      <textarea
        id={shell.id}
        rows={rows}
        aria-required={required || undefined}
        className={inputClass}
        {...shell.aria}
        {...textarea}
        {...registration}
      />
      <Help id={shell.descriptionId} description={description} errorId={shell.errorId} error={shell.error} />
    </div>
  );
}

/** A labelled <select>; `options` are value and visible text. */
export function SelectField({
  name,
  label,
  description,
  required,
  className,
  options,
  ...select
}: ShellProps & {
  name: string;
  options: readonly { value: string; label: string }[];
} & Omit<ComponentProps<'select'>, 'name' | 'id' | 'className' | 'children'>) {
  const registration = useRegister(name);
  const shell = useFieldShell(name, description);
  return (
    <div className={className}>
      <Label htmlFor={shell.id} label={label} required={required} />
      <select
        id={shell.id}
        aria-required={required || undefined}
        className={inputClass}
        {...shell.aria}
        {...select}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Help id={shell.descriptionId} description={description} errorId={shell.errorId} error={shell.error} />
    </div>
  );
}

/** A checkbox with its label beside it (a boolean field). */
export function CheckboxField({
  name,
  label,
  description,
  className,
}: Omit<ShellProps, 'required'> & { name: string }) {
  const { register } = useFormContext();
  const shell = useFieldShell(name, description);
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={shell.id}
          type="checkbox"
          className="size-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          {...shell.aria}
          {...register(name)}
        />
        <label htmlFor={shell.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <Help id={shell.descriptionId} description={description} errorId={shell.errorId} error={shell.error} />
    </div>
  );
}

/** An on/off switch (Radix Switch, role="switch") for a boolean field, e.g. 'Public'. */
export function SwitchField({
  name,
  label,
  description,
  className,
}: Omit<ShellProps, 'required'> & { name: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const shell = useFieldShell(name, description);
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <Switch.Root
          id={shell.id}
          ref={field.ref}
          checked={Boolean(field.value)}
          onCheckedChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 data-[state=checked]:bg-blue-700"
          {...shell.aria}
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <label htmlFor={shell.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <Help id={shell.descriptionId} description={description} errorId={shell.errorId} error={shell.error} />
    </div>
  );
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
