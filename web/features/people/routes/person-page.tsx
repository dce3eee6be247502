import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '#common/paths.ts';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMissingItem } from '#web/lib/boot-data.ts';
import { personPath, usePerson } from '../api/public-people.ts';

/**
 * A person's page (/people/:id, issue 29 §2): their name, years and note, and every public photo
 * they are named on. A private person, or one on no public photo, is not found (the server's 404).
 */
export function PersonPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = usePerson(id);
  const missing = useMissingItem(personPath(id), query);
  const { data, error, isPending } = query;
  useDocumentTitle(data?.person.name ?? (missing ? t('person.not_found_title', 'Person Not Found') : null));

  if (missing)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-900">
          {t('person.not_found_title', 'Person Not Found')}
        </h1>
        <p className="mt-3 text-slate-700">
          {t('person.not_found_text', 'Eingin persónur við hesum navni er á almennu myndunum.')}
        </p>
        <Link
          to={paths.home}
          className="mt-6 inline-flex items-center gap-1 font-medium text-blue-700 underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('media.back_to_gallery', 'Back to Gallery')}
        </Link>
      </div>
    );
  if (isPending) return <Spinner text={t('media.loading', 'Loading...')} />;
  if (error)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert tone="error">{t('person.load_failed', 'Tað bar ikki til at heinta hesa síðuna.')}</Alert>
      </div>
    );

  const { person, items } = data;
  const years = [person.born, person.died].filter(Boolean).join('–');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <Link
        to={paths.home}
        className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('media.back_to_gallery', 'Back to Gallery')}
      </Link>
      <h1 className="mt-3 text-3xl font-bold break-words text-slate-900">{person.name}</h1>
      {years && <p className="mt-1 text-slate-700">{years}</p>}
      {person.note && <p className="mt-3 max-w-3xl whitespace-pre-line text-slate-800">{person.note}</p>}
      <h2 className="mt-8 text-xl font-semibold text-slate-900">
        {t('person.photos', 'Myndir ({n})', { n: items.length })}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={paths.media(item.id)}
              className="block rounded-lg border border-slate-200 p-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {item.thumb ? (
                <img
                  src={item.thumb}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded object-cover"
                />
              ) : (
                <div aria-hidden="true" className="aspect-[4/3] w-full rounded bg-slate-100" />
              )}
              <span className="mt-2 block font-medium break-words text-slate-900">{item.title}</span>
              <span className="block text-sm text-slate-700">
                {item.displayId}
                {item.originalDate ? ` · ${item.originalDate}` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
