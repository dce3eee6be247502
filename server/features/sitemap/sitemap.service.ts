import { paths } from '#common/paths.ts';
import type { AppContext } from '#server/http/context.ts';
import { xmlText } from '../oai/oai.public.ts';
import { listPublicPeople } from '../people/people.public.ts';
import * as repo from './sitemap.repository.ts';

/**
 * Sitemaps for search engines (issue 26 §7, sitemaps.org 0.9): an index at /sitemap.xml naming
 * one page of the site's own pages and slideshows and one page per SITEMAP_PAGE_SIZE public
 * items (the protocol's limit is 50,000 URLs a file), each URL with its `lastmod`.
 */
export const SITEMAP_PAGE_SIZE = 50_000;
const READ_CHUNK = 5_000;
/** Person pages in the pages' sitemap; with at most a few thousand slideshows it stays under 50,000 URLs. */
const PEOPLE_IN_SITEMAP = 40_000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const url = (loc: string, lastmod?: Date) =>
  `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

export function createSitemaps(ctx: Pick<AppContext, 'db' | 'config'>, pageSize = SITEMAP_PAGE_SIZE) {
  const base = ctx.config.publicUrl;
  return {
    robots(): string {
      return [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /login',
        'Disallow: /contributor/',
        'Allow: /',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n');
    },

    async index(): Promise<string> {
      const pages = await repo.listItemPages(ctx.db, pageSize);
      const entry = (loc: string, lastmod?: Date) =>
        `<sitemap><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</sitemap>`;
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">${entry(
        `${base}/sitemaps/pages.xml`,
      )}${pages.map((p) => entry(`${base}/sitemaps/items/${p.first_id}.xml`, new Date(p.lastmod))).join('')}</sitemapindex>`;
    },

    async pages(): Promise<string> {
      const [shows, people] = await Promise.all([
        repo.listPublicSlideshows(ctx.db),
        // The pages of the people named on public photos (issue 29 §2); never a private person.
        listPublicPeople(ctx.db, PEOPLE_IN_SITEMAP),
      ]);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${[
        paths.home,
        paths.about,
        paths.map,
        paths.submit,
      ]
        .map((path) => url(`${base}${path}`))
        .join('')}${shows.map((s) => url(`${base}${paths.slideshow(s.id)}`, s.updated_at)).join('')}${people
        .map((p) => url(`${base}${paths.person(p.id)}`, p.updated_at))
        .join('')}</urlset>`;
    },

    /** One page of items from `fromId`, streamed in chunks. */
    async *items(fromId: string): AsyncGenerator<string> {
      yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">`;
      let sent = 0;
      let after: string | null = null;
      while (sent < pageSize) {
        const rows = await repo.listItemsFrom(ctx.db, fromId, after, Math.min(READ_CHUNK, pageSize - sent));
        if (rows.length === 0) break;
        yield rows.map((row) => url(`${base}${paths.media(row.id)}`, row.updated_at)).join('');
        sent += rows.length;
        after = rows.at(-1)?.id ?? null;
      }
      yield '</urlset>';
    },
  };
}
