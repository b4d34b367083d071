/**
 * B&P games for whole-game tests: the teaching scenario loaded through the shared loader with
 * B&P's profile, and a random legal player that acts through the Ruleset contract with the
 * pure helpers the lead's commands will use (pieces.ts). Deterministic: everything comes from
 * the seeds, so a game replays exactly from its recorded inputs.
 */
import { readFileSync } from 'node:fs';
import { seededDice, type Dice } from '../../src/dice/dice';
import type { GameEvent } from '../../src/rules/events';
import { bp } from '../../src/rules/bp/index';
import type { BpAction } from '../../src/rules/bp/orders';
import { actablePieces, chargeTargetsOf, crewTargetsOf, fireTargetsOf, formationOptionsOf } from '../../src/rules/bp/pieces';
import { BP_PROFILE } from '../../src/rules/bp/profile';
import type { BpScenarioData } from '../../src/rules/bp/scenario';
import { BP_SETTINGS_DEFAULTS, type BpSettings } from '../../src/rules/bp/settings';
import { phasingSide, type BpState } from '../../src/rules/bp/state';
import { formatScenarioError, parseScenarioYaml } from '../../src/rules/scenario';
import { prng, stateHash } from './dram-battle';

export { prng, stateHash };

/** The teaching scenario as B&P starts it. */
export function teachingData(settings: BpSettings = BP_SETTINGS_DEFAULTS): BpScenarioData {
  const r = parseScenarioYaml(readFileSync('assets/scenarios/bp/teaching.yaml', 'utf8'), 'assets/scenarios/bp/teaching.yaml', { profiles: { bp: BP_PROFILE } });
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  const d = bp.scenario.prepare(r.value, settings);
  if (!d.ok) throw new Error(d.error.map((p) => p.message).join('\n'));
  return d.value;
}

/** One recorded input: an act by a seat, or the resolve of the window. */
export type BpInput = { readonly kind: 'act'; readonly seat: string; readonly action: BpAction } | { readonly kind: 'resolve' };

/** What one act or resolve did, for invariant checks. */
export interface BpStepRecord {
  readonly input: BpInput;
  readonly before: BpState;
  readonly after: BpState;
  readonly events: readonly GameEvent[];
  /** Milliseconds the `bp.act` or `bp.resolve` call took (the player's choosing is not counted). */
  readonly ms: number;
  /** CPU milliseconds of the same call (user + system: steadier than `ms` on a shared machine). */
  readonly cpuMs: number;
}

/** A played game: inputs, final state, every step. */
export interface BpPlayed {
  readonly inputs: BpInput[];
  readonly final: BpState;
  readonly steps: BpStepRecord[];
  readonly setupEvents: readonly GameEvent[];
  readonly refused: number;
}

const pick = <T>(r: () => number, xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);

/** How busy the random player is in each window (defaults: the teaching games' 21 acts at most, a 4% chance to stop before each). */
export interface BpPlayerOptions {
  /** It stops after this many acts plus one (refused ones included). */
  readonly maxActs?: number;
  /** The chance it stops before each act. */
  readonly stopChance?: number;
}

