import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run$ = promisify(execFile);
const AUTOCANNON = resolve(import.meta.dirname, '..', '..', 'node_modules', 'autocannon', 'autocannon.js');

export interface Load {
  rps: number;
  p50: number;
  /** autocannon's nearest to p95 (its percentiles are 90, 97.5 and 99): the stricter of the two. */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: string;
  headers?: string[];
  /** Requests a second in all (autocannon's -R), as a monitor asks; unset, as fast as answered. */
  rate?: number;
}

/** autocannon in its own process (so its own work never slows the server's loop) against one URL. */
export async function autocannon(url: string, options: LoadOptions): Promise<Load> {
  const { connections, seconds, method = 'GET', headers = [], rate } = options;
  const { stdout } = await run$(
    process.execPath,
    [
      AUTOCANNON,
      '-j',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-m',
      method,
      ...headers.flatMap((header) => ['-H', header]),
      ...(rate ? ['-R', String(rate)] : []),
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
