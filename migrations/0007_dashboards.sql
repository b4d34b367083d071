CREATE TABLE `dashboards` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`content` text,
	`edited_at` integer
);
