import { Merge, Pencil, Plus, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MediaItem } from '#common/api/media.ts';
import type { StaffPerson } from '#common/api/people.ts';
import { PERSON_NAME_MAX, PERSON_NOTE_MAX, PERSON_YEARS_MAX } from '#common/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction, RowActionLink } from '#web/components/row-action.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { Page } from '#web/components/page.tsx';
import { QueueList, QueueSearch } from '#web/components/review-queue/review-queue.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import {
  type PersonInput,
  useCreatePerson,
  useDeletePerson,
  useMergePerson,
  usePeopleList,
  useUpdatePerson,
} from '../api/admin-people.ts';
import { MarkPeople } from '../components/mark-people.tsx';
import { PersonOptions } from '../components/person-options.tsx';

const control = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

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
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-slate-900">
                  {person.name}
                  {person.isPrivate && (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">
                      {t('admin.people.private_badge', 'Loyndur')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {[person.born, person.died].filter(Boolean).join('–')}
                  {person.born || person.died ? ' · ' : ''}
                  {t('admin.people.boxes', '{n} á myndum', { n: person.boxes })}
                </p>
                {person.note && (
                  <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{person.note}</p>
                )}
              </div>
              <div className="flex gap-2">
                {!person.isPrivate && person.boxes > 0 && (
                  <RowActionLink to={paths.person(person.id)} label={t('admin.people.page', 'Síðan')} />
                )}
                <RowAction
                  icon={Pencil}
                  label={t('admin.media.edit', 'Edit')}
                  aria-label={t('admin.people.edit_named', 'Broyt {name}', { name: person.name })}
                  onClick={() => setEditing(person)}
                />
                {people.length > 1 && (
                  <RowAction
                    icon={Merge}
                    label={t('admin.people.merge', 'Legg saman')}
                    aria-label={t('admin.people.merge_named', 'Legg {name} saman við ein annan', {
                      name: person.name,
                    })}
                    onClick={() => setMerging(person.id)}
                  />
                )}
                <RowAction
                  icon={Trash2}
                  tone="danger"
                  label={t('admin.media.delete', 'Delete')}
                  aria-label={t('admin.people.delete_named', 'Strika {name}', { name: person.name })}
                  onClick={() => void onDelete(person)}
                />
              </div>
            </div>
          )
        }
      />
      {confirmDialog}
      <MarkPeopleDialog />
    </Page>
  );
}

/**
 * Two entries that are one person (Immich's "merge people"): this one's boxes and names move to
 * the one chosen (from the people listed), and this one is deleted.
 */
function MergeForm({
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

/**
 * The boxes on one image (`?media=<id>`, linked from media management's edit dialog): a dialog over
 * the list, so a person can be added to the list and named on the photo in one place.
 */
function MarkPeopleDialog() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const mediaId = params.get('media');
  const item = useQuery({
    queryKey: ['media', mediaId],
    queryFn: ({ signal }) =>
      apiFetch<{ media: MediaItem }>(`/api/media/${encodeURIComponent(mediaId!)}`, { signal }).then(
        (d) => d.media,
      ),
    enabled: Boolean(mediaId),
  });
  const close = () =>
    setParams((p) => {
      p.delete('media');
      return p;
    });
  const media = item.data;
  const src = media ? (media.files.display ?? media.files.medium) : null;
  return (
    <Dialog.Root open={Boolean(mediaId)} onOpenChange={(open) => !open && close()}>
      <ModalContent
        title={t('admin.people.on_photo', 'Fólk á myndini')}
        description={media ? `${media.displayId} · ${media.title}` : ''}
        closeLabel={t('admin.media.close', 'Close')}
      >
        {item.isPending ? (
          <Spinner text={t('admin.knowledge.loading', 'Loading…')} />
        ) : item.error || !media ? (
          <Alert tone="error">{t('admin.knowledge.load_failed', 'The list could not be loaded.')}</Alert>
        ) : media.mediaType !== 'image' || !src ? (
          <Alert tone="error">{t('admin.people.not_image', 'Fólk verða bert merkt á myndum.')}</Alert>
        ) : (
          <MarkPeople
            mediaId={media.id}
            title={media.title}
            src={src}
            width={media.width}
            height={media.height}
          />
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

function PersonForm({ person, onDone }: { person: StaffPerson | null; onDone: () => void }) {
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
