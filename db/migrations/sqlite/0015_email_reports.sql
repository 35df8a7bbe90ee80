CREATE TABLE `email_report_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`period_start` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`claimed_until` integer,
	`next_attempt_at` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_report_deliveries_kind_check" CHECK("kind" in ('weekly', 'monthly')),
	CONSTRAINT "email_report_deliveries_status_check" CHECK("status" in ('sending', 'retry', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_report_deliveries_report` ON `email_report_deliveries` (`user_id`,`company_id`,`kind`,`period_start`);--> statement-breakpoint
CREATE INDEX `email_report_deliveries_company_id_idx` ON `email_report_deliveries` (`company_id`);--> statement-breakpoint
CREATE INDEX `email_report_deliveries_period_start_idx` ON `email_report_deliveries` (`period_start`);--> statement-breakpoint
CREATE TABLE `email_report_subscriptions` (
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`weekly_since` integer,
	`monthly_since` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `user_id`),
	FOREIGN KEY (`company_id`,`user_id`) REFERENCES `memberships`(`company_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
