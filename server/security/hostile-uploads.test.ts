import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, SUBMISSION_MAX_BYTES } from '#common/limits.ts';
import { asRole, type RoleClient } from '#server/test/factories.ts';
import {
  bytesFile,
  emptyFile,
  fileOfSize,
  flacInWavBomb,
  htmlNamedJpg,
  hugeMjpegAvi,
  HTML_PAYLOAD,
  imageFixture,
  iptcHeavyJpeg,
  jpegHtmlPolyglot,
  minimalPdf,
  mp4Video,
  NAMES,
  pixelBombPng,
  silentFlac,
  svgNamedJpg,
  truncatedJpeg,
  wavFile,
} from '#server/test/fixtures.ts';
import { createTestApp, listen, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

/**
 * The hostile-upload corpus: broken and malicious files and requests, each sent through a real
 * upload path (the public tus + submission path, the staff multipart and tus paths, the document
 * upload), with the outcome it must have: refused with the ingest's code and a message naming the
 * file, or stored safely (served with its detected type, nosniff and a CSP). After every case the
 * server still answers /api/health, no temporary file is left in DATA_DIR/tmp, no upload is left
 * in DATA_DIR/uploads, and a refused file left nothing in the file store.
 */

type Path = 'submission' | 'staff' | 'staff-tus' | 'document';
type Outcome = { status: number; code: string } | { stored: string };
interface FileCase {
  name: string;
  path: Path;
  file: () => Promise<string>;
  /** The name the sender gives the file (else the fixture's own). */
  sendAs?: string;
  expect: Outcome;
  /** The file carries camera texts (EXIF/IPTC) that the server reads into the item's metadata. */
  metadata?: true;
}

// ---------------------------------------------------------------------------------------------
// Hostile files made here (the shared ones live in server/test/fixtures.ts).

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A greyscale PNG of width × height whose IDAT is `rows` rows of zeros, deflated at level 9. */
function zeroPng(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width + 1) * rows), { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A GIF whose logical screen and only image claim 65535 × 65535 pixels, with almost no data. */
function hugeGif(): Buffer {
  const gif = Buffer.alloc(6 + 7 + 6 + 10 + 4 + 1);
  let o = gif.write('GIF89a', 0, 'latin1');
  gif.writeUInt16LE(65535, o);
  gif.writeUInt16LE(65535, o + 2);
  gif[o + 4] = 0x80; // global colour table of 2 entries
  o += 7;
  o += 6; // the colour table (black, black)
  gif[o] = 0x2c; // image descriptor
  gif.writeUInt16LE(65535, o + 5);
  gif.writeUInt16LE(65535, o + 7);
  o += 10;
  gif[o] = 2; // LZW minimum code size
  gif[o + 1] = 1;
  gif[o + 2] = 0x44;
  gif[o + 3] = 0; // block end
  gif[o + 4] = 0x3b; // trailer
  return gif;
}

/** A little-endian TIFF whose one strip claims 100,000 × 100,000 grey pixels. */
function hugeTiff(): Buffer {
  const entries: [number, number, number][] = [
    [256, 4, 100_000], // ImageWidth (LONG)
    [257, 4, 100_000], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // no compression
    [262, 3, 1], // BlackIsZero
    [273, 4, 8 + 2 + 11 * 12 + 4], // StripOffsets: right after the IFD
    [277, 3, 1], // SamplesPerPixel
    [278, 4, 100_000], // RowsPerStrip
    [279, 4, 10_000_000_000 % 2 ** 32], // StripByteCounts (a lie)
    [282, 4, 0], // XResolution (offset 0: broken on purpose)
    [284, 3, 1], // PlanarConfiguration
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, value], i) => {
    ifd.writeUInt16LE(tag, 2 + i * 12);
    ifd.writeUInt16LE(type, 4 + i * 12);
    ifd.writeUInt32LE(1, 6 + i * 12);
    if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
    else ifd.writeUInt32LE(value, 10 + i * 12);
  });
  const header = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  return Buffer.concat([header, ifd, Buffer.alloc(1024)]);
}

