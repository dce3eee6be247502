import { useFormContext } from 'react-hook-form';
import { useT } from '#web/app/i18n.tsx';
import { Honeypot } from '#web/components/honeypot.tsx';
import { OriginalDateField } from '#web/components/date-hint.tsx';
import { Field, TextareaField } from '#web/components/form.tsx';
import type { GeneralValues } from '../lib/submission-values.ts';

/** The details that go with every file, and who sends them (public-site.md §2 Submission screen). */
export function GeneralFields() {
  const t = useT();
  // The bots' field is no field of the form kit: it has no label a person meets.
  const { register, formState } = useFormContext<GeneralValues>();
  // Written into the server's HTML too (react-hook-form fills the fields only once the script
  // runs): a form drawn again after it was sent without script shows what was typed.
  const initial = (name: keyof GeneralValues) => ({ defaultValue: formState.defaultValues?.[name] });
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">
          {t('submit.about_material', 'Um tilfarið')}
        </legend>
        <Field
          name="title"
          {...initial('title')}
          label={t('submit.field.title', 'Heiti *')}
          aria-required="true"
        />
        <TextareaField
          name="description"
          {...initial('description')}
          label={t('submit.field.description', 'Lýsing')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="photographer"
            {...initial('photographer')}
            label={t('submit.field.photographer', 'Myndatakari')}
          />
          <Field name="location" {...initial('location')} label={t('submit.field.location', 'Stað')} />
          <OriginalDateField
            name="originalDate"
            {...initial('originalDate')}
            label={t('submit.field.original_date', 'Upprunadato')}
            placeholder={t('submit.original_date_placeholder', 't.d. um 1950')}
          />
          <Field name="source" {...initial('source')} label={t('submit.field.source', 'Kelda')} />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{t('submit.about_you', 'Um teg')}</legend>
        <p className="text-sm text-slate-700">
          {t(
            'submit.about_you_hint',
            'Valfrítt. Vilt tú, at vit kunnu seta okkum í samband við teg, so skriva navn og teldupost.',
          )}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="submitterName"
            {...initial('submitterName')}
            label={t('submit.field.name', 'Títt navn')}
            autoComplete="name"
          />
          <Field
            name="submitterEmail"
            {...initial('submitterEmail')}
            label={t('submit.field.email', 'Teldupostur')}
            type="email"
            autoComplete="email"
          />
        </div>
        <TextareaField
          name="submitterMessage"
          {...initial('submitterMessage')}
          label={t('submit.field.message', 'Boð til okkum')}
        />
      </fieldset>

      <Honeypot id="submission-website" {...register('website')} />
    </div>
  );
}
