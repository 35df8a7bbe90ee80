CREATE TABLE "goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"event_name" text,
	"page_path" text,
	"prop_key" text,
	"prop_value" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goals_kind_check" CHECK (("event_name" is not null and "page_path" is null) or ("event_name" is null and "page_path" is not null and "prop_key" is null)),
	CONSTRAINT "goals_prop_check" CHECK (("prop_key" is null) = ("prop_value" is null))
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_company_id_idx" ON "goals" USING btree ("company_id");