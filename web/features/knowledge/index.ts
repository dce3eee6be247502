/**
 * What other features may use of the visitors' knowledge (web/README.md, "Between features"): the
 * form "Do you know more about this photo?" (the media page draws it; the lightbox loads it when
 * asked, a chunk of its own, so the home page's first load carries none of it) and an item's credits.
 */
export { KnowledgeForm } from './components/knowledge-form.tsx';
export { KnowledgeCredits } from './components/knowledge-credits.tsx';
export const loadKnowledgeForm = () =>
  import('./components/knowledge-form.tsx').then((m) => ({ default: m.KnowledgeForm }));
