ALTER TABLE "daily_rollups" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_rollups" ADD COLUMN "visits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_rollups" ADD COLUMN "pageviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_rollups" ADD COLUMN "events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rollups written before these columns take their totals from their JSON, which has held them in every
-- format (`{"totals":{"visitors":…,"visits":…,"pageviews":…,"events":…,…},…}`): one pass over the table,
-- parsing each row's text once.
UPDATE "daily_rollups" SET ("visitors", "visits", "pageviews", "events") = (
  SELECT
    coalesce(("totals" ->> 'visitors')::integer, 0),
    coalesce(("totals" ->> 'visits')::integer, 0),
    coalesce(("totals" ->> 'pageviews')::integer, 0),
    coalesce(("totals" ->> 'events')::integer, 0)
  FROM (SELECT "stats"::json -> 'totals' AS "totals") AS "parsed"
);
