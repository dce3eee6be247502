import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { StaffBox } from '#common/api/people.ts';
import type { BoxRect } from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useCreateBox, useDeleteBox, useStaffBoxes, useUpdateBox } from '../api/admin-people.ts';
import { changeOf, type Who, whoOf } from '../lib/box-who.ts';
import { BoxDrawer } from './box-drawer.tsx';
import { BoxForm } from './box-form.tsx';
import { BoxList, BoxOutlines } from './box-list.tsx';

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
        <BoxOutlines boxes={boxes} shown={shown} />
      </BoxDrawer>

      {isPending ? null : (
        <BoxList
          boxes={boxes}
          onEdit={start}
          onConfirm={(box) =>
            update
              .mutateAsync({
                id: box.id,
                status: 'confirmed',
                ...(box.suggestedPerson ? { personId: box.suggestedPerson.id } : {}),
              })
              .catch(fail)
          }
          onDismiss={(box) => update.mutateAsync({ id: box.id, status: 'dismissed' }).catch(fail)}
          onDelete={(box) => remove.mutateAsync(box.id).catch(fail)}
        />
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
