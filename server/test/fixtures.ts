/**
 * Files for tests that we did not make ourselves (camera JPEGs, sounds, a PDF, AVI videos from
 * public npm and Debian packages, fetched on first use and cached under `.test-data/fixtures/`),
 * and hostile files made on the spot (pixel bomb, truncated JPEG, HTML named .jpg, polyglot …).
 *
 * The cache is filled by downloading into a temporary folder beside it and renaming that folder
 * into place, so test files that ask at the same time (vitest runs them in parallel processes)
 * never see a half-written fixture. A fixture that cannot be fetched throws: no test skips silently.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const run = promisify(execFile);

const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const FIXTURES_DIR = join(REPO_ROOT, '.test-data', 'fixtures');

const STALE_WORK_DIR_MS = 60 * 60 * 1000;

/** Work folders left by a test process that died while downloading. */
async function removeStaleWorkDirs(): Promise<void> {
  for (const name of await readdir(FIXTURES_DIR)) {
    if (!name.startsWith('.tmp-')) continue;
    const path = join(FIXTURES_DIR, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_WORK_DIR_MS) await rm(path, { recursive: true, force: true });
  }
}

/** A folder of the cache, filled once by `fill` (which returns the folder to move into place). */
const pendingDirs = new Map<string, Promise<string>>();
function cachedDir(name: string, fill: (workDir: string) => Promise<string>): Promise<string> {
  const finalDir = join(FIXTURES_DIR, name);
  if (existsSync(finalDir)) return Promise.resolve(finalDir);
  let pending = pendingDirs.get(finalDir);
  if (!pending) {
    pending = (async () => {
      await mkdir(resolve(finalDir, '..'), { recursive: true });
      await removeStaleWorkDirs();
      const workDir = await mkdtemp(join(FIXTURES_DIR, '.tmp-'));
      try {
        const filled = await fill(workDir);
        try {
          await rename(filled, finalDir);
        } catch (error) {
          // Another test process filled it first: theirs is as good as ours.
          if (!existsSync(finalDir)) throw error;
        }
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      return finalDir;
    })();
    pending.catch(() => pendingDirs.delete(finalDir));
    pendingDirs.set(finalDir, pending);
  }
  return pending;
}

function commandOutput(error: unknown): string {
  const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message?: string };
  return `${stderr ?? ''}${stdout ?? ''}`.trim() || (message ?? String(error));
}

// ---------------------------------------------------------------------------------------------
// The npm package exif@0.6.0: its test/ folder has camera JPEGs with EXIF data.

export const EXIF_PACKAGE = 'exif@0.6.0';

/**
 * The files of exif@0.6.0's test/ folder this project's tests use, with what they hold
 * (measured with sharp and exifr).
 */
export const EXIF_FILES = {
  /** 480×640 as stored, EXIF Orientation 4 (upside-down mirror). */
  orientation4: 'down-mirrored.jpg',
  /** 640×480 as stored, EXIF Orientation 8 (turn 90° counter-clockwise): 480×640 upright. */
  orientation8: 'right.jpg',
  /** iPhone photo, 180×135, GPS 37.885 N, 122.6225 W. */
  gps: 'test1.jpg',
  /** iPhone photo, 180×142, GPS 37.8147 N, 122.2642 W, no Orientation tag. */
  gpsNoOrientation: 'test2.jpg',
  /** 640×480 Canon JPEG whose EXIF data is malformed (the exif package's "evil" sample). */
  malformed: 'evil1.jpg',
  /** Sony α6000 camera JPEG, 6000×4000, about 6.6 MB. */
  large: 'sony-alpha-6000.jpg',
  /** Xiaomi phone JPEG, 4208×3120, with a GPS block but no position in it. */
  gpsWithoutPosition: 'short-ascii-II.jpg',
  /** A 1×1 JPEG with lens information. */
  tiny: 'lens_info.jpg',
} as const;
export type ExifFixture = keyof typeof EXIF_FILES;

