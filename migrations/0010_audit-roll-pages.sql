-- Fewer pages written per audited roll (issue 12); each roll's commit wrote ~8.3 WAL pages of 4 KiB.
-- 1. seed_epochs.last_roll_seq: the seq of the epoch's last roll, set by the row write that
--    already takes the roll's index. Filled here from the trail, through the old epoch index,
--    as the old lookup found it (the epoch's roll with the highest index).
ALTER TABLE `seed_epochs` ADD `last_roll_seq` integer;
--> statement-breakpoint
UPDATE `seed_epochs` SET `last_roll_seq` = (SELECT `seq` FROM `audit_entries` WHERE `epoch_id` = `seed_epochs`.`id` AND `kind` = 'roll' ORDER BY `roll_index` DESC LIMIT 1);
--> statement-breakpoint
-- 2. audit_entries without AUTOINCREMENT: a new entry's id is the largest id + 1 (the rowid), so
--    a roll no longer writes sqlite_sequence. Ids keep growing and are never reused: no entry is
--    ever deleted (the triggers below refuse it). SQLite cannot drop AUTOINCREMENT in place: the
--    table is rebuilt with every row and id as they were; DROP TABLE fires no trigger and removes
--    the table's sqlite_sequence row. Nothing references audit_entries by foreign key.
-- 3. The epoch index keeps only openings, reveals and voids (audit_entries_epoch_marks): rolls
--    are found through last_roll_seq, so a roll no longer writes a page of it.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_entries` (
	`id` integer PRIMARY KEY NOT NULL,
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
INSERT INTO `__new_audit_entries`("id", "guild_id", "seq", "kind", "created_at", "actor_id", "actor_name", "game_id", "epoch_id", "roll_index", "visibility", "derives_from", "detail", "detail_hash", "prev_hash", "hash") SELECT "id", "guild_id", "seq", "kind", "created_at", "actor_id", "actor_name", "game_id", "epoch_id", "roll_index", "visibility", "derives_from", "detail", "detail_hash", "prev_hash", "hash" FROM `audit_entries`;--> statement-breakpoint
DROP TABLE `audit_entries`;--> statement-breakpoint
ALTER TABLE `__new_audit_entries` RENAME TO `audit_entries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_entries_guild_seq` ON `audit_entries` (`guild_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_entries_guild_actor` ON `audit_entries` (`guild_id`,`actor_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_entries_epoch_marks` ON `audit_entries` (`epoch_id`,`kind`) WHERE kind <> 'roll';
--> statement-breakpoint
-- The rebuild dropped the append-only triggers of 0001 with the old table: the same ones again.
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_no_delete` BEFORE DELETE ON `audit_entries`
BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
