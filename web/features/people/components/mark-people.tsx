import { Check, Plus, Save, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { StaffBox } from '#common/api/people.ts';
import type { BoxRect } from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction } from '#web/components/row-action.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import {
  type BoxChange,
  useCreateBox,
  useDeleteBox,
  usePeopleList,
  useStaffBoxes,
  useUpdateBox,
} from '../api/admin-people.ts';
import { BoxDrawer } from './box-drawer.tsx';
import { PersonOptions } from './person-options.tsx';

const input = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

/** Who a box names, as chosen in the form: one from the list, none, or a new person by name. */
type Who = { kind: 'person'; id: string } | { kind: 'none' } | { kind: 'new'; name: string };

const whoOf = (box: StaffBox | null): Who =>
  box?.person ? { kind: 'person', id: box.person.id } : { kind: 'none' };
const changeOf = (who: Who): BoxChange =>
  who.kind === 'person'
    ? { personId: who.id }
    : who.kind === 'new'
      ? { newPerson: { name: who.name } }
      : { personId: null };

/**
 * The staff's boxes on one image (issue 29 §2), in the media edit dialog: every box numbered over
 * the image and listed (a face job's offer with whom it looks like, to confirm or dismiss), one
 * chosen to move or resize (mouse or keys, BoxDrawer) and to name from the list staff keep, or a
 * new person; a new box drawn the same way.
 */
export function MarkPeople({
  mediaId,
  title,
  src,
  width,
  height,
}: {
  mediaId: string;
  title: string;
  src: string;
  width: number | null;
  height: number | null;
}) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const { data: boxes = [], isPending } = useStaffBoxes(mediaId);
  const [editing, setEditing] = useState<{ id: string | null; rect: BoxRect | null; who: Who } | null>(null);
  const create = useCreateBox();
  const update = useUpdateBox();
  const remove = useDeleteBox();
  const fail = (error: Error) => toast.error(say(error));

  const start = (box: StaffBox | null) =>
    setEditing({
      id: box?.id ?? null,
      rect: box ? { x: box.x, y: box.y, w: box.w, h: box.h } : null,
      who: whoOf(box),
    });

  async function save() {
    if (!editing?.rect) return;
    if (editing.who.kind === 'new' && !editing.who.name.trim()) {
      document.getElementById(`${id}-new-name`)?.focus();
      return;
    }
    const body = { ...editing.rect, ...changeOf(editing.who) };
    try {
      if (editing.id) await update.mutateAsync({ id: editing.id, ...body });
      else await create.mutateAsync({ mediaId, ...body });
      toast.success(t('admin.people.box_saved', 'Kassin er goymdur.'));
      setEditing(null);
    } catch (error) {
      fail(error as Error);
    }
  }

  const shown = boxes.filter((box) => box.status !== 'dismissed' && box.id !== editing?.id);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('admin.people.on_photo', 'Fólk á myndini')}
      </h3>
      <BoxDrawer
        src={src}
        alt={title}
        width={width}
        height={height}
        value={editing?.rect ?? null}
        onChange={(rect) =>
          setEditing((e) => (e ? { ...e, rect } : { id: null, rect, who: { kind: 'none' } }))
        }
      >
        {shown.map((box) => (
          <span
            key={box.id}
            aria-hidden="true"
            className={`pointer-events-none absolute border-2 ${box.status === 'suggested' ? 'border-dashed border-orange-400' : 'border-sky-300'} shadow-[0_0_0_1px_rgba(0,0,0,0.8)]`}
            style={{
              left: `${box.x * 100}%`,
              top: `${box.y * 100}%`,
              width: `${box.w * 100}%`,
              height: `${box.h * 100}%`,
            }}
          >
            <span className="absolute top-full left-0 rounded bg-black/85 px-1 text-xs text-white">
              {boxes.indexOf(box) + 1}
            </span>
          </span>
        ))}
      </BoxDrawer>

      {isPending ? null : (
        <ol className="space-y-2">
          {boxes.map((box, i) =>
            box.status === 'dismissed' ? null : (
              <li key={box.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                <span className="font-medium">
                  {i + 1}. {box.person?.name ?? t('people.unnamed', 'Ókendur persónur')}
                  {box.person?.isPrivate && ` (${t('admin.people.private', 'loyndur')})`}
                </span>
                {box.status === 'suggested' && (
                  <span className="text-slate-700">
                    {box.suggestedPerson
                      ? t('admin.people.looks_like', 'Líkist {name}', { name: box.suggestedPerson.name })
                      : t('admin.people.face_offer', 'Uppskot: eitt andlit')}
                  </span>
                )}
                <RowAction
                  label={t('admin.people.edit_box', 'Broyt kassa {n}', { n: i + 1 })}
                  onClick={() => start(box)}
                />
                {box.status === 'suggested' && (
                  <>
                    <RowAction
                      icon={Check}
                      tone="confirm"
                      label={t('admin.people.confirm_box', 'Góðtak kassa {n}', { n: i + 1 })}
                      onClick={() =>
                        update
                          .mutateAsync({
                            id: box.id,
                            status: 'confirmed',
                            ...(box.suggestedPerson ? { personId: box.suggestedPerson.id } : {}),
                          })
                          .catch(fail)
                      }
                    />
                    <RowAction
                      icon={X}
                      label={t('admin.people.dismiss_box', 'Vraka kassa {n}', { n: i + 1 })}
                      onClick={() => update.mutateAsync({ id: box.id, status: 'dismissed' }).catch(fail)}
                    />
                  </>
                )}
                <RowAction
                  icon={Trash2}
                  tone="danger"
                  label={t('admin.people.delete_box', 'Strika kassa {n}', { n: i + 1 })}
                  onClick={() => remove.mutateAsync(box.id).catch(fail)}
                />
              </li>
            ),
          )}
        </ol>
      )}

      {editing ? (
        <BoxForm
          who={editing.who}
          onWho={(who) => setEditing((e) => (e ? { ...e, who } : e))}
          canSave={editing.rect !== null}
          saving={create.isPending || update.isPending}
          onSave={save}
          onCancel={() => setEditing(null)}
          newNameId={`${id}-new-name`}
        />
      ) : (
        <button type="button" className={secondaryButton} onClick={() => start(null)}>
          <Plus aria-hidden="true" className="size-5" />
          {t('admin.people.add_box', 'Merk ein persón')}
        </button>
      )}
    </section>
  );
}

