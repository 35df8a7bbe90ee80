CREATE TABLE "daily_rollups" (
	"company_id" integer NOT NULL,
	"day" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"stats" text NOT NULL,
	CONSTRAINT "daily_rollups_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
DROP INDEX "sessions_last_activity_idx";--> statement-breakpoint
ALTER TABLE "daily_rollups" ADD CONSTRAINT "daily_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_company_activity_idx" ON "sessions" USING btree ("company_id","last_activity_at");