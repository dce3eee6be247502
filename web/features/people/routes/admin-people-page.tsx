import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffPerson } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { Page } from '#web/components/page.tsx';
import { QueueList, QueueSearch } from '#web/components/review-queue/review-queue.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useDeletePerson, usePeopleList } from '../api/admin-people.ts';
import { MarkPeopleDialog } from '../components/mark-people-dialog.tsx';
import { MergeForm } from '../components/merge-person-form.tsx';
import { PersonForm } from '../components/person-form.tsx';
import { PersonRow } from '../components/person-row.tsx';

/**
 * The people staff keep (issue 29 §2): name, years and a note, and whether they are kept private
 * (a living person's wish: then their name is never shown in public). Boxes name them on images
 * in the media edit dialog; deleting a person leaves their boxes on the photos, unnamed.
 */
export function AdminPeoplePage() {
  const t = useT();
  const say = useErrorText();
  const [q, setQ] = useState('');
  const list = usePeopleList(q.trim());
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [editing, setEditing] = useState<StaffPerson | 'new' | null>(null);
  const [merging, setMerging] = useState<string | null>(null);
  const remove = useDeletePerson();
  const [confirm, confirmDialog] = useConfirm();

  async function onDelete(person: StaffPerson) {
    const yes = await confirm({
      title: t('admin.people.delete_title', 'Strika persón'),
      description: t(
        'admin.people.delete_text',
        'Strika {name}? Kassarnir á myndunum verða verandi, men uttan navn.',
        { name: person.name },
      ),
      destructive: true,
    });
    if (!yes) return;
    remove.mutate(person.id, {
      onSuccess: () => toast.success(t('admin.people.deleted', 'Persónurin er strikaður.')),
      onError: (error) => toast.error(say(error)),
    });
  }

  return (
    <Page title={t('admin.people.title', 'Fólk')} width="max-w-4xl">
      <p className="text-slate-700">
        {t(
          'admin.people.intro',
          'Fólkini, sum savnið kennir á myndunum. Merk tey á eini mynd undir "Broyt" á miðlasíðuni. Ein loyndur persónur verður ongantíð nevndur alment.',
        )}{' '}
        <Link to={paths.admin.personSuggestions} className="text-blue-700 underline">
          {t('admin.nav.person_suggestions', 'Names for people on photos')}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <QueueSearch className="min-w-64 flex-1" value={q} onChange={setQ} />
        <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-5" />
          {t('admin.people.add', 'Nýggjur persónur')}
        </button>
      </div>
      {editing === 'new' && <PersonForm person={null} onDone={() => setEditing(null)} />}
      <QueueList
        list={list}
        items={people}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        itemClassName="p-4"
        renderItem={(person) =>
          editing !== 'new' && editing?.id === person.id ? (
            <PersonForm person={person} onDone={() => setEditing(null)} />
          ) : merging === person.id ? (
            <MergeForm person={person} people={people} onDone={() => setMerging(null)} />
          ) : (
            <PersonRow
              person={person}
              canMerge={people.length > 1}
              onEdit={() => setEditing(person)}
              onMerge={() => setMerging(person.id)}
              onDelete={() => void onDelete(person)}
            />
          )
        }
      />
      {confirmDialog}
      <MarkPeopleDialog />
    </Page>
  );
}
