CREATE TABLE `daily_rollups` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`built_at` integer NOT NULL,
	`stats` text NOT NULL,
	PRIMARY KEY(`company_id`, `day`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `sessions_last_activity_idx`;--> statement-breakpoint
CREATE INDEX `sessions_company_activity_idx` ON `sessions` (`company_id`,`last_activity_at`);