import type { Dice } from '../../dice/dice';
import type { PhaseInfo, Step } from '../contract';
import type { GameEvent } from '../events';
import { armyName, asGame, clockOf, seatOfSide, type SoloGame } from './game';
import { moraleTest, rallyTest } from './procedures/morale';
import { randomPlayPoint } from './procedures/cards';
import { applyMoraleResult } from './phases/apply';
import { playChanceAtRandom } from './phases/chance';
import { controlPhase } from './phases/control';
import { brokenShare, endTurn } from './phases/end';
import { flee } from './phases/flight';
import { continueFormationChange } from './phases/formation';
import { moraleInputFor } from './phases/morale-state';
import { sideOfCard, unitsOfCard } from './phases/queue';
import { settleMorale } from './phases/settle';
import { unitById, withUnit, type QueueCard, type SoloState } from './state';

/**
 * The Kuryakin turn on Discord (KUR L3, L6-8; DIGEST §2(a)): the Control Phase deals and reveals
 * the cards; then the cards act lowest first. A window is one RUN of consecutive cards whose
 * units one side commands (so one player, or two, can play): it opens with what the cards bring
 * (a formation change carried over, L10; a morale marker's test, L8; a rally, KS-5), its units
 * act at once through `act`, and `resolve` (the player is done, or the deadline) closes the run.
 * A charge that gives its target a slot (L8, K-10) ends the run there: the cards after the slot
 * come back in a later window. After the last card: the end of the move (L11, L3), the break rule
 * (KS-8), and the next Control Phase; after the last turn, KS-25.
 */

export const SOLO_PHASE_ID = 'solo/cards';

/** The cards of the open window: the lowest card not done and those after it held by the same side. */
export function currentRun(s: SoloState): QueueCard[] {
  // Asked several times an act; the run depends only on the queue (a card's side never changes),
  // and states are never mutated, so it is kept per queue array.
  let run = runs.get(s.queue);
  if (!run) { run = runOf(s); runs.set(s.queue, run); }
  return [...run];
}
const runs = new WeakMap<readonly QueueCard[], QueueCard[]>();
function runOf(s: SoloState): QueueCard[] {
  const left = s.queue.filter((c) => !c.done).sort((a, b) => a.card - b.card);
  if (left.length === 0) return [];
  const side = sideOfCard(s, left[0]!);
  const run: QueueCard[] = [];
  for (const c of left) { if (sideOfCard(s, c) !== side) break; run.push(c); }
  return run;
}

/** The units the open window's cards activate, that may still act (not gone, not done, not routing). */
export function windowUnits(s: SoloState): string[] {
  const ids = currentRun(s).flatMap((c) => unitsOfCard(s, c));
  return [...new Set(ids)].filter((id) => { const u = unitById(s, id); return !u.gone && !u.acted && u.motion !== 'routing'; });
}

/** The charger a unit may act against only, when it acts in a charged slot of the open window (L8). */
export function againstOf(s: SoloState, unitId: string): string | undefined {
  return currentRun(s).find((c) => c.against && c.holder === unitId)?.against;
}

/** The side whose cards are up, or null between turns / at the end. */
export function sideUp(s: SoloState): string | null {
  const run = currentRun(s);
  return run.length ? sideOfCard(s, run[0]!) : null;
}

/** "3, 4" or "4.5". */
const cardList = (run: readonly QueueCard[]): string => run.map((c) => String(c.card)).join(', ');

/** What the cards of the window are, for players: "cards 3, 4: 1st Brigade (Lemaire); 2/46e". */
export function runLabel(g: SoloGame, run: readonly QueueCard[]): string {
  const who = run.map((c) => (c.kind === 'brigade' ? g.brigadeNames[c.holder] ?? c.holder : `${unitById(g, c.holder).name}${c.against ? ` (charged by ${unitById(g, c.against).name}: against it only)` : ''}`));
  return `card${run.length > 1 ? 's' : ''} ${cardList(run)}: ${who.join('; ')}`;
}

