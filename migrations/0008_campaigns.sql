CREATE TABLE `campaign_battles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`game_id` integer NOT NULL,
	`scenario_id` text NOT NULL,
	`status` text NOT NULL,
	`matching` text NOT NULL,
	`outcome` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_battles_seq` ON `campaign_battles` (`campaign_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_battles_game` ON `campaign_battles` (`game_id`);--> statement-breakpoint
CREATE TABLE `campaign_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer NOT NULL,
	`battle_id` integer,
	`kind` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`text` text NOT NULL,
	`detail` text NOT NULL,
	`totals` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`battle_id`) REFERENCES `campaign_battles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `campaign_log_campaign` ON `campaign_log` (`campaign_id`,`id`);--> statement-breakpoint
CREATE TABLE `campaign_players` (
	`campaign_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	`side_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `user_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `campaign_sides` (
	`campaign_id` integer NOT NULL,
	`side_id` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`campaign_id`, `side_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `campaign_units` (
	`campaign_id` integer NOT NULL,
	`unit_id` text NOT NULL,
	`side_id` text NOT NULL,
	`kind` text NOT NULL,
	`formation` text,
	`name` text NOT NULL,
	`strength` integer NOT NULL,
	`full` integer NOT NULL,
	`fatigue` text NOT NULL,
	`quality` text NOT NULL,
	`officers` text NOT NULL,
	`ord` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `unit_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`name` text NOT NULL,
	`ruleset` text NOT NULL,
	`scenario_id` text NOT NULL,
	`gm_user_id` text NOT NULL,
	`status` text NOT NULL,
	`settings` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_one_open_name` ON `campaigns` (`guild_id`,`name`) WHERE status != 'ended';--> statement-breakpoint
-- The campaign log is append-only: an aftermath or an adjustment is undone by a new entry, never
-- by editing or deleting the one it undoes.
CREATE TRIGGER `campaign_log_no_update` BEFORE UPDATE ON `campaign_log`
BEGIN SELECT RAISE(ABORT, 'campaign_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `campaign_log_no_delete` BEFORE DELETE ON `campaign_log`
BEGIN SELECT RAISE(ABORT, 'campaign_log is append-only'); END;
