/**
 * ANRT games for whole-game tests: the teaching scenario through the shared loader, and a random
 * legal player posting orders through the Ruleset contract (validate, then resolve), answering
 * the GM's questions when a window is owed to him. Deterministic from its seeds, so a game
 * replays exactly from its recorded inputs.
 */
import { readFileSync } from 'node:fs';
import { seededDice } from '../../src/dice/dice';
import type { GmAnswer } from '../../src/rules/contract';
import type { GameEvent } from '../../src/rules/events';
import { anrt } from '../../src/rules/anrt/index';
import type { AnrtOrder } from '../../src/rules/anrt/orders';
import { chargeTargets, fireTargets } from '../../src/rules/anrt/present/inputs';
import { reactionsOf } from '../../src/rules/anrt/phases/responses';
import { ifEvadedOptions } from '../../src/rules/anrt/phases/evaded';
import { ANRT_PROFILE } from '../../src/rules/anrt/profile';
import type { AnrtScenarioData } from '../../src/rules/anrt/scenario';
import { parseAnrtSettings, type AnrtSettings } from '../../src/rules/anrt/settings';
import { adcsOf, PAY_NEAREST, poolsOf } from '../../src/rules/anrt/phases/command';
import { commandedBy } from '../../src/rules/anrt/phases/generals';
import { formationsOf, liveGenerals, liveUnits, otherSide, phasingSide, seatOfSide, type AnrtState } from '../../src/rules/anrt/state';
import { formatScenarioError, parseScenarioYaml } from '../../src/rules/scenario';
import { prng, stateHash } from './dram-battle';

export { prng, stateHash };

