-- The SQL of server/features/slideshows/slideshows.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getLatestPublicSlideshow
select
  "id",
  "title"
from
  "slideshows"
where
  "is_public" = $1
order by
  "created_at" desc
limit
  $2;

-- getSlideshow
select
  *
from
  "slideshows"
where
  "id" = $1;

-- listPublicSlides
select
  "media_items".*,
  "slideshow_items"."order_index",
  "slideshow_items"."duration",
  "slideshow_items"."caption"
from
  "slideshow_items"
  inner join "media_items" on "media_items"."id" = "slideshow_items"."media_item_id"
where
  "slideshow_items"."slideshow_id" = $1
  and "media_items"."is_public" = $2
order by
  "slideshow_items"."order_index";

-- createSlideshow
insert into
  "slideshows" ("title", "created_by")
values
  ($1, $2)
returning
  *;

-- createSlides
insert into
  "slideshow_items" ("slideshow_id", "media_item_id", "order_index", "duration")
values
  ($1, $2, $3, $4);

-- listExistingMediaIds
select
  "id"
from
  "media_items"
where
  "id" in ($1, $2);

-- listAdminSlideshows (all)
select
  "slideshows".*,
  (
    select
      count(*)
    from
      slideshow_items si
    where
      si.slideshow_id = slideshows.id
  ) as "slide_count",
  ("slideshows"."created_at")::text as "__key0",
  ("slideshows"."id")::text as "__key1"
from
  "slideshows"
order by
  "slideshows"."created_at" desc,
  "slideshows"."id" desc
limit
  $1;

select
  count(*) as "total"
from
  "slideshows";

-- listAdminSlideshows (search)
select
  "slideshows".*,
  (
    select
      count(*)
    from
      slideshow_items si
    where
      si.slideshow_id = slideshows.id
  ) as "slide_count",
  ("slideshows"."created_at")::text as "__key0",
  ("slideshows"."id")::text as "__key1"
from
  "slideshows"
where
  (slideshows.title ilike $1 or slideshows.description ilike $2 or slideshows.display_id = $3)
order by
  "slideshows"."created_at" desc,
  "slideshows"."id" desc
limit
  $4;

select
  count(*) as "total"
from
  "slideshows"
where
  (slideshows.title ilike $1 or slideshows.description ilike $2 or slideshows.display_id = $3);

-- listCoverItems
select
  "media_items".*,
  "firsts"."slideshow_id",
  "firsts"."order_index"
from
  (
    select
      "slideshow_items"."slideshow_id",
      "slideshow_items"."media_item_id",
      "slideshow_items"."order_index",
      row_number() over (partition by slideshow_items.slideshow_id order by slideshow_items.order_index, slideshow_items.id) as "n"
    from
      "slideshow_items"
    where
      "slideshow_items"."slideshow_id" in ($1)
  ) as "firsts"
  inner join "media_items" on "media_items"."id" = "firsts"."media_item_id"
where
  "firsts"."n" <= $2
order by
  "firsts"."slideshow_id",
  "firsts"."order_index";

-- getSlideshowForUpdate
select
  *
from
  "slideshows"
where
  "id" = $1
for update;

-- listAllSlides
select
  "media_items".*,
  "slideshow_items"."id" as "slide_id",
  "slideshow_items"."order_index",
  "slideshow_items"."duration",
  "slideshow_items"."caption"
from
  "slideshow_items"
  inner join "media_items" on "media_items"."id" = "slideshow_items"."media_item_id"
where
  "slideshow_items"."slideshow_id" = $1
order by
  "slideshow_items"."order_index",
  "slideshow_items"."id";

-- listSlideIds
select
  "id"
from
  "slideshow_items"
where
  "slideshow_id" = $1;

-- getMaxOrderIndex
select
  max(order_index) as "max"
from
  "slideshow_items"
where
  "slideshow_id" = $1;

-- updateSlideshow
update
  "slideshows"
set
  "description" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  *;

-- updateSlide
update
  "slideshow_items"
set
  "order_index" = $1,
  "duration" = $2,
  "caption" = $3
where
  "id" = $4;

-- deleteSlides
delete from
  "slideshow_items"
where
  "id" in ($1);

-- deleteSlideshow
delete from
  "slideshows"
where
  "id" = $1;
