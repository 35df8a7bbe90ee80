CREATE TABLE `test_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ts` integer NOT NULL,
	`kind` integer NOT NULL,
	`name` text,
	`hostname` text NOT NULL,
	`pathname` text NOT NULL,
	`props` text,
	`engaged_ms` integer,
	`scroll_depth` integer,
	`visit_id` integer NOT NULL,
	`visit_started_at` integer NOT NULL,
	`entry_page` text NOT NULL,
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
	CONSTRAINT "test_events_kind_check" CHECK("kind" in (1, 2, 3)),
	CONSTRAINT "test_events_device_check" CHECK("device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE INDEX `test_events_company_ts_idx` ON `test_events` (`company_id`,`ts`);--> statement-breakpoint
CREATE INDEX `test_events_ts_idx` ON `test_events` (`ts`);