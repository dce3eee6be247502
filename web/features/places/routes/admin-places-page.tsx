import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Place } from '#common/api/places.ts';
import { searchPlaces } from '#common/places.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { DataTable } from '#web/components/data-table.tsx';
import { ListFilters, ListSearch } from '#web/components/list-filters.tsx';
import { toast } from '#web/components/toaster.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import type { ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { useDeletePlace } from '../api/admin-places.ts';
import { usePlaces } from '../api/get-places.ts';
import { placeColumns } from '../components/place-columns.tsx';
import { PlaceDialog, type PlaceDialogTarget } from '../components/place-dialog.tsx';

/** The screen's URL state: the search only (the list is by Faroese name). */
export const PLACE_LIST: ListSpec<never> = { filters: {} };

/** A refusal to delete, said on the screen until the next action. */
type Refusal = { name: string; items: number } | null;

/**
 * Places (/admin/places, issue 28 §3): the list staff keep, with Faroese and English names and a
 * point. Searched by either name without regard to accents, as the item's place picker searches it
 * (the whole list, about 120 places, comes at once: GET /api/places); add, edit (names, and the
 * point by typing or a click on the map) and delete. A place items have is not deleted: the
 * server's refusal (PLACE_IN_USE) is shown with how many items have it.
 */
export function AdminPlacesPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(PLACE_LIST);
  const { q } = list.params;
  const places = usePlaces();
  const all = places.data ?? [];
  const shown = useMemo(() => searchPlaces(all, q, all.length), [all, q]);
  const [dialog, setDialog] = useState<PlaceDialogTarget>(null);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const { mutateAsync: deletePlace } = useDeletePlace();
  const [confirm, confirmDialog] = useConfirm();

  const onDelete = async (place: Place) => {
    setRefusal(null);
    const yes = await confirm({
      title: t('admin.places.delete_title', 'Delete place?'),
      description: t('admin.places.delete_confirm', 'Delete {name} from the list of places?', {
        name: place.nameFo,
      }),
      destructive: true,
    });
    if (!yes) return;
    try {
      await deletePlace(place.id);
      toast.success(t('admin.places.deleted', '{name} deleted', { name: place.nameFo }));
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'PLACE_IN_USE') {
        const items = Number(error.details.items);
        setRefusal({ name: place.nameFo, items: Number.isFinite(items) ? items : 0 });
      } else
        toast.error(
          errorText(error, {
            INTERNAL: t('admin.places.delete_failed', 'Failed to delete the place'),
            '*': t('admin.places.delete_failed', 'Failed to delete the place'),
          }),
        );
    }
  };

  const columns = placeColumns(t, { onEdit: setDialog, onDelete: (place) => void onDelete(place) });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('admin.places.title', 'Places')}</h1>
          <p className="mt-1 text-slate-700">
            {t(
              'admin.places.intro',
              'The places staff give items: each with its Faroese and English name and its point on the map.',
            )}
          </p>
        </div>
        <Button
          className={primaryButton}
          onClick={() => {
            setRefusal(null);
            setDialog('new');
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.places.new', 'New place')}
        </Button>
      </div>
      <ListFilters label={t('admin.places.filters', 'Search places')} className="sm:grid-cols-1">
        <ListSearch
          value={q}
          label={t('admin.places.list_search', 'Search places by Faroese or English name')}
          buttonText={t('admin.places.search_button', 'Search')}
          onSearch={list.setSearch}
        />
      </ListFilters>
      <div className="mt-6 space-y-3">
        {refusal && (
          <Alert tone="error">
            {refusal.items === 1
              ? t(
                  'admin.places.in_use_one',
                  '{name} is the place of 1 item: give it another place before deleting it.',
                  { name: refusal.name },
                )
              : t(
                  'admin.places.in_use',
                  '{name} is the place of {count} items: give them another place before deleting it.',
                  { name: refusal.name, count: refusal.items },
                )}
          </Alert>
        )}
        {places.data && (
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('admin.places.showing', 'Showing {shown} of {total} places', {
              shown: shown.length,
              total: all.length,
            })}
          </p>
        )}
        <DataTable
          caption={t('admin.places.caption', 'Places')}
          captionHidden
          columns={columns}
          rows={shown}
          rowKey={(place) => place.id}
          isLoading={places.isPending}
          isFetching={places.isFetching}
          error={places.error}
          errorText={t('admin.places.load_failed', 'The list of places could not be loaded.')}
          onRetry={() => void places.refetch()}
          empty={
            q ? (
              <div className="text-center">
                <p className="text-slate-700">
                  {t('admin.places.empty_search', 'No place matches "{q}".', { q })}
                </p>
                <Button className={`${secondaryButton} mt-3`} onClick={() => list.setSearch('')}>
                  {t('admin.places.clear_search', 'Clear search')}
                </Button>
              </div>
            ) : (
              <p className="text-center text-slate-700">{t('admin.places.empty', 'No places yet.')}</p>
            )
          }
        />
      </div>
      <PlaceDialog target={dialog} onClose={() => setDialog(null)} />
      {confirmDialog}
    </div>
  );
}
