/**
 * What the rest of the server may use of people on photos besides its routes (server/README.md,
 * "Between features"): the media page's no-script "Suggest a name" (posted to the page's address,
 * which knowledge answers), the names of an item's public people for Dublin Core (a column for a
 * query about `media_items m`: OAI-PMH and the exports) and its named boxes for IIIF, the pending
 * count (the staff dashboard), the people with a page (the sitemap), and a contributor's own names
 * with how many were accepted (the contributor's dashboard).
 */
export { takePersonForm } from './people-form.ts';
export { getOwnNameSuggestions, listPublicNamedBoxes } from './people.service.ts';
export { countPendingSuggestions, listPublicPeople, publicPeopleNames } from './people.repository.ts';
