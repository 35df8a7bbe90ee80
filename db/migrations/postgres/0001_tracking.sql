CREATE TABLE "bot_hits" (
	"company_id" integer NOT NULL,
	"day" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "bot_hits_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"company_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"kind" smallint NOT NULL,
	"name" text,
	"hostname" text NOT NULL,
	"pathname" text NOT NULL,
	"visitor_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"props" jsonb,
	"engaged_ms" integer,
	"scroll_depth" integer,
	CONSTRAINT "events_kind_check" CHECK ("kind" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "monthly_usage" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "monthly_usage_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"visitor_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"hostname" text NOT NULL,
	"entry_page" text NOT NULL,
	"exit_page" text NOT NULL,
	"pageviews" integer NOT NULL,
	"events" integer NOT NULL,
	"engaged_ms" integer NOT NULL,
	"is_bounce" boolean NOT NULL,
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
	CONSTRAINT "sessions_device_check" CHECK ("device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"company_id" integer NOT NULL,
	"day" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visitor_salts_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
ALTER TABLE "bot_hits" ADD CONSTRAINT "bot_hits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_usage" ADD CONSTRAINT "monthly_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_salts" ADD CONSTRAINT "visitor_salts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_ts_idx" ON "events" USING btree ("company_id","ts");--> statement-breakpoint
CREATE INDEX "sessions_company_started_idx" ON "sessions" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "sessions_last_activity_idx" ON "sessions" USING btree ("last_activity_at");