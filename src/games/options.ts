import { z } from 'zod';
import { POSTURES } from '../rules/bot/doctrine';

/**
 * How a game runs, as its GM sets it (`/game settings`). Paces are pace strings as typed
 * (src/scheduler/time: "24h", "daily 20:00 Europe/Paris"), per window kind.
 */
export const GameOptions = z.object({
  /** Pace per window kind ('default', or a ruleset phase such as 'dram/orders'). */
  paces: z.record(z.string(), z.string()).default({ default: '24h' }),
  /** Lead times before a deadline at which to remind those who have not posted; empty = scale with the window. */
  reminderLeadsMinutes: z.array(z.number().int().min(1).max(60 * 24 * 7)).max(5).default([]),
  /** Deadline extensions a silent player may use up before the default orders apply. */
  extensionsPerPlayer: z.number().int().min(0).max(5).default(1),
  /** How long one such extension lasts, in minutes. */
  extensionMinutes: z.number().int().min(5).max(60 * 24 * 3).default(12 * 60),
  /** After this many windows in a row with nothing posted a seat is declared vacant. */
  vacantAfterMisses: z.number().int().min(1).max(20).default(3),
  /** Posting an order also marks the player ready (they can still amend until resolution). */
  submitIsReady: z.boolean().default(false),
  /** A server role (id) whose members may use GM tools besides the GM. */
  gmRoleId: z.string().regex(/^\d{17,20}$/).nullable().default(null),
  /** Who may see /map: everyone, or players only. */
  mapVisibility: z.enum(['public', 'players']).default('public'),
  /** Map colours: the scenario's side colours, or a colour-blind-safe set (Okabe–Ito). */
  palette: z.enum(['default', 'colour-blind']).default('default'),
  /** How often the GM is reminded of a ruling the game waits for (a window the GM owes), in minutes. */
  gmReminderMinutes: z.number().int().min(15).max(60 * 24 * 7).default(12 * 60),
  /** Grace added to a deadline that passed while the bot was down, in minutes. */
  outageGraceMinutes: z.number().int().min(5).max(60 * 24).default(60),
  /**
   * The bot general (issue 13, not part of any ruleset's rules): the side it commands and its
   * posture; null = off. Set with /game settings bot: (src/games/bot-general.ts checks the side).
   */
  bot: z.object({ side: z.string().min(1).max(100), posture: z.enum(POSTURES).default('advance') }).nullable().default(null),
});
export type GameOptions = z.infer<typeof GameOptions>;

export const DEFAULT_OPTIONS: GameOptions = GameOptions.parse({});
