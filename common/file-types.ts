/**
 * Which files each way into the archive accepts (public-site §5 file picker, admin §5 Upload and
 * Document upload), as data both sides use: the web builds its pickers from it, the server
 * checks the type it detected from the file's content against it (DESIGN §4.5).
 * No Node imports: the web imports this file too.
 */
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from './limits.ts';

/** Public submission, staff media upload, staff document upload. */
export type IngestContext = 'submission' | 'upload' | 'document';
export const INGEST_CONTEXTS = [
  'submission',
  'upload',
  'document',
] as const satisfies readonly IngestContext[];

export interface AcceptedFileType {
  /** The mime type recorded and served for such a file. */
  readonly mime: string;
  /** The extension recorded for such a file, without the dot. */
  readonly extension: string;
  /** Extensions the file picker offers, with the dot, in the spec's order. */
  readonly pickerExtensions: readonly string[];
  readonly label: string;
  /**
   * The mime types `file-type` 21 reports for such content (text/plain is reported by our own
   * text check, since plain text has no magic bytes).
   */
  readonly detectedAs: readonly string[];
  /**
   * Old Office files (.doc, .xls) are all one container format to a content sniffer
   * (application/x-cfb): only for those does the file name's extension pick the type, and a
   * container file named neither .doc nor .xls is refused.
   */
  readonly nameDecides?: boolean;
}

const CFB = 'application/x-cfb';

/**
 * Where the recorded mime differs from what file-type reports, it is the name browsers and web
 * servers use for the format (served as Content-Type): avi, wmv, doc, xls; Ogg Opus loses its
 * codecs parameter; M4V (an MP4 with Apple's brand) is recorded as MP4.
 */
