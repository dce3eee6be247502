import { type ComponentProps, useId } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { useDateHint } from '#web/components/date-hint.tsx';
import { TextField } from '#web/components/text-field.tsx';
import type { FileDetails } from '../lib/file-item.ts';

type TextKey = Exclude<keyof FileDetails, 'description'>;

/** The optional details of one file; what is left empty comes from the general fields. */
export function FileDetailsFields({
  id,
  fileName,
  details,
  onChange,
}: {
  id: string;
  fileName: string;
  details: FileDetails;
  onChange: (details: FileDetails) => void;
}) {
  const t = useT();
  const descriptionId = useId();
  const dateHintId = useId();
  const dateHint = useDateHint()(details.originalDate);
  const field = (key: TextKey, label: string, extra: ComponentProps<'input'> = {}) => (
    <TextField
      label={label}
      value={details[key]}
      onChange={(event) => onChange({ ...details, [key]: event.target.value })}
      {...extra}
    />
  );

  return (
    <fieldset id={id} className="mt-3 space-y-3 rounded-md border border-slate-200 bg-white p-3">
      <legend className="sr-only">
        {t('submit.details.legend', 'Upplýsingar um {name}', { name: fileName })}
      </legend>
      <p className="text-sm text-slate-700">
        {t('submit.details.hint', 'Tómir teigar fáa tær somu upplýsingarnar sum allar fílurnar (niðanfyri).')}
      </p>
      {field('title', t('submit.details.title', 'Heiti á hesi fíluni'))}
      <div>
        <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-800">
          {t('submit.details.description', 'Lýsing av hesi fíluni')}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          value={details.description}
          onChange={(event) => onChange({ ...details, description: event.target.value })}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('photographer', t('submit.details.photographer', 'Myndatakari'))}
        {field('location', t('submit.details.location', 'Stað'))}
        <div>
          {field('originalDate', t('submit.details.original_date', 'Upprunadato'), {
            placeholder: t('submit.original_date_placeholder', 't.d. um 1950'),
            'aria-describedby': dateHint ? dateHintId : undefined,
          })}
          {dateHint && (
            <p id={dateHintId} className="mt-1 text-sm text-slate-600">
              {dateHint}
            </p>
          )}
        </div>
        {field('source', t('submit.details.source', 'Kelda'))}
      </div>
      {field('keywords', t('submit.details.keywords', 'Leitiorð (skilj við komma)'), {
        placeholder: t('submit.details.keywords_placeholder', 't.d. bátur, havn, fiskimenn'),
      })}
    </fieldset>
  );
}
