import { ExternalLink, Search, Settings2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { ModalContent } from '#web/components/modal.tsx';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { IdSearchResult, IdSearchType } from '#common/api/search.ts';
import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { adminScreensFor } from '#web/app/admin-screens.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { toActor, useMe } from '#web/features/auth/index.ts';
import { useIdSearch } from '../api/search-by-id.ts';

const TYPE_TEXTS = {
  media: { key: 'id_search.type.media', label: 'Media' },
  document: { key: 'id_search.type.document', label: 'Document' },
  slideshow: { key: 'id_search.type.slideshow', label: 'Slideshow' },
  category: { key: 'id_search.type.category', label: 'Category' },
  submission: { key: 'id_search.type.submission', label: 'Submission' },
  user: { key: 'id_search.type.user', label: 'User' },
} as const satisfies Record<IdSearchType, { key: string; label: string }>;

const typeLabel = (type: IdSearchType, t: Translate) => t(TYPE_TEXTS[type].key, TYPE_TEXTS[type].label);

const input =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-slate-900 uppercase placeholder:normal-case focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/**
 * The ID search dialog (admin-back-office.md §2, §5): an ID such as PHOTO-00123; a leading # is
 * stripped and the text uppercased. Each result offers Manage (when the user may open that screen)
 * and View Public (public media and slideshows).
 */
export function IdSearchDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${secondaryButton} border-white`}>
        <Search aria-hidden="true" className="size-4" />
        {t('id_search.open', 'Search by ID')}
      </Dialog.Trigger>
      <ModalContent
        title={t('id_search.title', 'Search by ID')}
        description={t(
          'id_search.description',
          'Enter an ID such as PHOTO-00123, DOC-00042, SLIDE-00007 or USER-00001.',
        )}
        closeLabel={t('id_search.close', 'Close')}
      >
        <IdSearchBody onNavigate={() => setOpen(false)} />
      </ModalContent>
    </Dialog.Root>
  );
}

function IdSearchBody({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const search = useIdSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = normalizeDisplayIdQuery(text);
    setEmpty(!id);
    if (!id) {
      search.reset();
      return;
    }
    search.mutate(id);
  };

  let message: string | null = null;
  if (empty) message = t('id_search.empty', 'Please enter an ID to search for');
  else if (search.isError) message = t('id_search.failed', 'Search failed. Please try again.');
  else if (search.data && search.data.results.length === 0)
    message = t('id_search.none', 'No items found with ID "{id}"', { id: search.data.id });

  return (
    <>
      <form className="mt-4 flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {t('id_search.label', 'ID')}
          </label>
          <input
            id={inputId}
            name="id"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="PHOTO-00123"
            className={`${input} mt-1`}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" className={primaryButton} disabled={search.isPending}>
          <Search aria-hidden="true" className="size-4" />
          {search.isPending ? t('id_search.searching', 'Searching...') : t('id_search.submit', 'Search')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {message && (
          <p
            role={empty || search.isError ? 'alert' : undefined}
            className={empty || search.isError ? 'text-red-800' : 'text-slate-700'}
          >
            {message}
          </p>
        )}
        {search.data && search.data.results.length > 0 && (
          <>
            <h3 className="text-sm font-medium text-slate-700">
              {t('id_search.results', '{n} result(s) for {id}', {
                n: search.data.results.length,
                id: search.data.id,
              })}
            </h3>
            <ul className="mt-2 space-y-3">
              {search.data.results.map((result) => (
                <ResultCard key={`${result.type}-${result.id}`} result={result} onNavigate={onNavigate} />
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

function ResultCard({ result, onNavigate }: { result: IdSearchResult; onNavigate: () => void }) {
  const t = useT();
  const { data: user } = useMe();
  const mayManage = adminScreensFor(toActor(user)).some((screen) => screen.path === result.managePath);
  return (
    <li className="flex gap-4 rounded-md border border-slate-200 p-4">
      {result.thumbnailUrl && (
        <img
          src={result.thumbnailUrl}
          alt=""
          className="size-20 shrink-0 rounded object-cover"
          loading="lazy"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded bg-slate-800 px-2 py-0.5 font-mono text-xs font-semibold text-white">
            {result.displayId}
          </span>
          <span className="rounded bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">
            {typeLabel(result.type, t)}
          </span>
        </div>
        <p className="mt-1 font-semibold break-words text-slate-900">{result.title}</p>
        {result.description && <p className="text-sm break-words text-slate-700">{result.description}</p>}
        {(mayManage || result.publicPath) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {mayManage && (
              <Link
                // The screen opens searched for this one record (every list matches a display id).
                to={`${result.managePath}?q=${encodeURIComponent(result.displayId)}`}
                className={primaryButton}
                onClick={onNavigate}
              >
                <Settings2 aria-hidden="true" className="size-4" />
                {t('id_search.manage', 'Manage')}
                <span className="sr-only"> {result.displayId}</span>
              </Link>
            )}
            {result.publicPath && (
              <Link to={result.publicPath} className={secondaryButton} onClick={onNavigate}>
                <ExternalLink aria-hidden="true" className="size-4" />
                {t('id_search.view_public', 'View Public')}
                <span className="sr-only"> {result.displayId}</span>
              </Link>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
