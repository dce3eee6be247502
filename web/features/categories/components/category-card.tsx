import { Pencil, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import type { AdminCategory } from '#common/api/categories.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { FOLDER_ICON } from '../lib/category-presets.ts';

const small = `${secondaryButton} px-2.5 py-1 text-sm`;

/** Whole-number share of the collection, for the bar and its text. */
export function sharePercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/**
 * One category card (admin-back-office.md §2): name, description, colour, icon, item and view
 * counts, '+N this week', the share of the whole collection, creation date, Active/Unused, the
 * visibility toggle, edit and delete.
 */
export function CategoryCard({
  category,
  totalMedia,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  category: AdminCategory;
  totalMedia: number | undefined;
  toggling: boolean;
  onToggle: (isPublic: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const switchId = useId();
  const headingId = useId();
  const share = sharePercent(category.mediaCount, totalMedia ?? 0);
  const active = category.mediaCount > 0;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm"
      style={{ borderTop: `4px solid ${category.color}` }}
    >
      <div className="flex items-start gap-3 p-4">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-lg text-2xl"
          style={{ backgroundColor: `${category.color}26` }}
        >
          {category.icon || FOLDER_ICON}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            {category.name}
          </h2>
          <p className="text-xs text-slate-700">{category.displayId}</p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
            active ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'
          }`}
        >
          {active ? t('admin.categories.active', 'Active') : t('admin.categories.unused', 'Unused')}
        </span>
      </div>
      <div className="flex-1 space-y-3 px-4">
        {category.description ? (
          <p className="text-sm text-slate-800">{category.description}</p>
        ) : (
          <p className="text-sm text-slate-700 italic">
            {t('admin.categories.no_description', 'No description')}
          </p>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
          <span>{t('admin.categories.items', '{count} items', { count: category.mediaCount })}</span>
          <span>{t('admin.categories.views', '{count} views', { count: category.viewCount })}</span>
          {category.recentUploads > 0 && (
            <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
              {t('admin.categories.this_week', '+{count} this week', { count: category.recentUploads })}
            </span>
          )}
        </p>
        <div>
          <div className="flex justify-between text-xs text-slate-700">
            <span>{t('admin.categories.share', 'Share of collection')}</span>
            <span>{share}%</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200">
            <div
              className="h-full rounded-full"
              style={{ width: `${share}%`, backgroundColor: category.color }}
            />
          </div>
        </div>
        <p className="text-xs text-slate-700">
          {t('admin.categories.created_on', 'Created {date}', {
            date: new Date(category.createdAt).toLocaleDateString('en-GB'),
          })}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 p-3">
        <div className="flex items-center gap-2">
          <Switch.Root
            id={switchId}
            checked={category.isPublic}
            disabled={toggling}
            onCheckedChange={onToggle}
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60 data-[state=checked]:bg-blue-700"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          <label htmlFor={switchId} className="text-sm text-slate-800">
            <span className="sr-only">{category.name}: </span>
            {t('admin.categories.public', 'Public')}
          </label>
        </div>
        <span className="flex-1" />
        <Button
          className={small}
          aria-label={t('admin.categories.edit_named', 'Edit {name}', { name: category.name })}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('admin.categories.edit', 'Edit')}
        </Button>
        <Button
          className={`${small} text-red-800`}
          aria-label={t('admin.categories.delete_named', 'Delete {name}', { name: category.name })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('admin.categories.delete', 'Delete')}
        </Button>
      </div>
    </article>
  );
}
