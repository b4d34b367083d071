import type { Dice } from '../../dice/dice';
import type { PhaseInfo, Step } from '../contract';
import type { GameEvent } from '../events';
import { bearing, distance } from '../geometry/vector';
import { turnClock } from '../scenario/clock';
import { controlRoll, firstPlayerRollOff } from './procedures/command-control';
import { disruptionOver, recoveryAfterMovePeriod } from './procedures/status';
import { centreOf } from './ground';
import { crewArrivals } from './phases/crew';
import { emptyLog, isLive, liveUnits, phasingSide, seatOfSide, withUnit, type BpState } from './state';
import { collapsed, finalOutcome } from './victory';

/**
 * The B&P turn on Discord (L22-24): who moves first (HR B-1), then the first mover's move
 * period, then the second's. A move period is one window owed by the phasing seat only; every
 * act in it resolves at once (phases/*). `resolve` ends the period: housekeeping (disruption
 * expiry, return-fire and moved-gun carry-overs), then the next period opens with its own
 * housekeeping (recovery stages, control rolls) and, each new turn, the roll-off.
 *
 * Rulings:
 *  BP-T1 The roll-off winner moves first unless its standing `first` action says second.
 *  BP-T2 Recovery stages (L167-169) advance at the START of a counted move period (HR B-11):
 *        "during the next move, the routed unit halts"; reforming units turn to face the
 *        nearest enemy (L169).
 *  BP-T3 A window opens only when the phasing side has a unit on the table; otherwise its
 *        period passes at once.
 */

export const BP_PHASE_ID = 'bp/move';

const sideName = (s: BpState, id: string): string => s.sides.find((x) => x.id === id)?.name ?? id;

export function bpPhaseInfo(s: BpState): PhaseInfo {
  const clock = turnClock({ firstTurn: `${String(Math.floor(s.clock.start / 60)).padStart(2, '0')}:${String(s.clock.start % 60).padStart(2, '0')}`, turnMinutes: s.clock.turnMinutes }, s.turn);
  if (s.ended) return { id: 'bp/ended', label: `Turn ${s.turn} — game over`, turn: s.turn, clock, owes: { kind: 'none' }, secret: false };
  const side = phasingSide(s);
  return {
    id: BP_PHASE_ID, label: `Turn ${s.turn} (${clock}) — ${s.period === 0 ? 'first' : 'second'} move period: ${sideName(s, side)}`,
    turn: s.turn, clock, owes: { kind: 'phasing' }, secret: false, phasingSide: side,
  };
}

/** The phasing seat while its side has a unit on the table (BP-T3). */
export function bpOwing(s: BpState): string[] {
  if (s.ended) return [];
  const side = phasingSide(s);
  return liveUnits(s).some((u) => u.side === side) ? [seatOfSide(s, side)] : [];
}

/** Who moves first this turn (HR B-1 `sequence.firstPlayer`). */
function orderTurn(s: BpState, dice: Dice): { s: BpState; events: GameEvent[] } {
  const ids = [s.sides[0]!.id, s.sides[1]!.id] as const;
  const mode = s.settings.sequence.firstPlayer;
  if (mode === 'scenario' || (mode === 'alternate' && s.turn === 1)) return { s: { ...s, order: ids }, events: [{ kind: 'note', rule: 'HR B-1', text: `${sideName(s, ids[0])} moves first (${mode === 'scenario' ? 'as the scenario lists the sides' : 'turn 1, then alternating'}).` }] };
  if (mode === 'alternate') {
    const order = [s.order[1], s.order[0]] as const;
    return { s: { ...s, order }, events: [{ kind: 'note', rule: 'HR B-1', text: `${sideName(s, order[0])} moves first (alternating).` }] };
  }
  const r = firstPlayerRollOff(ids, dice);
  const chooser = r.result.chooser;
  const other = ids[0] === chooser ? ids[1] : ids[0];
  const first = (s.firstChoice[chooser] ?? 'first') === 'first' ? chooser : other;
  const order = [first, first === ids[0] ? ids[1] : ids[0]] as const;
  return { s: { ...s, order }, events: [...r.events, { kind: 'note', rule: 'HR B-1', text: `${sideName(s, chooser)} won the roll-off; ${sideName(s, first)} moves first.` }] };
}

/** Opening a move period: recovery (BP-T2) and control rolls (L206) for the phasing side. */
function openPeriod(s0: BpState, dice: Dice): { s: BpState; events: GameEvent[] } {
  const side = phasingSide(s0);
  let s: BpState = { ...s0, log: emptyLog(side), control: {} };
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: BP_PHASE_ID, label: bpPhaseInfo(s).label }];
  // L97, HR B-17: gunners on their way integrate, then join their gun, as their side's periods open.
  const crew = crewArrivals(s, side); s = crew.s; events.push(...crew.events);
  for (const u of liveUnits(s)) {
    if (u.stage === 'effective') continue;
    const stage = recoveryAfterMovePeriod(u.stage, u.side === side, s.settings);
    if (stage === u.stage) continue;
    let pose = u.pose;
    if (stage === 'reforming') {
      const enemies = liveUnits(s).filter((o) => o.side !== u.side);
      const near = enemies.sort((a, b) => distance(centreOf(u), centreOf(a)) - distance(centreOf(u), centreOf(b)))[0];
      if (near) pose = { at: u.pose.at, facing: bearing(centreOf(u), centreOf(near)) };
    }
    s = withUnit(s, { ...u, stage, pose, ...(stage === 'effective' ? { assaultsRecovering: 0 } : {}) });
    events.push({ kind: 'status', rule: 'B&P L167-169', unit: u.id, status: stage === 'effective' ? 'combat effective' : stage, on: true, reason: stage === 'halted' ? 'halts after its rout' : stage === 'reforming' ? 'turns to face the enemy' : 'the marker is removed' });
  }
  if (s.settings.optional.control) {
    const control: Record<string, 'full' | 'half'> = {};
    let lastB = s.lastBControl;
    for (const u of liveUnits(s).filter((x) => x.side === side)) {
      const prev = lastB[u.id];
      const r = controlRoll({ unit: u.id, controlClass: u.controlClass, turn: s.turn, ...(prev ? { previousBResult: prev } : {}) }, s.settings, dice);
      control[u.id] = r.result.move;
      if (u.controlClass === 'B' && r.result.rolled) lastB = { ...lastB, [u.id]: r.result.move };
      events.push(...r.events);
    }
    s = { ...s, control, lastBControl: lastB };
  }
  return { s, events };
}

