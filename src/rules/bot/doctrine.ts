import type { Dice } from '../../dice/dice';
import type { AnyRuleset, SeatId } from '../contract';
import type { GameEvent } from '../events';
import type { BotIntent, BotOption } from '../plugin';

/**
 * The bot general's doctrine (issue 13; README.md here). It is NOT part of any ruleset: a simple,
 * documented way to command one side, over the candidates the ruleset lists (`Ruleset.bot`):
 *  1. play the chance card as soon as it fits a piece;
 *  2. reform when disordered (at `reformAt` 'D' or more, before anything else the piece might do);
 *  3. charge when the odds say so (own melee points at least `chargeOdds` times the target's);
 *  4. fire at the closest legal target;
 *  5. change formation (unlimber a battery in range, form line to fire);
 *  6. advance on the objective (the nearest enemy ahead) — unless the posture is `hold`;
 *  7. reform with fewer 'D' when nothing else was possible.
 * Every candidate goes through `ruleset.act`, the path a player's input takes: a refusal is
 * simply the next candidate, so the bot can only make legal moves. Pure and deterministic: the
 * order is fixed by the state (ties by the order the ruleset lists pieces); the dice are the
 * window's audited dice.
 */

export const POSTURES = ['advance', 'hold'] as const;
export type Posture = (typeof POSTURES)[number];

export interface Doctrine {
  readonly posture: Posture;
  /** Charge when own melee points ≥ this × the target's. */
  readonly chargeOdds: number;
  /** Reform first at this many 'D'; fewer only when nothing else is possible. */
  readonly reformAt: number;
}

export const DEFAULT_DOCTRINE: Doctrine = { posture: 'advance', chargeOdds: 1.5, reformAt: 2 };

/** The doctrine's order of intents (lower first); `undefined` drops the option. */
export function priorityOf(o: BotOption<unknown>, d: Doctrine): number | undefined {
  const table: Record<BotIntent, number | undefined> = {
    chance: 0,
    reform: o.weight >= d.reformAt ? 1 : 7,
    charge: o.weight >= d.chargeOdds ? 2 : undefined,
    fire: 3,
    formation: 4,
    advance: d.posture === 'advance' ? 5 : undefined,
  };
  return table[o.intent];
}

/**
 * The candidates in the order the bot tries them: the side's chance card first, then piece by
 * piece in the order the ruleset listed them, each piece's by priority, then closest first /
 * best odds first.
 */
export function rankOptions<A>(options: readonly BotOption<A>[], d: Doctrine): BotOption<A>[] {
  const pieceOrder = new Map<string, number>();
  for (const o of options) if (o.piece !== undefined && !pieceOrder.has(o.piece)) pieceOrder.set(o.piece, pieceOrder.size);
  const keyed = options.map((o, i) => ({ o, i, p: priorityOf(o, d) })).filter((x): x is { o: BotOption<A>; i: number; p: number } => x.p !== undefined);
  // Charges: best odds first; everything else: least weight (closest) first.
  const measure = (o: BotOption<A>) => (o.intent === 'charge' || o.intent === 'reform' ? -o.weight : o.weight);
  keyed.sort((a, b) => (a.o.intent === 'chance' ? -1 : pieceOrder.get(a.o.piece!)!) - (b.o.intent === 'chance' ? -1 : pieceOrder.get(b.o.piece!)!) || a.p - b.p || measure(a.o) - measure(b.o) || a.i - b.i);
  return keyed.map((x) => x.o);
}

/** One input the bot made, with its events, for the narrative. */
export interface BotAct {
  readonly option: BotOption<unknown>;
  readonly events: readonly GameEvent[];
}

/** A bot window: the state after the bot's inputs, what it did, and what `act` refused (it never retries those). */
export interface BotWindow {
  readonly state: unknown;
  readonly acts: readonly BotAct[];
  readonly refused: readonly { readonly option: BotOption<unknown>; readonly code: string }[];
}

/**
 * The bot's inputs for `seat` in the open window, each through the ruleset's action schema and
 * `act`. Each distinct input is tried at most once per window (so the loop ends); `maxActs`
 * bounds it besides.
 */
export function botWindow(ruleset: AnyRuleset, state: unknown, seat: SeatId, dice: Dice, doctrine: Doctrine = DEFAULT_DOCTRINE, maxActs = 200): BotWindow {
  if (!ruleset.bot) throw new Error(`${ruleset.id} has no bot general`);
  const tried = new Set<string>();
  const acts: BotAct[] = [];
  const refused: { option: BotOption<unknown>; code: string }[] = [];
  let s = state;
  for (let n = 0; n < maxActs; n++) {
    const schema = ruleset.actionSchema(s);
    if (!schema || !ruleset.owing(s).includes(seat)) break;
    let done = false;
    for (const option of rankOptions(ruleset.bot.options(s, seat) as readonly BotOption<unknown>[], doctrine)) {
      const key = JSON.stringify(option.action);
      if (tried.has(key)) continue;
      tried.add(key);
      const parsed = schema.safeParse(option.action);
      if (!parsed.success) { refused.push({ option, code: 'action/invalid' }); continue; }
      const r = ruleset.act(s, seat, parsed.data, dice);
      if (!r.ok) { refused.push({ option, code: r.error.code }); continue; }
      s = r.value.state;
      acts.push({ option, events: r.value.events });
      done = true;
      break;
    }
    if (!done) break;
  }
  return { state: s, acts, refused };
}
