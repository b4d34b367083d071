import type { Problem } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { rightVector } from '../../geometry';
import type { Point } from '../../geometry/types';
import type { NwBattery, NwPhase, NwState, NwUnit } from '../state';
import { liveBatteries, liveUnits, nationOf } from '../state';
import { fatigueState } from '../tables/fatigue';
import type { IrregularCavalry, NwTargetUnit } from '../targets';
import { IRREGULAR_SKIRMISH_CAVALRY } from '../tables/skirmish';
import { copyRecord } from '../record';

/**
 * Shared helpers of the NW phase transitions (initiative.ts, skirmish.ts, artillery.ts, combat.ts):
 * reading the state into the target-selection records, applying results immutably, and
 * the phase-change bookkeeping. Everything here is pure.
 *
 * Rulings of the phase engine (PH-n), where neither the text nor DIGEST §3 settles it:
 * - PH-1 initiative: the winner's choice of who moves first is an input; by default he goes first.
 * - PH-2 a CinC off the map (§6.0 L75): the scenario's special modifiers are not modelled (note only).
 * - PH-3 order of rolls: the phasing side's attacks/fires first, then the other side's; each side
 *   from its left to its right (left = across the side's mean facing), by target position.
 * - PH-4 skirmish default: forced attacks are automatic; unposted choices take a maximum matching
 *   onto targets not yet taken (nearest first), leftovers double up on their nearest candidate.
 * - PH-5 skirmish conditions read from the state: artillery target (Ottoman artillery +3, NAT-2), MX, town/hard cover, friendly
 *   cavalry within 3" (base to base); soft cover and "vulnerable" come from the caller.
 * - PH-6 a brigade at 0 s.p. is eliminated and removed at once.
 * - PH-7 a shot officer: general/ADC lost; corps commander awaiting replacement (rolled at rally).
 * - PH-8 weather is a phase option (default clear): the state does not carry it yet.
 * - PH-9 irregular cavalry: Cossacks SK2, Ottoman types SK1; they skirmish when their owner names them in his plan (`irregularOf`).
 * - PH-10 artillery: closest-within-6" fire is compulsory (no hold); an only-target or free choice
 *   may hold; an unposted choice fires at the closest legal target.
 * - PH-11 suppression present when an artillery phase opens is lifted at its end, before that
 *   phase's results are marked (so suppression lasts through exactly one fire phase).
 * - PH-12 (obsolete) fire-result retreats were announced as notes; they are now moved on the table
 *   (artillery.ts PH-16, retreat.ts).
 */

export const problem = (code: string, message: string, hint?: string): Problem => ({ code, message, ...(hint ? { hint } : {}) });

/**
 * PH-9 (issue 17): irregular cavalry is a Cossack (SK2) unless its army is Ottoman (Yuruks,
 * Bedouin, Arabs: SK1), §7.9 L152; its SK is at least that. It skirmishes only if its owner
 * chooses (§7.9 L154: he names it in his skirmish plan).
 */
export function irregularOf(s: Pick<NwState, 'armies'>, u: NwUnit): IrregularCavalry | undefined {
  if (u.arm !== 'cavalry' || !u.irregularCavalry) return undefined;
  return nationOf(s, u) === 'ottoman' ? 'ottoman' : 'cossack';
}

/** A brigade as target selection sees it (irregular cavalry with its kind and SK, PH-9). */
export const unitTarget = (u: NwUnit, s?: Pick<NwState, 'armies'>): NwTargetUnit => {
  const irregular = s ? irregularOf(s, u) : undefined;
  const sk = irregular ? (Math.max(u.sk, IRREGULAR_SKIRMISH_CAVALRY[irregular]) as NwUnit['sk']) : u.sk;
  return { id: u.id, side: u.side, arm: u.arm, base: { pose: u.pose, size: u.base }, sk, status: u.status, ...(irregular ? { irregular } : {}) };
};

