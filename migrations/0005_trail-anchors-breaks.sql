CREATE TABLE `trail_anchors` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`hash` text NOT NULL,
	`shown_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `trail_breaks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`first_bad_seq` integer NOT NULL,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`found_at` integer NOT NULL,
	`channel_id` text
);
--> statement-breakpoint
CREATE INDEX `trail_breaks_guild` ON `trail_breaks` (`guild_id`,`found_at`);--> statement-breakpoint
-- A recorded break is never erased by the bot (issue 16): later verifies keep reporting it.
CREATE TRIGGER `trail_breaks_no_delete` BEFORE DELETE ON `trail_breaks`
BEGIN SELECT RAISE(ABORT, 'trail_breaks rows are never deleted'); END;
