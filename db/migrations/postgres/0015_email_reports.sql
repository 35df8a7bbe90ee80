CREATE TABLE "email_report_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_report_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer NOT NULL,
	"claimed_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_report_deliveries_kind_check" CHECK ("kind" in ('weekly', 'monthly')),
	CONSTRAINT "email_report_deliveries_status_check" CHECK ("status" in ('sending', 'retry', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "email_report_subscriptions" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"weekly_since" timestamp with time zone,
	"monthly_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_report_subscriptions_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "email_report_deliveries" ADD CONSTRAINT "email_report_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_report_deliveries" ADD CONSTRAINT "email_report_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_report_subscriptions" ADD CONSTRAINT "email_report_subscriptions_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_report_deliveries_report" ON "email_report_deliveries" USING btree ("user_id","company_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "email_report_deliveries_company_id_idx" ON "email_report_deliveries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "email_report_deliveries_period_start_idx" ON "email_report_deliveries" USING btree ("period_start");