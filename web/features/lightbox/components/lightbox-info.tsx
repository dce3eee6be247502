import { lazy, Suspense, useState } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { MediaInfoSections, useMedia } from '#web/features/media/index.ts';

/** "Do you know more about this photo?": a chunk of its own, loaded when a visitor asks for it. */
const KnowledgeForm = lazy(() =>
  import('#web/features/knowledge/index.ts').then((m) => ({ default: m.KnowledgeForm })),
);

/**
 * The information panel: a gallery card carries only what the card shows, so the panel asks for
 * the whole item (GET /api/media/:id, cached per item by TanStack Query).
 */
export function LightboxInfo({ id }: { id: string }) {
  const t = useT();
  const { data, error } = useMedia(id);
  if (data)
    return (
      <>
        <MediaInfoSections item={data} level={3} />
        {data.isPublic && (
          <div className="mt-4">
            <TellMore key={data.id} id={data.id} />
          </div>
        )}
      </>
    );
  return (
    <p role={error ? 'alert' : 'status'} className="text-sm text-slate-700">
      {error
        ? t('lightbox.info_error', 'The information could not be loaded.')
        : t('lightbox.info_loading', 'Loading information…')}
    </p>
  );
}

/** The button that opens "Do you know more about this photo?" in the panel, its form loaded then. */
function TellMore({ id }: { id: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100"
        onClick={() => setOpen(true)}
      >
        {t('knowledge.title', 'Veitst tú meira um hesa myndina?')}
      </button>
    );
  return (
    <Suspense fallback={<p role="status">{t('lightbox.info_loading', 'Loading information…')}</p>}>
      <KnowledgeForm mediaId={id} headingLevel={3} autoFocus />
    </Suspense>
  );
}
