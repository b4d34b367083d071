-- The audit trail is append-only: the bot never edits or deletes an entry, so the database
-- refuses to. (Someone with raw file access can still drop these triggers; the hash chain is
-- what makes such tampering detectable by /rolls verify.)
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_no_delete` BEFORE DELETE ON `audit_entries`
BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
--> statement-breakpoint
-- A seed and its commitment never change once written; an epoch is never deleted.
CREATE TRIGGER `seed_epochs_seed_immutable` BEFORE UPDATE OF `seed`, `commitment`, `guild_id`, `scope` ON `seed_epochs`
BEGIN SELECT RAISE(ABORT, 'a seed epoch''s seed and commitment are immutable'); END;
--> statement-breakpoint
CREATE TRIGGER `seed_epochs_no_delete` BEFORE DELETE ON `seed_epochs`
BEGIN SELECT RAISE(ABORT, 'seed_epochs rows are never deleted'); END;
