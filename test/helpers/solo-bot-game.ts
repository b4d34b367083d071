/**
 * A Kuryakin game with the bot general commanding one side and the random legal player
 * (solo-game.ts) the other, through the Ruleset contract only: in each window the side whose
 * cards are up acts (the bot through the shared doctrine's `botWindow`, the random player through
 * `nextAct`), then `resolve` closes the run. Deterministic: everything comes from the seeds.
 */
import { seededDice } from '../../src/dice/dice';
import { botWindow, DEFAULT_DOCTRINE, type Doctrine } from '../../src/rules/bot/doctrine';
import type { SoloGame } from '../../src/rules/solo/game';
import { solo } from '../../src/rules/solo/index';
import type { SoloScenarioData } from '../../src/rules/solo/scenario';
import type { SoloSettings } from '../../src/rules/solo/settings';
import { sideUp } from '../../src/rules/solo/turn';
import { nextAct, prng } from './solo-game';

export interface BotGamePlayed { readonly final: SoloGame; readonly botActs: number; readonly botRefused: number; readonly windows: number; readonly intents: Readonly<Record<string, number>>; readonly refusals: Readonly<Record<string, number>> }

/** Plays a whole game: the bot commands `botSide` (null: random against random, the baseline). */
export function playBotGame(data: SoloScenarioData, settings: SoloSettings, botSide: string | null, seed: number, diceSeed: string, doctrine: Doctrine = DEFAULT_DOCTRINE, maxWindows = 2000): BotGamePlayed {
  const r = prng(seed).next;
  const dice = seededDice(diceSeed);
  let g = solo.setup(structuredClone(data), settings, dice).state;
  let botActs = 0;
  let botRefused = 0;
  let windows = 0;
  const intents: Record<string, number> = {};
  const refusals: Record<string, number> = {};
  for (; windows < maxWindows && !solo.outcome(g); windows++) {
    const side = sideUp(g);
    if (side && side === botSide) {
      const seat = g.seats.find((s) => s.side === side)!.id;
      const w = botWindow(solo, g, seat, dice, doctrine);
      g = w.state as SoloGame;
      botActs += w.acts.length;
      botRefused += w.refused.length;
      for (const a of w.acts) intents[a.option.intent] = (intents[a.option.intent] ?? 0) + 1;
      for (const x of w.refused) refusals[x.code] = (refusals[x.code] ?? 0) + 1;
    } else {
      for (let n = 0; ; n++) {
        const a = nextAct(g, r, n);
        if (!a) break;
        // The random player never plays the bot's side (its chance card is the bot's to play).
        if (botSide && g.seats.find((s) => s.id === a.seat)?.side === botSide) continue;
        const out = solo.act(g, a.seat, a.action, dice);
        if (out.ok) g = out.value.state;
      }
    }
    g = solo.resolve(g, new Map(), dice).state;
  }
  return { final: g, botActs, botRefused, windows, intents, refusals };
}