/** The folder holding exif@0.6.0's test/ files (JPEGs and the package's .json/.expected readings). */
export function exifFixtures(): Promise<string> {
  return cachedDir(EXIF_PACKAGE.replace('@', '-'), async (workDir) => {
    try {
      await run('npm', ['pack', EXIF_PACKAGE, '--pack-destination', workDir, '--ignore-scripts'], {
        cwd: workDir,
      });
    } catch (error) {
      throw new Error(`Could not fetch ${EXIF_PACKAGE} with npm pack: ${commandOutput(error)}`);
    }
    const tarball = (await readdir(workDir)).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${EXIF_PACKAGE} left no .tgz in ${workDir}`);
    await run('tar', ['-xzf', join(workDir, tarball), '-C', workDir]);
    return join(workDir, 'package', 'test');
  });
}

/** One of exif@0.6.0's test JPEGs by what it is used for. */
export async function exifFixture(which: ExifFixture): Promise<string> {
  return join(await exifFixtures(), EXIF_FILES[which]);
}

// ---------------------------------------------------------------------------------------------
// Debian packages, fetched with `apt-get download` (never installed) and unpacked with dpkg-deb.

async function aptDownload(pkg: string, dir: string): Promise<string> {
  const download = () => run('apt-get', ['download', pkg], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
  try {
    await download();
  } catch (error) {
    if (!/Unable to locate|no installation candidate|Can't select/i.test(commandOutput(error))) {
      throw new Error(
        `Could not download the Debian package ${pkg} (apt-get download): ${commandOutput(error)}`,
      );
    }
    try {
      await run('apt-get', ['update'], { maxBuffer: 16 * 1024 * 1024 });
      await download();
    } catch (retryError) {
      throw new Error(
        `Could not download the Debian package ${pkg} (apt-get update, then apt-get download; needs root ` +
          `and Debian's package mirror): ${commandOutput(retryError)}`,
      );
    }
  }
  const deb = (await readdir(dir)).find((name) => name.startsWith(`${pkg}_`) && name.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${dir}`);
  return join(dir, deb);
}

/**
 * A file of a Debian package: the installed one at `/${pathInPackage}` when present, else taken
 * from the downloaded package (unpacked whole into the cache; for small packages only).
 */
export async function debianFixture(pkg: string, pathInPackage: string): Promise<string> {
  const relative = pathInPackage.replace(/^\/+/, '');
  const installed = `/${relative}`;
  if (existsSync(installed)) return installed;
  const root = await cachedDir(join('debian', pkg), async (workDir) => {
    const deb = await aptDownload(pkg, workDir);
    const unpacked = join(workDir, 'root');
    await run('dpkg-deb', ['-x', deb, unpacked]);
    return unpacked;
  });
  const file = join(root, relative);
  if (!existsSync(file)) throw new Error(`The Debian package ${pkg} has no ${relative}`);
  return file;
}

/** A 16-bit mono PCM WAV ("Front center", about 134 KB) from alsa-utils. */
export function alsaWav(): Promise<string> {
  return debianFixture('alsa-utils', 'usr/share/sounds/alsa/Front_Center.wav');
}

/** An Ogg Vorbis sound (0.14 s, about 8 KB) from sound-theme-freedesktop; its name ends .oga. */
export function freedesktopOgg(): Promise<string> {
  return debianFixture('sound-theme-freedesktop', 'usr/share/sounds/freedesktop/stereo/bell.oga');
}

/** The only PDF in ghostscript-doc: GS9_Color_Management.pdf, about 6.6 MB. */
export function ghostscriptPdf(): Promise<string> {
  return debianFixture('ghostscript-doc', 'usr/share/doc/ghostscript/GS9_Color_Management.pdf');
}

/** A real HTML page (starts `<!DOCTYPE html>`) from ghostscript-doc. */
export function ghostscriptHtml(): Promise<string> {
  return debianFixture('ghostscript-doc', 'usr/share/doc/ghostscript/html/Readme.html');
}

/** A real HTML fragment that starts with an HTML comment (`<!--START EDITING HERE-->`), from ghostscript-doc. */
export function ghostscriptHtmlFragment(): Promise<string> {
  return debianFixture('ghostscript-doc', 'usr/share/doc/ghostscript/News.htm');
}

/**
 * The sample videos of opencv-doc's examples/data (codecs as ffprobe reports them):
 * Megamind.avi (MPEG-4 part 2 720×528 + AC-3 sound, 1.2 MB), Megamind_bugy.avi (the same film
 * with damaged data, 0.9 MB), tree.avi (Cinepak 320×240, 1.3 MB), vtest.avi (MS-MPEG4v3 768×576, 8 MB).
 */
export const OPENCV_AVIS = ['Megamind.avi', 'Megamind_bugy.avi', 'tree.avi', 'vtest.avi'] as const;
export type OpencvAvi = (typeof OPENCV_AVIS)[number];
const OPENCV_DATA = 'usr/share/doc/opencv-doc/examples/data';

/**
 * One of opencv-doc's sample AVI files. opencv-doc is a 95 MB package: it is downloaded (not
 * installed) once, only its .avi files are unpacked and cached, and the package is dropped.
 */
export async function opencvAvi(name: OpencvAvi): Promise<string> {
  const installed = `/${OPENCV_DATA}/${name}`;
  if (existsSync(installed)) return installed;
  const dir = await cachedDir(join('debian', 'opencv-doc-avi'), async (workDir) => {
    const deb = await aptDownload('opencv-doc', workDir);
    const unpacked = join(workDir, 'root');
    await mkdir(unpacked);
    try {
      await run('bash', [
        '-o',
        'pipefail',
        '-c',
        'dpkg-deb --fsys-tarfile "$1" | tar -x -C "$2" --wildcards "*/examples/data/*.avi"',
        'bash',
        deb,
        unpacked,
      ]);
    } catch (error) {
      throw new Error(`Could not unpack the AVI files of opencv-doc: ${commandOutput(error)}`);
    }
    await rm(deb);
    return join(unpacked, OPENCV_DATA);
  });
  const file = join(dir, name);
  if (!existsSync(file)) throw new Error(`opencv-doc has no ${OPENCV_DATA}/${name}`);
  return file;
}

// ---------------------------------------------------------------------------------------------
// Files made on the spot, each in its own folder under one scratch folder per test process.

const SCRATCH_ROOT = join(REPO_ROOT, '.test-data', 'scratch');
let scratchDir: string | undefined;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This process's scratch folder, `.test-data/scratch/<pid>-…`. It is removed when the process
 * exits normally; test workers are often killed instead, so folders of processes that are gone
 * are removed when the next one starts.
 */
function scratch(): string {
  if (!scratchDir) {
    mkdirSync(SCRATCH_ROOT, { recursive: true });
    for (const name of readdirSync(SCRATCH_ROOT)) {
      const pid = Number(name.split('-')[0]);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)) {
        rmSync(join(SCRATCH_ROOT, name), { recursive: true, force: true });
      }
    }
    const dir = mkdtempSync(join(SCRATCH_ROOT, `${process.pid}-`));
    scratchDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return scratchDir;
}

/** A path for a new file called `name` (a plain file name: these helpers never write elsewhere). */
export async function scratchPath(name: string): Promise<string> {
  if (name === '' || name === '.' || name === '..' || ['/', '\\', '\0'].some((c) => name.includes(c))) {
    throw new Error(
      `Not a plain file name: ${JSON.stringify(name)} (give hostile names to the code under test, not here)`,
    );
  }
  return join(await mkdtemp(join(scratch(), 'f-')), name);
}

async function writeScratch(name: string, data: Uint8Array | string): Promise<string> {
  const path = await scratchPath(name);
  await writeFile(path, data);
  return path;
}

/** Hostile and awkward file names for the code under test (never used as paths by these helpers). */
export const NAMES = {
  traversal: '../../etc/passwd.jpg',
  windowsTraversal: '..\\..\\Windows\\win.ini.jpg',
  nul: 'photo\u0000.jpg',
  /** Reads as "photo_exe.jpg" in a bidi-aware display; really ends in .exe. */
  rtlOverride: 'photo_\u202Egpj.exe',
  /** About 1000 characters of Faroese ending .jpg. */
  longUnicode: `${'Gomul mynd úr Gøtu: fólk á ólavsøku við sjónum, tikin áðrenn heimsbardagin. '.repeat(13)}.jpg`,
  faroese: 'Ólavsøka í Havn 1952 — ðø á.jpg',
} as const;

type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'bmp';
const FORMAT_EXTENSION: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tiff',
  bmp: 'bmp',
};

/** RGB pixels of a gradient with some texture, so encoders produce real data. */
function gradientPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / Math.max(1, width - 1);
      pixels[i + 1] = (y * 255) / Math.max(1, height - 1);
      pixels[i + 2] = ((x * 7) ^ (y * 13)) & 0xff;
    }
  }
  return pixels;
}

async function encodeImage(format: ImageFormat, width: number, height: number): Promise<Buffer> {
  const pixels = gradientPixels(width, height);
  if (format === 'bmp') return bitmap(width, height, pixels);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A 24-bit BMP (sharp/libvips cannot write BMP). */
function bitmap(width: number, height: number, rgb: Buffer): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + rowSize * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22); // positive: rows stored bottom-up
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(rowSize * height, 34);
  file.writeInt32LE(2835, 38); // 72 dpi
  file.writeInt32LE(2835, 42);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      file[row + x * 3] = rgb[from + 2]!;
      file[row + x * 3 + 1] = rgb[from + 1]!;
      file[row + x * 3 + 2] = rgb[from]!;
    }
  }
  return file;
}

/** A real image of the given format (64×48 unless told), made with sharp (BMP by hand). */
export async function imageFixture(
  format: ImageFormat,
  options: { width?: number; height?: number; name?: string } = {},
): Promise<string> {
  const { width = 64, height = 48 } = options;
  return writeScratch(
    options.name ?? `image.${FORMAT_EXTENSION[format]}`,
    await encodeImage(format, width, height),
  );
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export const PIXEL_BOMB_SIZE = { width: 100_000, height: 100_000 } as const;

/**
 * A PNG of a few hundred bytes whose header claims 100,000 × 100,000 grey pixels (10 gigapixels)
 * and whose data holds one row of them: decoding it must be refused, not attempted.
 */
export async function pixelBombPng(name = 'bomb.png'): Promise<string> {
  const { width, height } = PIXEL_BOMB_SIZE;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const firstRow = deflateSync(Buffer.alloc(1 + width)); // filter byte + one row of black
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRow),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
  return writeScratch(name, png);
}

/** A real 256×256 JPEG (made with sharp) cut off in the middle of its image data. */
export async function truncatedJpeg(name = 'truncated.jpg'): Promise<string> {
  const jpeg = await encodeImage('jpeg', 256, 256);
  return writeScratch(name, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
}

export const HTML_PAYLOAD =
  '<!DOCTYPE html>\n<html><head><title>Photo</title></head>' +
  '<body><script>fetch("/api/admin/users").then((r) => r.text()).then(alert)</script></body></html>\n';

/** An HTML page with a script, named photo.jpg. */
export function htmlNamedJpg(name = 'photo.jpg'): Promise<string> {
  return writeScratch(name, HTML_PAYLOAD);
}

/** An SVG with an onload script (starting right at `<svg`, no XML prolog), named photo.jpg. */
export function svgNamedJpg(name = 'photo.jpg'): Promise<string> {
  return writeScratch(
    name,
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(document.domain)">' +
      '<rect width="10" height="10"/></svg>\n',
  );
}

/**
 * A valid JPEG (sharp decodes it) carrying an HTML page twice: in a comment (COM) segment right
 * after the start-of-image marker, and appended after the end-of-image marker.
 */
export async function jpegHtmlPolyglot(name = 'polyglot.jpg'): Promise<string> {
  const jpeg = await encodeImage('jpeg', 64, 48);
  const payload = Buffer.from(HTML_PAYLOAD, 'utf8');
  const comment = Buffer.alloc(4);
  comment[0] = 0xff;
  comment[1] = 0xfe;
  comment.writeUInt16BE(payload.length + 2, 2);
  return writeScratch(
    name,
    Buffer.concat([jpeg.subarray(0, 2), comment, payload, jpeg.subarray(2), payload]),
  );
}

/** A file of zero bytes. */
export function emptyFile(name = 'empty.jpg'): Promise<string> {
  return writeScratch(name, new Uint8Array(0));
}

/**
 * A file of exactly `bytes` bytes, made instantly (sparse). It starts with a small real JPEG, so
 * its size is the only thing wrong with it when that size is over a limit.
 */
export async function fileOfSize(bytes: number, name = 'large.jpg'): Promise<string> {
  const jpeg = await encodeImage('jpeg', 16, 16);
  const path = await writeScratch(name, jpeg.subarray(0, Math.min(bytes, jpeg.length)));
  await truncate(path, bytes);
  return path;
}

/** A UTF-8 text file. */
export function textFile(
  content = 'Minnisgrein um bygdina.\nSkrivað í 1952.\n',
  name = 'notes.txt',
): Promise<string> {
  return writeScratch(name, content);
}

/** Any bytes under a name. */
export function bytesFile(bytes: Uint8Array, name: string): Promise<string> {
  return writeScratch(name, bytes);
}

/**
 * The start of a Microsoft Compound File (old .doc/.xls/.ppt/.msg): its signature and an empty
 * 512-byte header padded to 1.5 KB. Content sniffing cannot tell which Office format it is.
 */
export function compoundFile(name = 'report.doc'): Promise<string> {
  const file = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file);
  file.writeUInt16LE(0x3e, 24); // minor version
  file.writeUInt16LE(3, 26); // major version 3: 512-byte sectors
  file.writeUInt16LE(0xfffe, 28); // little-endian
  file.writeUInt16LE(9, 30); // sector shift
  file.writeUInt16LE(6, 32); // mini sector shift
  return writeScratch(name, file);
}

/** A ZIP archive of stored (uncompressed) entries. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [entryName, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(entryName, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OPEN_XML = {
  docx: {
    mainPart: 'word/document.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    main:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      '<w:body><w:p><w:r><w:t>Mentanardagar</w:t></w:r></w:p></w:body></w:document>',
  },
  xlsx: {
    mainPart: 'xl/workbook.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    main:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<sheets/></workbook>',
  },
} as const;

/**
 * A minimal Office Open XML package (.docx or .xlsx): `[Content_Types].xml` naming the main part,
 * and that part. Enough for content sniffing; not a document Word or Excel would open.
 */
export function openXmlFile(kind: 'docx' | 'xlsx', name = `document.${kind}`): Promise<string> {
  const { mainPart, contentType, main } = OPEN_XML[kind];
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/${mainPart}" ContentType="${contentType}"/></Types>`;
  return writeScratch(name, zip({ '[Content_Types].xml': contentTypes, [mainPart]: main }));
}

// ---------------------------------------------------------------------------------------------
// Large but allowed files, the worst case of each type for the event-loop test.

/**
 * A 1-bit (two-colour palette) BMP of width × height pixels with a busy pattern: the most pixels
 * per byte a BMP can carry (8000 × 8000 is 8 MB).
 */
export function bitmap1Bit(width: number, height: number, name = 'scan.bmp'): Promise<string> {
  const stride = Math.ceil(width / 32) * 4;
  const offset = 14 + 40 + 8;
  const file = Buffer.alloc(offset + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(1, 28);
  file.writeUInt32LE(stride * height, 34);
  file.writeInt32LE(11811, 38); // 300 dpi
  file.writeInt32LE(11811, 42);
  file.writeUInt32LE(2, 46);
  file.writeUInt32LE(0x000000, 54);
  file.writeUInt32LE(0xffffff, 58);
  const row = Buffer.alloc(stride);
  for (let i = 0; i < stride; i++) row[i] = (i * 37) & 0xff;
  for (let y = 0; y < height; y++) row.copy(file, offset + y * stride, (y * 7) % 4);
  return writeScratch(name, file);
}

/** An animated GIF of `frames` frames of width × height, each a different shade. */
export async function animatedGif(
  frames: number,
  options: { width?: number; height?: number; name?: string } = {},
): Promise<string> {
  const { width = 64, height = 48 } = options;
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let frame = 0; frame < frames; frame++) {
    pixels.fill(frame % 256, frame * width * height * 3, (frame + 1) * width * height * 3);
  }
  const gif = await sharp(pixels, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  })
    .gif({ delay: new Array(frames).fill(40) })
    .toBuffer();
  return writeScratch(options.name ?? 'animation.gif', gif);
}

