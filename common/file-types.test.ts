import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FILE_TYPES,
  acceptFor,
  fileExtension,
  fileTooLargeMessage,
  fileTooSmallMessage,
  fileTypeMessage,
  IGNORED_SYSTEM_FILES,
  INGEST_CONTEXTS,
  INGEST_LIMITS,
  isIgnoredSystemFile,
  resolveAcceptedType,
  safeDisplayFileName,
  TOO_MANY_FILES_MESSAGE,
} from './file-types.ts';

const pickerExtensions = (context: (typeof INGEST_CONTEXTS)[number]) =>
  Object.values(acceptFor(context)).flat();

describe('allow-lists', () => {
  it('offer the submission picker exactly the public spec’s extensions', () => {
    expect(pickerExtensions('submission')).toEqual([
      '.jpeg',
      '.jpg',
      '.png',
      '.gif',
      '.bmp',
      '.webp',
      '.mp4',
      '.avi',
      '.mov',
      '.wmv',
      '.flv',
      '.mp3',
      '.wav',
      '.aac',
      '.ogg',
      '.pdf',
    ]);
  });

  it('offer staff uploads tiff, webm and flac besides', () => {
    expect(pickerExtensions('upload')).toEqual([
      '.jpeg',
      '.jpg',
      '.png',
      '.gif',
      '.bmp',
      '.webp',
      '.tiff',
      '.tif',
      '.mp4',
      '.avi',
      '.mov',
      '.wmv',
      '.flv',
      '.webm',
      '.mp3',
      '.wav',
      '.aac',
      '.ogg',
      '.flac',
      '.pdf',
    ]);
  });

  it('offer documents pdf, doc, docx, txt, xls and xlsx only', () => {
    expect(acceptFor('document')).toEqual({
      'application/pdf': ['.pdf'],
      'application/msword': ['.doc'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
      'text/plain': ['.txt'],
      'application/vnd.ms-excel': ['.xls'],
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
    });
  });

  it('use keys and extensions react-dropzone accepts (its isMIMEType and isExt)', () => {
    for (const context of INGEST_CONTEXTS) {
      for (const [mime, extensions] of Object.entries(acceptFor(context))) {
        expect(mime).toMatch(/\w+\/[-+.\w]+/);
        for (const extension of extensions) expect(extension).toMatch(/^.*\.[\w]+$/);
      }
    }
  });

  it('give every accepted type a label, a recorded extension and at least one detected type', () => {
    for (const context of INGEST_CONTEXTS) {
      for (const type of ACCEPTED_FILE_TYPES[context]) {
        expect(type.label).not.toBe('');
        expect(type.pickerExtensions).toContain(`.${type.extension}`);
        expect(type.detectedAs.length).toBeGreaterThan(0);
      }
    }
  });

  it('have the specs’ limits', () => {
    expect(INGEST_LIMITS).toEqual({
      submission: { maxFiles: 5, maxBytes: 52_428_800 },
      upload: { maxFiles: 20, maxBytes: 104_857_600 },
      document: { maxFiles: 1, maxBytes: 26_214_400 },
    });
  });
});

describe('resolveAcceptedType', () => {
  it('maps what file-type reports to the type recorded', () => {
    expect(resolveAcceptedType('submission', 'image/jpeg', 'x.png')?.mime).toBe('image/jpeg');
    expect(resolveAcceptedType('submission', 'video/vnd.avi', 'clip.avi')?.mime).toBe('video/x-msvideo');
    expect(resolveAcceptedType('upload', 'video/x-ms-asf', 'clip.wmv')?.mime).toBe('video/x-ms-wmv');
    expect(resolveAcceptedType('upload', 'audio/ogg; codecs=opus', 'song.opus')?.mime).toBe('audio/ogg');
    expect(resolveAcceptedType('upload', 'video/x-m4v', 'clip.m4v')?.mime).toBe('video/mp4');
  });

  it('applies each context’s list', () => {
    expect(resolveAcceptedType('submission', 'image/tiff', 'scan.tiff')).toBeUndefined();
    expect(resolveAcceptedType('upload', 'image/tiff', 'scan.tiff')?.extension).toBe('tiff');
    expect(resolveAcceptedType('submission', 'audio/flac', 'a.flac')).toBeUndefined();
    expect(resolveAcceptedType('document', 'image/png', 'scan.pdf')).toBeUndefined();
    expect(resolveAcceptedType('submission', 'text/plain', 'notes.txt')).toBeUndefined();
    expect(resolveAcceptedType('document', 'text/plain', 'notes')?.mime).toBe('text/plain');
    expect(resolveAcceptedType('upload', 'audio/x-ms-asf', 'song.wma')).toBeUndefined();
  });

  it('tells old Word from old Excel files by the name only, and refuses other compound files', () => {
    expect(resolveAcceptedType('document', 'application/x-cfb', 'Fundur.doc')?.mime).toBe(
      'application/msword',
    );
    expect(resolveAcceptedType('document', 'application/x-cfb', 'ROKNSKAP.XLS')?.mime).toBe(
      'application/vnd.ms-excel',
    );
    expect(resolveAcceptedType('document', 'application/x-cfb', 'slides.ppt')).toBeUndefined();
    expect(resolveAcceptedType('document', 'application/x-cfb', 'doc')).toBeUndefined();
    expect(resolveAcceptedType('upload', 'application/x-cfb', 'Fundur.doc')).toBeUndefined();
  });

  it('reads extensions from the base name only', () => {
    expect(fileExtension('dir.doc/file')).toBe('');
    expect(fileExtension('C:\\x\\Photo.JPG')).toBe('jpg');
    expect(fileExtension('.bashrc')).toBe('');
  });
});

describe('messages', () => {
  it('word the type message as react-dropzone does for the same accept map', () => {
    // react-dropzone 19: getInvalidTypeRejectionErr(acceptPropAsAcceptAttr(accept))
    for (const context of INGEST_CONTEXTS) {
      const attr = Object.entries(acceptFor(context))
        .reduce<string[]>((all, [mime, extensions]) => {
          all.push(mime, ...extensions);
          return all;
        }, [])
        .join(',');
      expect(fileTypeMessage(context)).toBe(`File type must be one of ${attr.split(',').join(', ')}`);
    }
    expect(fileTypeMessage('document')).toBe(
      'File type must be one of application/pdf, .pdf, application/msword, .doc, ' +
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document, .docx, text/plain, .txt, ' +
        'application/vnd.ms-excel, .xls, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, .xlsx',
    );
  });

  it('state sizes and counts in the spec’s words', () => {
    expect(fileTooLargeMessage(52_428_800)).toBe('File is larger than 52428800 bytes');
    expect(fileTooSmallMessage(1)).toBe('File is smaller than 1 bytes');
    expect(TOO_MANY_FILES_MESSAGE).toBe('Too many files');
  });
});

describe('isIgnoredSystemFile', () => {
  it('ignores the spec’s system files and their kin, whatever the case or folder', () => {
    expect(IGNORED_SYSTEM_FILES).toEqual(['.DS_Store', 'Thumbs.db']);
    for (const name of [
      '.DS_Store',
      'photos/.ds_store',
      'Thumbs.db',
      'a\\THUMBS.DB',
      'desktop.ini',
      '._IMG_0001.jpg',
    ]) {
      expect(isIgnoredSystemFile(name), name).toBe(true);
    }
    for (const name of ['photo.jpg', 'DS_Store.jpg', 'thumbs.db.jpg', '_photo.jpg', '.hidden.jpg']) {
      expect(isIgnoredSystemFile(name), name).toBe(false);
    }
  });
});

describe('safeDisplayFileName', () => {
  it('drops directory parts of either kind', () => {
    expect(safeDisplayFileName('../../etc/passwd')).toBe('passwd');
    expect(safeDisplayFileName('..\\..\\Windows\\win.ini')).toBe('win.ini');
    expect(safeDisplayFileName('C:\\Users\\Anna\\mynd.jpg')).toBe('mynd.jpg');
    expect(safeDisplayFileName('folder/')).toBe('file');
    expect(safeDisplayFileName('..')).toBe('file');
  });

  it('removes NUL and other control characters', () => {
    expect(safeDisplayFileName('photo\u0000.jpg')).toBe('photo.jpg');
    expect(safeDisplayFileName('a\u0007b\u001b[31mc\u007f\u0085.png')).toBe('ab[31mc.png');
    expect(safeDisplayFileName('line\r\nbreak.jpg')).toBe('line break.jpg');
  });

  it('removes bidi overrides, embeddings, isolates and marks', () => {
    expect(safeDisplayFileName('photo_\u202Egpj.exe')).toBe('photo_gpj.exe');
    expect(safeDisplayFileName('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D\u200E\u200F.txt')).toBe(
      'abc.txt',
    );
  });

  it('trims and collapses whitespace, and falls back to "file"', () => {
    expect(safeDisplayFileName('  Mín   mynd\t\u00a0 1952 .jpg  ')).toBe('Mín mynd 1952 .jpg');
    expect(safeDisplayFileName('')).toBe('file');
    expect(safeDisplayFileName(' \u0000\u202E ')).toBe('file');
  });

  it('keeps letters of every script, composed', () => {
    expect(safeDisplayFileName('Ólavsøka í Havn — ðø á.jpg')).toBe('Ólavsøka í Havn — ðø á.jpg');
    expect(safeDisplayFileName('Go\u0308tu.jpg')).toBe('Götu.jpg');
    expect(safeDisplayFileName('写真 📷.jpg')).toBe('写真 📷.jpg');
  });

  it('caps long names at 200 characters and keeps the extension', () => {
    const faroese = 'Gomul mynd úr Gøtu á ólavsøku, ið vísir fólk við sjógvin áðrenn heimsbardagin. ';
    const name = `${faroese.repeat(Math.ceil(10_000 / faroese.length)).slice(0, 10_000 - 4)}.jpg`;
    const safe = safeDisplayFileName(name);
    // 200 unless the cut leaves a space before the extension, which is trimmed.
    expect(Array.from(safe).length).toBeLessThanOrEqual(200);
    expect(Array.from(safe).length).toBeGreaterThanOrEqual(195);
    expect(safe.endsWith('.jpg')).toBe(true);
    expect(safe.startsWith('Gomul mynd úr Gøtu')).toBe(true);
  });

  it('counts characters, not UTF-16 units, and does not split them', () => {
    const safe = safeDisplayFileName(`${'📷'.repeat(300)}.png`);
    expect(Array.from(safe)).toHaveLength(200);
    expect(safe.endsWith('📷.png')).toBe(true);
  });

  it('does not keep an absurdly long "extension"', () => {
    const safe = safeDisplayFileName(`a.${'x'.repeat(500)}`);
    expect(safe).toHaveLength(200);
    expect(safe.startsWith('a.xxx')).toBe(true);
  });
});
