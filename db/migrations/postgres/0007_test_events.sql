CREATE TABLE "test_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"kind" smallint NOT NULL,
	"name" text,
	"hostname" text NOT NULL,
	"pathname" text NOT NULL,
	"props" jsonb,
	"engaged_ms" integer,
	"scroll_depth" integer,
	"visit_id" bigint NOT NULL,
	"visit_started_at" timestamp with time zone NOT NULL,
	"entry_page" text NOT NULL,
	"source" text NOT NULL,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"country" text,
	"browser" text,
	"os" text,
	"device" text NOT NULL,
	"language" text,
	CONSTRAINT "test_events_kind_check" CHECK ("kind" in (1, 2, 3)),
	CONSTRAINT "test_events_device_check" CHECK ("device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
ALTER TABLE "test_events" ADD CONSTRAINT "test_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_events_company_ts_idx" ON "test_events" USING btree ("company_id","ts");--> statement-breakpoint
CREATE INDEX "test_events_ts_idx" ON "test_events" USING btree ("ts");