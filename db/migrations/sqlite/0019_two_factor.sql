CREATE TABLE `two_factor_challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`admin_id` integer,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`remember` integer NOT NULL,
	`attempts` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "two_factor_challenges_subject_check" CHECK(("kind" = 'user' and "user_id" is not null and "admin_id" is null) or ("kind" = 'admin' and "admin_id" is not null and "user_id" is null)),
	CONSTRAINT "two_factor_challenges_purpose_check" CHECK("purpose" in ('sign_in', 'setup'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_factor_challenges_token_hash_unique` ON `two_factor_challenges` (`token_hash`);--> statement-breakpoint
CREATE INDEX `two_factor_challenges_user_id_idx` ON `two_factor_challenges` (`user_id`);--> statement-breakpoint
CREATE INDEX `two_factor_challenges_admin_id_idx` ON `two_factor_challenges` (`admin_id`);--> statement-breakpoint
CREATE INDEX `two_factor_challenges_expires_at_idx` ON `two_factor_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `two_factor_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`admin_id` integer,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "two_factor_recovery_codes_subject_check" CHECK(("kind" = 'user' and "user_id" is not null and "admin_id" is null) or ("kind" = 'admin' and "admin_id" is not null and "user_id" is null))
);
--> statement-breakpoint
CREATE INDEX `two_factor_recovery_codes_user_id_idx` ON `two_factor_recovery_codes` (`user_id`);--> statement-breakpoint
CREATE INDEX `two_factor_recovery_codes_admin_id_idx` ON `two_factor_recovery_codes` (`admin_id`);--> statement-breakpoint
CREATE TABLE `two_factor_secrets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`admin_id` integer,
	`secret` text NOT NULL,
	`enabled_at` integer,
	`last_step` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "two_factor_secrets_subject_check" CHECK(("kind" = 'user' and "user_id" is not null and "admin_id" is null) or ("kind" = 'admin' and "admin_id" is not null and "user_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_factor_secrets_user_id_idx` ON `two_factor_secrets` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `two_factor_secrets_admin_id_idx` ON `two_factor_secrets` (`admin_id`);