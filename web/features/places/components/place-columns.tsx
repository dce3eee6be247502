import { Pencil, Trash2 } from 'lucide-react';
import type { Place } from '#common/api/places.ts';
import { formatPoint } from '#common/places.ts';
import type { Translate } from '#web/app/i18n.tsx';
import type { Column } from '#web/components/data-table.tsx';

const actionButton =
  'inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-medium text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** The table's columns: both names, the point, where the place came from, edit and delete. */
export function placeColumns(
  t: Translate,
  { onEdit, onDelete }: { onEdit: (place: Place) => void; onDelete: (place: Place) => void },
): Column<Place>[] {
  return [
    {
      id: 'nameFo',
      header: t('admin.places.column.name_fo', 'Faroese name'),
      cell: (place) => place.nameFo,
      rowHeader: true,
    },
    { id: 'nameEn', header: t('admin.places.column.name_en', 'English name'), cell: (place) => place.nameEn },
    {
      id: 'point',
      header: t('admin.places.column.point', 'Point'),
      cell: (place) => formatPoint(place.latitude, place.longitude),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'source',
      header: t('admin.places.column.source', 'Source'),
      cell: (place) =>
        place.source
          ? t('admin.places.source.osm', 'OpenStreetMap')
          : t('admin.places.source.staff', 'Added by staff'),
    },
    {
      id: 'actions',
      header: t('admin.places.column.actions', 'Actions'),
      cell: (place) => (
        <span className="flex flex-wrap gap-1">
          <button type="button" className={actionButton} onClick={() => onEdit(place)}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('admin.places.edit', 'Edit')}
            <span className="sr-only"> {place.nameFo}</span>
          </button>
          <button type="button" className={actionButton} onClick={() => onDelete(place)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('admin.places.delete', 'Delete')}
            <span className="sr-only"> {place.nameFo}</span>
          </button>
        </span>
      ),
    },
  ];
}