/** A 1-bit BMP header claiming width × height pixels, with one row of data. */
function bmpHeader(width: number, height: number): Buffer {
  const file = Buffer.alloc(62 + 64);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(62, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(1, 28);
  file.writeUInt32LE(0xffffff, 58);
  return file;
}

/** A ZIP holding one deflated entry of `bytes` zero bytes (about 1000:1), named like a Word file. */
function zipBomb(bytes: number, entryName = 'word/document.xml'): Buffer {
  const data = deflateRawSync(Buffer.alloc(bytes), { level: 9 });
  const name = Buffer.from(entryName);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(bytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(bytes, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const jpegBytes = async () => readFileSync(await imageFixture('jpeg'));
const pngBytes = async () => readFileSync(await imageFixture('png'));
const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));
const PDF_WITH_SCRIPT =
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n' +
  '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

const refused = (status: number, code: string): Outcome => ({ status, code });
const stored = (mime: string): Outcome => ({ stored: mime });

const FILE_CASES: FileCase[] = [
  // Disguised web pages and scripts.
  {
    name: 'HTML page named .jpg',
    path: 'submission',
    file: () => htmlNamedJpg(),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'SVG with onload named .jpg',
    path: 'submission',
    file: () => svgNamedJpg(),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'SVG with XML prolog named .png',
    path: 'staff',
    file: () =>
      bytesFile(
        Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        'logo.png',
      ),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'HTML starting with a comment named .gif',
    path: 'staff-tus',
    file: () => bytesFile(Buffer.from(`<!-- x -->\n${HTML_PAYLOAD}`), 'anim.gif'),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'XML with an external entity named .jpg',
    path: 'submission',
    file: () =>
      bytesFile(
        Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
        'photo.jpg',
      ),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'HTML page named .pdf (document)',
    path: 'document',
    file: () => bytesFile(Buffer.from(HTML_PAYLOAD), 'report.pdf'),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'shell script named .jpg',
    path: 'submission',
    file: () => bytesFile(Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), 'photo.jpg'),
    expect: refused(415, 'dangerous'),
  },
  {
    name: 'ELF executable named .png',
    path: 'staff',
    file: () =>
      bytesFile(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), randomBytes(600)]), 'p.png'),
    expect: refused(415, 'unsupported_type'),
  },
  {
    name: 'Windows PE named .mp4',
    path: 'staff-tus',
    file: () =>
      bytesFile(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(0x3a), randomBytes(600)]), 'film.mp4'),
    expect: refused(415, 'unsupported_type'),
  },
  // Polyglots: valid media carrying a page; stored as the media they are, served so no browser runs them.
  {
    name: 'JPEG with HTML in a comment and after EOI',
    path: 'submission',
    file: () => jpegHtmlPolyglot(),
    expect: stored('image/jpeg'),
  },
  {
    name: 'PNG with HTML in a tEXt chunk',
    path: 'staff',
    file: async () => {
      const png = await pngBytes();
      const text = pngChunk('tEXt', Buffer.from(`Comment\0${HTML_PAYLOAD}`));
      return bytesFile(Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]), 'text.png');
    },
    expect: stored('image/png'),
  },
  {
    name: 'JPEG with a ZIP appended (GIFAR-style)',
    path: 'staff-tus',
    file: async () => bytesFile(Buffer.concat([await jpegBytes(), zipBomb(1000, 'a.class')]), 'jar.jpg'),
    expect: stored('image/jpeg'),
  },
  {
    name: 'PDF with an OpenAction script (document)',
    path: 'document',
    file: () => bytesFile(Buffer.from(PDF_WITH_SCRIPT), 'script.pdf'),
    expect: stored('application/pdf'),
  },
  {
    name: 'PDF followed by an HTML page (document)',
    path: 'document',
    file: async () =>
      bytesFile(Buffer.concat([readFileSync(await minimalPdf()), Buffer.from(HTML_PAYLOAD)]), 'p.pdf'),
    expect: stored('application/pdf'),
  },
  // Pixel and decompression bombs.
  {
    name: 'PNG claiming 100,000² pixels',
    path: 'submission',
    file: () => pixelBombPng(),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'PNG deflate bomb over the pixel limit (20,000², 50 MB of zeros in 50 KB)',
    path: 'staff',
    file: () => bytesFile(zeroPng(20_000, 20_000, 2_500), 'bomb.png'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'PNG deflate bomb under the pixel limit (4,000², 16 MB of zeros in 16 KB)',
    path: 'submission',
    file: () => bytesFile(zeroPng(4000, 4000), 'zeros.png'),
    expect: stored('image/png'),
  },
  {
    name: 'GIF claiming 65,535² pixels',
    path: 'submission',
    file: () => bytesFile(hugeGif(), 'huge.gif'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'TIFF claiming 100,000² pixels',
    path: 'staff',
    file: () => bytesFile(hugeTiff(), 'huge.tiff'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'BMP claiming 100,000² pixels',
    path: 'submission',
    file: () => bytesFile(bmpHeader(100_000, 100_000), 'huge.bmp'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'BMP with negative width',
    path: 'staff',
    file: () => bytesFile(bmpHeader(-64, 48), 'neg.bmp'),
    expect: refused(422, 'unreadable_image'),
  },
  // Sound and video bombs (issue 30): read with ffprobe before anything decodes them.
  {
    name: 'WAV of six hours of FLAC-compressed silence (235 KB)',
    path: 'submission',
    file: () => flacInWavBomb(),
    expect: refused(422, 'unsupported_codec'),
  },
  {
    name: 'FLAC of three hours of silence (about 100 KB)',
    path: 'staff-tus',
    file: () => silentFlac(3),
    expect: refused(422, 'implausible_length'),
  },
  {
    name: 'AVI of one 8000 × 8000 MJPEG frame (381 KB)',
    path: 'staff',
    file: () => hugeMjpegAvi(),
    expect: refused(422, 'video_too_large'),
  },
  {
    name: 'ZIP bomb named .docx (100 MB of zeros, document)',
    path: 'document',
    file: () => bytesFile(zipBomb(100_000_000), 'bomb.docx'),
    expect: refused(415, 'unsupported_type'),
  },
  // Truncated and corrupt media.
  {
    name: 'JPEG cut in half',
    path: 'submission',
    file: () => truncatedJpeg(),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'JPEG of start marker and noise',
    path: 'staff',
    file: () =>
      bytesFile(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]), 'noise.jpg'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'PNG cut in half',
    path: 'staff-tus',
    file: async () =>
      bytesFile(half(readFileSync(await imageFixture('png', { width: 256, height: 256 }))), 'half.png'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'PNG with a wrong CRC in its header chunk',
    path: 'submission',
    file: async () => {
      const png = Buffer.from(await pngBytes());
      png[29] = png[29]! ^ 0xff; // inside the IHDR CRC
      return bytesFile(png, 'crc.png');
    },
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'GIF header only',
    path: 'submission',
    file: () => bytesFile(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'head.gif'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'WebP cut after its header',
    path: 'staff',
    file: async () => bytesFile(readFileSync(await imageFixture('webp')).subarray(0, 40), 'cut.webp'),
    expect: refused(422, 'unreadable_image'),
  },
  {
    name: 'MP4 cut to its ftyp box and noise (stored: what ffprobe cannot read is kept as sent)',
    path: 'submission',
    file: async () =>
      bytesFile(
        Buffer.concat([readFileSync(await mp4Video()).subarray(0, 32), randomBytes(4000)]),
        'cut.mp4',
      ),
    expect: stored('video/mp4'),
  },
  {
    name: 'WAV whose header claims more samples than it holds',
    path: 'staff',
    file: async () => bytesFile(readFileSync(await wavFile(0.5)).subarray(0, 2000), 'cut.wav'),
    expect: stored('audio/wav'),
  },
  {
    name: 'WAV of a RIFF header only (stored: sound is not decoded at ingest)',
    path: 'submission',
    file: () => bytesFile(Buffer.from('RIFF\xff\xff\xff\xffWAVEfmt ', 'latin1'), 'head.wav'),
    expect: stored('audio/wav'),
  },
  {
    name: 'PDF cut in half (document)',
    path: 'document',
    file: async () => bytesFile(half(readFileSync(await minimalPdf())), 'half.pdf'),
    expect: stored('application/pdf'),
  },
  // Sizes.
  { name: 'zero bytes (public)', path: 'submission', file: () => emptyFile(), expect: refused(415, 'empty') },
  { name: 'zero bytes (staff)', path: 'staff', file: () => emptyFile(), expect: refused(415, 'empty') },
  {
    name: 'one byte',
    path: 'staff-tus',
    file: () => bytesFile(Buffer.from([0xff]), 'one.jpg'),
    expect: refused(415, 'unsupported_type'),
  },
  {
    name: 'document of the limit plus one byte',
    path: 'document',
    file: () => fileOfSize(DOCUMENT_MAX_BYTES + 1, 'big.pdf'),
    expect: refused(413, 'file_too_large'),
  },
  // Metadata as large as the format allows.
  {
    name: 'JPEG with ten 64 KB IPTC segments',
    path: 'submission',
    file: () => iptcHeavyJpeg(10),
    expect: stored('image/jpeg'),
  },
  {
    name: 'JPEG with a 60 KB EXIF description and artist',
    path: 'staff',
    file: async () =>
      bytesFile(
        await sharp(await jpegBytes())
          .withExif({
            IFD0: { ImageDescription: 'Ø'.repeat(30_000), Artist: `a\u0000b${'x'.repeat(20_000)}` },
          })
          .jpeg()
          .toBuffer(),
        'exif.jpg',
      ),
    expect: stored('image/jpeg'),
    metadata: true,
  },
  // Hostile names on good files: stored, the name made safe.
  ...(
    [
      ['path traversal', NAMES.traversal],
      ['Windows path traversal', NAMES.windowsTraversal],
      ['NUL in the name', NAMES.nul],
      ['right-to-left override', NAMES.rtlOverride],
      ['1000-character name', NAMES.longUnicode],
      ['terminal escape and newline', 'photo\u001b[31m\r\nred.jpg'],
      ['only dots', '...'],
      ['absolute path', '/var/lib/archive/files/media/x.jpg'],
    ] as const
  ).map(
    ([label, name], i): FileCase => ({
      name: `name with ${label}`,
      path: (['submission', 'staff-tus'] as const)[i % 2]!,
      file: () => imageFixture('jpeg'),
      sendAs: name,
      expect: stored('image/jpeg'),
    }),
  ),
];

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let base: string;
let admin: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  admin = await asRole(t, 'admin');
});
afterAll(() => t?.close());

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A path separator, a control character or a bidi override: none may be left in a stored name. */
const unsafeInName = (name: string) =>
  Array.from(name).filter((ch) => {
    const c = ch.codePointAt(0)!;
    return (
      ch === '/' ||
      ch === '\\' ||
      c < 0x20 ||
      c === 0x7f ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069)
    );
  });

let caseNumber = 0;
async function send(c: FileCase, path: string) {
  caseNumber += 1;
  const name = c.sendAs ?? path.split('/').pop()!;
  switch (c.path) {
    case 'submission': {
      const uploadId = await tusUpload(base, path, { name });
      return t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        payload: { uploadId, title: 'Hostile' },
        // Each case from its own address, so the corpus never meets the submission rate limit.
        remoteAddress: `10.9.${caseNumber}.1`,
        headers: { origin: TEST_ORIGIN, cookie: uploaderCookie(uploadId)! },
      });
    }
    case 'staff-tus': {
      const uploadId = await tusUpload(base, path, { name, headers: { cookie: admin.cookie! } });
      return admin.post('/api/admin/media/uploads', { uploadId });
    }
    case 'staff':
    case 'document': {
      const { payload, headers } = multipartUpload({}, { path, name });
      return t.app.inject({
        method: 'POST',
        url: c.path === 'staff' ? '/api/admin/media' : '/api/admin/documents',
        payload,
        headers: { ...headers, origin: TEST_ORIGIN, cookie: admin.cookie! },
      });
    }
  }
}