/** The random legal player's next act for the phasing side, or null when it is done (bench/bot.ts plays it against the bot general). */
export function nextAct(s: BpState, r: () => number, actsSoFar: number, opts: BpPlayerOptions): { seat: string; action: BpAction } | null {
  const side = phasingSide(s);
  const seat = s.seats.find((x) => x.side === side)!.id;
  if (actsSoFar > (opts.maxActs ?? 20) || r() < (opts.stopChance ?? 0.04)) return null;
  // Now and then a standing reaction or a first-mover wish, from either seat.
  if (r() < 0.1) {
    const other = s.seats[Math.floor(r() * s.seats.length)]!;
    const own = Object.values(s.units).filter((u) => u.side === other.side && u.gone === null);
    const u = pick(r, own);
    if (u && r() < 0.7) return { seat: other.id, action: { kind: 'standing', unit: u.id, returnFire: r() < 0.7 ? 'fire' : 'hold', square: r() < 0.8 } };
    return { seat: other.id, action: { kind: 'first', when: r() < 0.7 ? 'first' : 'second' } };
  }
  const pieces = actablePieces(s, side).filter((p) => p.verbs.some((v) => v !== 'standing'));
  const piece = pick(r, pieces);
  if (!piece) return null;
  // Aggressive on purpose, so games reach fire, charges and routs: charge or fire when it can.
  const verbs = piece.verbs.filter((v) => v !== 'standing');
  const verb = verbs.includes('charge') && r() < 0.7 ? 'charge' : verbs.includes('fire') && r() < 0.8 ? 'fire' : verbs.includes('move') && r() < 0.8 ? 'move' : pick(r, verbs)!;
  switch (verb) {
    case 'fire': {
      const t = pick(r, fireTargetsOf(s, piece.id).filter((o) => o.legal));
      return t ? { seat, action: { kind: 'fire', unit: piece.id, target: t.target } } : null;
    }
    case 'charge': {
      const t = pick(r, chargeTargetsOf(s, piece.id).filter((o) => o.legal));
      return t ? { seat, action: { kind: 'charge', unit: piece.id, target: t.target } } : null;
    }
    case 'crew': {
      const t = pick(r, crewTargetsOf(s, piece.id).filter((o) => o.legal));
      return t ? { seat, action: { kind: 'crew', unit: piece.id, to: t.target } } : null;
    }
    case 'formation': {
      const f = pick(r, formationOptionsOf(s, piece.id).filter((o) => o.legal));
      return f ? { seat, action: { kind: 'formation', unit: piece.id, formation: f.formation as 'line' } } : null;
    }
    default: {
      if (s.commanders[piece.id]) {
        const friends = Object.values(s.units).filter((u) => u.side === side && u.gone === null);
        const f = pick(r, friends);
        return f ? { seat, action: { kind: 'move', unit: piece.id, to: `${f.pose.at.x.toFixed(1)},${f.pose.at.y.toFixed(1)}` } } : null;
      }
      const d = 1 + Math.floor(r() * 8);
      const roll = r();
      const to = roll < 0.7 ? `forward ${d}in` : roll < 0.75 ? `wheel ${r() < 0.5 ? 'left' : 'right'} ${10 + Math.floor(r() * 35)}` : roll < 0.85 ? `back ${Math.ceil(d / 2)}in` : `${r() < 0.5 ? 'left' : 'right'} ${Math.ceil(d / 2)}in`;
      return { seat, action: { kind: 'move', unit: piece.id, to } };
    }
  }
}

/** Applies one input to a state with the game's dice. */
export function applyInput(s: BpState, input: BpInput, dice: Dice): { state: BpState; events: readonly GameEvent[]; ok: boolean } {
  if (input.kind === 'resolve') { const st = bp.resolve(s, new Map(), dice); return { state: st.state, events: st.events, ok: true }; }
  const r = bp.act(s, input.seat, input.action, dice);
  return r.ok ? { state: r.value.state, events: r.value.events, ok: true } : { state: s, events: [], ok: false };
}

const cpuSince = (c0: NodeJS.CpuUsage): number => { const d = process.cpuUsage(c0); return (d.user + d.system) / 1000; };

/** Plays a whole game with the random legal player. */
export function playBp(data: BpScenarioData, settings: BpSettings, seed: number, diceSeed: string, maxWindows = 200, player: BpPlayerOptions = {}): BpPlayed {
  const r = prng(seed).next;
  const dice = seededDice(diceSeed);
  const setup = bp.setup(data, settings, dice);
  let s = setup.state;
  const inputs: BpInput[] = [];
  const steps: BpStepRecord[] = [];
  let refused = 0;
  for (let w = 0; w < maxWindows && !bp.outcome(s); w++) {
    let acts = 0;
    for (;;) {
      const a = nextAct(s, r, acts, player);
      if (!a) break;
      acts++;
      const input: BpInput = { kind: 'act', ...a };
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const out = applyInput(s, input, dice);
      const cpuMs = cpuSince(c0);
      const ms = performance.now() - t0;
      if (!out.ok) { refused++; continue; }
      inputs.push(input);
      steps.push({ input, before: s, after: out.state, events: out.events, ms, cpuMs });
      s = out.state;
    }
    const input: BpInput = { kind: 'resolve' };
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const out = applyInput(s, input, dice);
    const cpuMs = cpuSince(c0);
    const ms = performance.now() - t0;
    inputs.push(input);
    steps.push({ input, before: s, after: out.state, events: out.events, ms, cpuMs });
    s = out.state;
  }
  return { inputs, final: s, steps, setupEvents: setup.events, refused };
}

/** Replays recorded inputs from the same data, settings and dice seed. */
export function replayBp(data: BpScenarioData, settings: BpSettings, inputs: readonly BpInput[], diceSeed: string): BpState {
  const dice = seededDice(diceSeed);
  let s = bp.setup(data, settings, dice).state;
  for (const input of inputs) {
    const out = applyInput(s, input, dice);
    if (!out.ok) throw new Error(`replay: a recorded input was refused: ${JSON.stringify(input)}`);
    s = out.state;
  }
  return s;
}
