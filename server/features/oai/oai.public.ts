/** What the rest of the server may use of OAI-PMH besides its service: XML text escaping (the sitemaps). */
export { xmlText } from './oai-xml.ts';
