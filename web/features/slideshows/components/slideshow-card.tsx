import { Images, Pencil, Play, Trash2 } from 'lucide-react';
import type { AdminSlideshowSummary } from '#common/api/slideshows.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { RowAction, RowActionLink } from '#web/components/row-action.tsx';
import { toast } from '#web/components/toaster.tsx';
import { VisibilityToggles } from '#web/components/visibility-toggles.tsx';
import { useUpdateSlideshow } from '../api/admin-slideshows.ts';

/** One slideshow's card: covers, title, count, toggles, edit, delete and the public player. */
export function SlideshowCard({
  show,
  onEdit,
  onDelete,
}: {
  show: AdminSlideshowSummary;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const update = useUpdateSlideshow();
  const toggle = (change: { isPublic: boolean } | { isFeatured: boolean }) =>
    update.mutate(
      { id: show.id, body: change },
      { onError: () => toast.error(t('admin.slideshows.save_failed', 'Failed to save slideshow')) },
    );
  const pendingChange = update.isPending ? update.variables?.body : undefined;
  const isPublic = pendingChange?.isPublic ?? show.isPublic;
  const isFeatured = pendingChange?.isFeatured ?? show.isFeatured;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="grid aspect-[4/3] grid-cols-2 grid-rows-2 gap-0.5 bg-slate-100">
        {show.covers.length === 0 ? (
          <span className="col-span-2 row-span-2 flex items-center justify-center text-slate-500">
            <Images aria-hidden="true" className="size-10" />
          </span>
        ) : (
          show.covers.map((src, i) => (
            <img
              key={src}
              src={src}
              alt=""
              loading="lazy"
              className={`size-full object-cover ${show.covers.length === 1 ? 'col-span-2 row-span-2' : ''} ${
                show.covers.length === 3 && i === 0 ? 'row-span-2' : ''
              }`}
            />
          ))
        )}
      </div>
      <div className="flex grow flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold break-words text-slate-900">{show.title}</h2>
        {show.description && <p className="text-sm break-words text-slate-700">{show.description}</p>}
        <p className="text-xs text-slate-700">
          {show.displayId} · {t('admin.slideshows.slide_count', '{count} slides', { count: show.slideCount })}{' '}
          · <time dateTime={show.createdAt}>{new Date(show.createdAt).toLocaleDateString('en-GB')}</time>
        </p>
        <VisibilityToggles
          name={show.title}
          isPublic={isPublic}
          isFeatured={isFeatured}
          onChange={toggle}
          labels={{
            public: t('admin.slideshows.public', 'Public'),
            featured: t('admin.slideshows.featured', 'Featured'),
          }}
        />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <RowAction
            icon={Pencil}
            label={t('admin.slideshows.edit', 'Edit')}
            name={show.title}
            onClick={onEdit}
          />
          {show.isPublic && (
            <RowActionLink
              icon={Play}
              label={t('admin.slideshows.play', 'Play')}
              name={show.title}
              to={paths.slideshow(show.id)}
            />
          )}
          <RowAction
            icon={Trash2}
            tone="danger"
            label={t('admin.slideshows.delete', 'Delete')}
            name={show.title}
            onClick={onDelete}
          />
        </div>
      </div>
    </li>
  );
}
