CREATE TABLE `actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`window_id` integer NOT NULL,
	`seat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`window_id`) REFERENCES `windows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `actions_window` ON `actions` (`window_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`name` text NOT NULL,
	`ruleset` text NOT NULL,
	`scenario_id` text NOT NULL,
	`gm_user_id` text NOT NULL,
	`status` text NOT NULL,
	`settings` text NOT NULL,
	`options` text NOT NULL,
	`state` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_one_live_per_channel` ON `games` (`channel_id`) WHERE status != 'ended';--> statement-breakpoint
CREATE INDEX `games_guild` ON `games` (`guild_id`,`status`);--> statement-breakpoint
CREATE TABLE `heartbeat` (
	`key` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer,
	`channel_id` text NOT NULL,
	`body` text NOT NULL,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_pending` ON `outbox` (`sent_at`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `readiness` (
	`window_id` integer NOT NULL,
	`seat_id` text NOT NULL,
	`ready_at` integer NOT NULL,
	PRIMARY KEY(`window_id`, `seat_id`),
	FOREIGN KEY (`window_id`) REFERENCES `windows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`window_id` integer NOT NULL,
	`seat_id` text NOT NULL,
	`hash` text NOT NULL,
	`nonce` text NOT NULL,
	`orders` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`window_id`) REFERENCES `windows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `receipts_window_seat` ON `receipts` (`window_id`,`seat_id`);--> statement-breakpoint
CREATE TABLE `reminders_sent` (
	`window_id` integer NOT NULL,
	`seat_id` text NOT NULL,
	`lead_ms` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`window_id`, `seat_id`, `lead_ms`),
	FOREIGN KEY (`window_id`) REFERENCES `windows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `resolutions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`window_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`trigger` text NOT NULL,
	`state_before` text NOT NULL,
	`events` text NOT NULL,
	`created_at` integer NOT NULL,
	`rolled_back_at` integer,
	`rollback_reason` text,
	FOREIGN KEY (`window_id`) REFERENCES `windows`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resolutions_window` ON `resolutions` (`window_id`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` integer NOT NULL,
	`seat_id` text NOT NULL,
	`user_id` text,
	`user_name` text,
	`misses` integer DEFAULT 0 NOT NULL,
	`extensions_used` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `seat_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `seats_user` ON `seats` (`user_id`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`window_id` integer NOT NULL,
	`seat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`withdrawn_at` integer,
	FOREIGN KEY (`window_id`) REFERENCES `windows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `submissions_window_seat` ON `submissions` (`window_id`,`seat_id`);--> statement-breakpoint
CREATE TABLE `windows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`turn` integer NOT NULL,
	`phase` text NOT NULL,
	`label` text NOT NULL,
	`opened_at` integer NOT NULL,
	`deadline_at` integer,
	`paused_at` integer,
	`epoch_id` integer,
	`status` text NOT NULL,
	`resolved_at` integer,
	`trigger` text,
	`version` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`epoch_id`) REFERENCES `seed_epochs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `windows_game_seq` ON `windows` (`game_id`,`seq`);--> statement-breakpoint
CREATE INDEX `windows_open_deadline` ON `windows` (`status`,`deadline_at`);