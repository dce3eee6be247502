import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 §1: what visitors know about a public item ("Do you know more about this photo?"): who
 * is on it, where and when it was taken, anything else, with an optional name and e-mail for the
 * credit. Staff accept one into a field of the item (its text as they edited it is kept, with the
 * field, for the record and the credit), or reject it. A contribution goes with its item; a
 * contributor's account going leaves their contributions, unowned.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table contributions (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references media_items (id) on delete cascade,
    who text,
    place text,
    time_text text,
    other text,
    contributor_name text,
    contributor_email text,
    submitted_by uuid references users (id) on delete set null,
    status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
    accepted_field text,
    accepted_text text,
    reviewed_by uuid references users (id) on delete set null,
    reviewed_at timestamptz,
    replied_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The review screen's list, newest first per status; the credits of an item; a contributor's own.
  await sql`create index contributions_status_idx on contributions (status, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index contributions_list_idx on contributions (created_at desc, id desc)`.execute(db);
  await sql`create index contributions_credits_idx on contributions (media_id) where status = 'accepted'`.execute(
    db,
  );
  await sql`create index contributions_own_idx on contributions (submitted_by, created_at desc)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table contributions`.execute(db);
}
