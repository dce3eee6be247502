import {
  acceptFor,
  fileExtension,
  fileTooLargeMessage,
  fileTooSmallMessage,
  fileTypeMessage,
  INGEST_LIMITS,
  isIgnoredSystemFile,
  MIN_FILE_BYTES,
  TOO_MANY_FILES_MESSAGE,
} from '../../../../common/file-types.ts';
import { fileKey, type RefusedFile } from './file-item.ts';

const ACCEPT = acceptFor('submission');
const MIME_TYPES = new Set(Object.keys(ACCEPT));
const EXTENSIONS = new Set(Object.values(ACCEPT).flat());
const LIMITS = INGEST_LIMITS.submission;

/** The picker's `accept` attribute: every mime type and extension of the allow-list. */
export const SUBMISSION_ACCEPT = [...MIME_TYPES, ...EXTENSIONS].join(',');

/**
 * As react-dropzone decides: a known extension or a known mime type. Browsers leave the type
 * empty for some formats (.flv, .wmv on many systems), so the name counts too; the server decides
 * from the content in the end.
 */
function isAcceptedType(file: File): boolean {
  return EXTENSIONS.has(`.${fileExtension(file.name)}`) || MIME_TYPES.has(file.type.toLowerCase());
}

function refusalOf(file: File): string | null {
  if (!isAcceptedType(file)) return fileTypeMessage('submission');
  if (file.size > LIMITS.maxBytes) return fileTooLargeMessage(LIMITS.maxBytes);
  if (file.size < MIN_FILE_BYTES) return fileTooSmallMessage(MIN_FILE_BYTES);
  return null;
}

/**
 * Splits newly chosen files into those added to the list and those refused with the spec's
 * reasons (public-site.md §5). System litter from a dropped folder is left out silently, and a
 * file already in the list is not added twice. Files beyond the 5 allowed are refused.
 */
export function checkFiles(
  incoming: readonly File[],
  alreadyChosen: readonly File[],
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
      refusalOf(file) ??
      (alreadyChosen.length + accepted.length >= LIMITS.maxFiles ? TOO_MANY_FILES_MESSAGE : null);
    if (reason) refused.push({ key: `${key}:${index}`, name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, refused };
}
