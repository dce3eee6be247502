import { useWatch } from 'react-hook-form';
import { describeDate } from '#common/dates/describe-date.ts';
import { readOriginalDate } from '#common/dates/read-date.ts';
import { type Translate, useLanguage, useT } from '#web/app/i18n.tsx';
import { Field } from './form.tsx';

/**
 * How an original date is understood, said under its field while it is typed ("Skilt sum:
 * umleið 1950"), or why it cannot be (the server refuses the same: common/dates/original-date-field.ts).
 */
export function useDateHint(): (written: string) => string | undefined {
  const t = useT();
  const { lang } = useLanguage();
  return (written) => {
    if (written.trim() === '') return undefined;
    const reading = readOriginalDate(written);
    if (!reading.ok) return dateProblemText(t, reading.problem);
    return t('dates.understood_as', 'Understood as: {date}', { date: describeDate(reading.date.edtf, lang) });
  };
}

/** Why a date was refused, in the reader's language (the codes of common/dates/read-date.ts). */
export function dateProblemText(t: Translate, problem: string): string {
  const texts: Record<string, string> = {
    DATE_UNREADABLE: t(
      'error.DATE_UNREADABLE',
      'This date could not be read. Write e.g. 1952, June 1952, c. 1950, 1950s, summer 1962 or 1940–1945.',
    ),
    DATE_NO_SUCH_DAY: t('error.DATE_NO_SUCH_DAY', 'There is no such day.'),
    DATE_IN_FUTURE: t('error.DATE_IN_FUTURE', 'The date is later than today.'),
    DATE_RANGE_BACKWARDS: t('error.DATE_RANGE_BACKWARDS', 'The end of the period comes before its start.'),
  };
  return texts[problem] ?? problem;
}

/**
 * The original-date field of a form of the form kit (form.tsx), with its hint; the schema's refusal
 * (a DATE_… code) worded. Before the page's script runs it is a plain field, as the others.
 */
export function OriginalDateField(props: Parameters<typeof Field>[0]) {
  const t = useT();
  const written = useWatch({ name: props.name }) as string | undefined;
  const hint = useDateHint();
  return (
    <Field
      {...props}
      description={hint(written ?? String(props.defaultValue ?? '')) ?? props.description}
      wordError={(message) => dateProblemText(t, message)}
    />
  );
}
