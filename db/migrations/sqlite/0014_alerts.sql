CREATE TABLE `alert_channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`secret` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alert_channels_kind_check" CHECK("kind" in ('email', 'slack', 'webhook'))
);
--> statement-breakpoint
CREATE INDEX `alert_channels_company_id_idx` ON `alert_channels` (`company_id`);--> statement-breakpoint
CREATE TABLE `alert_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`channel_id` integer NOT NULL,
	`rule_id` integer,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`response_status` integer,
	`next_attempt_at` integer,
	`claimed_until` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `alert_channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rules`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "alert_deliveries_kind_check" CHECK("kind" in ('alert', 'test')),
	CONSTRAINT "alert_deliveries_status_check" CHECK("status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `alert_deliveries_channel_idx` ON `alert_deliveries` (`channel_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_due_idx` ON `alert_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_company_id_idx` ON `alert_deliveries` (`company_id`);--> statement-breakpoint
CREATE TABLE `alert_rule_channels` (
	`rule_id` integer NOT NULL,
	`channel_id` integer NOT NULL,
	PRIMARY KEY(`rule_id`, `channel_id`),
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `alert_channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_rule_channels_channel_id_idx` ON `alert_rule_channels` (`channel_id`);--> statement-breakpoint
CREATE TABLE `alert_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`threshold` integer NOT NULL,
	`goal_id` integer,
	`event_name` text,
	`enabled` integer NOT NULL,
	`firing` integer DEFAULT false NOT NULL,
	`fired_at` integer,
	`fired_on` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`goal_id`) REFERENCES `goals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alert_rules_kind_check" CHECK("kind" in ('spike', 'drop', 'goal'))
);
--> statement-breakpoint
CREATE INDEX `alert_rules_company_id_idx` ON `alert_rules` (`company_id`);