function BoxForm({
  who,
  onWho,
  canSave,
  saving,
  onSave,
  onCancel,
  newNameId,
}: {
  who: Who;
  onWho: (who: Who) => void;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  newNameId: string;
}) {
  const t = useT();
  const id = useId();
  const [q, setQ] = useState('');
  const { data } = usePeopleList(q.trim());
  const people = data?.pages.flatMap((page) => page.items) ?? [];
  const value = who.kind === 'person' ? who.id : who.kind;
  return (
    <div className="space-y-3 rounded-md border border-slate-300 p-3">
      {!canSave && (
        <p className="text-sm text-slate-700">
          {t('admin.people.draw_first', 'Tekna kassan á myndini fyrst (ella far á myndina og trýst á N).')}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
            {t('admin.people.find', 'Leita í listanum')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-who`} className="block text-sm font-medium text-slate-800">
            {t('admin.people.who', 'Hvør er hetta?')}
          </label>
          <select
            id={`${id}-who`}
            value={value}
            onChange={(e) => {
              const v = e.target.value;
              onWho(
                v === 'none'
                  ? { kind: 'none' }
                  : v === 'new'
                    ? { kind: 'new', name: q }
                    : { kind: 'person', id: v },
              );
            }}
            className={input}
          >
            <option value="none">{t('people.unnamed', 'Ókendur persónur')}</option>
            <option value="new">{t('admin.people.new_person', 'Nýggjur persónur…')}</option>
            {who.kind === 'person' && !people.some((p) => p.id === who.id) && (
              <option value={who.id}>{t('admin.people.chosen', 'Valdur persónur')}</option>
            )}
            <PersonOptions people={people} />
          </select>
        </div>
      </div>
      {who.kind === 'new' && (
        <div>
          <label htmlFor={newNameId} className="block text-sm font-medium text-slate-800">
            {t('admin.people.new_name', 'Navn á nýggja persóninum')}
          </label>
          <input
            id={newNameId}
            type="text"
            maxLength={200}
            value={who.name}
            onChange={(e) => onWho({ kind: 'new', name: e.target.value })}
            className={input}
          />
        </div>
      )}
      <div className="flex gap-2">
        <button type="button" className={primaryButton} disabled={!canSave || saving} onClick={onSave}>
          <Save aria-hidden="true" className="size-5" />
          {t('admin.people.save_box', 'Goym kassan')}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('admin.people.cancel', 'Angra')}
        </button>
      </div>
    </div>
  );
}
