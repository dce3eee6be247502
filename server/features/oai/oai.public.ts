/**
 * What the rest of the server may use of OAI-PMH besides its service: XML text escaping (the
 * sitemaps), an item's oai_dc record (the preservation package's Dublin Core sidecars), and
 * the harvest thread's bundle (the production build writes it beside the server's).
 */
export { buildOaiWorker, OAI_WORKER_FILE } from './oai-thread.ts';
export { oaiDc, xmlText } from './oai-xml.ts';
