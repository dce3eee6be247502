/**
 * What other features may use of the visitors' knowledge (web/README.md, "Between features"): the
 * form "Do you know more about this photo?". The media page draws it; the lightbox imports this
 * module only when a visitor asks for the form, so it is a chunk of its own and the home page's
 * first load carries none of it. An item's credits are drawn with its details (media-info-lines.tsx).
 */
export { KnowledgeForm } from './components/knowledge-form.tsx';
