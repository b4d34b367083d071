-- Issue 12: the unsent posts by dedupe key, so that a sealed receipt finds the unsent one it
-- supersedes without walking every unsent post (GamesRepo.enqueueLatest).
CREATE INDEX `outbox_unsent_key` ON `outbox` (`dedupe_key`) WHERE sent_at IS NULL;