export function anrtSettings(overrides: unknown = { qrs: 'stand-in', tables: { mode: 'entered' } }): AnrtSettings {
  const p = parseAnrtSettings(overrides);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

export const anrtTeaching = (settings: AnrtSettings = anrtSettings()): AnrtScenarioData => anrtScenario('teaching', settings);

/** A shipped ANRT scenario (assets/scenarios/anrt/<id>.yaml) through the shared loader, or YAML text given. */
export function anrtScenario(id: string, settings: AnrtSettings = anrtSettings(), text?: string): AnrtScenarioData {
  const file = `assets/scenarios/anrt/${id}.yaml`;
  const r = parseScenarioYaml(text ?? readFileSync(file, 'utf8'), file, { profiles: { anrt: ANRT_PROFILE } });
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  const d = anrt.scenario.prepare(r.value, settings);
  if (!d.ok) throw new Error(d.error.map((p) => p.message).join('\n'));
  return d.value;
}

/** One window's inputs: the orders accepted per seat, and the GM's answer when the window was his. */
export interface AnrtWindow { readonly phase: string; readonly orders: [string, AnrtOrder[]][]; readonly answer?: GmAnswer }

export interface AnrtPlayed {
  readonly windows: AnrtWindow[];
  readonly final: AnrtState;
  readonly states: AnrtState[];
  readonly events: GameEvent[][];
  readonly refused: number;
  readonly setupEvents: readonly GameEvent[];
}

const pick = <T>(r: () => number, xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);

/** The random player's multiple moves (L311): ahead, wheeling first, or obliquely (a sidestep and on). */
const MULTIPLE_PATHS = ['forward 12', 'wheel left 30 then forward 10', 'wheel right 30 then forward 10', 'left 4 then forward 8', 'right 4 then forward 8', 'wheel right 45 then forward 6 then wheel left 45 then forward 4'] as const;

/** Candidate orders for the window's owing seat: aggressive on purpose (charges and advances), so games reach melee and routs. */
export function candidates(s: AnrtState, r: () => number): { seat: string; order: AnrtOrder }[] {
  if (s.step === 'choose') return [{ seat: seatOfSide(s, s.chooser!), order: { kind: 'first', side: r() < 0.6 ? s.chooser! : otherSide(s, s.chooser!) } }];
  if (s.step === 'responses') {
    const side = otherSide(s, phasingSide(s));
    return liveUnits(s).filter((u) => u.side === side).flatMap((u) => {
      const c = pick(r, reactionsOf(s, u));
      const ts = fireTargets(s, u);
      const fire = ts.length > 1 && r() < 0.5 ? [{ seat: seatOfSide(s, side), order: { kind: 'fire' as const, unit: u.id, target: ts[ts.length - 1]!.id } }] : [];
      // ANRT-E8: now and then an opportunity charger's own choice should its target evade (L408-416).
      const e = c === 'opportunity' && r() < 0.4 ? pick(r, ifEvadedOptions(u)) : undefined;
      return [...(c ? [{ seat: seatOfSide(s, side), order: { kind: 'react' as const, unit: u.id, choice: c, ...(e ? { ifEvaded: e } : {}) } }] : []), ...fire];
    });
  }
  const side = phasingSide(s);
  const seat = seatOfSide(s, side);
  const out: { seat: string; order: AnrtOrder }[] = [];
  // The command layer first: the allocation prices every order after it (L21).
  // One corps commander's dice a phase (ANRT-C15: with an army commander above corps, several pools).
  const pools = s.command ? poolsOf(s.command) : [];
  const pool = pools.length > 1 ? pick(r, pools) : pools[0];
  if (pool && r() < 0.6) out.push({ seat, order: { kind: 'allocate', division: pick(r, pool.divisions)!, die: pick(r, pool.faces)! } });
  for (const a of Object.values(adcsOf(s)).filter((x) => x.side === side)) if (r() < 0.3) out.push({ seat, order: { kind: 'adc', adc: a.id, division: r() < 0.2 ? 'none' : pick(r, Object.values(s.divisions).filter((d) => d.side === side).map((d) => d.id))! } });
  for (const d of Object.values(s.divisions).filter((x) => x.side === side)) for (const b of d.brigades) if (r() < 0.15) out.push({ seat, order: { kind: 'regroup', brigade: b, on: r() < 0.9 } });
  // Unattached units to a brigade, the corps' brigades to a division (L234): refused unless in command control of both.
  const brigades = Object.values(s.divisions).filter((d) => d.side === side && !d.corpsLevel).flatMap((d) => d.brigades.filter((b) => b !== d.id));
  for (const u of liveUnits(s).filter((x) => x.side === side && x.brigade === x.division && !x.parent)) if (r() < 0.5) out.push({ seat, order: { kind: 'attach', what: u.id, to: pick(r, brigades)! } });
  for (const d of Object.values(s.divisions).filter((x) => x.side === side && x.corpsLevel)) for (const b of d.brigades.filter((x) => x !== d.id)) if (r() < 0.5) out.push({ seat, order: { kind: 'attach', what: b, to: pick(r, Object.values(s.divisions).filter((x) => x.side === side && !x.corpsLevel).map((x) => x.id))! } });
  // The corps' own units and brigades paid now and then by a division the player names, or the nearest again (L231, ANRT-C11, C16).
  const payers = Object.values(s.divisions).filter((d) => d.side === side && !d.corpsLevel && s.pips[d.id] !== undefined).map((d) => d.id);
  for (const d of Object.values(s.divisions).filter((x) => x.side === side && x.corpsLevel)) {
    for (const what of [...liveUnits(s).filter((u) => u.division === d.id && !u.parent).map((u) => u.id), ...d.brigades.filter((b) => b !== d.id)]) {
      if (r() < 0.25) out.push({ seat, order: { kind: 'pay', what, division: r() < 0.25 ? PAY_NEAREST : pick(r, payers) ?? PAY_NEAREST } });
    }
  }
  for (const g of liveGenerals(s, side)) {
    const roll = r();
    if (roll < 0.15) { const u = pick(r, commandedBy(s, g)); if (u) out.push({ seat, order: { kind: 'general', general: g.id, to: 'here', join: u.id } }); }
    else if (roll < 0.35) out.push({ seat, order: { kind: 'general', general: g.id, to: `forward ${1 + Math.floor(r() * 10)}` } });
  }
  for (const u of liveUnits(s).filter((x) => x.side === side && !x.routed)) {
    const roll = r();
    const t = chargeTargets(s, u)[0];
    // L408-416 (ANRT-E4): now and then the player's own choice should the target evade.
    if (t && roll < 0.8) { const e = r() < 0.4 ? pick(r, ifEvadedOptions(u)) : undefined; out.push({ seat, order: { kind: 'charge', unit: u.id, target: t.id, ...(e ? { ifEvaded: e } : {}) } }); }
    else if (roll < 0.75) {
      // A draw of 8 is made a multiple move (L311: two moves, each paid, never within 6" of the enemy,
      // measured in the pose along the path, ANRT-W16): straight ahead, wheeling, or obliquely.
      const d = 1 + Math.floor(r() * 8);
      out.push({ seat, order: d === 8 ? { kind: 'move', unit: u.id, to: pick(r, MULTIPLE_PATHS)!, moves: 2 } : { kind: 'move', unit: u.id, to: `forward ${d}` } });
    }
    else if (roll < 0.85) {
      const f = pick(r, formationsOf(u.arm).filter((x) => x !== u.formation || u.disordered));
      if (f) out.push({ seat, order: { kind: 'formation', unit: u.id, formation: f } });
      // Now and then a move beside the change: two moves (L311), the move made in the new formation.
      if (f && f !== u.formation && r() < 0.4) out.push({ seat, order: { kind: 'move', unit: u.id, to: `forward ${1 + Math.floor(r() * 3)}` } });
    }
    else if (roll < 0.92) out.push({ seat, order: { kind: 'move', unit: u.id, to: r() < 0.5 ? 'wheel left 20' : 'back 2' } });
    const ts = fireTargets(s, u);
    if (ts.length > 1 && r() < 0.5) out.push({ seat, order: { kind: 'fire', unit: u.id, target: ts[ts.length - 1]!.id } });
  }
  return out;
}

/** Plays a whole game: each window, the random player posts what validates; the GM answers his windows with a random allowed answer. */
export function playAnrt(data: AnrtScenarioData, settings: AnrtSettings, seed: number, diceSeed: string, maxWindows = 400): AnrtPlayed {
  const r = prng(seed).next;
  const dice = seededDice(diceSeed);
  const setup = anrt.setup(data, settings, dice);
  let s = setup.state;
  const windows: AnrtWindow[] = [];
  const states: AnrtState[] = [s];
  const events: GameEvent[][] = [];
  let refused = 0;
  for (let w = 0; w < maxWindows && !anrt.outcome(s); w++) {
    const phase = anrt.phase(s);
    if (phase.gm) {
      const a = pick(r, phase.gm.answers)!;
      const answer: GmAnswer = { question: phase.gm.id, value: a.value, by: 'GM' };
      const st = anrt.resolve(s, new Map(), dice, answer);
      windows.push({ phase: phase.id, orders: [], answer });
      s = st.state; states.push(s); events.push([...st.events]);
      continue;
    }
    const posted = new Map<string, AnrtOrder[]>();
    for (const c of candidates(s, r)) {
      const mine = posted.get(c.seat) ?? [];
      const v = anrt.validate(s, c.seat, c.order, mine);
      if (!v.ok) { refused++; continue; }
      posted.set(c.seat, [...mine.filter((o) => anrt.orderKey(o) !== anrt.orderKey(c.order)), c.order]);
    }
    for (const seat of anrt.owing(s)) if (!posted.has(seat)) posted.set(seat, [...anrt.defaultOrders(s, seat)]);
    const st = anrt.resolve(s, posted, dice);
    windows.push({ phase: phase.id, orders: [...posted.entries()] });
    s = st.state; states.push(s); events.push([...st.events]);
  }
  return { windows, final: s, states, events, refused, setupEvents: setup.events };
}

/** Replays recorded windows from the same data, settings and dice seed. */
export function replayAnrt(data: AnrtScenarioData, settings: AnrtSettings, windows: readonly AnrtWindow[], diceSeed: string): AnrtState {
  const dice = seededDice(diceSeed);
  let s = anrt.setup(data, settings, dice).state;
  for (const w of windows) {
    const orders = new Map(w.orders);
    for (const [seat, os] of w.orders) {
      os.forEach((o, i) => { const v = anrt.validate(s, seat, o, os.slice(0, i)); if (!v.ok && anrt.phase(s).id !== 'anrt/responses') throw new Error(`replay: refused ${JSON.stringify(o)}: ${v.error.message}`); });
    }
    s = anrt.resolve(s, orders, dice, w.answer).state;
  }
  return s;
}

export const TEACHING_SEED = '42'.padEnd(64, '0');

/** The teaching scenario set up with the stand-in tables, the French chosen to move first: their orders window open. */
export function teachingFrenchPhase(): AnrtState {
  let s = anrt.setup(anrtTeaching(), anrtSettings(), seededDice(TEACHING_SEED)).state;
  for (let i = 0; i < 4 && s.step === 'choose'; i++) s = anrt.resolve(s, new Map([[seatOfSide(s, s.chooser!), [{ kind: 'first', side: 'french' }]]]), seededDice(TEACHING_SEED)).state;
  if (!(s.step === 'orders' && s.order[s.period] === 'french')) throw new Error(`teaching set-up: expected the French orders window, got ${s.step}`);
  return s;
}
