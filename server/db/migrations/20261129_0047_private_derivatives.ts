import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 §4: a submission's derivatives (its thumbnail and display image, made while it waits
 * for review) no longer move the public content's version (migration 0031). Nothing a visitor is
 * shared reads them (every kept answer asks for `owner_type = 'media'`), yet each upload's job moved
 * the version and so dropped every kept answer: under a crowd with contributors sending photos,
 * the home page's, every search's and every item's answers were made again after each upload.
 * An item's derivatives still move it: when they are written, changed or deleted, and when a
 * submission's are given to the item approving it made.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger derivatives_data_version on derivatives`.execute(db);
  await sql`create constraint trigger derivatives_data_version
    after insert on derivatives
    deferrable initially deferred
    for each row when (new.owner_type <> 'submission')
    execute function bump_data_version()`.execute(db);
  await sql`create constraint trigger derivatives_data_version_update
    after update on derivatives
    deferrable initially deferred
    for each row when (old.owner_type <> 'submission' or new.owner_type <> 'submission')
    execute function bump_data_version()`.execute(db);
  await sql`create constraint trigger derivatives_data_version_delete
    after delete on derivatives
    deferrable initially deferred
    for each row when (old.owner_type <> 'submission')
    execute function bump_data_version()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger derivatives_data_version_delete on derivatives`.execute(db);
  await sql`drop trigger derivatives_data_version_update on derivatives`.execute(db);
  await sql`drop trigger derivatives_data_version on derivatives`.execute(db);
  await sql`create constraint trigger derivatives_data_version
    after insert or update or delete on derivatives
    deferrable initially deferred
    for each row execute function bump_data_version()`.execute(db);
}
