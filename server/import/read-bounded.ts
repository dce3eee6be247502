import { open } from 'node:fs/promises';

/**
 * A text file read whole, only when it is at most `maxBytes`: its size is looked at before
 * anything is read, and no more than that size is read (one that grows meanwhile is refused too);
 * or why not, as the end of a sentence ("it is 1,048,577 bytes, more than the 1,048,576 (1 MiB) a
 * sidecar may have"). What `npm run import` parses whole (a bag's sidecars, the metadata CSV, the
 * `--update` CSV) goes through here, so that no file it is handed can make it read without bound.
 */
export async function readBoundedText(
  path: string,
  maxBytes: number,
  what: string,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  let file: Awaited<ReturnType<typeof open>> | undefined;
  try {
    file = await open(path, 'r');
    const { size } = await file.stat();
    if (size > maxBytes) {
      return {
        ok: false,
        message: `it is ${size.toLocaleString('en')} bytes, more than the ${maxBytes.toLocaleString('en')} (${binaryUnits(maxBytes)}) ${what} may have`,
      };
    }
    // One byte more than its size, to tell a file that grew since.
    const buffer = Buffer.alloc(size + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      ({ bytesRead: read } = await file.read(buffer, length, buffer.length - length, length));
    }
    if (length > size) return { ok: false, message: 'it changed while it was read' };
    return { ok: true, text: buffer.toString('utf8', 0, length) };
  } catch (error) {
    return { ok: false, message: `cannot be read (${(error as Error).message})` };
  } finally {
    await file?.close();
  }
}

const binaryUnits = (bytes: number) =>
  bytes >= 1_048_576
    ? `${Number((bytes / 1_048_576).toFixed(2))} MiB`
    : `${Number((bytes / 1024).toFixed(2))} KiB`;
