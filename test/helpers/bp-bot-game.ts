/**
 * A B&P game with the bot general commanding one side and the random legal player (bp-game.ts)
 * the other, through the Ruleset contract only: in each window the phasing side acts (the bot
 * through the shared doctrine's `botWindow`, the random player through `nextAct`), then `resolve`
 * closes the move period. Deterministic: everything comes from the seeds.
 */
import { seededDice } from '../../src/dice/dice';
import { bp } from '../../src/rules/bp/index';
import type { BpScenarioData } from '../../src/rules/bp/scenario';
import type { BpSettings } from '../../src/rules/bp/settings';
import { phasingSide, type BpState } from '../../src/rules/bp/state';
import { botWindow, DEFAULT_DOCTRINE, type Doctrine } from '../../src/rules/bot/doctrine';
import { nextAct, prng } from './bp-game';

export interface BpBotGamePlayed { readonly final: BpState; readonly botActs: number; readonly refusals: Readonly<Record<string, number>>; readonly intents: Readonly<Record<string, number>> }

/** Plays a whole game: the bot commands `botSide` (null: random against random, the baseline). */
export function playBpBotGame(data: BpScenarioData, settings: BpSettings, botSide: string | null, seed: number, diceSeed: string, doctrine: Doctrine = DEFAULT_DOCTRINE, maxWindows = 200): BpBotGamePlayed {
  const r = prng(seed).next;
  const dice = seededDice(diceSeed);
  let s = bp.setup(structuredClone(data), settings, dice).state;
  let botActs = 0;
  const refusals: Record<string, number> = {};
  const intents: Record<string, number> = {};
  for (let w = 0; w < maxWindows && !bp.outcome(s); w++) {
    const side = s.ended ? null : phasingSide(s);
    if (side && side === botSide) {
      const out = botWindow(bp, s, s.seats.find((x) => x.side === side)!.id, dice, doctrine);
      s = out.state as BpState;
      botActs += out.acts.length;
      for (const a of out.acts) intents[a.option.intent] = (intents[a.option.intent] ?? 0) + 1;
      for (const x of out.refused) refusals[x.code] = (refusals[x.code] ?? 0) + 1;
    } else {
      for (let n = 0; ; n++) {
        const a = nextAct(s, r, n, {});
        if (!a) break;
        // The random player never acts for the bot's side (its standing reactions stay as they are).
        if (botSide && s.seats.find((x) => x.id === a.seat)?.side === botSide) continue;
        const out = bp.act(s, a.seat, a.action, dice);
        if (out.ok) s = out.value.state;
      }
    }
    s = bp.resolve(s, new Map(), dice).state;
  }
  return { final: s, botActs, refusals, intents };
}
