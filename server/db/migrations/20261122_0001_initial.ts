import { type Kysely, sql } from 'kysely';
import {
  COPYRIGHT_STATUSES,
  DOCUMENT_CATEGORIES,
  MEDIA_TYPES,
  SUBMISSION_STATUSES,
  TRANSLATION_STATUSES,
  USAGE_ACTIONS,
  WATERMARK_LEVELS,
  WATERMARK_POSITIONS,
  WATERMARK_SIZES,
  WATERMARK_TYPES,
} from '#common/enums.ts';
import { ROLES } from '#common/roles.ts';
import { DISPLAY_ID_PREFIXES as P } from '#common/display-id.ts';
import { DEFAULT_CATEGORY_COLOR, DEFAULT_SLIDE_DURATION_S } from '#common/limits.ts';

// PGlite runs one statement per query through Kysely, so every statement is its own call.
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const displayId = (prefix: string, seq: string) =>
  sql.raw(`text not null unique default format_display_id('${prefix}', nextval('${seq}'))`);

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);

  await run(sql`create extension if not exists pg_trgm`);
  await run(sql`create extension if not exists unaccent`);
  // unaccent() is only STABLE; an immutable wrapper lets a generated column and index use it.
  await run(sql`create or replace function f_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`);
  // PHOTO-00001 … PHOTO-99999, then PHOTO-100000: lpad alone would cut longer numbers.
  await run(sql`create or replace function format_display_id(prefix text, n bigint) returns text
    language sql immutable parallel safe strict
    as $$ select prefix || '-' || case when n < 100000 then lpad(n::text, 5, '0') else n::text end $$`);
  for (const seq of ['users', 'media_items', 'documents', 'slideshows', 'categories', 'submissions']) {
    await run(sql.raw(`create sequence if not exists ${seq}_display_seq`));
  }

  // ---- accounts (better-auth's user/session/account/verification, snake_case) ----
  await run(sql`create table users (
    id uuid primary key default gen_random_uuid(),
    display_id ${displayId(P.user, 'users_display_seq')},
    email text not null unique,
    email_verified boolean not null default false,
    full_name text,
    image text,
    role text not null default 'public' check (role in (${list(ROLES)})),
    is_active boolean not null default true,
    bio text,
    is_public_profile boolean not null default false,
    preferences jsonb not null default '{}'::jsonb,
    last_sign_in_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index users_role_idx on users (role)`);

  await run(sql`create table sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    token text not null unique,
    expires_at timestamptz not null,
    ip_address text,
    user_agent text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index sessions_user_idx on sessions (user_id)`);

  await run(sql`create table accounts (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    account_id text not null,
    provider_id text not null,
    access_token text,
    refresh_token text,
    id_token text,
    access_token_expires_at timestamptz,
    refresh_token_expires_at timestamptz,
    scope text,
    password text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index accounts_user_idx on accounts (user_id)`);

  await run(sql`create table verifications (
    id uuid primary key default gen_random_uuid(),
    identifier text not null,
    value text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index verifications_identifier_idx on verifications (identifier)`);

  await run(sql`create table rate_limits (
    id uuid primary key default gen_random_uuid(),
    key text not null unique,
    count integer not null,
    last_request bigint not null
  )`);

  // ---- catalogue ----
  await run(sql`create table categories (
    id uuid primary key default gen_random_uuid(),
    display_id ${displayId(P.category, 'categories_display_seq')},
    name text not null check (length(btrim(name)) > 0),
    description text,
    color text not null default ${sql.lit(DEFAULT_CATEGORY_COLOR)} check (color ~ '^#[0-9A-Fa-f]{6}$'),
    icon text,
    is_public boolean not null default true,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index categories_public_name_idx on categories (lower(name)) where is_public`);

  await run(sql`create table folders (
    id uuid primary key default gen_random_uuid(),
    name text not null check (length(btrim(name)) > 0),
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);

  await run(sql`create table media_items (
    id uuid primary key default gen_random_uuid(),
    display_id ${displayId(P.media, 'media_items_display_seq')},
    title text not null check (length(btrim(title)) > 0),
    description text,
    media_type text not null check (media_type in (${list(MEDIA_TYPES)})),
    file_key text not null unique,
    file_name text not null,
    file_size bigint not null check (file_size >= 0),
    mime_type text not null,
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    width integer check (width > 0),
    height integer check (height > 0),
    is_public boolean not null default true,
    is_featured boolean not null default false,
    view_count integer not null default 0 check (view_count >= 0),
    category_id uuid references categories(id) on delete set null,
    folder_id uuid references folders(id) on delete set null,
    photographer text,
    location text,
    original_date text,
    source text,
    historical_context text,
    technical_notes text,
    keywords text[] not null default '{}',
    copyright_status text not null default 'unknown' check (copyright_status in (${list(COPYRIGHT_STATUSES)})),
    copyright_holder text,
    commercial_use_allowed boolean not null default false,
    attribution_required boolean not null default true,
    attribution_text text,
    watermark_enabled boolean not null default true,
    watermark_type text not null default 'logo_text' check (watermark_type in (${list(WATERMARK_TYPES)})),
    watermark_position text not null default 'bottom_right' check (watermark_position in (${list(WATERMARK_POSITIONS)})),
    watermark_opacity integer not null default 70 check (watermark_opacity between 10 and 100),
    watermark_size text not null default 'medium' check (watermark_size in (${list(WATERMARK_SIZES)})),
    watermark_level text not null default 'medium' check (watermark_level in (${list(WATERMARK_LEVELS)})),
    watermark_text text,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    search_text text generated always as (
      f_unaccent(lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' ||
        coalesce(photographer, '') || ' ' || coalesce(location, '')))
    ) stored
  )`);
  // Keyset paging of the public gallery for each sort, newest first being the default.
  await run(
    sql`create index media_public_created_idx on media_items (created_at desc, id desc) where is_public`,
  );
  await run(
    sql`create index media_public_views_idx on media_items (view_count desc, id desc) where is_public`,
  );
  await run(sql`create index media_public_title_idx on media_items (lower(title), id) where is_public`);
  await run(
    sql`create index media_featured_idx on media_items (created_at desc) where is_public and is_featured`,
  );
  await run(sql`create index media_category_idx on media_items (category_id)`);
  await run(sql`create index media_folder_idx on media_items (folder_id)`);
  await run(sql`create index media_created_by_idx on media_items (created_by)`);
  await run(sql`create index media_sha256_idx on media_items (sha256)`);
  await run(sql`create index media_search_trgm_idx on media_items using gin (search_text gin_trgm_ops)`);

  await run(sql`create table documents (
    id uuid primary key default gen_random_uuid(),
    display_id ${displayId(P.document, 'documents_display_seq')},
    title text not null check (length(btrim(title)) > 0),
    description text,
    category text not null default 'mentanardagarnar' check (category in (${list(DOCUMENT_CATEGORIES)})),
    file_key text not null unique,
    file_name text not null,
    file_size bigint not null check (file_size >= 0),
    mime_type text not null,
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    is_public boolean not null default true,
    is_featured boolean not null default false,
    download_count integer not null default 0 check (download_count >= 0),
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(
    sql`create index documents_public_category_idx on documents (category, created_at desc) where is_public`,
  );

  await run(sql`create table slideshows (
    id uuid primary key default gen_random_uuid(),
    display_id ${displayId(P.slideshow, 'slideshows_display_seq')},
    title text not null check (length(btrim(title)) > 0),
    description text,
    is_public boolean not null default false,
    is_featured boolean not null default false,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index slideshows_public_idx on slideshows (created_at desc) where is_public`);

  await run(sql`create table slideshow_items (
    id uuid primary key default gen_random_uuid(),
    slideshow_id uuid not null references slideshows(id) on delete cascade,
    media_item_id uuid not null references media_items(id) on delete cascade,
    order_index integer not null check (order_index >= 0),
    duration integer not null default ${sql.lit(DEFAULT_SLIDE_DURATION_S)} check (duration between 1 and 3600),
    caption text,
    created_at timestamptz not null default now()
  )`);
  await run(sql`create index slideshow_items_order_idx on slideshow_items (slideshow_id, order_index)`);
  await run(sql`create index slideshow_items_media_idx on slideshow_items (media_item_id)`);

  // ---- submissions (one row per file) ----
  await run(sql`create table submissions (
    id uuid primary key default gen_random_uuid(),
    display_id ${displayId(P.submission, 'submissions_display_seq')},
    title text not null check (length(btrim(title)) > 0),
    description text,
    submitter_name text,
    submitter_email text,
    submitter_message text,
    photographer text,
    location text,
    source text,
    original_date text,
    keywords text[] not null default '{}',
    file_key text not null unique,
    file_name text not null,
    file_size bigint not null check (file_size >= 0),
    mime_type text not null,
    media_type text not null check (media_type in (${list(MEDIA_TYPES)})),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    status text not null default 'pending' check (status in (${list(SUBMISSION_STATUSES)})),
    submitted_by uuid references users(id) on delete set null,
    reviewed_by uuid references users(id) on delete set null,
    reviewed_at timestamptz,
    review_notes text,
    approved_media_id uuid references media_items(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
  await run(sql`create index submissions_status_created_idx on submissions (status, created_at desc)`);
  await run(sql`create index submissions_created_idx on submissions (created_at desc, id desc)`);
  await run(sql`create index submissions_submitted_by_idx on submissions (submitted_by, created_at desc)`);
  await run(sql`create index submissions_sha256_idx on submissions (sha256)`);

  // ---- site, usage, activity, texts ----
  await run(sql`create table site_settings (
    key text primary key,
    value text,
    description text,
    updated_by uuid references users(id) on delete set null,
    updated_at timestamptz not null default now()
  )`);

  await run(sql`create table media_usage_log (
    id bigint generated always as identity primary key,
    media_item_id uuid not null references media_items(id) on delete cascade,
    action text not null check (action in (${list(USAGE_ACTIONS)})),
    user_agent text,
    watermarked boolean not null default false,
    created_at timestamptz not null default now()
  )`);
  await run(sql`create index media_usage_log_media_idx on media_usage_log (media_item_id, created_at desc)`);

  await run(sql`create table activity_logs (
    id bigint generated always as identity primary key,
    user_id uuid references users(id) on delete set null,
    action text not null,
    resource_type text,
    resource_id text,
    resource_name text,
    details jsonb,
    created_at timestamptz not null default now()
  )`);
  await run(sql`create index activity_logs_created_idx on activity_logs (created_at desc)`);

  await run(sql`create table translations (
    id uuid primary key default gen_random_uuid(),
    key text not null unique check (length(btrim(key)) > 0),
    faroese_text text not null,
    english_text text,
    context text,
    component text,
    status text not null default 'incomplete' check (status in (${list(TRANSLATION_STATUSES)})),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'translations',
    'activity_logs',
    'media_usage_log',
    'site_settings',
    'submissions',
    'slideshow_items',
    'slideshows',
    'documents',
    'media_items',
    'folders',
    'categories',
    'rate_limits',
    'verifications',
    'accounts',
    'sessions',
    'users',
  ];
  for (const t of tables) await sql.raw(`drop table if exists ${t}`).execute(db);
  for (const seq of ['users', 'media_items', 'documents', 'slideshows', 'categories', 'submissions']) {
    await sql.raw(`drop sequence if exists ${seq}_display_seq`).execute(db);
  }
  await sql`drop function if exists format_display_id(text, bigint)`.execute(db);
  await sql`drop function if exists f_unaccent(text)`.execute(db);
}
