CREATE TABLE `audit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`game_id` text,
	`epoch_id` integer,
	`roll_index` integer,
	`visibility` text NOT NULL,
	`derives_from` text,
	`detail` text NOT NULL,
	`detail_hash` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`epoch_id`) REFERENCES `seed_epochs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_entries_guild_seq` ON `audit_entries` (`guild_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_entries_guild_actor` ON `audit_entries` (`guild_id`,`actor_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_entries_epoch` ON `audit_entries` (`epoch_id`,`roll_index`);--> statement-breakpoint
CREATE TABLE `seed_epochs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`game_id` text,
	`scope` text NOT NULL,
	`commitment` text NOT NULL,
	`seed` text NOT NULL,
	`opened_at` integer NOT NULL,
	`closes_at` integer,
	`revealed_at` integer,
	`next_index` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seed_epochs_one_open_per_scope` ON `seed_epochs` (`guild_id`,`scope`) WHERE revealed_at IS NULL;--> statement-breakpoint
CREATE INDEX `seed_epochs_closes_at` ON `seed_epochs` (`closes_at`);