import { ExternalLink, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminSlideshowSummary } from '#common/api/slideshows.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { ListFilters, ListSearch } from '#web/components/list-filters.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import type { ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { useAdminSlideshows, useDeleteSlideshow } from '../api/admin-slideshows.ts';
import { SlideshowCard } from '../components/slideshow-card.tsx';
import { type DialogTarget, SlideshowDialog } from '../components/slideshow-dialog.tsx';

const SLIDESHOW_LIST: ListSpec<never, 'newest'> = { filters: {}, sorts: ['newest'] };

/** Slideshows (/admin/slideshows): every slideshow, public or not, for content staff. */
export function AdminSlideshowsPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(SLIDESHOW_LIST);
  const { params } = list;
  const slideshows = useAdminSlideshows(params);
  const { mutateAsync: deleteSlideshow } = useDeleteSlideshow();
  const [confirm, confirmDialog] = useConfirm();
  const [target, setTarget] = useState<DialogTarget | null>(null);

  const onDelete = async (show: AdminSlideshowSummary) => {
    const yes = await confirm({
      title: t('admin.slideshows.delete_title', 'Delete slideshow?'),
      description: t(
        'admin.slideshows.delete_confirm',
        'Are you sure you want to delete this slideshow? This action cannot be undone.',
      ),
      destructive: true,
    });
    if (!yes) return;
    try {
      await deleteSlideshow(show.id);
      toast.success(t('admin.slideshows.deleted', 'Slideshow deleted successfully!'));
    } catch (error) {
      toast.error(
        errorText(error, { '*': t('admin.slideshows.delete_failed', 'Failed to delete slideshow') }),
      );
    }
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('admin.slideshows.title', 'Slideshows')}</h1>
          <p className="mt-1 text-slate-700">
            {t('admin.slideshows.intro', 'Build slideshows from the media of the archive.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={paths.admin.upload} target="_blank" rel="noopener" className={secondaryButton}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('admin.slideshows.upload_media', 'Upload Media')}
            <span className="sr-only"> {t('admin.slideshows.new_tab', '(opens in a new tab)')}</span>
          </a>
          <Button className={primaryButton} onClick={() => setTarget({ mode: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.slideshows.create', 'Create Slideshow')}
          </Button>
        </div>
      </div>
      <ListFilters label={t('admin.slideshows.search_label', 'Search slideshows')} className="md:grid-cols-2">
        <ListSearch
          value={params.q}
          label={t('admin.slideshows.search', 'Search title or description')}
          buttonText={t('admin.slideshows.search_button', 'Search')}
          onSearch={list.setSearch}
        />
      </ListFilters>
      <div className="mt-6">
        {slideshows.isPending ? (
          <Spinner text={t('admin.slideshows.loading', 'Loading slideshows...')} />
        ) : slideshows.error && slideshows.items.length === 0 ? (
          <Alert tone="error">
            <p>{t('admin.slideshows.load_failed', 'Failed to load slideshows')}</p>
            <Button className={`${secondaryButton} mt-3`} onClick={() => slideshows.refetch()}>
              {t('admin.slideshows.retry', 'Try Again')}
            </Button>
          </Alert>
        ) : slideshows.items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-lg font-semibold text-slate-900">
              {params.q
                ? t('admin.slideshows.empty_filtered', 'No Slideshows Found')
                : t('admin.slideshows.empty', 'No Slideshows Yet')}
            </h2>
            <p className="mt-1 text-slate-700">
              {params.q
                ? t('admin.slideshows.empty_filtered_text', 'No slideshows match this search.')
                : t(
                    'admin.slideshows.empty_text',
                    'Create your first slideshow from the media of the archive.',
                  )}
            </p>
          </div>
        ) : (
          <ul
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={t('admin.slideshows.list', 'Slideshows')}
          >
            {slideshows.items.map((show) => (
              <SlideshowCard
                key={show.id}
                show={show}
                onEdit={() => setTarget({ mode: 'edit', id: show.id })}
                onDelete={() => void onDelete(show)}
              />
            ))}
          </ul>
        )}
        <ListPaging
          list={slideshows}
          onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
          summary={(counts) => t('admin.slideshows.showing', 'Showing {shown} of {total} slideshows', counts)}
        />
      </div>
      <SlideshowDialog target={target} onClose={() => setTarget(null)} />
      {confirmDialog}
    </div>
  );
}
