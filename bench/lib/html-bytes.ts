/**
 * What a server-drawn page's HTML is made of (bench/web.ts): the page as drawn (#root), each
 * embedded answer of the boot-data block, and the rest of index.html, raw and with brotli (as the
 * server sends it, quality 5), and the markup of one gallery card, the part that repeats.
 */
import { brotliCompressSync, constants } from 'node:zlib';

const brotli = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export interface HtmlPart {
  part: string;
  raw: number;
  brotli: number;
}

/** The parts of one page's HTML, largest first after the whole. */
export function htmlParts(html: string): HtmlPart[] {
  const part = (name: string, text: string): HtmlPart => ({
    part: name,
    raw: Buffer.byteLength(text),
    brotli: brotli(text),
  });
  const parts = [part('whole page', html)];
  const boot = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const root = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*(?:<script|<\/body>)/.exec(html)?.[1] ?? '';
  parts.push(part('drawn page (#root)', root));
  const cards = [...root.matchAll(/<a [^>]*data-item-id="[^"]*"[\s\S]*?<\/a>/g)].map((m) => m[0]);
  if (cards.length > 0) {
    const all = cards.join('');
    parts.push({ ...part(`  ${cards.length} item cards`, all) });
    parts.push({
      part: '  one card (mean)',
      raw: Math.round(Buffer.byteLength(all) / cards.length),
      brotli: Math.round(brotli(all) / cards.length),
    });
  }
  parts.push(part('boot data', boot));
  if (boot) {
    const answers = JSON.parse(boot.replace(/\\u003c/g, '<')) as Record<string, unknown>;
    for (const [path, body] of Object.entries(answers)) parts.push(part(`  ${path}`, JSON.stringify(body)));
  }
  return parts;
}

/** The parts as lines of a table. */
export function formatHtmlParts(parts: HtmlPart[]): string[] {
  return parts.map(
    (p) => `${p.part.padEnd(56)}${kb(p.raw).padStart(10)} raw${kb(p.brotli).padStart(10)} brotli`,
  );
}