/**
 * A JPEG carrying `segments` APP13 (Photoshop/IPTC) segments of about 64 KB each, full of IPTC
 * keyword records: metadata as large as the file limit allows.
 */
export async function iptcHeavyJpeg(segments: number, name = 'iptc.jpg'): Promise<string> {
  const jpeg = await encodeImage('jpeg', 64, 48);
  const records: Buffer[] = [];
  let size = 0;
  while (size < 64_000) {
    records.push(Buffer.from([0x1c, 2, 25, 0, 200]), Buffer.alloc(200, 0x41)); // 2:25 Keywords
    size += 205;
  }
  const iptc = Buffer.concat(records);
  const resource = Buffer.alloc(12);
  resource.write('8BIM', 0, 'latin1');
  resource.writeUInt16BE(0x0404, 4); // IPTC-NAA record
  resource.writeUInt32BE(iptc.length, 8);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource, iptc]);
  const marker = Buffer.from([0xff, 0xed, 0, 0]);
  marker.writeUInt16BE(body.length + 2, 2);
  const segment = Buffer.concat([marker, body]);
  return writeScratch(
    name,
    Buffer.concat([jpeg.subarray(0, 2), ...new Array<Buffer>(segments).fill(segment), jpeg.subarray(2)]),
  );
}

