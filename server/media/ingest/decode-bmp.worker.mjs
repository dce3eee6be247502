// Decodes one BMP file off the main thread (DESIGN §4.7) and writes it as a PNG working copy that
// libvips reads from then on: decode-bmp is pure JavaScript and takes about 0.1 s per megapixel,
// and the decoded pixels (up to 160 MB) never reach the main thread's heap. Plain JavaScript
// because a worker thread does not go through the TypeScript loader that runs the server and the
// tests. Started by decode-bmp.ts, one file each, with a memory and a time limit.
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import decodeBmp from 'decode-bmp';

const { path, output, maxPixels } = workerData;

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))));
  return [head, data, crc];
}

try {
  const file = await readFile(path);
  // Sized the way decode-bmp reads the header (unsigned), so the check covers what it allocates.
  if (file.length < 30 || file.readUInt16LE(0) !== 0x4d42) throw new Error('not a BMP');
  const width = file.readUInt32LE(18);
  const height = file.readUInt32LE(22);
  if (width === 0 || height === 0 || width * height > maxPixels) {
    throw new Error(`BMP of ${width}×${height} pixels is over the limit of ${maxPixels}`);
  }
  const image = decodeBmp(file);
  const rgba = image.data;
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) {
    if (rgba[i] !== 255) {
      opaque = false;
      break;
    }
  }
  // Every BMP but a 32-bit one with real alpha is opaque: RGB, a quarter less to write and read.
  const channels = opaque ? 3 : 4;
  const rowBytes = image.width * channels;
  // PNG rows, each with filter byte 0 (none) in front.
  const rows = Buffer.alloc((rowBytes + 1) * image.height);
  for (let y = 0, p = 0; y < image.height; y++) {
    let q = y * (rowBytes + 1) + 1;
    for (let x = 0; x < image.width; x++, p += 4) {
      rows[q++] = rgba[p];
      rows[q++] = rgba[p + 1];
      rows[q++] = rgba[p + 2];
      if (!opaque) rows[q++] = rgba[p + 3];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bits per channel
  header[9] = opaque ? 2 : 6; // RGB or RGBA
  // A working copy read once or twice and thrown away: fast compression is enough.
  const png = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ...chunk('IHDR', header),
    ...chunk('IDAT', deflateSync(rows, { level: 1 })),
    ...chunk('IEND', Buffer.alloc(0)),
  ];
  await writeFile(output, Buffer.concat(png), { flag: 'wx' });
  parentPort.postMessage({ ok: true, width: image.width, height: image.height, channels });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