export function soloPhaseInfo(g: SoloGame): PhaseInfo {
  const clock = clockOf(g, g.turn);
  if (g.ended) return { id: 'solo/ended', label: `Turn ${g.turn} — game over`, turn: g.turn, clock, owes: { kind: 'none' }, secret: false };
  const run = currentRun(g);
  const side = run.length ? sideOfCard(g, run[0]!) : undefined;
  return {
    id: SOLO_PHASE_ID, label: `Turn ${g.turn} (${clock}) — ${side ? `${armyName(g, side)}, ${runLabel(g, run)}` : 'between turns'}`,
    turn: g.turn, clock, owes: side ? { kind: 'seats', seats: [seatOfSide(g, side)] } : { kind: 'none' }, secret: false, ...(side ? { phasingSide: side } : {}),
  };
}

/** Only the seat whose cards are up owes anything, and only while one of its units may still act. */
export function soloOwing(g: SoloGame): string[] {
  if (g.ended) return [];
  const side = sideUp(g);
  return side && windowUnits(g).length > 0 ? [seatOfSide(g, side)] : [];
}

/** A card's activation begins (L8, L10, KS-5): carried formation changes, marker tests, rallies. */
export function openCard(g0: SoloGame, c: QueueCard, dice: Dice): { g: SoloGame; events: GameEvent[] } {
  let s: SoloState = { ...g0, queue: g0.queue.map((q) => (q === c ? { ...q, opened: true } : q)) };
  const events: GameEvent[] = [];
  const settings = g0.settings;
  for (const id of unitsOfCard(s, c)) {
    const f = continueFormationChange(s, id); s = f.state; events.push(...f.events);
    const u = unitById(s, id);
    let brokeNow = false;
    if (u.moraleMarker && u.motion !== 'routing') {
      const before = s;
      const m = moraleTest(moraleInputFor(s, id), settings, dice);
      events.push({ kind: 'note', rule: 'KUR L8', text: `${u.name}'s card: it takes the morale test its marker called for` }, ...m.events);
      if (m.result.passes) s = withUnit(s, { ...u, moraleMarker: false, moraleFrom: undefined });
      else {
        // KS-30: it flees the enemy whose act called for the test, remembered on the marker.
        const a = applyMoraleResult(s, id, m.result.failure!, settings, dice, u.moraleFrom ?? null); s = a.state; events.push(...a.events);
        const st = settleMorale(s, before, [], settings, dice); s = st.state; events.push(...st.events);
        brokeNow = true;
      }
    }
    const v = unitById(s, id);
    // KS-32: a unit that routs or retires at this card has made its move; the rally waits for its next card.
    if (!brokeNow && !v.gone && (v.motion === 'routing' || v.motion === 'retiring')) {
      const r = rallyTest(moraleInputFor(s, id), settings, dice);
      events.push(...r.events);
      if (r.result.rallied) {
        s = withUnit(s, { ...v, motion: 'halted' });
        events.push({ kind: 'status', rule: 'KUR L24; KS-5', unit: id, status: 'rallied', on: true, reason: `halts and keeps its ${v.disorder} 'D'` });
      } else {
        const kind = v.motion === 'routing' ? 'rout' : 'retire';
        const fl = flee(s, id, kind, settings, dice, { chits: true, rule: 'KUR L11, L24; KS-32' }); s = fl.state;
        events.push({ kind: 'note', rule: 'KUR L24; KS-5; KS-32', text: `${v.name} fails to rally: it ${kind === 'rout' ? 'routs' : 'retires'} again${kind === 'rout' ? ' and cannot act' : ''}` }, ...fl.events);
      }
    }
  }
  return { g: asGame(g0, s), events };
}

/** K-19 `random`: play a side's chance card when the turn's opened cards reach its point. */
function randomChance(g0: SoloGame, dice: Dice): { g: SoloGame; events: GameEvent[] } {
  if (g0.settings.chance.timing !== 'random' || !g0.chancePlayAt) return { g: g0, events: [] };
  let s: SoloState = g0;
  const events: GameEvent[] = [];
  const opened = g0.queue.filter((q) => q.opened).length;
  for (const side of g0.sides) {
    const at = g0.chancePlayAt[side];
    if (at === undefined || opened < at) continue;
    const r = playChanceAtRandom(s, side, g0.settings, dice); s = r.state; events.push(...r.events);
  }
  return { g: asGame(g0, s), events };
}

