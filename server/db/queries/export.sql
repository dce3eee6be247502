-- The SQL of server/export/export.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- listExportItems (public, first page)
select
  "p"."name_fo" as "place_name_fo",
  "p"."name_en" as "place_name_en",
  "p"."latitude" as "place_latitude",
  "p"."longitude" as "place_longitude",
  "m"."latitude",
  "m"."longitude",
  "m"."id",
  "m"."display_id",
  "m"."title",
  "m"."description",
  "m"."media_type",
  "m"."file_key",
  "m"."file_name",
  "m"."file_size",
  "m"."mime_type",
  "m"."sha256",
  "m"."width",
  "m"."height",
  "m"."duration_seconds",
  "m"."is_public",
  "m"."is_featured",
  "m"."view_count",
  "m"."category_id",
  "c"."display_id" as "category_display_id",
  "c"."name" as "category_name",
  "c"."is_public" as "category_is_public",
  "m"."folder_id",
  "f"."name" as "folder_name",
  "m"."photographer",
  "m"."location",
  "m"."original_date",
  "m"."original_date_edtf",
  "m"."original_date_earliest",
  "m"."original_date_latest",
  "m"."source",
  "m"."historical_context",
  "m"."technical_notes",
  "m"."keywords",
  "m"."rights",
  "m"."copyright_status",
  "m"."copyright_holder",
  "m"."commercial_use_allowed",
  "m"."attribution_required",
  "m"."attribution_text",
  "m"."watermark_enabled",
  "m"."watermark_type",
  "m"."watermark_position",
  "m"."watermark_opacity",
  "m"."watermark_size",
  "m"."watermark_level",
  "m"."watermark_text",
  "m"."file_metadata",
  "m"."processing_status",
  "m"."created_at",
  "m"."updated_at",
  array(
    select distinct
      p.name
    from
      person_boxes b
      join people p on p.id = b.person_id
    where
      b.media_id = "m"."id"
      and b.status = 'confirmed'
      and not p.is_private
    order by
      p.name
  ) as "people"
from
  "media_items" as "m"
  left join "categories" as "c" on "c"."id" = "m"."category_id"
  left join "folders" as "f" on "f"."id" = "m"."folder_id"
  left join "places" as "p" on "p"."id" = "m"."place_id"
where
  "m"."is_public" = $1
order by
  "m"."display_id"
limit
  $2;

-- listExportItems (all, after a page)
select
  "p"."name_fo" as "place_name_fo",
  "p"."name_en" as "place_name_en",
  "p"."latitude" as "place_latitude",
  "p"."longitude" as "place_longitude",
  "m"."latitude",
  "m"."longitude",
  "m"."id",
  "m"."display_id",
  "m"."title",
  "m"."description",
  "m"."media_type",
  "m"."file_key",
  "m"."file_name",
  "m"."file_size",
  "m"."mime_type",
  "m"."sha256",
  "m"."width",
  "m"."height",
  "m"."duration_seconds",
  "m"."is_public",
  "m"."is_featured",
  "m"."view_count",
  "m"."category_id",
  "c"."display_id" as "category_display_id",
  "c"."name" as "category_name",
  "c"."is_public" as "category_is_public",
  "m"."folder_id",
  "f"."name" as "folder_name",
  "m"."photographer",
  "m"."location",
  "m"."original_date",
  "m"."original_date_edtf",
  "m"."original_date_earliest",
  "m"."original_date_latest",
  "m"."source",
  "m"."historical_context",
  "m"."technical_notes",
  "m"."keywords",
  "m"."rights",
  "m"."copyright_status",
  "m"."copyright_holder",
  "m"."commercial_use_allowed",
  "m"."attribution_required",
  "m"."attribution_text",
  "m"."watermark_enabled",
  "m"."watermark_type",
  "m"."watermark_position",
  "m"."watermark_opacity",
  "m"."watermark_size",
  "m"."watermark_level",
  "m"."watermark_text",
  "m"."file_metadata",
  "m"."processing_status",
  "m"."created_at",
  "m"."updated_at",
  array(
    select distinct
      p.name
    from
      person_boxes b
      join people p on p.id = b.person_id
    where
      b.media_id = "m"."id"
      and b.status = 'confirmed'
      and not p.is_private
    order by
      p.name
  ) as "people"
from
  "media_items" as "m"
  left join "categories" as "c" on "c"."id" = "m"."category_id"
  left join "folders" as "f" on "f"."id" = "m"."folder_id"
  left join "places" as "p" on "p"."id" = "m"."place_id"
where
  "m"."display_id" > $1
order by
  "m"."display_id"
limit
  $2;

-- listExportDocuments (public, first page)
select
  "id",
  "display_id",
  "title",
  "description",
  "category",
  "file_key",
  "file_name",
  "file_size",
  "mime_type",
  "sha256",
  "is_public",
  "is_featured",
  "download_count",
  "created_at",
  "updated_at"
from
  "documents"
where
  "is_public" = $1
order by
  "display_id"
limit
  $2;

-- listExportDocuments (all, after a page)
select
  "id",
  "display_id",
  "title",
  "description",
  "category",
  "file_key",
  "file_name",
  "file_size",
  "mime_type",
  "sha256",
  "is_public",
  "is_featured",
  "download_count",
  "created_at",
  "updated_at"
from
  "documents"
where
  "display_id" > $1
order by
  "display_id"
limit
  $2;
