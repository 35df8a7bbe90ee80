CREATE TABLE `instance_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `open_visits` (
	`company_id` integer NOT NULL,
	`visitor_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`last_activity_at` integer NOT NULL,
	`exit_page` text NOT NULL,
	`exit_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `visitor_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `open_visits_activity_idx` ON `open_visits` (`last_activity_at`);