/** A 16-bit mono PCM WAV of `seconds` seconds of a tone, made by hand. */
export function wavFile(seconds: number, name = 'sound.wav'): Promise<string> {
  const rate = 44_100;
  const samples = Math.round(rate * seconds);
  const file = Buffer.alloc(44 + samples * 2);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(file.length - 8, 4);
  file.write('WAVEfmt ', 8, 'latin1');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(rate, 24);
  file.writeUInt32LE(rate * 2, 28);
  file.writeUInt16LE(2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    file.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return writeScratch(name, file);
}

/** A one-page PDF written by hand (with a correct cross-reference table). */
export function minimalPdf(name = 'document.pdf'): Promise<string> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return writeScratch(name, body);
}

/**
 * A short MP4 video (2 s of ffmpeg's test pattern) when ffmpeg is present; without it, the
 * start of an MP4 (an `ftyp` box), which is still typed as video and stored.
 */
export async function mp4Video(name = 'film.mp4'): Promise<string> {
  const path = await scratchPath(name);
  try {
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=640x360:rate=25',
      '-pix_fmt',
      'yuv420p',
      '-y',
      path,
    ]);
  } catch {
    const ftyp = Buffer.alloc(32);
    ftyp.writeUInt32BE(32, 0);
    ftyp.write('ftypisom', 4, 'latin1');
    ftyp.write('isomiso2avc1mp41', 16, 'latin1');
    await writeFile(path, ftyp);
  }
  return path;
}

