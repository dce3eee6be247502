import { Switch } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Help, inputClass, Label, type ShellProps, useFieldShell, useRegister } from './form-field-shell.tsx';

/** The fields of <Form> (form.tsx, which exports them too): each labelled, with its help and error. */

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
