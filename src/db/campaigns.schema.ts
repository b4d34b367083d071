import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { games } from './games.schema';

/**
 * Campaigns (issue 15): battles linked over weeks. Each side keeps a standing order of battle
 * (`campaign_units`) that a battle is seeded from and that the ruleset's after-battle rules
 * update when it ends. Every change to it is written to `campaign_log`, which is append-only
 * (triggers in the migration): the standing rows are the present, the log is the history.
 */
export const campaigns = sqliteTable('campaigns', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  guildId: text('guild_id').notNull(),
  /** Where it was created and where its notices go. */
  channelId: text('channel_id').notNull(),
  name: text('name').notNull(),
  ruleset: text('ruleset').notNull(),
  /** The scenario whose order of battle founded the standing order of battle. */
  scenarioId: text('scenario_id').notNull(),
  gmUserId: text('gm_user_id').notNull(),
  /** 'open' | 'ended' */
  status: text('status').notNull(),
  /** The ruleset's campaign settings (after-battle rulings), as its campaign record parses them. */
  settings: text('settings').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [
  // A campaign's name addresses it in its server while it is open.
  uniqueIndex('campaigns_one_open_name').on(t.guildId, t.name).where(sql`status != 'ended'`),
]);

/** The sides of a campaign, as the founding scenario names them. */
export const campaignSides = sqliteTable('campaign_sides', {
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id),
  sideId: text('side_id').notNull(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.sideId] })]);

/** Who plays which side (one side per player: a side's hidden values are theirs alone). */
export const campaignPlayers = sqliteTable('campaign_players', {
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id),
  userId: text('user_id').notNull(),
  userName: text('user_name').notNull(),
  sideId: text('side_id').notNull(),
  joinedAt: integer('joined_at').notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.userId] })]);

/** The standing order of battle: every formation and unit as the battles have left it. */
export const campaignUnits = sqliteTable('campaign_units', {
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id),
  /** The id the scenarios use for it (battles are matched to the campaign by id). */
  unitId: text('unit_id').notNull(),
  sideId: text('side_id').notNull(),
  /** 'formation' (a corps, a command) | 'unit' (a brigade, a stand, a battery). */
  kind: text('kind').notNull(),
  /** The formation it belongs to (null for a formation or an unattached unit). */
  formation: text('formation'),
  name: text('name').notNull(),
  /** Current strength (s.p.; a battery 2, damaged 1); 0 = lost. */
  strength: integer('strength').notNull(),
  /** Its strength at full establishment, when the campaign began or the GM last set it. */
  full: integer('full').notNull(),
  fatigue: text('fatigue').notNull(),
  quality: text('quality').notNull(),
  /** Its officers as JSON: [{ id, name, status }]. */
  officers: text('officers').notNull(),
  /** Position in the order of battle (the founding scenario's order). */
  ord: integer('ord').notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.unitId] })]);

/** The battles of a campaign, each one game. */
export const campaignBattles = sqliteTable('campaign_battles', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id),
  /** 1, 2, 3… within the campaign. */
  seq: integer('seq').notNull(),
  gameId: integer('game_id').notNull().references(() => games.id),
  scenarioId: text('scenario_id').notNull(),
  /** 'running' | 'applied' (aftermath applied) | 'undone' (aftermath undone, battle resumed) | 'abandoned' (ended without a result). */
  status: text('status').notNull(),
  /** The units it was seeded with, matched by id: { matched, missing, extra } (JSON). */
  matching: text('matching').notNull(),
  /** The outcome as the ruleset stated it (JSON), once it ended. */
  outcome: text('outcome'),
  startedAt: integer('started_at').notNull(),
  endedAt: integer('ended_at'),
}, (t) => [
  uniqueIndex('campaign_battles_seq').on(t.campaignId, t.seq),
  // A game is at most one battle of one campaign: its aftermath has exactly one place to go.
  uniqueIndex('campaign_battles_game').on(t.gameId),
]);

/**
 * The campaign's history, append-only: creation, joins, battles started, aftermaths (with the
 * standing before them, for an explicit undo), GM adjustments and undos. `totals` is each
 * side's total strength after the entry (the strength-over-campaign chart).
 */
export const campaignLog = sqliteTable('campaign_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id),
  battleId: integer('battle_id').references(() => campaignBattles.id),
  /** 'create' | 'join' | 'battle' | 'aftermath' | 'adjust' | 'undo' | 'end' */
  kind: text('kind').notNull(),
  actorId: text('actor_id').notNull(),
  actorName: text('actor_name').notNull(),
  /** What players read. */
  text: text('text').notNull(),
  /** JSON: the changes ([{ unit, field, from, to, why }]), the standing before an aftermath, the events. */
  detail: text('detail').notNull(),
  /** JSON { side: total strength } after this entry. */
  totals: text('totals').notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [
  index('campaign_log_campaign').on(t.campaignId, t.id),
]);
