CREATE TABLE `day_segments` (
	`company_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`visits` integer NOT NULL,
	`events` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`company_id`, `starts_at`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
