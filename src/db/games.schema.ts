import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { seedEpochs } from './schema';

/**
 * Games on Discord (issue 4). A game's whole rules state is one JSON document (the ruleset's
 * own state, replayable from its inputs and seeds); everything the scheduler needs to find
 * quickly (deadlines, who has posted) lives in columns.
 */
export const games = sqliteTable('games', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  guildId: text('guild_id').notNull(),
  channelId: text('channel_id').notNull(),
  name: text('name').notNull(),
  ruleset: text('ruleset').notNull(),
  scenarioId: text('scenario_id').notNull(),
  gmUserId: text('gm_user_id').notNull(),
  /** 'setup' | 'running' | 'paused' | 'ended' */
  status: text('status').notNull(),
  /** The ruleset's settings (house rulings), as parsed by the ruleset. */
  settings: text('settings').notNull(),
  /** Pace, reminders, no-orders policy, submit-is-ready, GM role (src/games/options.ts). */
  options: text('options').notNull(),
  /** The ruleset state (JSON); null until the game starts. */
  state: text('state'),
  /** Bumped by every change of `state`: resolution runs only against the version it read. */
  version: integer('version').notNull().default(0),
  /**
   * Changed (to a random value) by the database itself whenever a row of the game's seats or
   * windows is written, rolled back with them (triggers, migration 0012): a copy of the seats and
   * the open window read at this `rev` is still what the database holds (GamesRepo.liveIn, issue 12).
   */
  rev: integer('rev').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [
  // One live game per channel: commands in a channel address that game.
  uniqueIndex('games_one_live_per_channel').on(t.channelId).where(sql`status != 'ended'`),
  index('games_guild').on(t.guildId, t.status),
]);

export const seats = sqliteTable('seats', {
  gameId: integer('game_id').notNull().references(() => games.id),
  seatId: text('seat_id').notNull(),
  userId: text('user_id'),
  userName: text('user_name'),
  /** Consecutive windows with nothing posted (no-orders policy). */
  misses: integer('misses').notNull().default(0),
  extensionsUsed: integer('extensions_used').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.gameId, t.seatId] }), index('seats_user').on(t.userId)]);

/** A window players post in (a phase that owes input); resolved exactly once. */
export const windows = sqliteTable('windows', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  gameId: integer('game_id').notNull().references(() => games.id),
  seq: integer('seq').notNull(),
  turn: integer('turn').notNull(),
  phase: text('phase').notNull(),
  label: text('label').notNull(),
  openedAt: integer('opened_at').notNull(),
  deadlineAt: integer('deadline_at'),
  /** While paused the deadline does not run; resume pushes it back by the time paused. */
  pausedAt: integer('paused_at'),
  /** The seed epoch this window's dice come from; its commitment is posted when it opens. */
  epochId: integer('epoch_id').references(() => seedEpochs.id),
  /** 'open' | 'resolved' */
  status: text('status').notNull(),
  resolvedAt: integer('resolved_at'),
  trigger: text('trigger'),
  /** Game version when the window opened. */
  version: integer('version').notNull(),
}, (t) => [
  uniqueIndex('windows_game_seq').on(t.gameId, t.seq),
  index('windows_open_deadline').on(t.status, t.deadlineAt),
]);

/** One accepted order per (window, seat, key); amending replaces it, withdrawing marks it. */
export const submissions = sqliteTable('submissions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  windowId: integer('window_id').notNull().references(() => windows.id),
  seatId: text('seat_id').notNull(),
  userId: text('user_id').notNull(),
  key: text('key').notNull(),
  body: text('body').notNull(),
  createdAt: integer('created_at').notNull(),
  withdrawnAt: integer('withdrawn_at'),
}, (t) => [
  // Only live orders are indexed (issue 12): reading a seat's orders and withdrawing the one an
  // amendment replaces touch the current rows, however many amendments the window has seen.
  // Withdrawn rows stay in the table (the history) but in no index.
  index('submissions_live').on(t.windowId, t.seatId, t.key).where(sql`withdrawn_at IS NULL`),
]);

export const readiness = sqliteTable('readiness', {
  windowId: integer('window_id').notNull().references(() => windows.id),
  seatId: text('seat_id').notNull(),
  readyAt: integer('ready_at').notNull(),
}, (t) => [primaryKey({ columns: [t.windowId, t.seatId] })]);

