import { type FormEvent, useId, useState } from 'react';
import type { StaffPerson } from '#common/api/people.ts';
import { PERSON_NAME_MAX, PERSON_NOTE_MAX, PERSON_YEARS_MAX } from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { type PersonInput, useCreatePerson, useUpdatePerson } from '../api/admin-people.ts';

const control = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

/** A person's name, years, note and privacy: a new one (`person` null) or one being edited. */
export function PersonForm({ person, onDone }: { person: StaffPerson | null; onDone: () => void }) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const [values, setValues] = useState({
    name: person?.name ?? '',
    born: person?.born ?? '',
    died: person?.died ?? '',
    note: person?.note ?? '',
    isPrivate: person?.isPrivate ?? false,
  });
  const [missing, setMissing] = useState(false);
  const busy = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setMissing(true);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    const body: PersonInput = {
      name: values.name,
      born: values.born,
      died: values.died,
      note: values.note,
      isPrivate: values.isPrivate,
    };
    try {
      if (person) await update.mutateAsync({ id: person.id, ...body });
      else await create.mutateAsync(body);
      toast.success(t('admin.people.saved', 'Persónurin er goymdur.'));
      onDone();
    } catch (error) {
      toast.error(say(error as Error));
    }
  }

  const text = (name: 'name' | 'born' | 'died', label: string, max: number) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="text"
        maxLength={max}
        className={control}
        value={values[name]}
        aria-invalid={name === 'name' && missing ? true : undefined}
        aria-describedby={name === 'name' && missing ? `${id}-name-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      {name === 'name' && missing && (
        <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700">
          {t('people.name_missing', 'Skriva eitt navn.')}
        </p>
      )}
    </div>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 space-y-3 rounded-md border border-slate-300 bg-slate-50 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {text('name', t('people.name', 'Navn'), PERSON_NAME_MAX)}
        {text('born', t('admin.people.born', 'Føddur/fødd'), PERSON_YEARS_MAX)}
        {text('died', t('admin.people.died', 'Deyður/deyð'), PERSON_YEARS_MAX)}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          {t('admin.people.note', 'Viðmerking')}
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={PERSON_NOTE_MAX}
          className={control}
          value={values.note}
          onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
        />
      </div>
      <label className="inline-flex items-center gap-2 text-slate-900">
        <input
          type="checkbox"
          checked={values.isPrivate}
          onChange={(e) => setValues((v) => ({ ...v, isPrivate: e.target.checked }))}
        />
        {t('admin.people.keep_private', 'Loyndur: navnið verður ongantíð víst alment')}
      </label>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('admin.media.save', 'Save Changes')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          {t('admin.people.cancel', 'Angra')}
        </button>
      </div>
    </form>
  );
}
