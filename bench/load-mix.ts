/**
 * The pure parts of the load bench (bench/load.ts): which answer a request is replayed from by the
 * bare baseline server, latency percentiles, the visitors' choices, the figures per class.
 */

/**
 * The kind of answer a request gets, as the bare baseline server (bench/load-bare.ts) replays it:
 * every gallery page is the captured gallery page, every thumbnail the captured thumbnail, and so on.
 */
export function replayKey(method: string, url: string): string {
  const path = url.split('?')[0]!;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  if (path === '/api/uploads' && method === 'POST') return 'upload-create';
  if (path.startsWith('/api/uploads/') && method === 'PATCH') return 'upload-bytes';
  if (path === '/api/submissions' && method === 'POST') return 'submission';
  if (/^\/api\/media\/[^/]+\/view$/.test(path) && method === 'POST') return 'view';
  if (method !== 'GET') return `other ${method} ${path}`;
  if (/^\/api\/media\/[^/]+$/.test(path)) return 'media-api';
  if (path === '/api/gallery') return new URLSearchParams(query).has('q') ? 'search' : 'gallery';
  if (path === '/api/slideshows/latest') return 'slideshow-latest';
  if (/^\/api\/slideshows\/[^/]+$/.test(path)) return 'slideshow';
  if (path.startsWith('/files/')) return path.endsWith('/thumb') ? 'thumb' : 'display';
  if (path.startsWith('/assets/')) return `asset ${path}`;
  if (/^\/media\/[^/]+$/.test(path)) return 'media-page';
  if (path === '/about') return 'about';
  if (path === '/') return 'home';
  return `other GET ${path}`;
}

/** The p-th percentile (0–100) of ascending numbers, nearest rank; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** One of `choices` by weight, for a number `r` in [0, 1) (Math.random()). */
export function pickWeighted<T>(choices: readonly (readonly [T, number])[], r: number): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let at = r * total;
  for (const [choice, weight] of choices) {
    if (at < weight) return choice;
    at -= weight;
  }
  return choices[choices.length - 1]![0];
}

/** The first API answers a page embeds (server/web/boot-data.ts), read as the web app reads them. */
export function bootData(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) return {};
  try {
    return JSON.parse(match[1]!) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The scripts (the entry and its module preloads) and the stylesheet a page loads first, as named
 * in its HTML (a browser fetches them on its first visit, then keeps them).
 */
export function pageAssets(html: string): string[] {
  const found = [
    ...html.matchAll(/<script[^>]*\ssrc="(\/assets\/[^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*href="(\/assets\/[^"]+)"/g),
  ].map((m) => m[1]!);
  return [...new Set(found)];
}

export type ErrorKind = `HTTP ${number}` | 'socket' | 'timeout';

/** What one class of request did: latencies (ms) of answered requests, and errors by kind. */
export class ClassFigures {
  readonly latencies: number[] = [];
  readonly errors = new Map<ErrorKind, number>();
  ok = 0;

  add(ms: number, error?: ErrorKind) {
    this.latencies.push(ms);
    if (error) this.errors.set(error, (this.errors.get(error) ?? 0) + 1);
    else this.ok++;
  }

  get errorCount() {
    let n = 0;
    for (const count of this.errors.values()) n += count;
    return n;
  }
}

export interface Summary {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  errorKinds: string;
}

/** Requests, req/s over `seconds`, p50/p95/p99/max and errors of one or more classes together. */
export function summarise(figures: readonly ClassFigures[], seconds: number): Summary {
  const latencies = figures.flatMap((f) => f.latencies).sort((a, b) => a - b);
  const kinds = new Map<string, number>();
  for (const f of figures) for (const [kind, n] of f.errors) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    errors: [...kinds.values()].reduce((a, b) => a + b, 0),
    errorKinds: [...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', '),
  };
}
