import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { usePeopleList } from '../api/admin-people.ts';
import type { Who } from '../lib/box-who.ts';
import { PersonOptions } from './person-options.tsx';

const input = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900';

/**
 * Who the box being drawn or edited names: someone from the list (searched by name), nobody, or a
 * new person by name; then save or cancel. Saving waits until a box is drawn.
 */
export function BoxForm({
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
