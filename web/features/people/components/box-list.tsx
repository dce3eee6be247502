import { Check, Trash2, X } from 'lucide-react';
import type { StaffBox } from '#common/api/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction } from '#web/components/row-action.tsx';

/**
 * The boxes drawn over the image, numbered as in the list (`shown`: not the turned-down ones nor
 * the one being edited, which the drawer draws); decoration only, the list says it all.
 */
export function BoxOutlines({ boxes, shown }: { boxes: readonly StaffBox[]; shown: readonly StaffBox[] }) {
  return shown.map((box) => (
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
  ));
}

/**
 * The image's boxes as a numbered list: whom each names (a face job's offer with whom it looks
 * like), and its actions: edit, confirm or dismiss an offer, delete.
 */
export function BoxList({
  boxes,
  onEdit,
  onConfirm,
  onDismiss,
  onDelete,
}: {
  boxes: readonly StaffBox[];
  onEdit: (box: StaffBox) => void;
  onConfirm: (box: StaffBox) => void;
  onDismiss: (box: StaffBox) => void;
  onDelete: (box: StaffBox) => void;
}) {
  const t = useT();
  return (
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
              onClick={() => onEdit(box)}
            />
            {box.status === 'suggested' && (
              <>
                <RowAction
                  icon={Check}
                  tone="confirm"
                  label={t('admin.people.confirm_box', 'Góðtak kassa {n}', { n: i + 1 })}
                  onClick={() => onConfirm(box)}
                />
                <RowAction
                  icon={X}
                  label={t('admin.people.dismiss_box', 'Vraka kassa {n}', { n: i + 1 })}
                  onClick={() => onDismiss(box)}
                />
              </>
            )}
            <RowAction
              icon={Trash2}
              tone="danger"
              label={t('admin.people.delete_box', 'Strika kassa {n}', { n: i + 1 })}
              onClick={() => onDelete(box)}
            />
          </li>
        ),
      )}
    </ol>
  );
}
