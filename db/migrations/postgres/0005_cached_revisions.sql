ALTER TABLE "daily_rollups" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "day_segments" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;