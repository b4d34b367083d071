import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The last anchor the bot showed per guild (issue 16): the chain head (seq + hash) printed in
 * a public roll reply, a game post or a seed reveal. `/rolls verify` checks the trail still
 * holds that entry with that hash; a trail behind it lost entries that players have seen.
 */
export const trailAnchors = sqliteTable('trail_anchors', {
  guildId: text('guild_id').primaryKey(),
  seq: integer('seq').notNull(),
  /** The full entry hash (replies print a prefix; the bot keeps all of it). */
  hash: text('hash').notNull(),
  shownAt: integer('shown_at').notNull(),
});

/**
 * Breaks `/rolls verify` has found (issue 16): once recorded a break stays, so every later
 * verify, `/rolls log` and roll reply can say "chain broken at #N since …" even if the rows
 * are put back. One row per distinct (first bad seq, code) of a guild.
 */
export const trailBreaks = sqliteTable(
  'trail_breaks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    firstBadSeq: integer('first_bad_seq').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    foundAt: integer('found_at').notNull(),
    /** Where the verify that found it ran (the public notice went there); null from the console. */
    channelId: text('channel_id'),
  },
  (t) => [index('trail_breaks_guild').on(t.guildId, t.foundAt)],
);

export type TrailAnchorRow = typeof trailAnchors.$inferSelect;
export type TrailBreakRow = typeof trailBreaks.$inferSelect;