// ---------------------------------------------------------------------------------------------
// Sound and video bombs (issue 30), made by ffmpeg on first use and kept in the cache (by their
// ffmpeg arguments): the WAV bomb alone takes a core 15 s, and four test files on two engines ask.
// Read them, never write to them (copy one first: av-bounds.test.ts does).

const madeOnce = new Map<string, Promise<string>>();
function ffmpegMade(name: string, args: string[]): Promise<string> {
  let made = madeOnce.get(name);
  if (!made) {
    const key = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 12);
    made = cachedDir(join('ffmpeg', `${name}-${key}`), async (workDir) => {
      const out = join(workDir, 'out');
      await mkdir(out);
      await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args, join(out, name)]);
      return out;
    }).then((dir) => join(dir, name));
    madeOnce.set(name, made);
  }
  return made;
}

/**
 * The review's WAV bomb: six hours of FLAC-compressed silence in a WAV, 235 KB, that took the old
 * waveform decode to 2.1 GB. About 15 s of one core to make.
 */
export function flacInWavBomb(): Promise<string> {
  return ffmpegMade('bomb.wav', [
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '21600'],
    ...['-c:a', 'flac', '-compression_level', '12', '-frame_size', '65535', '-f', 'wav'],
  ]);
}

/** A FLAC file (an accepted codec in its own container) of `hours` of silence: a few KB an hour. */
export function silentFlac(hours: number): Promise<string> {
  return ffmpegMade(`silence-${hours}h.flac`, [
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', String(hours * 3600)],
    ...['-c:a', 'flac', '-compression_level', '12', '-frame_size', '65535', '-f', 'flac'],
  ]);
}

