CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer NOT NULL,
	`company_id` integer,
	`company_name` text,
	`actor_kind` text NOT NULL,
	`actor_id` integer,
	`actor_name` text,
	`actor_email` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`target_label` text,
	`details` text NOT NULL,
	`ip` text,
	CONSTRAINT "audit_events_actor_kind_check" CHECK("actor_kind" in ('user', 'admin', 'api_key', 'system'))
);
--> statement-breakpoint
CREATE INDEX `audit_events_company_created_idx` ON `audit_events` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_created_idx` ON `audit_events` (`created_at`);