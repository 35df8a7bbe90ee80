CREATE TABLE `bot_hits` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`hits` integer NOT NULL,
	PRIMARY KEY(`company_id`, `day`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `events` (
	`company_id` integer NOT NULL,
	`ts` integer NOT NULL,
	`kind` integer NOT NULL,
	`name` text,
	`hostname` text NOT NULL,
	`pathname` text NOT NULL,
	`visitor_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`props` text,
	`engaged_ms` integer,
	`scroll_depth` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "events_kind_check" CHECK("kind" in (1, 2, 3))
);
--> statement-breakpoint
CREATE INDEX `events_company_ts_idx` ON `events` (`company_id`,`ts`);--> statement-breakpoint
CREATE TABLE `monthly_usage` (
	`company_id` integer NOT NULL,
	`month` text NOT NULL,
	`events` integer NOT NULL,
	PRIMARY KEY(`company_id`, `month`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`visitor_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`last_activity_at` integer NOT NULL,
	`hostname` text NOT NULL,
	`entry_page` text NOT NULL,
	`exit_page` text NOT NULL,
	`pageviews` integer NOT NULL,
	`events` integer NOT NULL,
	`engaged_ms` integer NOT NULL,
	`is_bounce` integer NOT NULL,
	`source` text NOT NULL,
	`referrer` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_content` text,
	`utm_term` text,
	`country` text,
	`browser` text,
	`os` text,
	`device` text NOT NULL,
	`language` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_device_check" CHECK("device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE INDEX `sessions_company_started_idx` ON `sessions` (`company_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `sessions_last_activity_idx` ON `sessions` (`last_activity_at`);--> statement-breakpoint
CREATE TABLE `visitor_salts` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `day`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
