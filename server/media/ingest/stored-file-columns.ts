import type { IngestedFile } from './ingest-file.ts';

/** The columns every row that owns a stored file records (documents, items, submissions). */
export function storedFileColumns(file: IngestedFile) {
  return {
    file_key: file.fileKey,
    file_name: file.fileName,
    file_size: file.fileSize,
    mime_type: file.mimeType,
    sha256: file.sha256,
  };
}

/** The stored-file columns of media items and submissions: also what the image probe found. */
export function mediaFileColumns(file: IngestedFile) {
  return {
    ...storedFileColumns(file),
    media_type: file.mediaType,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    file_metadata: file.metadata,
    dhash: file.hashes?.upright ?? null,
    dhash_turns: file.hashes?.turns ?? null,
  };
}
