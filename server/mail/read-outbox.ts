import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The messages the outbox mailer wrote into `dir`, oldest first, as readable text: bodies with
 * Faroese letters are quoted-printable, so soft line breaks and =XX bytes are undone. For tests
 * and for an operator reading DATA_DIR/outbox by hand; [] when nothing was sent yet.
 */
export function readOutbox(dir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8')));
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
