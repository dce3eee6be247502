import { Merge, Pencil, Trash2 } from 'lucide-react';
import type { StaffPerson } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction, RowActionLink } from '#web/components/row-action.tsx';

/**
 * One person in the staff's list: name (and 'private'), years, on how many photos, the note, and
 * the actions: their public page (when they are named in public), edit, merge (when there is
 * another to merge with) and delete.
 */
export function PersonRow({
  person,
  canMerge,
  onEdit,
  onMerge,
  onDelete,
}: {
  person: StaffPerson;
  canMerge: boolean;
  onEdit: () => void;
  onMerge: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
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
        {person.note && <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{person.note}</p>}
      </div>
      <div className="flex gap-2">
        {!person.isPrivate && person.boxes > 0 && (
          <RowActionLink to={paths.person(person.id)} label={t('admin.people.page', 'Síðan')} />
        )}
        <RowAction
          icon={Pencil}
          label={t('admin.media.edit', 'Edit')}
          aria-label={t('admin.people.edit_named', 'Broyt {name}', { name: person.name })}
          onClick={onEdit}
        />
        {canMerge && (
          <RowAction
            icon={Merge}
            label={t('admin.people.merge', 'Legg saman')}
            aria-label={t('admin.people.merge_named', 'Legg {name} saman við ein annan', {
              name: person.name,
            })}
            onClick={onMerge}
          />
        )}
        <RowAction
          icon={Trash2}
          tone="danger"
          label={t('admin.media.delete', 'Delete')}
          aria-label={t('admin.people.delete_named', 'Strika {name}', { name: person.name })}
          onClick={onDelete}
        />
      </div>
    </div>
  );
}
