-- Issue 12: `games.rev` names the game's seats and windows as they stand. Every write to either
-- gives it a new random value, in the same statement (and so the same transaction or savepoint:
-- a rollback puts the old value back with the old rows). A copy of the seats and the open window
-- taken at one `rev` is what the database still holds while `rev` reads the same; a counter would
-- not do, since after a rollback it could come back to a value a discarded copy was taken at.
ALTER TABLE `games` ADD `rev` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `seats_insert_rev` AFTER INSERT ON `seats`
BEGIN UPDATE `games` SET `rev` = random() WHERE `id` = NEW.`game_id`; END;
--> statement-breakpoint
CREATE TRIGGER `seats_update_rev` AFTER UPDATE ON `seats`
BEGIN UPDATE `games` SET `rev` = random() WHERE `id` IN (OLD.`game_id`, NEW.`game_id`); END;
--> statement-breakpoint
CREATE TRIGGER `seats_delete_rev` AFTER DELETE ON `seats`
BEGIN UPDATE `games` SET `rev` = random() WHERE `id` = OLD.`game_id`; END;
--> statement-breakpoint
CREATE TRIGGER `windows_insert_rev` AFTER INSERT ON `windows`
BEGIN UPDATE `games` SET `rev` = random() WHERE `id` = NEW.`game_id`; END;
--> statement-breakpoint
CREATE TRIGGER `windows_update_rev` AFTER UPDATE ON `windows`
BEGIN UPDATE `games` SET `rev` = random() WHERE `id` IN (OLD.`game_id`, NEW.`game_id`); END;
--> statement-breakpoint
CREATE TRIGGER `windows_delete_rev` AFTER DELETE ON `windows`
BEGIN UPDATE `games` SET `rev` = random() WHERE `id` = OLD.`game_id`; END;
