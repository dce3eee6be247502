import { type FormEvent, useId, useState } from 'react';
import type { StaffPerson } from '#common/api/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useMergePerson } from '../api/admin-people.ts';
import { PersonOptions } from './person-options.tsx';

const control = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

/**
 * Two entries that are one person (Immich's "merge people"): this one's boxes and names move to
 * the one chosen (from the people listed), and this one is deleted.
 */
export function MergeForm({
  person,
  people,
  onDone,
}: {
  person: StaffPerson;
  people: readonly StaffPerson[];
  onDone: () => void;
}) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const merge = useMergePerson();
  const others = people.filter((p) => p.id !== person.id);
  const [into, setInto] = useState(others[0]?.id ?? '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!into) return;
    try {
      await merge.mutateAsync({ id: person.id, into });
      toast.success(t('admin.people.merged', 'Persónarnir eru lagdir saman.'));
      onDone();
    } catch (error) {
      toast.error(say(error as Error));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-4">
      <p className="text-slate-900">
        {t(
          'admin.people.merge_text',
          '{name} er sami persónur sum ein annar á listanum: kassarnir og nøvnini flyta til hann, og {name} verður strikaður.',
          { name: person.name },
        )}
      </p>
      <div>
        <label htmlFor={`${id}-into`} className="block text-sm font-medium text-slate-800">
          {t('admin.people.merge_into', 'Legg saman við')}
        </label>
        <select id={`${id}-into`} className={control} value={into} onChange={(e) => setInto(e.target.value)}>
          <PersonOptions people={others} />
        </select>
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton} disabled={merge.isPending || !into}>
          {t('admin.people.merge', 'Legg saman')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          {t('admin.people.cancel', 'Angra')}
        </button>
      </div>
    </form>
  );
}
