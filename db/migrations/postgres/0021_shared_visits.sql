CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_visits" (
	"company_id" integer NOT NULL,
	"visitor_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"exit_page" text NOT NULL,
	"exit_at" timestamp with time zone NOT NULL,
	CONSTRAINT "open_visits_pk" PRIMARY KEY("company_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "open_visits" ADD CONSTRAINT "open_visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_visits_activity_idx" ON "open_visits" USING btree ("last_activity_at");--> statement-breakpoint
-- Visit ids for servers sharing this database: each nextval is a block of 1024 ids for one server
-- (VISIT_ID_BLOCK). It starts past every id made so far by the clock (milliseconds × 1024), so ids keep growing.
CREATE SEQUENCE IF NOT EXISTS "visit_ids" INCREMENT BY 1024;--> statement-breakpoint
SELECT setval('visit_ids', greatest(
	(SELECT coalesce(max("id"), 0) FROM "sessions") + 1,
	(extract(epoch from clock_timestamp()) * 1000)::bigint * 1024
));