const TYPES = {
  jpeg: {
    mime: 'image/jpeg',
    extension: 'jpg',
    pickerExtensions: ['.jpeg', '.jpg'],
    label: 'JPEG image',
    detectedAs: ['image/jpeg'],
  },
  png: {
    mime: 'image/png',
    extension: 'png',
    pickerExtensions: ['.png'],
    label: 'PNG image',
    detectedAs: ['image/png'],
  },
  gif: {
    mime: 'image/gif',
    extension: 'gif',
    pickerExtensions: ['.gif'],
    label: 'GIF image',
    detectedAs: ['image/gif'],
  },
  bmp: {
    mime: 'image/bmp',
    extension: 'bmp',
    pickerExtensions: ['.bmp'],
    label: 'BMP image',
    detectedAs: ['image/bmp'],
  },
  webp: {
    mime: 'image/webp',
    extension: 'webp',
    pickerExtensions: ['.webp'],
    label: 'WebP image',
    detectedAs: ['image/webp'],
  },
  tiff: {
    mime: 'image/tiff',
    extension: 'tiff',
    pickerExtensions: ['.tiff', '.tif'],
    label: 'TIFF image',
    detectedAs: ['image/tiff'],
  },
  mp4: {
    mime: 'video/mp4',
    extension: 'mp4',
    pickerExtensions: ['.mp4'],
    label: 'MP4 video',
    detectedAs: ['video/mp4', 'video/x-m4v'],
  },
  avi: {
    mime: 'video/x-msvideo',
    extension: 'avi',
    pickerExtensions: ['.avi'],
    label: 'AVI video',
    detectedAs: ['video/vnd.avi'],
  },
  mov: {
    mime: 'video/quicktime',
    extension: 'mov',
    pickerExtensions: ['.mov'],
    label: 'QuickTime video',
    detectedAs: ['video/quicktime'],
  },
  // file-type names an ASF file after its first stream only, so a WMV whose first stream is its
  // sound track comes back as audio/x-ms-asf: the server looks for a video stream itself and
  // reports any ASF file that has one as video/x-ms-asf.
  wmv: {
    mime: 'video/x-ms-wmv',
    extension: 'wmv',
    pickerExtensions: ['.wmv'],
    label: 'Windows Media video',
    detectedAs: ['video/x-ms-asf'],
  },
  flv: {
    mime: 'video/x-flv',
    extension: 'flv',
    pickerExtensions: ['.flv'],
    label: 'Flash video',
    detectedAs: ['video/x-flv'],
  },
  webm: {
    mime: 'video/webm',
    extension: 'webm',
    pickerExtensions: ['.webm'],
    label: 'WebM video',
    detectedAs: ['video/webm'],
  },
  mp3: {
    mime: 'audio/mpeg',
    extension: 'mp3',
    pickerExtensions: ['.mp3'],
    label: 'MP3 audio',
    detectedAs: ['audio/mpeg'],
  },
  wav: {
    mime: 'audio/wav',
    extension: 'wav',
    pickerExtensions: ['.wav'],
    label: 'WAV audio',
    detectedAs: ['audio/wav'],
  },
  aac: {
    mime: 'audio/aac',
    extension: 'aac',
    pickerExtensions: ['.aac'],
    label: 'AAC audio',
    detectedAs: ['audio/aac'],
  },
  ogg: {
    mime: 'audio/ogg',
    extension: 'ogg',
    pickerExtensions: ['.ogg'],
    label: 'Ogg audio',
    // Vorbis, FLAC-in-Ogg and Speex are 'audio/ogg'; Opus carries a codecs parameter.
    detectedAs: ['audio/ogg', 'audio/ogg; codecs=opus'],
  },
  flac: {
    mime: 'audio/flac',
    extension: 'flac',
    pickerExtensions: ['.flac'],
    label: 'FLAC audio',
    detectedAs: ['audio/flac'],
  },
  pdf: {
    mime: 'application/pdf',
    extension: 'pdf',
    pickerExtensions: ['.pdf'],
    label: 'PDF document',
    detectedAs: ['application/pdf'],
  },
  doc: {
    mime: 'application/msword',
    extension: 'doc',
    pickerExtensions: ['.doc'],
    label: 'Word document',
    detectedAs: [CFB],
    nameDecides: true,
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    pickerExtensions: ['.docx'],
    label: 'Word document',
    detectedAs: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  txt: {
    mime: 'text/plain',
    extension: 'txt',
    pickerExtensions: ['.txt'],
    label: 'Text file',
    detectedAs: ['text/plain'],
  },
  xls: {
    mime: 'application/vnd.ms-excel',
    extension: 'xls',
    pickerExtensions: ['.xls'],
    label: 'Excel workbook',
    detectedAs: [CFB],
    nameDecides: true,
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    pickerExtensions: ['.xlsx'],
    label: 'Excel workbook',
    detectedAs: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
} as const satisfies Record<string, AcceptedFileType>;

/** The allow-list of each context, in the spec's order. */
export const ACCEPTED_FILE_TYPES: Readonly<Record<IngestContext, readonly AcceptedFileType[]>> = {
  submission: [
    TYPES.jpeg,
    TYPES.png,
    TYPES.gif,
    TYPES.bmp,
    TYPES.webp,
    TYPES.mp4,
    TYPES.avi,
    TYPES.mov,
    TYPES.wmv,
    TYPES.flv,
    TYPES.mp3,
    TYPES.wav,
    TYPES.aac,
    TYPES.ogg,
    TYPES.pdf,
  ],
  upload: [
    TYPES.jpeg,
    TYPES.png,
    TYPES.gif,
    TYPES.bmp,
    TYPES.webp,
    TYPES.tiff,
    TYPES.mp4,
    TYPES.avi,
    TYPES.mov,
    TYPES.wmv,
    TYPES.flv,
    TYPES.webm,
    TYPES.mp3,
    TYPES.wav,
    TYPES.aac,
    TYPES.ogg,
    TYPES.flac,
    TYPES.pdf,
  ],
  document: [TYPES.pdf, TYPES.doc, TYPES.docx, TYPES.txt, TYPES.xls, TYPES.xlsx],
};

export interface IngestLimits {
  readonly maxFiles: number;
  readonly maxBytes: number;
}

export const INGEST_LIMITS: Readonly<Record<IngestContext, IngestLimits>> = {
  submission: { maxFiles: SUBMISSION_MAX_FILES, maxBytes: SUBMISSION_MAX_BYTES },
  upload: { maxFiles: UPLOAD_MAX_FILES, maxBytes: UPLOAD_MAX_BYTES },
  document: { maxFiles: DOCUMENT_MAX_FILES, maxBytes: DOCUMENT_MAX_BYTES },
};

/** An empty file is refused everywhere (react-dropzone's minSize). */
export const MIN_FILE_BYTES = 1;

/** The picker's accept map in react-dropzone's format: `{ [mime]: ['.ext', …] }`. */
export function acceptFor(context: IngestContext): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const type of ACCEPTED_FILE_TYPES[context]) {
    const extensions = accept[type.mime] ?? [];
    for (const extension of type.pickerExtensions) {
      if (!extensions.includes(extension)) extensions.push(extension);
    }
    accept[type.mime] = extensions;
  }
  return accept;
}

