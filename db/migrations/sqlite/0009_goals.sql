CREATE TABLE `goals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`event_name` text,
	`page_path` text,
	`prop_key` text,
	`prop_value` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "goals_kind_check" CHECK(("event_name" is not null and "page_path" is null) or ("event_name" is null and "page_path" is not null and "prop_key" is null)),
	CONSTRAINT "goals_prop_check" CHECK(("prop_key" is null) = ("prop_value" is null))
);
--> statement-breakpoint
CREATE INDEX `goals_company_id_idx` ON `goals` (`company_id`);