/**
 * What `npm run import` parses whole is bounded before it is read (server/import/read-bounded.ts):
 * each bound tested at the bound and a byte over it. The file a byte over is sparse and 8 GiB when
 * it must be refused unread: read, it would not fit in the process.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_CSV_MAX_BYTES } from '#common/limits.ts';
import { readBoundedText } from './read-bounded.ts';
import { ImportRefusal, readMetadata } from './run-import.ts';

const work = mkdtempSync(join(tmpdir(), 'read-bounded-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A file of exactly `bytes`: `head`, then spaces, then a line break. */
function fileOf(name: string, head: string, bytes: number) {
  const path = join(work, name);
  writeFileSync(path, `${head}${' '.repeat(bytes - Buffer.byteLength(head) - 1)}\n`);
  return path;
}

function sparse(name: string, bytes: number) {
  const path = join(work, name);
  writeFileSync(path, 'file,title\n');
  truncateSync(path, bytes);
  return path;
}

describe('readBoundedText', () => {
  it('reads a file of exactly the bound whole, and refuses one a byte larger, or of 8 GiB, unread', async () => {
    const at = fileOf('at.txt', 'Gøta', 4096);
    const read = await readBoundedText(at, 4096, 'a test file');
    expect(read).toEqual({ ok: true, text: `Gøta${' '.repeat(4096 - 6)}\n` });

    expect(await readBoundedText(fileOf('over.txt', 'Gøta', 4097), 4096, 'a test file')).toEqual({
      ok: false,
      message: 'it is 4,097 bytes, more than the 4,096 (4 KiB) a test file may have',
    });
    const huge = await readBoundedText(sparse('huge.txt', 8 * 1024 ** 3), 4096, 'a test file');
    expect(huge).toEqual({
      ok: false,
      message: 'it is 8,589,934,592 bytes, more than the 4,096 (4 KiB) a test file may have',
    });
  });

  it('says why a file cannot be read', async () => {
    const read = await readBoundedText(join(work, 'absent.csv'), 4096, 'a test file');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^cannot be read \(ENOENT/);
  });
});

describe("the import's metadata CSV", () => {
  it(`parses one of exactly ${IMPORT_CSV_MAX_BYTES.toLocaleString('en')} bytes whose one field is nearly all of it`, async () => {
    const at = fileOf('at.csv', 'file,title\nlens.jpg,Gøta', IMPORT_CSV_MAX_BYTES);
    const metadata = await readMetadata(at);
    expect([...metadata.keys()]).toEqual(['lens.jpg']);
    const row = metadata.get('lens.jpg')!;
    expect(row.ok && row.value.fields.title).toBe('Gøta');
  }, 60_000);

  it('refuses one a byte larger, or of 8 GiB, unread, with its size and the bound', async () => {
    const over = fileOf('over.csv', 'file,title\nlens.jpg,Gøta', IMPORT_CSV_MAX_BYTES + 1);
    await expect(readMetadata(over)).rejects.toThrow(
      new ImportRefusal(
        `the CSV ${over}: it is 33,554,433 bytes, more than the 33,554,432 (32 MiB) an import CSV may have.`,
      ),
    );
    const huge = sparse('huge.csv', 8 * 1024 ** 3);
    await expect(readMetadata(huge)).rejects.toThrow(
      `the CSV ${huge}: it is 8,589,934,592 bytes, more than the 33,554,432 (32 MiB) an import CSV may have.`,
    );
  });
});
