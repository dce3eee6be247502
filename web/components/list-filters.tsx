import { Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button, primaryButton } from './button.tsx';

const control =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/**
 * The filter bar above a staff list: a <search> landmark holding a ListSearch and ListSelects
 * (`className` sets its grid). Each change is a new URL (useListParams), so Back undoes it.
 */
export function ListFilters({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <search
      aria-label={label}
      className={`mt-6 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 ${className}`}
    >
      {children}
    </search>
  );
}

/**
 * A list's search box: applied when submitted, not per keystroke, so history holds whole searches;
 * a new search text from elsewhere (Back, a link) resets what the box shows. The box stays the same
 * element throughout, so it keeps the focus (and whatever is typed after Enter) when its own
 * search becomes the page's.
 */
export function ListSearch({
  value,
  label,
  buttonText,
  onSearch,
}: {
  value: string;
  label: string;
  buttonText: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [submitted, setSubmitted] = useState<string | null>(null);
  // The page's search changed: from this box (what is typed since stays), or from elsewhere.
  if (value !== shown) {
    setShown(value);
    if (value !== submitted) setText(value);
    setSubmitted(null);
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text !== value) setSubmitted(text);
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="q"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={control}
        />
        <Button type="submit" className={`${primaryButton} mt-1`}>
          <Search aria-hidden="true" className="size-4" />
          {buttonText}
        </Button>
      </div>
    </form>
  );
}

/** A labelled filter or sort select; `allLabel`, when given, is the empty 'no filter' choice first. */
export function ListSelect({
  value,
  label,
  allLabel,
  options,
  onChange,
}: {
  value: string;
  label: string;
  allLabel?: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} className={control} value={value} onChange={(event) => onChange(event.target.value)}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
