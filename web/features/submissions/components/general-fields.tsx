import { type ComponentProps, useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useT } from '../../../app/i18n.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { GeneralValues } from '../lib/submission-values.ts';

const textareaClass = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

function TextArea({ label, ...props }: ComponentProps<'textarea'> & { label: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea id={id} rows={4} className={textareaClass} {...props} />
    </div>
  );
}

/** The details that go with every file, and who sends them (public-site.md §2 Submission screen). */
export function GeneralFields({
  register,
  errors,
}: {
  register: UseFormRegister<GeneralValues>;
  errors: FieldErrors<GeneralValues>;
}) {
  const t = useT();
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">
          {t('submit.about_material', 'Um tilfarið')}
        </legend>
        <TextField
          label={t('submit.field.title', 'Heiti *')}
          aria-required="true"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextArea label={t('submit.field.description', 'Lýsing')} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('submit.field.photographer', 'Myndatakari')} {...register('photographer')} />
          <TextField label={t('submit.field.location', 'Stað')} {...register('location')} />
          <TextField
            label={t('submit.field.original_date', 'Upprunadato')}
            placeholder={t('submit.original_date_placeholder', 't.d. um 1950')}
            {...register('originalDate')}
          />
          <TextField label={t('submit.field.source', 'Kelda')} {...register('source')} />
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
          <TextField
            label={t('submit.field.name', 'Títt navn')}
            autoComplete="name"
            {...register('submitterName')}
          />
          <TextField
            label={t('submit.field.email', 'Teldupostur')}
            type="email"
            autoComplete="email"
            error={errors.submitterEmail?.message}
            {...register('submitterEmail')}
          />
        </div>
        <TextArea label={t('submit.field.message', 'Boð til okkum')} {...register('submitterMessage')} />
      </fieldset>

      {/* A field for bots: people never see it or reach it, so it stays empty. */}
      <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="submission-website">{t('submit.field.website', 'Heimasíða')}</label>
        <input
          id="submission-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register('website')}
        />
      </div>
    </div>
  );
}
