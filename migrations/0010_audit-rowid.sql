-- audit_entries without AUTOINCREMENT (issue 12): a new entry's id is the largest id + 1 (the
-- rowid), so a roll's commit no longer writes sqlite_sequence: one WAL page (4 KiB) less per roll.
-- Ids keep growing and are never reused: no entry is ever deleted (the triggers below refuse it).
-- SQLite cannot drop AUTOINCREMENT in place: the table is rebuilt with every row and id as they
-- were; DROP TABLE fires no trigger and removes the table's sqlite_sequence row.
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
CREATE INDEX `audit_entries_epoch` ON `audit_entries` (`epoch_id`,`roll_index`);
--> statement-breakpoint
-- The rebuild dropped the append-only triggers of 0001 with the old table: the same ones again.
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_no_delete` BEFORE DELETE ON `audit_entries`
BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