/** A battery as target selection sees it: SK0, never routed (batteries carry no status), its gun weight and condition. */
export const batteryTarget = (b: NwBattery): NwTargetUnit => ({
  id: b.id, side: b.side, arm: 'artillery', base: { pose: b.pose, size: b.base }, sk: 0, status: 'good-order',
  gunWeight: b.weight, condition: b.condition, ...(b.attachedTo ? { attachedTo: b.attachedTo } : {}),
});

/** Every live brigade and battery of `side` (or of every side but it, with `enemyOf`). */
export function targetUnits(s: NwState, pick: (side: string) => boolean): NwTargetUnit[] {
  return [
    ...liveUnits(s).filter((u) => pick(u.side)).map((u) => unitTarget(u, s)),
    ...liveBatteries(s).filter((b) => pick(b.side)).map(batteryTarget),
  ];
}

/** Position of a piece along `side`'s left-to-right axis (PH-3): smaller is further left. */
export function leftToRight(s: NwState, side: string): (at: Point) => number {
  const own = liveUnits(s, side);
  // The side's mean facing (as a unit vector sum), so a bent line still has one "left".
  let fx = 0;
  let fy = 0;
  for (const u of own) {
    const r = (u.pose.facing * Math.PI) / 180;
    fx += Math.sin(r);
    fy += Math.cos(r);
  }
  const facing = own.length === 0 || (Math.abs(fx) < 1e-9 && Math.abs(fy) < 1e-9) ? 0 : (Math.atan2(fx, fy) * 180) / Math.PI;
  const right = rightVector(facing);
  return (at) => at.x * right.x + at.y * right.y;
}

/** Where a piece stands (unit or battery). */
export const poseAt = (s: NwState, id: string): Point | undefined => s.units[id]?.pose.at ?? s.batteries[id]?.pose.at;

/** A display name for any piece id. */
export const nameOf = (s: NwState, id: string): string =>
  s.units[id]?.name ?? s.batteries[id]?.name ?? s.generals[id]?.name ?? s.commanders[id]?.name
  ?? Object.values(s.armies).find((a) => a.cinc.id === id)?.cinc.name ?? id;

/** Mutable working copies of the records a phase changes (copied on first write). */
export interface Draft {
  units: Record<string, NwUnit>;
  batteries: Record<string, NwBattery>;
  generals: NwState['generals'];
  commanders: NwState['commanders'];
  /** The armies, for their CinCs' stands (an officer a retreat runs over is moved: §9.3.2 L267). */
  armies: NwState['armies'];
}

export const draftOf = (s: NwState): Draft => ({ units: copyRecord(s.units), batteries: copyRecord(s.batteries), generals: copyRecord(s.generals), commanders: copyRecord(s.commanders), armies: s.armies });

/** A brigade loses `n` s.p. (PH-6: at 0 s.p. it is eliminated and removed). */
export function loseSp(d: Draft, id: string, n: number, rule: string, cause: string, events: GameEvent[]): void {
  const u = d.units[id];
  if (!u || n <= 0 || u.removed) return;
  const sp = Math.max(0, u.sp - n);
  d.units[id] = { ...u, sp, fatigue: fatigueState(sp, u.levels) };
  events.push({ kind: 'loss', rule, unit: id, amount: u.sp - sp, remaining: sp, cause });
  if (sp === 0) {
    d.units[id] = { ...d.units[id]!, removed: true };
    events.push({ kind: 'removed', rule, unit: id, at: u.pose.at, reason: 'eliminated: no s.p. left' });
  }
}

/** A brigade is disordered (a routed one stays routed). */
export function disorder(d: Draft, id: string, rule: string, reason: string, events: GameEvent[]): void {
  const u = d.units[id];
  if (!u || u.removed || u.status !== 'good-order') return;
  d.units[id] = { ...u, status: 'disordered' };
  events.push({ kind: 'status', rule, unit: id, status: 'disordered', on: true, reason });
}

