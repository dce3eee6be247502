import { type ComponentProps, useId } from 'react';

type Props = ComponentProps<'input'> & { label: string; error?: string };

/** A labelled input with its validation message tied to it for assistive technology. */
export function TextField({ label, error, id, className, ...inputProps }: Props) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 aria-invalid:border-red-600"
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
