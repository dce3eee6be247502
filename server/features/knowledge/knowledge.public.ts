/**
 * What the rest of the server may use of the visitors' knowledge besides its routes (server/README.md,
 * "Between features"): an item's credits (the media answer), a contributor's own contributions and
 * their points (the contributor's dashboard), and the pending count (the staff dashboard).
 */
export { getOwnKnowledge, listKnowledgeCredits } from './knowledge.service.ts';
export { countPendingContributions } from './knowledge.repository.ts';
