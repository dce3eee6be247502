import { type Kysely, sql } from 'kysely';
import { COPYRIGHT_STATUSES } from '#common/enums.ts';
import { DEFAULT_RIGHTS, RIGHTS_STATEMENTS, rightsForStatus } from '#common/rights.ts';

const lit = (value: string) => sql.lit(value);

/**
 * Issue 26 §1: every item carries one rights statement URI (common/rights.ts), beside the spec's
 * copyright_status, which it replaces as the truth: the two are kept in step by a trigger, so every
 * way a row is written (an edit, a bulk change, an approval, the demo seed, a restore) agrees.
 * A statement sent wins; a status sent alone keeps the statement when that already records the
 * status, else takes the status's own statement (common/rights.ts `rightsForStatus`). Existing
 * items get their status's statement ('unknown' → Copyright Not Evaluated).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  const uris = sql.join(RIGHTS_STATEMENTS.map((r) => lit(r.uri)));
  await sql`alter table media_items add column rights text not null default ${lit(DEFAULT_RIGHTS)}
    check (rights in (${uris}))`.execute(db);
  const statusOf = sql.join(
    RIGHTS_STATEMENTS.map((r) => sql`when ${lit(r.uri)} then ${lit(r.status)}`),
    sql` `,
  );
  const rightsOf = sql.join(
    COPYRIGHT_STATUSES.map((s) => sql`when ${lit(s)} then ${lit(rightsForStatus(s))}`),
    sql` `,
  );
  await sql`create function rights_copyright_status(uri text) returns text immutable language sql
    as $$ select case uri ${statusOf} else 'unknown' end $$`.execute(db);
  await sql`create function copyright_status_rights(status text) returns text immutable language sql
    as $$ select case status ${rightsOf} else ${lit(DEFAULT_RIGHTS)} end $$`.execute(db);
  await sql`update media_items set rights = copyright_status_rights(copyright_status)`.execute(db);
  await sql`create function media_items_rights_in_step() returns trigger language plpgsql as $$
    begin
      if rights_copyright_status(new.rights) = new.copyright_status then return new; end if;
      if tg_op = 'INSERT' then
        -- The column default stands for "not sent": the status sent decides.
        if new.rights = ${lit(DEFAULT_RIGHTS)} then
          new.rights := copyright_status_rights(new.copyright_status);
        else
          new.copyright_status := rights_copyright_status(new.rights);
        end if;
      elsif new.rights is distinct from old.rights then
        new.copyright_status := rights_copyright_status(new.rights);
      else
        new.rights := copyright_status_rights(new.copyright_status);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger media_items_rights_in_step before insert or update of rights, copyright_status
    on media_items for each row execute function media_items_rights_in_step()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_items_rights_in_step on media_items`.execute(db);
  await sql`drop function media_items_rights_in_step()`.execute(db);
  await sql`drop function copyright_status_rights(text)`.execute(db);
  await sql`drop function rights_copyright_status(text)`.execute(db);
  await sql`alter table media_items drop column rights`.execute(db);
}
