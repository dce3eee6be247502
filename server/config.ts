import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type Bbox, readBbox } from '#common/map.ts';

/** Configuration from the environment (DESIGN.md §3). Bad values stop start-up with one line. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** PUBLIC_URL was set (otherwise publicUrl is the local address, and localhost origins are trusted too). */
  publicUrlFromEnv?: boolean;
  databaseUrl: string | undefined;
  s3:
    | { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string }
    | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  admin: { email: string; password: string } | undefined;
  /**
   * Whose X-Forwarded-For is believed: false (nobody: the socket's address is the client's), a
   * number of proxy hops in front of the service, or the proxies' addresses/CIDRs (Fastify's
   * `trustProxy`).
   */
  trustProxy: false | number | string[];
  logLevel: string;
  webDir: string;
  /** Threads drawing the public pages (server/web/render-pool.ts); 0: the browser draws them. */
  renderThreads: number;
  /**
   * How long a request may take to arrive, headers and body (file bodies excepted: they are bound
   * by idleTimeoutMs); ms. Default 60 s (server/http/connection-bounds.ts).
   */
  requestTimeoutMs?: number;
  /** A connection on which no byte moves this long is closed, uploads included; ms. Default 30 s. */
  idleTimeoutMs?: number;
  /** Requests one client address may have in progress at once. Default 64. */
  connectionsPerClient?: number;
  /** An upload that has received no byte this long holds no room (features/uploads); default 5 min. */
  uploadIdleMs?: number;
  /** What the files of pending submissions may take together (features/submissions); default 20 GB. */
  pendingSubmissionsMaxBytes?: number;
  /** What the IIIF image server's kept pyramids and cut images may take on disk (features/iiif); default 1 GB. */
  iiifCacheBytes?: number;
  /** What the small files kept in memory (thumbnails) may take together; 0: none kept. */
  fileMemoryBytes?: number;
  /**
   * The map (features/map): the region it shows (west, south, east, north; default the Faroe
   * Islands), and a tile server to draw under it, for installations that have one (otherwise the
   * coastline that ships with the archive is the basemap).
   */
  map?: { region?: Bbox; tileUrl?: string; tileAttribution?: string };
}

export class ConfigError extends Error {}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optional,
  SESSION_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  TRUST_PROXY: optional,
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  /** The built web app to serve; `dist/` by default. */
  WEB_DIR: optional,
  /**
   * One by default: the machine this is sized for has two cores, and the embedded database has a
   * thread of its own; each thread holds ~25 MB.
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Above the live submission stream's heartbeat (25 s), which must not be taken for idleness. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(30),
  CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(8).max(100_000).default(64),
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().min(10).max(7200).optional(),
  PENDING_SUBMISSIONS_MAX_GB: z.coerce.number().positive().max(1_000_000).optional(),
  IIIF_CACHE_MB: z.coerce.number().int().min(16).max(100_000_000).optional(),
  FILE_MEMORY_MB: z.coerce.number().int().min(0).max(100_000).optional(),
  MAP_REGION: optional.pipe(
    z
      .string()
      .refine(
        (v) => readBbox(v) !== null,
        'must be west,south,east,north in degrees (e.g. -7.8,61.35,-6.2,62.45)',
      )
      .optional(),
  ),
  MAP_TILE_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
      .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: optional.pipe(z.string().max(300).optional()),
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  }
  if (e.MAP_TILE_URL && !e.MAP_TILE_ATTRIBUTION) {
    throw new ConfigError(
      "Invalid configuration: MAP_TILE_URL needs MAP_TILE_ATTRIBUTION (the tiles' owner must be credited)",
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/$/, ''),
    publicUrlFromEnv: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Archive <no-reply@localhost>',
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL ?? 'info',
    webDir: e.WEB_DIR ? resolve(e.WEB_DIR) : resolve(import.meta.dirname, '..', 'dist'),
    renderThreads: e.RENDER_THREADS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
    connectionsPerClient: e.CONNECTIONS_PER_CLIENT,
    uploadIdleMs: e.UPLOAD_IDLE_SECONDS === undefined ? undefined : e.UPLOAD_IDLE_SECONDS * 1000,
    pendingSubmissionsMaxBytes:
      e.PENDING_SUBMISSIONS_MAX_GB === undefined
        ? undefined
        : Math.round(e.PENDING_SUBMISSIONS_MAX_GB * 1024 ** 3),
    iiifCacheBytes: e.IIIF_CACHE_MB === undefined ? undefined : e.IIIF_CACHE_MB * 1024 ** 2,
    fileMemoryBytes: e.FILE_MEMORY_MB === undefined ? undefined : e.FILE_MEMORY_MB * 1024 ** 2,
    map: {
      region: readBbox(e.MAP_REGION) ?? undefined,
      tileUrl: e.MAP_TILE_URL,
      tileAttribution: e.MAP_TILE_ATTRIBUTION,
    },
  };
}

/** Settings that start but probably are not what the operator meant: logged at start (main.ts). */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.publicUrl.startsWith('https:') && !config.smtpUrl) {
    warnings.push(
      `PUBLIC_URL is ${config.publicUrl} but SMTP_URL is not set: mail (password resets included) is only written to ${join(config.dataDir, 'outbox')} and never sent.`,
    );
  }
  return warnings;
}

const TRUST_PROXY_FORMS =
  'the number of proxies in front of the service (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY: unset or `false` (the default) trusts no X-Forwarded-For; a hop count trusts that
 * many proxies in front; a comma-separated list trusts exactly those addresses or CIDRs.
 * `true` is refused: it would believe the leftmost address, which the client itself writes, so a
 * spoofed header would escape every rate limit.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      `Invalid configuration: TRUST_PROXY=true would trust any client's X-Forwarded-For; set ${TRUST_PROXY_FORMS}`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  }
  if (/^\d+$/.test(value) || !/[.:]/.test(value)) {
    throw new ConfigError(`Invalid configuration: TRUST_PROXY must be ${TRUST_PROXY_FORMS}`);
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const version = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY "${entry}" is not an IP address or CIDR; set ${TRUST_PROXY_FORMS}`,
      );
    }
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting that many hops nearest
 * the service (Fastify itself trusts nothing for a bare number): with 1, `request.ip` is the
 * address the one proxy appended to X-Forwarded-For, whatever the client wrote before it. A hop
 * count suits a service only the proxy can reach (e.g. HOST=127.0.0.1); otherwise list the
 * proxies' addresses.
 */
export function fastifyTrustProxy(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** A secret generated once per DATA_DIR, so sessions survive restarts without set-up. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