/** The Control Phase of a new turn, and K-19's random play points. */
function newTurn(g0: SoloGame, dice: Dice): { g: SoloGame; events: GameEvent[] } {
  const c = controlPhase(g0, g0.settings, dice);
  let g = asGame(g0, c.state);
  const events = [...c.events];
  if (g.settings.chance.timing === 'random') {
    const at: Record<string, number> = {};
    for (const side of g.sides) {
      if (!g.chance[side]) continue;
      const p = randomPlayPoint(side, g.queue.length, dice); at[side] = p.result; events.push(...p.events);
    }
    g = { ...g, chancePlayAt: at };
  }
  return { g, events };
}

/** The end of the last turn without a break (KS-25). */
function lastTurnOutcome(g: SoloGame): { winner: string | null; summary: string } {
  const shares = g.sides.map((side) => ({ side, share: brokenShare(g, side) }));
  const list = shares.map((x) => `${armyName(g, x.side)} ${Math.round(x.share * 100)}%`).join(', ');
  const [a, b] = shares;
  if (g.settings.victory.atLastTurn === 'draw' || !a || !b || a.share === b.share) return { winner: null, summary: `Draw after turn ${g.lastTurn} (KS-25): units routing or gone ${list}.` };
  const w = a.share < b.share ? a.side : b.side;
  return { winner: w, summary: `${armyName(g, w)} win after turn ${g.lastTurn} (KS-25): units routing or gone ${list}.` };
}

/**
 * Opens the next window in which someone may act, or ends the game. `fresh`: the game starts
 * (turn 1's Control Phase is due).
 */
export function advance(g0: SoloGame, dice: Dice, fresh: boolean): Step<SoloGame> {
  let g = g0;
  const events: GameEvent[] = [];
  if (fresh) { const t = newTurn(g, dice); g = t.g; events.push(...t.events); }
  for (let guard = 0; guard < 10_000; guard++) {
    if (g.ended) return { state: g, events };
    const run = currentRun(g);
    if (run.length === 0) {
      const e = endTurn(g, g.settings);
      events.push(...e.events);
      const ended = asGame(g, e.state);
      if (e.outcome) {
        const summary = e.outcome.winner ? `${armyName(g, e.outcome.winner)} win: the enemy has broken (KS-8).` : 'Draw: both sides have broken (KS-8).';
        return { state: { ...ended, turn: g.turn, ended: { winner: e.outcome.winner, summary } }, events: [...events, { kind: 'note', rule: 'KS-8', text: summary }] };
      }
      if (g.turn >= g.lastTurn) {
        const o = lastTurnOutcome(ended);
        return { state: { ...ended, turn: g.turn, ended: o }, events: [...events, { kind: 'note', rule: 'KS-25', text: o.summary }] };
      }
      const t = newTurn(ended, dice); g = t.g; events.push(...t.events);
      continue;
    }
    const side = sideOfCard(g, run[0]!);
    let opened = false;
    for (const c of run) {
      if (c.opened) continue;
      const card = g.queue.find((q) => q.card === c.card && q.holder === c.holder)!;
      const o = openCard(g, card, dice); g = o.g; events.push(...o.events);
      opened = true;
    }
    const rc = randomChance(g, dice); g = rc.g; events.push(...rc.events);
    if (soloOwing(g).length > 0) {
      if (opened) events.push({ kind: 'phase', turn: g.turn, phase: SOLO_PHASE_ID, label: `${armyName(g, side)}: ${runLabel(g, currentRun(g))}` });
      return { state: g, events };
    }
    g = closeRun(g);
  }
  return { state: g, events };
}

/** The run's cards are done; their units have acted. */
export function closeRun(g: SoloGame): SoloGame {
  const run = currentRun(g);
  const units = new Set(run.flatMap((c) => unitsOfCard(g, c)));
  return { ...g, queue: g.queue.map((q) => (run.includes(q) ? { ...q, done: true } : q)), units: g.units.map((u) => (units.has(u.id) && !u.gone ? { ...u, acted: true } : u)) };
}

/** The seat whose cards are up is done (or its deadline passed): close its run, open the next. */
export function resolveSolo(g: SoloGame, dice: Dice): Step<SoloGame> {
  if (g.ended) return { state: g, events: [] };
  return advance(closeRun(g), dice, false);
}