/** The review's video bomb: one black 8000 × 8000 MJPEG frame in an AVI, about 381 KB. */
export function hugeMjpegAvi(): Promise<string> {
  return ffmpegMade('huge.avi', [
    ...['-f', 'lavfi', '-i', 'color=c=black:s=8000x8000:d=1:r=1'],
    ...['-c:v', 'mjpeg', '-q:v', '31', '-f', 'avi'],
  ]);
}

/** A short MP3 (a minute of a tone whose loudness swells and falls), about 480 KB. */
export function mp3Sound(): Promise<string> {
  return ffmpegMade('tone.mp3', [
    ...['-f', 'lavfi', '-i', "sine=f=220:d=60,volume='0.2+0.8*abs(sin(t/5))':eval=frame"],
    ...['-ac', '1', '-b:a', '64k', '-f', 'mp3'],
  ]);
}

// Old video as municipalities hold it (issue 27 §5): a second at 160 × 120, a few tens of KB each.
const TINY_CLIP = ['-f', 'lavfi', '-i', 'testsrc=d=1:s=160x120:r=10', '-f', 'lavfi', '-i', 'sine=f=440:d=1'];

/** An AVI of MJPEG pictures and PCM sound (a capture card's), which no browser plays. */
export function mjpegPcmAvi(): Promise<string> {
  return ffmpegMade('capture.avi', [
    ...TINY_CLIP,
    '-c:v',
    'mjpeg',
    '-q:v',
    '8',
    '-c:a',
    'pcm_s16le',
    '-f',
    'avi',
  ]);
}

