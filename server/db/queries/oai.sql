-- The SQL of server/features/oai/oai.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- listRecords (all)
select
  u.id,
  u.deleted,
  u.display_id,
  u.set_spec,
  u.title,
  u.description,
  u.historical_context,
  u.photographer,
  u.original_date,
  u.original_date_edtf,
  u.keywords,
  u.location,
  u.rights,
  u.copyright_holder,
  u.attribution_text,
  u.media_type,
  u.mime_type,
  u.source,
  u.category_id,
  u.category_name,
  u.place_name_fo,
  u.place_name_en,
  u.latitude,
  u.longitude,
  to_char(u.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as datestamp,
  case when u.deleted then null else array(
    select distinct
      p.name
    from
      person_boxes b
      join people p on p.id = b.person_id
    where
      b.media_id = "u"."id"
      and b.status = 'confirmed'
      and not p.is_private
    order by
      p.name
  ) end as people
from
  ((
    select
      m.id,
      m.updated_at as ts,
      false as deleted,
      m.display_id,
      c.display_id as set_spec,
      m.title,
      m.description,
      m.historical_context,
      m.photographer,
      m.original_date,
      m.original_date_edtf,
      m.keywords,
      m.location,
      m.rights,
      m.copyright_holder,
      m.attribution_text,
      m.media_type,
      m.mime_type,
      m.source,
      m.category_id,
      c.name as category_name,
      p.name_fo as place_name_fo,
      p.name_en as place_name_en,
      m.latitude,
      m.longitude
    from
      (
        select
          i.id,
          i.updated_at,
          i.display_id,
          i.title,
          i.description,
          i.historical_context,
          i.photographer,
          i.original_date,
          i.original_date_edtf,
          i.keywords,
          i.location,
          i.rights,
          i.copyright_holder,
          i.attribution_text,
          i.media_type,
          i.mime_type,
          i.source,
          i.category_id,
          i.place_id,
          i.latitude,
          i.longitude
        from
          media_items i
        where
          i.is_public
          and true
        order by
          i.updated_at,
          i.id
        limit
          $1
      ) m
      left join categories c on c.id = m.category_id and c.is_public
      left join places p on p.id = m.place_id
    where
      true
  ) union all (
    select
      t.media_id as id,
      t.deleted_at as ts,
      true as deleted,
      t.display_id,
      c.display_id as set_spec,
      null::text as title,
      null::text as description,
      null::text as historical_context,
      null::text as photographer,
      null::text as original_date,
      null::text as original_date_edtf,
      null::text[] as keywords,
      null::text as location,
      null::text as rights,
      null::text as copyright_holder,
      null::text as attribution_text,
      null::text as media_type,
      null::text as mime_type,
      null::text as source,
      t.category_id,
      null::text as category_name,
      null::text as place_name_fo,
      null::text as place_name_en,
      null::double precision as latitude,
      null::double precision as longitude
    from
      (
        select
          o.media_id,
          o.deleted_at,
          o.display_id,
          o.category_id
        from
          oai_tombstones o
        where
          true
        order by
          o.deleted_at,
          o.media_id
        limit
          $2
      ) t
      left join categories c on c.id = t.category_id and c.is_public
    where
      true
  )) u
order by
  u.ts,
  u.id
limit
  $3;

-- listRecords (a set, a range, after a page)
select
  u.id,
  u.deleted,
  u.display_id,
  u.set_spec,
  u.title,
  u.description,
  u.historical_context,
  u.photographer,
  u.original_date,
  u.original_date_edtf,
  u.keywords,
  u.location,
  u.rights,
  u.copyright_holder,
  u.attribution_text,
  u.media_type,
  u.mime_type,
  u.source,
  u.category_id,
  u.category_name,
  u.place_name_fo,
  u.place_name_en,
  u.latitude,
  u.longitude,
  to_char(u.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as datestamp,
  case when u.deleted then null else array(
    select distinct
      p.name
    from
      person_boxes b
      join people p on p.id = b.person_id
    where
      b.media_id = "u"."id"
      and b.status = 'confirmed'
      and not p.is_private
    order by
      p.name
  ) end as people
from
  ((
    select
      m.id,
      m.updated_at as ts,
      false as deleted,
      m.display_id,
      c.display_id as set_spec,
      m.title,
      m.description,
      m.historical_context,
      m.photographer,
      m.original_date,
      m.original_date_edtf,
      m.keywords,
      m.location,
      m.rights,
      m.copyright_holder,
      m.attribution_text,
      m.media_type,
      m.mime_type,
      m.source,
      m.category_id,
      c.name as category_name,
      p.name_fo as place_name_fo,
      p.name_en as place_name_en,
      m.latitude,
      m.longitude
    from
      (
        select
          i.id,
          i.updated_at,
          i.display_id,
          i.title,
          i.description,
          i.historical_context,
          i.photographer,
          i.original_date,
          i.original_date_edtf,
          i.keywords,
          i.location,
          i.rights,
          i.copyright_holder,
          i.attribution_text,
          i.media_type,
          i.mime_type,
          i.source,
          i.category_id,
          i.place_id,
          i.latitude,
          i.longitude
        from
          media_items i
        where
          i.is_public
          and true
          and i.updated_at >= $1::timestamptz
          and i.updated_at < $2::timestamptz
          and i.category_id = $3::uuid
          and (i.updated_at, i.id) > ($4::timestamptz, $5::uuid)
        order by
          i.updated_at,
          i.id
        limit
          $6
      ) m
      left join categories c on c.id = m.category_id and c.is_public
      left join places p on p.id = m.place_id
    where
      c.id is not null
  ) union all (
    select
      t.media_id as id,
      t.deleted_at as ts,
      true as deleted,
      t.display_id,
      c.display_id as set_spec,
      null::text as title,
      null::text as description,
      null::text as historical_context,
      null::text as photographer,
      null::text as original_date,
      null::text as original_date_edtf,
      null::text[] as keywords,
      null::text as location,
      null::text as rights,
      null::text as copyright_holder,
      null::text as attribution_text,
      null::text as media_type,
      null::text as mime_type,
      null::text as source,
      t.category_id,
      null::text as category_name,
      null::text as place_name_fo,
      null::text as place_name_en,
      null::double precision as latitude,
      null::double precision as longitude
    from
      (
        select
          o.media_id,
          o.deleted_at,
          o.display_id,
          o.category_id
        from
          oai_tombstones o
        where
          true
          and o.deleted_at >= $7::timestamptz
          and o.deleted_at < $8::timestamptz
          and o.category_id = $9::uuid
          and (o.deleted_at, o.media_id) > ($10::timestamptz, $11::uuid)
        order by
          o.deleted_at,
          o.media_id
        limit
          $12
      ) t
      left join categories c on c.id = t.category_id and c.is_public
    where
      c.id is not null
  )) u
order by
  u.ts,
  u.id
limit
  $13;

-- countRecords (all)
select
  (
    select
      items
    from
      public_totals
  ) + (
    select
      count(*)
    from
      oai_tombstones
  ) as n;

-- countRecords (a set and a range)
select
  (
    select
      count(*)
    from
      (
        select
          m.id,
          m.updated_at as ts,
          false as deleted,
          m.display_id,
          c.display_id as set_spec,
          m.title,
          m.description,
          m.historical_context,
          m.photographer,
          m.original_date,
          m.original_date_edtf,
          m.keywords,
          m.location,
          m.rights,
          m.copyright_holder,
          m.attribution_text,
          m.media_type,
          m.mime_type,
          m.source,
          m.category_id,
          c.name as category_name,
          p.name_fo as place_name_fo,
          p.name_en as place_name_en,
          m.latitude,
          m.longitude
        from
          (
            select
              i.id,
              i.updated_at,
              i.display_id,
              i.title,
              i.description,
              i.historical_context,
              i.photographer,
              i.original_date,
              i.original_date_edtf,
              i.keywords,
              i.location,
              i.rights,
              i.copyright_holder,
              i.attribution_text,
              i.media_type,
              i.mime_type,
              i.source,
              i.category_id,
              i.place_id,
              i.latitude,
              i.longitude
            from
              media_items i
            where
              i.is_public
              and true
              and i.updated_at >= $1::timestamptz
              and i.updated_at < $2::timestamptz
              and i.category_id = $3::uuid
          ) m
          left join categories c on c.id = m.category_id and c.is_public
          left join places p on p.id = m.place_id
        where
          c.id is not null
      ) i
  ) + (
    select
      count(*)
    from
      (
        select
          t.media_id as id,
          t.deleted_at as ts,
          true as deleted,
          t.display_id,
          c.display_id as set_spec,
          null::text as title,
          null::text as description,
          null::text as historical_context,
          null::text as photographer,
          null::text as original_date,
          null::text as original_date_edtf,
          null::text[] as keywords,
          null::text as location,
          null::text as rights,
          null::text as copyright_holder,
          null::text as attribution_text,
          null::text as media_type,
          null::text as mime_type,
          null::text as source,
          t.category_id,
          null::text as category_name,
          null::text as place_name_fo,
          null::text as place_name_en,
          null::double precision as latitude,
          null::double precision as longitude
        from
          (
            select
              o.media_id,
              o.deleted_at,
              o.display_id,
              o.category_id
            from
              oai_tombstones o
            where
              true
              and o.deleted_at >= $4::timestamptz
              and o.deleted_at < $5::timestamptz
              and o.category_id = $6::uuid
          ) t
          left join categories c on c.id = t.category_id and c.is_public
        where
          c.id is not null
      ) t
  ) as n;

-- getRecord
select
  u.id,
  u.deleted,
  u.display_id,
  u.set_spec,
  u.title,
  u.description,
  u.historical_context,
  u.photographer,
  u.original_date,
  u.original_date_edtf,
  u.keywords,
  u.location,
  u.rights,
  u.copyright_holder,
  u.attribution_text,
  u.media_type,
  u.mime_type,
  u.source,
  u.category_id,
  u.category_name,
  u.place_name_fo,
  u.place_name_en,
  u.latitude,
  u.longitude,
  to_char(u.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as datestamp,
  case when u.deleted then null else array(
    select distinct
      p.name
    from
      person_boxes b
      join people p on p.id = b.person_id
    where
      b.media_id = "u"."id"
      and b.status = 'confirmed'
      and not p.is_private
    order by
      p.name
  ) end as people
from
  ((
    select
      m.id,
      m.updated_at as ts,
      false as deleted,
      m.display_id,
      c.display_id as set_spec,
      m.title,
      m.description,
      m.historical_context,
      m.photographer,
      m.original_date,
      m.original_date_edtf,
      m.keywords,
      m.location,
      m.rights,
      m.copyright_holder,
      m.attribution_text,
      m.media_type,
      m.mime_type,
      m.source,
      m.category_id,
      c.name as category_name,
      p.name_fo as place_name_fo,
      p.name_en as place_name_en,
      m.latitude,
      m.longitude
    from
      (
        select
          i.id,
          i.updated_at,
          i.display_id,
          i.title,
          i.description,
          i.historical_context,
          i.photographer,
          i.original_date,
          i.original_date_edtf,
          i.keywords,
          i.location,
          i.rights,
          i.copyright_holder,
          i.attribution_text,
          i.media_type,
          i.mime_type,
          i.source,
          i.category_id,
          i.place_id,
          i.latitude,
          i.longitude
        from
          media_items i
        where
          i.is_public
          and true
      ) m
      left join categories c on c.id = m.category_id and c.is_public
      left join places p on p.id = m.place_id
    where
      true
      and m.id = $1::uuid
  ) union all (
    select
      t.media_id as id,
      t.deleted_at as ts,
      true as deleted,
      t.display_id,
      c.display_id as set_spec,
      null::text as title,
      null::text as description,
      null::text as historical_context,
      null::text as photographer,
      null::text as original_date,
      null::text as original_date_edtf,
      null::text[] as keywords,
      null::text as location,
      null::text as rights,
      null::text as copyright_holder,
      null::text as attribution_text,
      null::text as media_type,
      null::text as mime_type,
      null::text as source,
      t.category_id,
      null::text as category_name,
      null::text as place_name_fo,
      null::text as place_name_en,
      null::double precision as latitude,
      null::double precision as longitude
    from
      (
        select
          o.media_id,
          o.deleted_at,
          o.display_id,
          o.category_id
        from
          oai_tombstones o
        where
          true
      ) t
      left join categories c on c.id = t.category_id and c.is_public
    where
      true
      and t.media_id = $2::uuid
  )) u
limit
  1;

-- listSets
select
  "id",
  "display_id",
  "name",
  "description"
from
  "categories"
where
  "is_public" = $1
order by
  "display_id";

-- getPublicCategoryBySpec
select
  "id"
from
  "categories"
where
  "display_id" = $1
  and "is_public" = $2;

-- getEarliestDatestamp
select
  to_char(least((
    select
      min(updated_at)
    from
      media_items
    where
      is_public
  ), (
    select
      min(deleted_at)
    from
      oai_tombstones
  )) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as earliest;
