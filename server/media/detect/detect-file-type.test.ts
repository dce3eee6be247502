import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fileTooSmallMessage, fileTypeMessage, type IngestContext } from '#common/file-types.ts';
import {
  alsaWav,
  bytesFile,
  compoundFile,
  EXIF_FILES,
  emptyFile,
  exifFixture,
  freedesktopOgg,
  ghostscriptHtml,
  ghostscriptHtmlFragment,
  ghostscriptPdf,
  HTML_PAYLOAD,
  htmlNamedJpg,
  imageFixture,
  jpegHtmlPolyglot,
  NAMES,
  opencvAvi,
  openXmlFile,
  pixelBombPng,
  svgNamedJpg,
  textFile,
  truncatedJpeg,
} from '#server/test/fixtures.ts';
import {
  asfHeaderHasVideoStream,
  detectFileType,
  isPlainText,
  startsLikeMarkupOrScript,
  TEXT_SAMPLE_BYTES,
} from './detect-file-type.ts';

const DOWNLOAD_TIMEOUT = 300_000;

async function accepted(path: string, context: IngestContext, name = 'file') {
  const result = await detectFileType(path, context, name);
  if (!result.ok) throw new Error(`${name} refused in ${context}: ${result.code} ${result.message}`);
  return result;
}

async function expectUnsupported(path: string, context: IngestContext, name = 'file') {
  expect(await detectFileType(path, context, name)).toEqual({
    ok: false,
    code: 'unsupported_type',
    message: fileTypeMessage(context),
  });
}

const ascii = (text: string) => [...Buffer.from(text, 'latin1')];
/** Bytes padded with zeros to `length`, as a file named `name`. */
function header(bytes: number[], name: string, length = 4096) {
  const file = Buffer.alloc(Math.max(length, bytes.length));
  Buffer.from(bytes).copy(file);
  return bytesFile(file, name);
}

describe('images made with sharp', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['gif', 'image/gif', 'gif'],
    ['bmp', 'image/bmp', 'bmp'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('accepts %s in every media context', async (format, mime, extension) => {
    const path = await imageFixture(format);
    for (const context of ['submission', 'upload'] as const) {
      expect(await accepted(path, context)).toEqual({ ok: true, mime, extension, mediaType: 'image' });
    }
    await expectUnsupported(path, 'document');
  });

  it('accepts TIFF from staff and refuses it from the public', async () => {
    const path = await imageFixture('tiff');
    expect(await accepted(path, 'upload')).toEqual({
      ok: true,
      mime: 'image/tiff',
      extension: 'tiff',
      mediaType: 'image',
    });
    await expectUnsupported(path, 'submission');
  });

  it('decides by content, not by name', async () => {
    const png = await imageFixture('png', { name: 'photo.jpg' });
    expect((await accepted(png, 'submission', 'photo.jpg')).mime).toBe('image/png');
    await expectUnsupported(png, 'document', 'scan.pdf');
  });
});

describe('camera JPEGs of exif@0.6.0', () => {
  it.each(Object.keys(EXIF_FILES) as (keyof typeof EXIF_FILES)[])(
    '%s is a JPEG',
    async (which) => {
      const path = await exifFixture(which);
      expect(await accepted(path, 'submission', EXIF_FILES[which])).toEqual({
        ok: true,
        mime: 'image/jpeg',
        extension: 'jpg',
        mediaType: 'image',
      });
    },
    DOWNLOAD_TIMEOUT,
  );
});

