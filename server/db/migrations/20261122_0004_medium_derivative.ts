import { type Kysely, sql } from 'kysely';
import { DERIVATIVE_VARIANTS } from './20261122_0002_media_pipeline.ts';

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

// An 800 px watermarked size between the thumbnail and the 1600 px display image, so phones
// download a quarter of the bytes. Items made before it simply offer no medium size.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table derivatives drop constraint derivatives_variant_check`.execute(db);
  await sql`alter table derivatives add constraint derivatives_variant_check check (variant in (${list([...DERIVATIVE_VARIANTS, 'medium'])}))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from derivatives where variant = 'medium'`.execute(db);
  await sql`alter table derivatives drop constraint derivatives_variant_check`.execute(db);
  await sql`alter table derivatives add constraint derivatives_variant_check check (variant in (${list(DERIVATIVE_VARIANTS)}))`.execute(
    db,
  );
}
