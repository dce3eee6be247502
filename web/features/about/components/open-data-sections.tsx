import { useT } from '#web/app/i18n.tsx';
import { Section, textLink } from './section.tsx';

/**
 * What the archive gives beyond its pages: OAI-PMH for harvesters (issue 26 §3), the catalogue's
 * downloads (issue 27 §3), and the map's sources as their licences ask (issue 28).
 */
export function OpenDataSections() {
  const t = useT();
  return (
    <>
      <Section title={t('about.open.heading', 'Open to harvesters')}>
        <p>
          {t(
            'about.open.text',
            'Archives and aggregators can harvest the descriptions of every public item, with its rights statement, over OAI-PMH 2.0 (Dublin Core, metadataPrefix oai_dc; the categories are its sets).',
          )}{' '}
          {/* A server address, not a page of the app: a plain link. */}
          <a href="/oai?verb=Identify" className={textLink}>
            {t('about.open.link', 'OAI-PMH base URL: /oai')}
          </a>
        </p>
      </Section>

      <Section title={t('about.catalogue.heading', 'The catalogue to download')}>
        <p>
          {t(
            'about.catalogue.text',
            'The descriptions of every public item (Dublin Core, as harvesters get them) in one file, as CSV for a spreadsheet or as JSON.',
          )}
        </p>
        <p className="mt-2">
          {/* Files the server writes, not pages of the app: plain links. */}
          <a href="/api/catalogue/catalogue.csv" download className={textLink}>
            {t('about.catalogue.csv', 'Catalogue as CSV')}
          </a>
          {' · '}
          <a href="/api/catalogue/catalogue.json" download className={textLink}>
            {t('about.catalogue.json', 'Catalogue as JSON')}
          </a>
        </p>
      </Section>

      <Section title={t('about.map.heading', 'The map and its sources')}>
        {/* The sources the map and the place list are drawn from, as their licences ask (issue 28). */}
        <ul className="list-disc space-y-1 pl-6">
          <li>
            {t('about.map.coastline', 'Coastline: Natural Earth (public domain)')} ·{' '}
            <a href="https://www.naturalearthdata.com/" className={textLink}>
              naturalearthdata.com
            </a>
          </li>
          <li>
            {t('about.map.leaflet', 'The map is drawn with Leaflet')} ·{' '}
            <a href="https://leafletjs.com/" className={textLink}>
              leafletjs.com
            </a>
          </li>
          <li>
            {t('about.map.places', 'Place names and coordinates © OpenStreetMap contributors, ODbL 1.0')} ·{' '}
            <a href="https://www.openstreetmap.org/copyright" className={textLink}>
              {t('about.map.places_link', 'OpenStreetMap copyright and licence')}
            </a>
          </li>
        </ul>
      </Section>
    </>
  );
}
