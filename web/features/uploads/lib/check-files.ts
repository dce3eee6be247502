import {
  type IngestContext,
  acceptFor,
  fileExtension,
  fileTooLargeMessage,
  fileTooSmallMessage,
  fileTypeMessage,
  INGEST_LIMITS,
  isIgnoredSystemFile,
  MIN_FILE_BYTES,
  TOO_MANY_FILES_MESSAGE,
} from '#common/file-types.ts';

/** A file the picker refused, with the reason shown beside it. */
export type RefusedFile = { key: string; name: string; reason: string };

/** Same file chosen twice: same name, size and modification time. */
export function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function allowList(context: IngestContext) {
  const accept = acceptFor(context);
  return { mimeTypes: new Set(Object.keys(accept)), extensions: new Set(Object.values(accept).flat()) };
}

/** The picker's `accept` attribute: every mime type and extension of the context's allow-list. */
export function acceptAttribute(context: IngestContext): string {
  const { mimeTypes, extensions } = allowList(context);
  return [...mimeTypes, ...extensions].join(',');
}

/**
 * As react-dropzone decides: a known extension or a known mime type. Browsers leave the type
 * empty for some formats (.flv, .wmv on many systems), so the name counts too; the server decides
 * from the content in the end.
 */
function isAcceptedType(file: File, context: IngestContext): boolean {
  const { mimeTypes, extensions } = allowList(context);
  return extensions.has(`.${fileExtension(file.name)}`) || mimeTypes.has(file.type.toLowerCase());
}

function refusalOf(file: File, context: IngestContext): string | null {
  const { maxBytes } = INGEST_LIMITS[context];
  if (!isAcceptedType(file, context)) return fileTypeMessage(context);
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes);
  if (file.size < MIN_FILE_BYTES) return fileTooSmallMessage(MIN_FILE_BYTES);
  return null;
}

/**
 * Splits newly chosen files into those added to the list and those refused with the spec's
 * reasons (public-site.md §5, admin-back-office.md §5). System litter from a dropped folder is
 * left out silently, and a file already in the list is not added twice. Files beyond the
 * context's allowance (5 for a submission, 20 for a staff upload) are refused.
 */
export function checkFiles(
  incoming: readonly File[],
  alreadyChosen: readonly File[],
  context: IngestContext = 'submission',
): { accepted: File[]; refused: RefusedFile[] } {
  const seen = new Set(alreadyChosen.map(fileKey));
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const [index, file] of incoming.entries()) {
    if (isIgnoredSystemFile(file.name)) continue;
    const key = fileKey(file);
    if (seen.has(key)) continue;
    seen.add(key);
    const reason =
      refusalOf(file, context) ??
      (alreadyChosen.length + accepted.length >= INGEST_LIMITS[context].maxFiles
        ? TOO_MANY_FILES_MESSAGE
        : null);
    if (reason) refused.push({ key: `${key}:${index}`, name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, refused };
}