/** Binding in-window actions (DRAM initiative rolls), kept so a game can be replayed. */
export const actions = sqliteTable('actions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  windowId: integer('window_id').notNull().references(() => windows.id),
  seatId: text('seat_id').notNull(),
  userId: text('user_id').notNull(),
  body: text('body').notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [index('actions_window').on(t.windowId)]);

/** Sealed receipts: SHA-256 of a secret nonce and the seat's orders, revealed with them. */
export const receipts = sqliteTable('receipts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  windowId: integer('window_id').notNull().references(() => windows.id),
  seatId: text('seat_id').notNull(),
  hash: text('hash').notNull(),
  nonce: text('nonce').notNull(),
  orders: text('orders').notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [index('receipts_window_seat').on(t.windowId, t.seatId)]);

/** What a resolution did, with the state before it so a GM can roll it back. */
export const resolutions = sqliteTable('resolutions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  windowId: integer('window_id').notNull().references(() => windows.id),
  gameId: integer('game_id').notNull().references(() => games.id),
  trigger: text('trigger').notNull(),
  stateBefore: text('state_before').notNull(),
  events: text('events').notNull(),
  createdAt: integer('created_at').notNull(),
  rolledBackAt: integer('rolled_back_at'),
  rollbackReason: text('rollback_reason'),
}, (t) => [uniqueIndex('resolutions_window').on(t.windowId)]);

export const remindersSent = sqliteTable('reminders_sent', {
  windowId: integer('window_id').notNull().references(() => windows.id),
  seatId: text('seat_id').notNull(),
  leadMs: integer('lead_ms').notNull(),
  sentAt: integer('sent_at').notNull(),
}, (t) => [primaryKey({ columns: [t.windowId, t.seatId, t.leadMs] })]);

/** Posts written in the same transaction as the change they report; sent after commit. */
export const outbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  gameId: integer('game_id'),
  channelId: text('channel_id').notNull(),
  /** A reply model as JSON (files base64). */
  body: text('body').notNull(),
  /** Set for posts that must never be written twice (e.g. 'resolution:42'). */
  dedupeKey: text('dedupe_key'),
  createdAt: integer('created_at').notNull(),
  sentAt: integer('sent_at'),
  /**
   * When a sender took the row to post it. A claimed row is never rewritten (a newer receipt of the
   * same seat is queued behind it instead): what Discord may already have received stays what
   * the row says, even across a crash before `sentAt` is written.
   */
  claimedAt: integer('claimed_at'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at').notNull(),
  lastError: text('last_error'),
  /**
   * The id of the message the post became (issue 11: the dashboard links to the last resolution);
   * null until sent, and for posts sent before this column existed.
   */
  messageId: text('message_id'),
}, (t) => [
  uniqueIndex('outbox_dedupe').on(t.dedupeKey), index('outbox_pending').on(t.sentAt, t.nextAttemptAt),
  // The unsent posts by key (issue 12): a sealed receipt finds the unsent one it supersedes in a
  // few steps. Through outbox_pending it walked every unsent post (one settling receipt per seat
  // that amended within RECEIPT_SETTLE_MS, ~200 under bench:load: ~55 µs of the bot per input);
  // through outbox_dedupe, every sent receipt of the seat too.
  index('outbox_unsent_key').on(t.dedupeKey).where(sql`sent_at IS NULL`),
]);

/** When the scheduler last ran: a deadline that passed while it did not is extended, not resolved unseen. */
export const heartbeat = sqliteTable('heartbeat', {
  key: text('key').primaryKey(),
  at: integer('at').notNull(),
});

/**
 * The live dashboard message of a game (issue 11): one message per game, edited as the game
 * moves. `content` is what it last said, so an edit is made only when it changes, and
 * `editedAt` spaces edits out (a burst of inputs makes one edit).
 */
export const dashboards = sqliteTable('dashboards', {
  gameId: integer('game_id').primaryKey(),
  channelId: text('channel_id').notNull(),
  /** Null until the message is posted. */
  messageId: text('message_id'),
  content: text('content'),
  editedAt: integer('edited_at'),
});