/** Closing a move period: disruption expiry (HR B-16) and the carry-overs (L32, L131 BP-5). */
function closePeriod(s0: BpState): { s: BpState; events: GameEvent[] } {
  const side = phasingSide(s0);
  const p = s0.periodsDone;
  let s = s0;
  const events: GameEvent[] = [];
  for (const u of Object.values(s.units)) {
    if (u.disruptedAt === null || !isLive(u)) continue;
    const own = u.side === side && p > u.disruptedAt ? 1 : 0;
    if (disruptionOver(own, p - u.disruptedAt, s.settings)) {
      s = withUnit(s, { ...u, disruptedAt: null });
      events.push({ kind: 'status', rule: 'B&P L167', unit: u.id, status: 'disrupted', on: false, reason: 'HR B-16' });
    }
  }
  const gunsMoved = Object.entries(s.log.moved).filter(([id, m]) => s.units[id]?.arm === 'artillery' && m.spent > 0).map(([id]) => id).sort();
  const noMove = s.settings.returnFire.noMove === 'through-next-own-move' ? [...s.log.returnFired].sort() : [];
  const noPivot = s.log.firedFromFlank.filter((id) => s.units[id]?.arm === 'artillery').sort();
  return { s: { ...s, gunsMoved, noMove, noPivot, periodsDone: p + 1 }, events };
}

/** Ends the game if a side has collapsed or the last turn is over. */
function checkEnd(s: BpState): { s: BpState; events: GameEvent[] } {
  const c = collapsed(s);
  if (c) {
    const winner = s.sides.find((x) => x.id !== c.side)!;
    const summary = `${winner.name} win: ${c.why}.`;
    return { s: { ...s, ended: { winner: winner.id, summary } }, events: [{ kind: 'note', rule: 'victory', text: summary }] };
  }
  return { s, events: [] };
}

/** Opens the next window with someone owing, or ends the game. Used by setup and resolve. */
/**
 * Reinforcements whose turn has come enter at the scenario's entry point as their side's move
 * period opens (BP-S2: B&P prints no reinforcement rule; the shared scenario format gives turn,
 * place and facing), so their owner moves them in that period.
 */
function arrive(s: BpState): { s: BpState; events: GameEvent[] } {
  const mover = s.order[s.period];
  const due = (s.arrivals ?? []).filter((a) => a.side === mover && a.turn <= s.turn);
  if (due.length === 0) return { s, events: [] };
  const units = { ...s.units };
  const commanders = { ...s.commanders };
  const events: GameEvent[] = [];
  for (const a of due) {
    for (const u of a.units) { units[u.id] = u; events.push({ kind: 'note', rule: 'BP-S2', text: `${u.id} arrives on the table (reinforcement, turn ${a.turn}).` }); }
    for (const c of a.commanders) { commanders[c.id] = c; events.push({ kind: 'note', rule: 'BP-S2', text: `${c.id} arrives on the table.` }); }
  }
  return { s: { ...s, units, commanders, arrivals: (s.arrivals ?? []).filter((a) => !due.includes(a)) }, events };
}

export function advance(s0: BpState, dice: Dice, fresh: boolean): Step<BpState> {
  let s = s0;
  const events: GameEvent[] = [];
  let opening = fresh;
  for (let guard = 0; guard < 4 * (s.lastTurn + 2); guard++) {
    if (!opening) {
      const c = closePeriod(s); s = c.s; events.push(...c.events);
      const e = checkEnd(s); s = e.s; events.push(...e.events);
      if (s.ended) return { state: s, events };
      if (s.period === 0) s = { ...s, period: 1 };
      else {
        if (s.turn >= s.lastTurn) {
          const o = finalOutcome(s);
          return { state: { ...s, ended: { winner: o.winner, summary: o.summary } }, events: [...events, { kind: 'note', rule: 'victory', text: o.summary }] };
        }
        s = { ...s, turn: s.turn + 1, period: 0 };
      }
    }
    if (s.period === 0) { const o = orderTurn(s, dice); s = o.s; events.push(...o.events); }
    const ar = arrive(s); s = ar.s; events.push(...ar.events);
    const op = openPeriod(s, dice); s = op.s; events.push(...op.events);
    if (bpOwing(s).length > 0) return { state: s, events };
    opening = false;
  }
  return { state: s, events };
}

/** Resolves the running move period (the phasing player is ready, or the deadline passed). */
export function resolveBp(s: BpState, _orders: unknown, dice: Dice): Step<BpState> {
  if (s.ended) return { state: s, events: [] };
  return advance(s, dice, false);
}