/** A Windows Media video (WMV 8 and WMA 2), which no browser plays. */
export function wmvClip(): Promise<string> {
  return ffmpegMade('tape.wmv', [
    ...TINY_CLIP,
    '-c:v',
    'wmv2',
    '-b:v',
    '200k',
    '-c:a',
    'wmav2',
    '-b:a',
    '64k',
    '-f',
    'asf',
  ]);
}

/** An AVI holding H.264 and MP3: the pictures browsers play, in a container they do not. */
export function h264Avi(): Promise<string> {
  return ffmpegMade('h264.avi', [
    ...TINY_CLIP,
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libmp3lame', '-f', 'avi'],
  ]);
}

/** An MP4 of H.264 and AAC, which every browser plays as it is. */
export function h264AacMp4(): Promise<string> {
  return ffmpegMade('played.mp4', [
    ...TINY_CLIP,
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4'],
  ]);
}

/** A WAV of a-law sound (a telephone recording's), played by some browsers and not others. */
export function alawWav(): Promise<string> {
  return ffmpegMade('phone.wav', [
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=1',
    '-ar',
    '8000',
    '-c:a',
    'pcm_alaw',
    '-f',
    'wav',
  ]);
}

/** One second of 3840 × 2160 MJPEG in an AVI (within the ingest's pixel cap): its copy is 1080p. */
export function uhdMjpegAvi(): Promise<string> {
  return ffmpegMade('uhd.avi', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=d=1:s=3840x2160:r=2',
    '-c:v',
    'mjpeg',
    '-q:v',
    '20',
    '-f',
    'avi',
  ]);
}

// ---------------------------------------------------------------------------------------------
// The npm package @vladmandic/face-api (MIT licence, a dependency of the archive): its demo/ folder
// holds six photos of groups of people (1920 px wide Sony and Samsung camera JPEGs, 3 to 5 faces
// each, about 20 faces in all), which the face tests and `npm run bench -- faces` use.

export const FACE_SAMPLES = [1, 2, 3, 4, 5, 6] as const;
export type FaceSample = (typeof FACE_SAMPLES)[number];

/** One of @vladmandic/face-api's demo photos (installed with the package: no download). */
export function faceApiSample(n: FaceSample): string {
  const root = resolve(REPO_ROOT, 'node_modules', '@vladmandic', 'face-api', 'demo');
  const file = join(root, `sample${n}.jpg`);
  if (!existsSync(file)) throw new Error(`@vladmandic/face-api has no demo/sample${n}.jpg (npm ci?)`);
  return file;
}
