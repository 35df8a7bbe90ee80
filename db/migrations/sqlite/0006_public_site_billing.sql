CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`body_markdown` text NOT NULL,
	`body_html` text NOT NULL,
	`cover_url` text,
	`author_id` integer,
	`author_name` text NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_at_idx` ON `blog_posts` (`published_at`);--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`external_id` text,
	`company_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`user_id` integer,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "checkout_sessions_status_check" CHECK("status" in ('open', 'complete', 'canceled', 'expired')),
	CONSTRAINT "checkout_sessions_provider_check" CHECK("provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_external_id_unique` ON `checkout_sessions` (`external_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_company_id_idx` ON `checkout_sessions` (`company_id`);--> statement-breakpoint
CREATE TABLE `plan_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`from_plan_id` integer,
	`to_plan_id` integer NOT NULL,
	`source` text NOT NULL,
	`checkout_session_id` text,
	`admin_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`to_plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`checkout_session_id`) REFERENCES `checkout_sessions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "plan_changes_source_check" CHECK("source" in ('checkout', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `plan_changes_company_id_idx` ON `plan_changes` (`company_id`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
ALTER TABLE `companies` ADD `category` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `suspended_at` integer;