/**
 * The spec's 'File type must be ...', worded exactly as react-dropzone words it for the same
 * accept map (its getInvalidTypeRejectionErr over acceptPropAsAcceptAttr), so the picker and the
 * server say the same thing.
 */
export function fileTypeMessage(context: IngestContext): string {
  const accepted = Object.entries(acceptFor(context)).flatMap(([mime, extensions]) => [mime, ...extensions]);
  const list = accepted.length > 1 ? `one of ${accepted.join(', ')}` : accepted[0];
  return `File type must be ${list}`;
}

/**
 * The spec's 'File is larger than N bytes'. (react-dropzone writes 'byte' for N = 1; the spec's
 * wording is used for every N.)
 */
export function fileTooLargeMessage(maxBytes: number): string {
  return `File is larger than ${maxBytes} bytes`;
}

/** The spec's 'File is smaller than N bytes'; an empty file gets N = 1. */
export function fileTooSmallMessage(minBytes: number): string {
  return `File is smaller than ${minBytes} bytes`;
}

export const TOO_MANY_FILES_MESSAGE = 'Too many files';

/** The spec's hidden system files, ignored when a folder is dropped. */
export const IGNORED_SYSTEM_FILES = ['.DS_Store', 'Thumbs.db'] as const;
const IGNORED_LOWER = new Set([...IGNORED_SYSTEM_FILES.map((name) => name.toLowerCase()), 'desktop.ini']);

function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/** The spec's .DS_Store and Thumbs.db, and the same kind of litter: desktop.ini, macOS `._*` files. */
export function isIgnoredSystemFile(name: string): boolean {
  const base = baseName(name).toLowerCase();
  return IGNORED_LOWER.has(base) || base.startsWith('._');
}

/** The lower-case extension of a file name without the dot, or '' when it has none. */
export function fileExtension(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The accepted type for a detected mime type in a context, or undefined when the context does not
 * accept it. The original name matters only where `nameDecides` (old Office files).
 */
export function resolveAcceptedType(
  context: IngestContext,
  detectedMime: string,
  originalName: string,
): AcceptedFileType | undefined {
  const extension = `.${fileExtension(originalName)}`;
  return ACCEPTED_FILE_TYPES[context].find(
    (type) =>
      type.detectedAs.includes(detectedMime) &&
      (!type.nameDecides || type.pickerExtensions.includes(extension)),
  );
}

const MAX_DISPLAY_NAME = 200;
/** Longer "extensions" are not kept whole when a name is shortened. */
const MAX_KEPT_EXTENSION = 16;
// C0 and C1 controls and DEL; bidi embeddings, overrides, isolates and marks, which make
// "photo\u202Egpj.exe" read as "photoexe.jpg"; the byte-order mark.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A file name fit for display and Content-Disposition: no directory part, no control or bidi
 * control characters, whitespace collapsed, at most 200 characters with the extension kept, and
 * 'file' when nothing is left. Letters of every script stay (ð, ø, á …), composed (NFC).
 */
export function safeDisplayFileName(name: string): string {
  let clean = baseName(
    name
      .normalize('NFC')
      .replace(/[\t\n\v\f\r]/g, ' ')
      .replace(INVISIBLE, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === '' || clean === '.' || clean === '..') return 'file';
  const chars = Array.from(clean);
  if (chars.length > MAX_DISPLAY_NAME) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
    const kept = extension.length <= MAX_KEPT_EXTENSION ? extension : [];
    const stem = chars
      .slice(0, MAX_DISPLAY_NAME - kept.length)
      .join('')
      .trimEnd();
    clean = stem + kept.join('');
  }
  return clean;
}

/** A title from a file name: without its extension ('Bryggjan 1930.jpg' → 'Bryggjan 1930'). */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').trim() || name;
