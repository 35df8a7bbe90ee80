CREATE TABLE "day_segments" (
	"company_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"visits" integer NOT NULL,
	"events" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "day_segments_pk" PRIMARY KEY("company_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "day_segments" ADD CONSTRAINT "day_segments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;