CREATE TABLE "audit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"company_id" integer,
	"company_name" text,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"details" jsonb NOT NULL,
	"ip" text,
	CONSTRAINT "audit_events_actor_kind_check" CHECK ("actor_kind" in ('user', 'admin', 'api_key', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_company_created_idx" ON "audit_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");