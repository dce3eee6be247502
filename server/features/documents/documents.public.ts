/**
 * What the rest of the server may use of the documents besides their service (server/README.md,
 * "Between features"): a document's file is served and its downloads counted (features/files).
 */
export { getDocument, incrementDocumentDownloads } from './documents.repository.ts';