/** A battery result: suppress, damage (a damaged battery damaged again is destroyed, HR N-14) or destroy. */
export function hitBattery(d: Draft, id: string, what: 'suppressed' | 'damaged' | 'destroyed', rule: string, reason: string, events: GameEvent[]): void {
  const b = d.batteries[id];
  if (!b || b.removed) return;
  const damaged = b.condition === 'damaged' || b.condition === 'damaged-and-suppressed';
  const suppressed = b.condition === 'suppressed' || b.condition === 'damaged-and-suppressed';
  if (what === 'destroyed' || (what === 'damaged' && damaged)) {
    d.batteries[id] = { ...b, removed: true };
    if (b.attachedTo && d.units[b.attachedTo]?.attachedBattery === id) d.units[b.attachedTo] = { ...d.units[b.attachedTo]!, attachedBattery: null };
    events.push({ kind: 'removed', rule, unit: id, at: b.pose.at, reason: `destroyed (${reason}${what === 'damaged' ? '; already damaged, HR N-14' : ''})` });
    return;
  }
  const nowDamaged = damaged || what === 'damaged';
  const nowSuppressed = suppressed || what === 'suppressed';
  const condition = nowDamaged ? (nowSuppressed ? 'damaged-and-suppressed' : 'damaged') : nowSuppressed ? 'suppressed' : 'full';
  if (condition === b.condition) return;
  d.batteries[id] = { ...b, condition };
  events.push({ kind: 'status', rule, unit: id, status: what, on: true, reason });
}

/**
 * PH-7: an officer shot off a unit. A general or ADC is lost; a corps commander awaits his
 * replacement (rolled in the rally phase, §11.7); a CinC is not modelled as attachable, so only a note.
 */
export function loseOfficer(s: NwState, d: Draft, officer: string, unit: string, rule: string, events: GameEvent[]): void {
  const g = d.generals[officer];
  const c = d.commanders[officer];
  if (g) d.generals = { ...d.generals, [officer]: { ...g, lost: true, attachedTo: null } };
  else if (c) d.commanders = { ...d.commanders, [officer]: { ...c, status: 'awaiting-replacement', attachedTo: null, replacementTurn: null } };
  else events.push({ kind: 'note', rule, text: `${nameOf(s, officer)} was shot; a CinC's loss is not modelled here.` });
  const u = d.units[unit];
  if (u && u.attachedGeneral === officer) d.units[unit] = { ...u, attachedGeneral: null };
}

/** The state with the draft's records and a new phase. */
export const commit = (s: NwState, d: Draft, phase: NwPhase): NwState => ({
  ...s, units: d.units, batteries: d.batteries, generals: d.generals, commanders: d.commanders, armies: d.armies, phase,
});

/**
 * `commit` for the fire phases: brigades whose s.p. fell in this phase join the player-turn's
 * `log.fireLoss` — a disordered one fights this combat phase at −2 (§11.2.1 L383).
 */
export function commitFire(s: NwState, d: Draft, phase: NwPhase): NwState {
  const lost = Object.values(d.units).filter((u) => u.sp < (s.units[u.id]?.sp ?? u.sp)).map((u) => u.id);
  const next = commit(s, d, phase);
  if (lost.length === 0) return next;
  return { ...next, log: { ...next.log, fireLoss: [...new Set([...(s.log.fireLoss ?? []), ...lost])] } };
}

const PHASE_LABEL: Record<NwPhase, string> = {
  initiative: '1. Initiative', skirmish: '2. Skirmish fire', artillery: '3. Artillery fire', maneuver: '4. Maneuver',
  reaction: '5. Reaction', combat: '6. Combat', rally: '7. Rally', ended: 'Game over',
};

/** The event that opens `phase`, emitted first by the step that resolves it (as rally.ts does). */
export const phaseEvent = (s: NwState, phase: NwPhase): GameEvent => ({
  kind: 'phase', turn: s.turn, phase: `nw/${phase}`,
  label: `Turn ${s.turn} — ${PHASE_LABEL[phase]}${s.playerTurn ? ` (player-turn ${s.playerTurn}, ${s.sides.find((x) => x.id === s.phasing)?.name ?? s.phasing})` : ''}`,
});