describe('sound, video and PDF from Debian packages', () => {
  it(
    'accepts the alsa WAV as audio',
    async () => {
      const path = await alsaWav();
      for (const context of ['submission', 'upload'] as const) {
        expect(await accepted(path, context)).toEqual({
          ok: true,
          mime: 'audio/wav',
          extension: 'wav',
          mediaType: 'audio',
        });
      }
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'accepts the freedesktop Ogg Vorbis (named .oga) as Ogg audio',
    async () => {
      const path = await freedesktopOgg();
      expect(await accepted(path, 'submission', 'bell.oga')).toEqual({
        ok: true,
        mime: 'audio/ogg',
        extension: 'ogg',
        mediaType: 'audio',
      });
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'accepts the ghostscript PDF everywhere, as a document',
    async () => {
      const path = await ghostscriptPdf();
      for (const context of ['submission', 'upload', 'document'] as const) {
        expect(await accepted(path, context)).toEqual({
          ok: true,
          mime: 'application/pdf',
          extension: 'pdf',
          mediaType: 'document',
        });
      }
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'accepts opencv’s AVI files, the damaged one too (its damage is found when it is played)',
    async () => {
      for (const name of ['Megamind.avi', 'Megamind_bugy.avi', 'tree.avi'] as const) {
        const path = await opencvAvi(name);
        for (const context of ['submission', 'upload'] as const) {
          expect(await accepted(path, context, name)).toEqual({
            ok: true,
            mime: 'video/x-msvideo',
            extension: 'avi',
            mediaType: 'video',
          });
        }
        await expectUnsupported(path, 'document', name);
      }
    },
    DOWNLOAD_TIMEOUT,
  );
});

describe('other media formats (their first bytes)', () => {
  const cases: [string, number[], IngestContext[], IngestContext[], string][] = [
    [
      'mp4',
      [0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2')],
      ['submission', 'upload'],
      [],
      'video/mp4',
    ],
    [
      'm4v',
      [0, 0, 0, 0x14, ...ascii('ftypM4V '), 0, 0, 0, 1, ...ascii('M4V ')],
      ['submission', 'upload'],
      [],
      'video/mp4',
    ],
    [
      'mov',
      [0, 0, 0, 0x14, ...ascii('ftypqt  '), 0, 0, 2, 0, ...ascii('qt  ')],
      ['submission', 'upload'],
      [],
      'video/quicktime',
    ],
    ['flv', [...ascii('FLV'), 1, 5, 0, 0, 0, 9], ['submission', 'upload'], [], 'video/x-flv'],
    [
      'webm',
      [
        0x1a,
        0x45,
        0xdf,
        0xa3,
        0x9f,
        0x42,
        0x86,
        0x81,
        1,
        0x42,
        0xf7,
        0x81,
        1,
        0x42,
        0xf2,
        0x81,
        4,
        0x42,
        0xf3,
        0x81,
        8,
        0x42,
        0x82,
        0x84,
        ...ascii('webm'),
        0x42,
        0x87,
        0x81,
        2,
        0x42,
        0x85,
        0x81,
        2,
      ],
      ['upload'],
      ['submission'],
      'video/webm',
    ],
    ['mp3', [0xff, 0xfb, 0x90, 0x64], ['submission', 'upload'], [], 'audio/mpeg'],
    ['aac', [0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc], ['submission', 'upload'], [], 'audio/aac'],
    [
      'opus',
      [...ascii('OggS'), 0, 2, ...Array(20).fill(0), 1, 19, ...ascii('OpusHead'), 1, 2],
      ['submission', 'upload'],
      [],
      'audio/ogg',
    ],
    ['flac', [...ascii('fLaC'), 0, 0, 0, 0x22], ['upload'], ['submission'], 'audio/flac'],
  ];

  it.each(cases)('%s', async (name, bytes, acceptedIn, refusedIn, mime) => {
    const path = await header(bytes, `clip.${name}`);
    for (const context of acceptedIn) expect((await accepted(path, context)).mime).toBe(mime);
    for (const context of [...refusedIn, 'document' as const]) await expectUnsupported(path, context);
  });
});

describe('Windows Media (ASF)', () => {
  const headerObject = [
    0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
  ];
  const streamProperties = [
    0x91, 0x07, 0xdc, 0xb7, 0xb7, 0xa9, 0xcf, 0x11, 0x8e, 0xe6, 0x00, 0xc0, 0x0c, 0x20, 0x53, 0x65,
  ];
  const audioMedia = [
    0x40, 0x9e, 0x69, 0xf8, 0x4d, 0x5b, 0xcf, 0x11, 0xa8, 0xfd, 0x00, 0x80, 0x5f, 0x5c, 0x44, 0x2b,
  ];
  const videoMedia = [
    0xc0, 0xef, 0x19, 0xbc, 0x4d, 0x5b, 0xcf, 0x11, 0xa8, 0xfd, 0x00, 0x80, 0x5f, 0x5c, 0x44, 0x2b,
  ];
  const le = (value: number, bytes: number) =>
    Array.from({ length: bytes }, (_, i) => (value / 2 ** (8 * i)) & 0xff);
  const stream = (media: number[]) => [...streamProperties, ...le(78, 8), ...media, ...Array(38).fill(0)];
  function asf(...streams: number[][]) {
    const objects = streams.flat();
    return [...headerObject, ...le(30 + objects.length, 8), ...le(streams.length, 4), 1, 2, ...objects];
  }

  it('accepts a WMV whose first stream is video', async () => {
    const path = await header(asf(stream(videoMedia), stream(audioMedia)), 'clip.wmv');
    expect(await accepted(path, 'submission')).toEqual({
      ok: true,
      mime: 'video/x-ms-wmv',
      extension: 'wmv',
      mediaType: 'video',
    });
  });

  it('accepts a WMV whose first stream is its sound track (file-type calls it audio/x-ms-asf)', async () => {
    const path = await header(asf(stream(audioMedia), stream(videoMedia)), 'clip.wmv');
    expect((await accepted(path, 'upload')).mime).toBe('video/x-ms-wmv');
  });

  it('refuses Windows Media audio (WMA), which the specs do not list', async () => {
    const path = await header(asf(stream(audioMedia)), 'song.wma');
    await expectUnsupported(path, 'upload');
    expect(asfHeaderHasVideoStream(Uint8Array.from(asf(stream(audioMedia))))).toBe(false);
  });
});

describe('documents', () => {
  it('accepts .docx and .xlsx by their content', async () => {
    expect(await accepted(await openXmlFile('docx'), 'document')).toEqual({
      ok: true,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
      mediaType: 'document',
    });
    expect((await accepted(await openXmlFile('xlsx'), 'document')).extension).toBe('xlsx');
    await expectUnsupported(await openXmlFile('docx'), 'upload');
  });

  it('tells an old .doc from an old .xls by the name, and refuses other compound files', async () => {
    expect(await accepted(await compoundFile('Fundur 1987.doc'), 'document', 'Fundur 1987.doc')).toEqual({
      ok: true,
      mime: 'application/msword',
      extension: 'doc',
      mediaType: 'document',
    });
    expect(await accepted(await compoundFile('Roknskapur.XLS'), 'document', 'Roknskapur.XLS')).toEqual({
      ok: true,
      mime: 'application/vnd.ms-excel',
      extension: 'xls',
      mediaType: 'document',
    });
    await expectUnsupported(await compoundFile('slides.ppt'), 'document', 'slides.ppt');
    await expectUnsupported(await compoundFile('mail.msg'), 'document', 'mail.msg');
    await expectUnsupported(await compoundFile('Fundur.doc'), 'submission', 'Fundur.doc');
  });

  it('accepts UTF-8 text as a document only', async () => {
    const path = await textFile(
      'Fundarfrágreiðing\r\nÁ fundinum vóru ðeir føroysku limirnir.\n',
      'fundur.txt',
    );
    expect(await accepted(path, 'document')).toEqual({
      ok: true,
      mime: 'text/plain',
      extension: 'txt',
      mediaType: 'document',
    });
    await expectUnsupported(path, 'submission');
    await expectUnsupported(path, 'upload');
  });

  it('accepts text whose first letters look like a file signature ("BM", "FORM", "ID3")', async () => {
    for (const text of ['BM notes about the car\n', 'FORM 1 of the application\n', 'ID3 tags, explained\n']) {
      expect((await accepted(await textFile(text), 'document')).mime).toBe('text/plain');
    }
    // A text starting "BM" is not a bitmap for the media contexts either.
    await expectUnsupported(await textFile('BM notes about the car\n'), 'submission');
  });

  it('refuses text that is not UTF-8 or holds NUL bytes', async () => {
    await expectUnsupported(
      await bytesFile(Buffer.from('Gøta í 1952\n', 'latin1'), 'latin1.txt'),
      'document',
    );
    await expectUnsupported(await bytesFile(Buffer.from('\ufeffGøta\n', 'utf16le'), 'utf16.txt'), 'document');
    await expectUnsupported(await bytesFile(Buffer.from('abc\0def\n'), 'nul.txt'), 'document');
  });

  it('accepts a text whose 64 KB sample ends inside a multi-byte character', async () => {
    // 'ø' is two bytes: with one ASCII byte first, the sample's last byte is half an 'ø'.
    const text = `x${'ø'.repeat(TEXT_SAMPLE_BYTES)}\n`;
    expect(Buffer.from(text).subarray(0, TEXT_SAMPLE_BYTES).at(-1)).toBe(0xc3);
    expect((await accepted(await textFile(text), 'document')).mime).toBe('text/plain');
    // At the very end of a file the same cut is an error.
    await expectUnsupported(await bytesFile(Buffer.from('Gøta').subarray(0, 2), 'cut.txt'), 'document');
  });
});

describe('web pages and scripts', () => {
  it.each([
    ['HTML', htmlNamedJpg],
    ['SVG', svgNamedJpg],
  ])('refuses %s named photo.jpg as dangerous, in every context', async (_kind, make) => {
    const path = await make();
    for (const context of ['submission', 'upload', 'document'] as const) {
      expect(await detectFileType(path, context, 'photo.jpg')).toEqual({
        ok: false,
        code: 'dangerous',
        message: '"photo.jpg" looks like a web page or script, which cannot be accepted',
      });
    }
  });

  it(
    'refuses real HTML pages of ghostscript-doc, including one that starts with a comment',
    async () => {
      for (const path of [await ghostscriptHtml(), await ghostscriptHtmlFragment()]) {
        expect(await detectFileType(path, 'document', 'page.txt')).toMatchObject({
          ok: false,
          code: 'dangerous',
        });
      }
    },
    DOWNLOAD_TIMEOUT,
  );

  it.each([
    [
      'XML with a BOM and blank lines',
      '\ufeff\n\n  <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    ['an upper-case doctype', '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN"><p>x'],
    ['a script tag', '<script>alert(1)</script>'],
    ['a head tag', '\t<HEAD><title>x</title></HEAD>'],
    ['a body tag', '<body onload=alert(1)>'],
    ['an iframe', '<iframe src="https://example.org">'],
    ['a shell script', '#!/bin/sh\nrm -rf /\n'],
    ['a PHP page', '<?php echo 1; ?>'],
    ['an HTML comment', '<!-- x --><b>y</b>'],
  ])('refuses %s as dangerous', async (_kind, content) => {
    const path = await textFile(content, 'notes.txt');
    expect(await detectFileType(path, 'document', NAMES.traversal)).toEqual({
      ok: false,
      code: 'dangerous',
      message: '"passwd.jpg" looks like a web page or script, which cannot be accepted',
    });
  });

  it('accepts text that merely mentions markup', async () => {
    for (const text of [
      'Sí <html> í kapittul 2\n',
      '<3 Gøta\n',
      '<abbr> is not a sniffed tag\n',
      'a <script>\n',
    ]) {
      expect((await accepted(await textFile(text), 'document')).mime).toBe('text/plain');
    }
    expect(startsLikeMarkupOrScript(Buffer.from('<bold text>'))).toBe(false);
    expect(startsLikeMarkupOrScript(Buffer.from('<b>'))).toBe(true);
    expect(startsLikeMarkupOrScript(Buffer.from('<svg'))).toBe(true);
  });

  it('shows the name safely in the message', async () => {
    const path = await htmlNamedJpg();
    const result = await detectFileType(path, 'submission', NAMES.rtlOverride);
    expect(result).toMatchObject({
      message: '"photo_gpj.exe" looks like a web page or script, which cannot be accepted',
    });
  });

  it('detects a JPEG carrying HTML in a comment and after its end as the JPEG it starts as', async () => {
    const path = await jpegHtmlPolyglot();
    expect((await readFile(path)).includes(HTML_PAYLOAD)).toBe(true);
    expect(await accepted(path, 'submission', 'polyglot.jpg')).toEqual({
      ok: true,
      mime: 'image/jpeg',
      extension: 'jpg',
      mediaType: 'image',
    });
  });
});

describe('broken and hostile files', () => {
  it('refuses an empty file in the spec’s words, whatever its name', async () => {
    for (const context of ['submission', 'upload', 'document'] as const) {
      expect(await detectFileType(await emptyFile('photo.jpg'), context, 'photo.jpg')).toEqual({
        ok: false,
        code: 'empty',
        message: 'File is smaller than 1 bytes',
      });
    }
    expect(fileTooSmallMessage(1)).toBe('File is smaller than 1 bytes');
  });

  it('detects the pixel bomb as a PNG: refusing it is for the decoder, which reads its size', async () => {
    expect((await accepted(await pixelBombPng(), 'submission')).mime).toBe('image/png');
  });

  it('detects a truncated JPEG as a JPEG: decoding finds the damage', async () => {
    expect((await accepted(await truncatedJpeg(), 'upload')).mime).toBe('image/jpeg');
  });

  it('refuses unknown binary data and known but unlisted types', async () => {
    await expectUnsupported(
      await bytesFile(
        Uint8Array.from({ length: 2048 }, (_, i) => (i * 37) % 256),
        'x.jpg',
      ),
      'upload',
    );
    await expectUnsupported(await header([0x50, 0x4b, 3, 4], 'archive.zip'), 'document');
    await expectUnsupported(await header([0x7f, ...ascii('ELF'), 2, 1, 1], 'photo.jpg'), 'submission');
    await expectUnsupported(await header([0x4d, 0x5a, 0x90, 0], 'setup.exe'), 'document');
  });
});

describe('isPlainText', () => {
  it('allows a sample to end inside a character only when the file goes on', () => {
    const cut = Buffer.from('Gøta').subarray(0, 2);
    expect(isPlainText(cut, false)).toBe(true);
    expect(isPlainText(cut, true)).toBe(false);
    expect(isPlainText(Buffer.from([0xc3, 0x28]), false)).toBe(false);
  });
});
