/**
 * What the rest of the server may use of OAI-PMH besides its service: XML text escaping (the
 * sitemaps), and an item's oai_dc record (the preservation package's Dublin Core sidecars).
 */
export { oaiDc, xmlText } from './oai-xml.ts';
