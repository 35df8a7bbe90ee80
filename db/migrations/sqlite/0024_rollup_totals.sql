ALTER TABLE `daily_rollups` ADD `visitors` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_rollups` ADD `visits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_rollups` ADD `pageviews` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_rollups` ADD `events` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rollups written before these columns take their totals from their JSON, which has held them in every
-- format (`{"totals":{"visitors":…,"visits":…,"pageviews":…,"events":…,…},…}`): one pass over the table.
UPDATE `daily_rollups` SET
  `visitors` = coalesce(json_extract(`stats`, '$.totals.visitors'), 0),
  `visits` = coalesce(json_extract(`stats`, '$.totals.visits'), 0),
  `pageviews` = coalesce(json_extract(`stats`, '$.totals.pageviews'), 0),
  `events` = coalesce(json_extract(`stats`, '$.totals.events'), 0);
