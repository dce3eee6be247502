import { type Kysely, sql } from 'kysely';

// An upload is claimed before its file is stored and its row written (the claim keeps a double
// click from making two). A process killed in between left the claim behind, and the sender's
// retry was told "This file has already been sent" although nothing was kept. The claim now
// records, in the same transaction as the row, that the file was sent; a claim without it whose
// process is gone may be taken again (uploads.service.ts).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table upload_claims add column sent_at timestamptz`.execute(db);
  // Claims from before this column: their outcome is unknown, so they count as sent (as before).
  await sql`update upload_claims set sent_at = claimed_at`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table upload_claims drop column sent_at`.execute(db);
}
