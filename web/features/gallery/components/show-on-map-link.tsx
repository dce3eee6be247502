import { Link, useNavigate } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { patchGalleryParams } from '../lib/gallery-params.ts';

/** The map with the gallery's filters (what the gallery's view and lightbox add is left behind). */
const mapHref = (search: URLSearchParams) =>
  `${paths.map}?${patchGalleryParams(search, { sort: null, view: null, item: null, from: null })}`;

/** 'Show on the map': the same filters on the map (issue 28 §4). */
export function ShowOnMapLink({ searchParams }: { searchParams: URLSearchParams }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <p>
      {/* The server draws it from the request's address; a click takes the address bar's, never
          the last drawn one: during a navigation's transition the drawn parameters are the old
          ones, and a fast click would follow the old filters. */}
      <Link
        to={mapHref(searchParams)}
        onClick={(event) => {
          const fresh = mapHref(new URLSearchParams(window.location.search));
          event.currentTarget.setAttribute('href', fresh);
          // Another button or a modifier: the browser opens the (now fresh) href itself.
          if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          navigate(fresh);
        }}
        className="rounded font-medium text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t('map.show_on_map', 'Vís á kortinum')}
      </Link>
    </p>
  );
}
