import { type Kysely, sql } from 'kysely';

export const PROCESSING_STATUSES = ['pending', 'ready', 'failed'] as const;
export const DERIVATIVE_VARIANTS = ['thumb', 'display', 'download', 'poster', 'waveform'] as const;
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);

  // Background work (derivatives, posters) as rows, claimed with FOR UPDATE SKIP LOCKED so any
  // number of instances can share the queue.
  await run(sql`create table jobs (
    id bigint generated always as identity primary key,
    kind text not null,
    payload jsonb not null default '{}'::jsonb,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    max_attempts integer not null default 5 check (max_attempts > 0),
    run_at timestamptz not null default now(),
    locked_at timestamptz,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index jobs_queued_idx on jobs (run_at) where status = 'queued'`);
  await run(sql`create index jobs_running_idx on jobs (locked_at) where status = 'running'`);

  // Files made from an original: one per owner and variant.
  await run(sql`create table derivatives (
    id uuid primary key default gen_random_uuid(),
    owner_type text not null check (owner_type in ('media', 'submission')),
    owner_id uuid not null,
    variant text not null check (variant in (${list(DERIVATIVE_VARIANTS)})),
    file_key text not null unique,
    mime_type text not null,
    file_size bigint not null check (file_size >= 0),
    width integer,
    height integer,
    watermarked boolean not null default false,
    created_at timestamptz not null default now(),
    unique (owner_type, owner_id, variant)
  )`);

  for (const table of ['media_items', 'submissions']) {
    const t = sql.table(table);
    await run(sql`alter table ${t} add column processing_status text not null default 'pending'
      check (processing_status in (${list(PROCESSING_STATUSES)}))`);
    await run(sql`alter table ${t} add column processing_error text`);
    // A ThumbHash of the image (base64), shown until the real thumbnail has loaded.
    await run(sql`alter table ${t} add column placeholder text`);
    // What the file itself says (EXIF/IPTC): offered as suggestions, never applied silently.
    await run(sql`alter table ${t} add column file_metadata jsonb`);
  }
  await run(sql`alter table submissions add column width integer check (width > 0)`);
  await run(sql`alter table submissions add column height integer check (height > 0)`);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`alter table submissions drop column if exists width`);
  await run(sql`alter table submissions drop column if exists height`);
  for (const table of ['media_items', 'submissions']) {
    for (const column of ['processing_status', 'processing_error', 'placeholder', 'file_metadata']) {
      await run(sql`alter table ${sql.table(table)} drop column if exists ${sql.ref(column)}`);
    }
  }
  await run(sql`drop table if exists derivatives`);
  await run(sql`drop table if exists jobs`);
}
