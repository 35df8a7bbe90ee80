ALTER TABLE `daily_rollups` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `day_segments` ADD `revision` integer DEFAULT 0 NOT NULL;