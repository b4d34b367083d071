/**
 * Kuryakin games for whole-game tests: a scenario loaded through the shared loader with the solo
 * profile, and a random legal player acting through the Ruleset contract only (it picks among
 * the units the cards up now activate, and the record refuses what the rules forbid).
 * Deterministic: everything comes from the seeds, so a game replays from its recorded inputs.
 */
import { readFileSync } from 'node:fs';
import { seededDice, type Dice } from '../../src/dice/dice';
import type { GameEvent } from '../../src/rules/events';
import { formatScenarioError, parseScenarioYaml } from '../../src/rules/scenario';
import type { SoloGame } from '../../src/rules/solo/game';
import { solo } from '../../src/rules/solo/index';
import type { SoloAction } from '../../src/rules/solo/orders';
import { formationsFor } from '../../src/rules/solo/phases/formation';
import { SOLO_PROFILE } from '../../src/rules/solo/profile';
import type { SoloScenarioData } from '../../src/rules/solo/scenario';
import { SOLO_SETTINGS_DEFAULTS, type SoloSettings } from '../../src/rules/solo/settings';
import { distanceMm, onTable, unitById } from '../../src/rules/solo/state';
import { againstOf, sideUp, windowUnits } from '../../src/rules/solo/turn';
import { prng, stateHash } from './dram-battle';

export { prng, stateHash };

/** A Kuryakin scenario as the record prepares it. */
export function soloData(file = 'assets/scenarios/solo/teaching.yaml', settings: SoloSettings = SOLO_SETTINGS_DEFAULTS): SoloScenarioData {
  const r = parseScenarioYaml(readFileSync(file, 'utf8'), file, { profiles: { solo: SOLO_PROFILE } });
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  const d = solo.scenario.prepare(r.value, settings);
  if (!d.ok) throw new Error(d.error.map((p) => p.message).join('\n'));
  return d.value;
}

export type SoloInput = { readonly kind: 'act'; readonly seat: string; readonly action: SoloAction } | { readonly kind: 'resolve' };

export interface SoloStep { readonly input: SoloInput; readonly before: SoloGame; readonly after: SoloGame; readonly events: readonly GameEvent[]; readonly ms: number }

export interface SoloPlayed { readonly inputs: SoloInput[]; readonly final: SoloGame; readonly steps: SoloStep[]; readonly setupEvents: readonly GameEvent[]; readonly refused: number; readonly refusals: string[] }

const pick = <T>(r: () => number, xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);

/** The random legal player's next act in the open window, or null when it is done with the run (bench/bot.ts plays it against the bot general). */
export function nextAct(g: SoloGame, r: () => number, n: number): { seat: string; action: SoloAction } | null {
  const side = sideUp(g);
  if (!side || n > 14 || r() < 0.05) return null;
  const seat = g.seats.find((x) => x.side === side)!.id;
  // Now and then a chance card, by either side (K-19: between acts).
  if (r() < 0.08) {
    const other = pick(r, g.seats)!;
    const held = g.chance[other.side];
    if (held && !held.played) {
      const mine = held.card.effect === 'add-disorder' || held.card.effect === 'force-morale-test' ? onTable(g).filter((u) => u.side !== other.side) : onTable(g).filter((u) => u.side === other.side);
      const u = pick(r, mine);
      return { seat: other.id, action: { kind: 'chance', ...(u ? { unit: u.id } : {}) } };
    }
  }
  // Now and then a general joins one of his side's units (KS-41; refused when too far or not his brigade).
  if (r() < 0.06) {
    const gen = pick(r, g.generals.filter((x) => x.side === side && x.alive));
    const to = pick(r, onTable(g).filter((x) => x.side === side));
    if (gen && to) return { seat, action: { kind: 'attach', general: gen.id, unit: to.id } };
  }
  const id = pick(r, windowUnits(g));
  if (!id) return null;
  const u = unitById(g, id);
  const against = againstOf(g, id);
  const enemies = onTable(g).filter((e) => e.side !== u.side && (!against || e.id === against)).sort((a, b) => distanceMm(u.at, a.at) - distanceMm(u.at, b.at));
  const near = enemies.slice(0, 3);
  const x = r();
  if (against || x < 0.3) { const t = pick(r, near); if (t) return { seat, action: { kind: 'fire', unit: id, target: t.id } }; }
  if (x < 0.45 || (against && x < 0.7)) { const t = enemies[0]; if (t && distanceMm(u.at, t.at) < 450) return { seat, action: { kind: 'charge', unit: id, target: t.id } }; }
  if (x < 0.55) { const f = pick(r, formationsFor(g, id).filter((f) => f !== u.formation)); if (f) return { seat, action: { kind: 'formation', unit: id, formation: f } }; }
  if (x < 0.6 && u.disorder > 0) return { seat, action: { kind: 'reform', unit: id } };
  if (x < 0.63 && u.motion === 'advancing') return { seat, action: { kind: 'halt', unit: id } };
  return { seat, action: { kind: 'move', unit: id, to: String(20 + Math.floor(r() * 200)) } };
}

export function applySoloInput(g: SoloGame, input: SoloInput, dice: Dice): { state: SoloGame; events: readonly GameEvent[]; ok: boolean; why?: string } {
  if (input.kind === 'resolve') { const st = solo.resolve(g, new Map(), dice); return { state: st.state, events: st.events, ok: true }; }
  const r = solo.act(g, input.seat, input.action, dice);
  return r.ok ? { state: r.value.state, events: r.value.events, ok: true } : { state: g, events: [], ok: false, why: r.error.code };
}

/** Plays a whole game with the random legal player. */
export function playSolo(data: SoloScenarioData, settings: SoloSettings, seed: number, diceSeed: string, maxWindows = 2000): SoloPlayed {
  const r = prng(seed).next;
  const dice = seededDice(diceSeed);
  const setup = solo.setup(data, settings, dice);
  let g = setup.state;
  const inputs: SoloInput[] = [];
  const steps: SoloStep[] = [];
  const refusals: string[] = [];
  for (let w = 0; w < maxWindows && !solo.outcome(g); w++) {
    for (let n = 0; ; n++) {
      const a = nextAct(g, r, n);
      if (!a) break;
      const input: SoloInput = { kind: 'act', ...a };
      const t0 = performance.now();
      const out = applySoloInput(g, input, dice);
      const ms = performance.now() - t0;
      if (!out.ok) { refusals.push(out.why!); continue; }
      inputs.push(input);
      steps.push({ input, before: g, after: out.state, events: out.events, ms });
      g = out.state;
    }
    const input: SoloInput = { kind: 'resolve' };
    const t0 = performance.now();
    const out = applySoloInput(g, input, dice);
    steps.push({ input, before: g, after: out.state, events: out.events, ms: performance.now() - t0 });
    inputs.push(input);
    g = out.state;
  }
  return { inputs, final: g, steps, setupEvents: setup.events, refused: refusals.length, refusals };
}

/** Replays recorded inputs from the same data, settings and dice seed. */
export function replaySolo(data: SoloScenarioData, settings: SoloSettings, inputs: readonly SoloInput[], diceSeed: string): SoloGame {
  const dice = seededDice(diceSeed);
  let g = solo.setup(data, settings, dice).state;
  for (const input of inputs) g = applySoloInput(g, input, dice).state;
  return g;
}
