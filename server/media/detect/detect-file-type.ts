import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { type MediaType, mediaTypeFromMime } from '#common/enums.ts';
import {
  fileTooSmallMessage,
  fileTypeMessage,
  type IngestContext,
  MIN_FILE_BYTES,
  resolveAcceptedType,
  safeDisplayFileName,
} from '#common/file-types.ts';

export type FileTypeDetection =
  | { ok: true; mime: string; extension: string; mediaType: MediaType }
  | { ok: false; code: 'unsupported_type' | 'empty' | 'dangerous'; message: string };

/** How much of a file is read for the text check (the first 1 KB of it for the markup check). */
export const TEXT_SAMPLE_BYTES = 64 * 1024;
const MARKUP_SAMPLE_BYTES = 1024;
/** An ASF header larger than this (cover art, long tags) is only searched this far for a video stream. */
const ASF_HEADER_SAMPLE_BYTES = 1024 * 1024;

/** Types a sniffer may report that a browser would run as a page or script. */
const DANGEROUS_MIMES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/xml',
  'text/xml',
  'application/javascript',
  'text/javascript',
  'application/x-sh',
  'text/x-shellscript',
]);

const ASF_MIMES = new Set(['video/x-ms-asf', 'audio/x-ms-asf', 'application/vnd.ms-asf']);

/**
 * The type of an uploaded file, decided by its content (magic bytes), never by its name or the
 * Content-Type the client sent (DESIGN §4.5); the name only tells .doc from .xls, which share one
 * container format. The result is checked against the context's allow-list (common/file-types.ts).
 *
 * A polyglot (a JPEG with HTML in a comment or after its end) is detected as what it starts with.
 * That is safe here because files are only ever served with the type recorded here and
 * `X-Content-Type-Options: nosniff`, and the public sees re-encoded derivatives of images, never
 * the bytes as uploaded; decoding (and refusing undecodable or oversized images) happens later.
 */
export async function detectFileType(
  filePath: string,
  context: IngestContext,
  originalName: string,
): Promise<FileTypeDetection> {
  const { size, head } = await readHead(filePath, TEXT_SAMPLE_BYTES);
  if (size === 0) return { ok: false, code: 'empty', message: fileTooSmallMessage(MIN_FILE_BYTES) };
  if (startsLikeMarkupOrScript(head)) return dangerous(originalName);

  let detected = await sniff(filePath);
  if (detected !== undefined && DANGEROUS_MIMES.has(detected)) return dangerous(originalName);
  if (detected !== undefined && ASF_MIMES.has(detected)) {
    detected = (await asfHasVideoStream(filePath, size)) ? 'video/x-ms-asf' : detected;
  }
  // file-type takes any file starting with "BM" for a bitmap; a real one has a known DIB header.
  if (detected === 'image/bmp' && !hasBitmapInfoHeader(head)) detected = undefined;

  let accepted = detected === undefined ? undefined : resolveAcceptedType(context, detected, originalName);
  // Plain text has no magic bytes, and some of file-type's signatures are short printable strings
  // ("FORM", "ID3", "MP+") that a text may start with: valid UTF-8 without NUL bytes is text.
  if (accepted === undefined && isPlainText(head, size <= head.length)) {
    accepted = resolveAcceptedType(context, 'text/plain', originalName);
  }
  if (accepted === undefined) {
    return { ok: false, code: 'unsupported_type', message: fileTypeMessage(context) };
  }
  return {
    ok: true,
    mime: accepted.mime,
    extension: accepted.extension,
    mediaType: mediaTypeFromMime(accepted.mime),
  };
}

function dangerous(originalName: string): FileTypeDetection {
  return {
    ok: false,
    code: 'dangerous',
    message: `"${safeDisplayFileName(originalName)}" looks like a web page or script, which cannot be accepted`,
  };
}

async function sniff(filePath: string): Promise<string | undefined> {
  try {
    return (await fileTypeFromFile(filePath))?.mime;
  } catch {
    // file-type gives up on some malformed containers by throwing; such a file has no known type.
    return undefined;
  }
}

async function readHead(filePath: string, length: number): Promise<{ size: number; head: Uint8Array }> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(size, length));
    let filled = 0;
    while (filled < head.length) {
      const { bytesRead } = await handle.read(head, filled, head.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { size, head: head.subarray(0, filled) };
  } finally {
    await handle.close();
  }
}

const WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const TAG_END = new Set([...WHITESPACE, 0x2f, 0x3a, 0x3e]); // whitespace / : >
// The WHATWG MIME Sniffing Standard's HTML patterns, plus SVG/XML and media-carrying tags.
const MARKUP_TAGS = [
  'html',
  'head',
  'body',
  'script',
  'iframe',
  'svg',
  'style',
  'title',
  'h1',
  'div',
  'font',
  'table',
  'a',
  'b',
  'br',
  'p',
  'meta',
  'link',
  'object',
  'embed',
  'img',
  'math',
  'xml',
];
const MARKUP_PREFIXES = ['<!doctype', '<!--', '<?', '#!'];

/**
 * True when the first 1 KB, after an optional UTF-8 byte-order mark and whitespace, starts like an
 * HTML page, an SVG or XML document, or a script (`#!`): what a browser might render or run.
 */
export function startsLikeMarkupOrScript(bytes: Uint8Array): boolean {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  const end = Math.min(bytes.length, MARKUP_SAMPLE_BYTES);
  while (start < end && WHITESPACE.has(bytes[start]!)) start++;
  // Lower-cased ASCII of what follows; other bytes can only fail the comparisons below.
  let text = '';
  for (let i = start; i < Math.min(end, start + 32); i++) {
    const byte = bytes[i]!;
    text += String.fromCharCode(byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);
  }
  if (MARKUP_PREFIXES.some((prefix) => text.startsWith(prefix))) return true;
  return MARKUP_TAGS.some((tag) => {
    if (!text.startsWith(`<${tag}`)) return false;
    const next = start + tag.length + 1;
    return next >= end || TAG_END.has(bytes[next]!);
  });
}

/**
 * True when the sample is UTF-8 text without NUL bytes. A sample that stops before the end of the
 * file may cut a multi-byte character in two, which is not an error; at the end of the file it is.
 */
export function isPlainText(sample: Uint8Array, isWholeFile: boolean): boolean {
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !isWholeFile });
    return true;
  } catch {
    return false;
  }
}

/** The sizes of the Windows bitmap headers (BITMAPCOREHEADER … BITMAPV5HEADER). */
const DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function hasBitmapInfoHeader(head: Uint8Array): boolean {
  if (head.length < 18) return false;
  const dibSize = head[14]! | (head[15]! << 8) | (head[16]! << 16) | (head[17]! << 24);
  return DIB_HEADER_SIZES.has(dibSize);
}

// ASF GUIDs as stored (little-endian fields): Stream Properties Object and the video media type.
const ASF_STREAM_PROPERTIES = Uint8Array.from([
  0x91, 0x07, 0xdc, 0xb7, 0xb7, 0xa9, 0xcf, 0x11, 0x8e, 0xe6, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65,
]);
const ASF_VIDEO_MEDIA = Uint8Array.from([
  0xc0, 0xef, 0x19, 0xbc, 0x4d, 0x5b, 0xcf, 0x11, 0xa8, 0xfd, 0x00, 0x80, 0x5f, 0x5c, 0x44, 0x2b,
]);

/**
 * True when the ASF header declares a video stream anywhere. file-type stops at the first stream,
 * and a WMV often lists its sound track first.
 */
async function asfHasVideoStream(filePath: string, size: number): Promise<boolean> {
  const { head } = await readHead(filePath, Math.min(size, 24));
  if (head.length < 24) return false;
  const declared = Number(new DataView(head.buffer, head.byteOffset).getBigUint64(16, true));
  const { head: header } = await readHead(filePath, Math.min(declared, ASF_HEADER_SAMPLE_BYTES));
  return asfHeaderHasVideoStream(header);
}

export function asfHeaderHasVideoStream(header: Uint8Array): boolean {
  const bytes = Buffer.from(header.buffer, header.byteOffset, header.length);
  for (
    let at = bytes.indexOf(ASF_STREAM_PROPERTIES);
    at !== -1;
    at = bytes.indexOf(ASF_STREAM_PROPERTIES, at + 1)
  ) {
    // Object GUID (16 bytes), object size (8), then the stream type GUID.
    if (bytes.subarray(at + 24, at + 40).equals(ASF_VIDEO_MEDIA)) return true;
  }
  return false;
}
