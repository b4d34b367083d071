DROP INDEX `submissions_window_seat`;--> statement-breakpoint
CREATE INDEX `submissions_live` ON `submissions` (`window_id`,`seat_id`,`key`) WHERE withdrawn_at IS NULL;