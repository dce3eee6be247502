import { Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button, linkButton, primaryButton } from './button.tsx';

const control =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/** The list's 'Clear Filters' link: shown while a filter is set, it empties them all. */
export type ClearFilters = {
  /** A search or filter is set (`isFiltered(params)`, or the screen's own rule). */
  shown: boolean;
  /** The screen's own text (its key in the texts table), 'Clear Filters'. */
  text: string;
  onClear: () => void;
  /** Where the link sits in the bar's grid. */
  className: string;
};

/**
 * The filter bar above a staff list: a <search> landmark holding a ListSearch and ListSelects
 * (`className` sets its grid), then 'Clear Filters' while a filter is set (`clear`). Each change
 * is a new URL (useListParams), so Back undoes it.
 */
export function ListFilters({
  label,
  className,
  clear,
  children,
}: {
  label: string;
  className: string;
  clear?: ClearFilters;
  children: ReactNode;
}) {
  return (
    <search
      aria-label={label}
      className={`mt-6 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 ${className}`}
    >
      {children}
      {clear?.shown && (
        <div className={clear.className}>
          <button type="button" className={linkButton} onClick={clear.onClear}>
            {clear.text}
          </button>
        </div>
      )}
    </search>
  );
}

/**
 * A list's empty state, in the table's place (`<DataTable empty>`): 'No … Found' with its sentence
 * when filters hide every row, 'No … Yet' when there is nothing at all; `children` is what to do
 * next (a button), when there is something. Without a title, the one sentence.
 */
export function ListEmpty({ title, text, children }: { title?: string; text: string; children?: ReactNode }) {
  if (title === undefined) return <p className="text-center text-slate-700">{text}</p>;
  return (
    <div className="text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-slate-700">{text}</p>
      {children}
    </div>
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
