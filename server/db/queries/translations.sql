-- The SQL of server/features/translations/translations.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- listTranslations (all)
select
  *,
  ("translations"."key")::text as "__key0"
from
  "translations"
order by
  "translations"."key" asc
limit
  $1;

select
  count(*) as "total"
from
  "translations";

-- listTranslations (every filter)
select
  *,
  ("translations"."key")::text as "__key0"
from
  "translations"
where
  "status" = $1
  and "component" = $2
  and ("english_text" is null or "english_text" = $3)
  and (key ilike $4 or faroese_text ilike $5 or english_text ilike $6)
order by
  "translations"."key" asc
limit
  $7;

select
  count(*) as "total"
from
  "translations"
where
  "status" = $1
  and "component" = $2
  and ("english_text" is null or "english_text" = $3)
  and (key ilike $4 or faroese_text ilike $5 or english_text ilike $6);

-- listMessageTexts
select
  "key",
  "faroese_text",
  "english_text"
from
  "translations"
order by
  "key";

-- getTranslationsVersion
select
  count(*)::int as "rows",
  coalesce(sum(extract(epoch from updated_at))::text, '') as "latest"
from
  "translations";

-- getTranslation
select
  *
from
  "translations"
where
  "id" = $1;

-- createTranslation
insert into
  "translations" ("key", "faroese_text", "english_text", "component")
values
  ($1, $2, $3, $4)
on conflict
  ("key")
do nothing
returning
  *;

-- updateTranslation
update
  "translations"
set
  "english_text" = $1,
  "status" = $2,
  "updated_at" = now()
where
  "id" = $3
returning
  *;

-- deleteTranslation
delete from
  "translations"
where
  "id" = $1
returning
  *;

-- replaceFormerDefaults
update
  "translations"
set
  "faroese_text" = $1,
  "updated_at" = now()
where
  "key" = $2
  and "faroese_text" = $3
returning
  "key";

-- createMissingTranslations
insert into
  "translations" ("key", "faroese_text", "english_text")
values
  ($1, $2, $3)
on conflict
  ("key")
do nothing
returning
  "key";

-- getTranslationStats
select
  count(*)::int as "total",
  (count(*) filter (where status = 'complete'))::int as "complete",
  (count(*) filter (where status = 'incomplete'))::int as "incomplete",
  (count(*) filter (where status = 'needs_review'))::int as "needs_review",
  (count(*) filter (where english_text is null or english_text = ''))::int as "missing_english"
from
  "translations";

select distinct
  "component"
from
  "translations"
where
  "component" is not null
  and "component" <> $1
order by
  "component";