/** The served original of what a case stored, and its kind. */
function servedUrl(c: FileCase, body: Record<string, { id: string }>) {
  if (c.path === 'submission') return `/files/submissions/${body.submission!.id}/original`;
  if (c.path === 'document') return `/files/documents/${body.document!.id}`;
  return `/files/media/${body.media!.id}/original`;
}

/** The metadata stored with what a case made (documents keep none). */
async function storedMetadata(c: FileCase, id: string) {
  if (c.path === 'document') return null;
  const table = c.path === 'submission' ? 'submissions' : 'media_items';
  const row = await t.db
    .selectFrom(table)
    .select('file_metadata')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.file_metadata;
}

async function expectServerClean(before: string[]) {
  expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  expect(filesUnder(join(t.dataDir, 'tmp'))).toEqual([]);
  expect(filesUnder(join(t.dataDir, 'uploads'))).toEqual([]);
  return filesUnder(join(t.dataDir, 'files')).filter((f) => !before.includes(f));
}

/** The sound and video bombs are made by ffmpeg first (15 s of a core for the WAV one). */
const FILE_CASE_MS = 120_000;

describe('the hostile-upload corpus', { timeout: FILE_CASE_MS }, () => {
  it('has at least 40 cases in all (files and requests)', () => {
    expect(FILE_CASES.length + REQUEST_CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of FILE_CASES) {
    const outcome =
      'stored' in c.expect ? `stored as ${c.expect.stored}` : `${c.expect.status} ${c.expect.code}`;
    it(`${c.name} via ${c.path}: ${outcome}`, async () => {
      const path = await c.file();
      const before = filesUnder(join(t.dataDir, 'files'));
      const res = await send(c, path);
      const body = res.json();
      if ('stored' in c.expect) {
        expect(res.statusCode, res.body).toBe(201);
        const item = (body.submission ?? body.media ?? body.document) as Record<string, unknown>;
        const fileName = String(item.fileName ?? '');
        // The stored name is for display only: one plain name, no controls or bidi overrides, bounded.
        expect(unsafeInName(fileName)).toEqual([]);
        expect(fileName).not.toMatch(/^\.\.?$/);
        expect(Array.from(fileName).length).toBeLessThanOrEqual(255);
        // What the file says about itself is kept bounded (common/file-metadata.ts), whatever its size.
        const metadata = await storedMetadata(c, String(item.id));
        expect(JSON.stringify(metadata ?? null).length).toBeLessThan(20_000);
        if (c.metadata) expect(metadata, 'the camera texts were read').not.toBeNull();
        // Staff see it on the item as it was stored.
        if ('media' in body) expect(item.fileMetadata).toEqual(metadata);
        const served = await t.app.inject({ url: servedUrl(c, body), headers: { cookie: admin.cookie! } });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(c.expect.stored);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const csp = String(served.headers['content-security-policy']);
        expect(csp.startsWith('sandbox') || csp.startsWith("default-src 'none'")).toBe(true);
        expect(await expectServerClean(before)).toHaveLength(1);
      } else {
        expect(res.statusCode, res.body).toBe(c.expect.status);
        expect(body.code, res.body).toBe(c.expect.code);
        // The message names the file, so a batch shows it beside the right one.
        expect(body.fileName, res.body).toBeTruthy();
        expect(await expectServerClean(before)).toEqual([]);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Broken requests: malformed multipart bodies and tus headers.

const BOUNDARY = '----hostile0123';
function multipartBody(parts: string[]): string {
  return `${parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join('')}--${BOUNDARY}--\r\n`;
}
const filePart = (name: string, data: string) =>
  `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n${data}`;
const fieldPart = (name: string, value: string) =>
  `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

interface RequestCase {
  name: string;
  run: () => Promise<{ statusCode: number; code?: string; extra?: () => Promise<void> }>;
  status: number | number[];
  code?: string;
}

async function staffMultipart(payload: string | Buffer, contentType: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { 'content-type': contentType, origin: TEST_ORIGIN, cookie: admin.cookie! },
  });
  return { statusCode: res.statusCode, code: res.json().code as string | undefined };
}

async function tus(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  const res = await fetch(`${base}/api/uploads${path}`, {
    method,
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie!, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  await res.arrayBuffer();
  return res;
}

/** Makes an upload of `length` bytes as admin; its id. */
async function createUpload(length: number) {
  const res = await tus('POST', '', { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length) });
  expect(res.status).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}

async function tusCase(run: () => Promise<Response>) {
  const res = await run();
  return { statusCode: res.status };
}

const REQUEST_CASES: RequestCase[] = [
  {
    name: 'multipart without a boundary',
    // Answered 500 before server/http/multipart.ts turned the parser's plain Error into a 400.
    run: () => staffMultipart(multipartBody([filePart('a.jpg', 'x')]), 'multipart/form-data'),
    status: 400,
    code: 'BAD_MULTIPART',
  },
  {
    name: 'multipart whose body never closes',
    run: () =>
      staffMultipart(
        `--${BOUNDARY}\r\n${filePart('a.jpg', 'xxxx')}`,
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    status: 400,
  },
  {
    name: 'multipart with no file part',
    run: () =>
      staffMultipart(
        multipartBody([fieldPart('title', 'Onki')]),
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    status: 400,
    code: 'no_file',
  },
  {
    name: 'multipart with an empty body',
    run: () => staffMultipart('', `multipart/form-data; boundary=${BOUNDARY}`),
    status: 400,
  },
  {
    name: 'JSON sent to the file upload',
    run: async () => {
      const res = await admin.post('/api/admin/media', { file: 'x' });
      return { statusCode: res.statusCode, code: res.json().code };
    },
    status: 400,
    code: 'NOT_MULTIPART',
  },
  {
    name: 'multipart with a NUL in a field before the file',
    run: () =>
      staffMultipart(
        multipartBody([fieldPart('title', 'a\u0000b'), filePart('a.jpg', 'x')]),
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'multipart with two files: the second is refused, not stored',
    run: async () => {
      const jpeg = (await jpegBytes()).toString('latin1');
      const before = (await t.db.selectFrom('media_items').select('id').execute()).length;
      const res = await staffMultipart(
        Buffer.from(multipartBody([filePart('one.jpg', jpeg), filePart('two.jpg', jpeg)]), 'latin1'),
        `multipart/form-data; boundary=${BOUNDARY}`,
      );
      const after = (await t.db.selectFrom('media_items').select('id').execute()).length;
      expect(after - before).toBe(1);
      return res;
    },
    status: 201,
  },
  {
    name: 'multipart with a field after the file: the field is not read after the fact',
    run: async () => {
      const jpeg = (await jpegBytes()).toString('latin1');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload: Buffer.from(
          multipartBody([filePart('late.jpg', jpeg), fieldPart('title', 'Late title')]),
          'latin1',
        ),
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          origin: TEST_ORIGIN,
          cookie: admin.cookie!,
        },
      });
      // The title comes from the file's name: fields are read before the file, never after it.
      expect(res.json().media.title).toBe('late');
      return { statusCode: res.statusCode, code: res.json().code };
    },
    status: 201,
  },
  {
    name: 'tus create without Tus-Resumable',
    run: () => tusCase(() => tus('POST', '', { 'Upload-Length': '10' })),
    status: 412,
  },
  {
    name: 'tus create with a negative Upload-Length',
    run: () => tusCase(() => tus('POST', '', { 'Tus-Resumable': '1.0.0', 'Upload-Length': '-1' })),
    status: 400,
  },
  {
    name: 'tus create with a non-numeric Upload-Length',
    run: () => tusCase(() => tus('POST', '', { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1e3' })),
    status: 400,
  },
  {
    name: 'tus create past the sender’s largest file (anonymous, 50 MB + 1)',
    run: () =>
      tusCase(() =>
        fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: {
            origin: TEST_ORIGIN,
            'Tus-Resumable': '1.0.0',
            'Upload-Length': String(SUBMISSION_MAX_BYTES + 1),
          },
        }),
      ),
    status: 413,
  },
  {
    name: 'tus create with an absurd Upload-Length (2^63)',
    run: () =>
      tusCase(() => tus('POST', '', { 'Tus-Resumable': '1.0.0', 'Upload-Length': '9223372036854775808' })),
    status: 400,
  },
  {
    name: 'tus create with malformed Upload-Metadata',
    run: () =>
      tusCase(() =>
        tus('POST', '', {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': '10',
          'Upload-Metadata': 'filename !!!notbase64, ,',
        }),
      ),
    status: 400,
  },
  {
    name: 'tus PATCH at the wrong offset',
    run: async () => {
      const id = await createUpload(10);
      const res = await tus(
        'PATCH',
        `/${id}`,
        { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '5', 'Content-Type': 'application/offset+octet-stream' },
        Buffer.alloc(5),
      );
      await tus('DELETE', `/${id}`, { 'Tus-Resumable': '1.0.0' });
      return { statusCode: res.status };
    },
    status: 409,
  },
  {
    name: 'tus PATCH with the wrong content type',
    run: async () => {
      const id = await createUpload(10);
      const res = await tus(
        'PATCH',
        `/${id}`,
        { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'text/html' },
        Buffer.from('<b>hi</b>'),
      );
      await tus('DELETE', `/${id}`, { 'Tus-Resumable': '1.0.0' });
      return { statusCode: res.status };
    },
    status: 415,
  },
  {
    name: 'tus PATCH of more bytes than declared',
    run: async () => {
      const id = await createUpload(10);
      const res = await tus(
        'PATCH',
        `/${id}`,
        { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        Buffer.alloc(100),
      );
      await tus('DELETE', `/${id}`, { 'Tus-Resumable': '1.0.0' });
      return { statusCode: res.status };
    },
    status: 413,
  },
  {
    name: 'tus PATCH to a path-traversal id',
    run: () =>
      tusCase(() =>
        tus(
          'PATCH',
          '/..%2F..%2Fdb',
          {
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
          },
          Buffer.alloc(4),
        ),
      ),
    status: 404,
  },
  {
    name: 'claiming a path-traversal upload id',
    run: async () => {
      const res = await admin.post('/api/admin/media/uploads', { uploadId: '../../db/PG_VERSION' });
      return { statusCode: res.statusCode, code: res.json().code };
    },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
];

const outcomes: string[] = [];
describe('the hostile-request corpus', () => {
  afterAll(() => console.info(`hostile requests:\n${outcomes.join('\n')}`));
  for (const c of REQUEST_CASES) {
    it(`${c.name}: ${[c.status].flat().join(' or ')}${c.code ? ` ${c.code}` : ''}`, async () => {
      const before = filesUnder(join(t.dataDir, 'files'));
      const res = await c.run();
      outcomes.push(`${c.name}: ${res.statusCode}${res.code ? ` ${res.code}` : ''}`);
      expect([c.status].flat()).toContain(res.statusCode);
      if (c.code) expect(res.code).toBe(c.code);
      const added = await expectServerClean(before);
      if (res.statusCode >= 400) expect(added).toEqual([]);
    });
  }
});
