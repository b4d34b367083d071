import { baseDistanceLowerBoundBeyond, pointToBaseDistance, type Base } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import { distance } from '../../geometry/vector';
import { liveBatteries, liveUnits, type NwState, type NwUnit } from '../state';
import { REACTION_ZONE_INCHES, type ReactionCondition } from '../tables/reaction';
import { frontalDistance } from '../targets';
import { leftToRight, nameOf } from './target-units';

/**
 * NW phase 5 — who may react (§10.0 L347 eligibility, §10.1 L351 priority, chart L796-807
 * modifiers; DIGEST §3 N7, HR N-33). Pure geometry over the state the maneuver phase left:
 * poses are end positions, `log.moved` and `log.contacts` say who moved and who contacted whom.
 *
 * Rulings (RX-n) where the text is silent, applied below:
 * - RX-1 "moved within the zone" = in `log.moved` with its END base partly inside the zone (the
 *   paths are not known). The zone is the NW frontal arc (45° out from the front corners,
 *   arcs.ts) out to 6" heavy / 8" other, measured to the nearest in-arc part of the enemy base
 *   (TG-1), edges inclusive (TG-2).
 * - RX-2 Only brigades and batteries trigger or block a reaction; officers alone never do.
 * - RX-3 Not contacted: the trigger is the closest enemy in the zone that moved (ties: the first
 *   to have moved). If an enemy that did NOT move is closer inside the zone, the cavalry may not
 *   react past it (§10.1 L351) and, having no activating unit to react to, is not eligible.
 * - RX-4 Contacted by two: the player names which one to countercharge (`against`); by default
 *   the nearest (centre to centre, then id, as combat's C2).
 * - RX-5 "+2 Target of a charge" (chart L807) = contacted this phase (any arm); zone reactions
 *   do not get it.
 * - RX-6 A unit that already rolled this player-turn (`log.reacted`) does not roll again.
 * - RX-13 "Within 3" of a 'V' Commander" (chart L803): a valorous commander in command and on the
 *   table within 3" of the cavalry's base (as rally PH-4); one attached to it gets both this and
 *   "General attached" (as combat C4).
 * - RX-14 Order: left to right across the reacting side's mean facing (PH-3), ties by id.
 */

/** Room past the zone (beyond its EPS) for the broad phase in assessReaction: far above rounding. */
const ZONE_SLACK = 0.01;

export const REACTION_CHOICES = ['countercharge', 'evade', 'charge', 'none'] as const;
export type NwReactionChoice = (typeof REACTION_CHOICES)[number];

export interface NwReactionCandidate {
  readonly unit: string;
  /** The unit it reacts to (§10.1 L351): its contacting attacker, or the closest mover in its zone. */
  readonly trigger: string;
  readonly contacted: boolean;
  /** Every enemy that contacted it this phase (RX-4), nearest first; empty when not contacted. */
  readonly contactedBy: readonly string[];
  /** §10.2 L359-361, plus 'none' (no attempt). */
  readonly options: readonly NwReactionChoice[];
  /** The chart's modifier rows the state shows (chart L801-807). */
  readonly conditions: readonly ReactionCondition[];
  /** The engine's proposal (RX-7): countercharge when contacted, otherwise none. */
  readonly defaultChoice: NwReactionChoice;
  /** Reach of its zone (§10.0 L347): 6" heavy, 8" other. */
  readonly zoneInches: number;
}

/** Why a unit may not react, for refusals and prompts. */
export interface NwReactionExclusion {
  readonly unit: string;
  readonly reason: string;
}

const baseOf = (p: { pose: NwUnit['pose']; base: NwUnit['base'] }): Base => ({ pose: p.pose, size: p.base });

/** §10.0 L347 (HR N-33): 6" for heavy cavalry, 8" for all other. */
export const reactionZoneInches = (u: NwUnit): number => REACTION_ZONE_INCHES[u.weight ?? 'medium'];

/** Live enemy brigades and batteries (RX-2) of everyone but `side`. */
function enemyPieces(s: NwState, side: string): { id: string; base: Base; at: NwUnit['pose']['at'] }[] {
  return [
    ...liveUnits(s).filter((u) => u.side !== side).map((u) => ({ id: u.id, base: baseOf(u), at: u.pose.at })),
    ...liveBatteries(s).filter((b) => b.side !== side).map((b) => ({ id: b.id, base: baseOf(b), at: b.pose.at })),
  ];
}

/** The chart's modifier rows the state can see (chart L801-807; RX-5, RX-13). */
export function reactionConditions(s: NwState, u: NwUnit, contacted: boolean): ReactionCondition[] {
  const out: ReactionCondition[] = [];
  if (u.fatigue === 'fresh') out.push('fresh');
  if (u.fatigue === 'spent') out.push('spent');
  if (u.fatigue === 'worn') out.push('worn'); // HR N-16: the only place Worn counts.
  if (u.attachedGeneral !== null) out.push('general-attached');
  if (u.quality === 'conscript' || u.quality === 'militia' || u.quality === 'guard' || u.quality === 'elite' || u.quality === 'veteran') out.push(u.quality);
  const valorous = Object.values(s.commanders).some((c) => c.side === u.side && c.valorous && c.status === 'in-command' && c.onTable
    && pointToBaseDistance(c.pose.at, baseOf(u)) <= 3 + EPS);
  if (valorous) out.push('within-3-of-valorous');
  if (u.status === 'disordered') out.push('disordered');
  if (s.commands[u.command]?.fatigued === true) out.push('command-fatigued');
  if (contacted) out.push('target-of-a-charge');
  return out;
}

/** Whether one brigade may react now, and to whom; the reason when it may not. */
export function assessReaction(
  s: NwState, id: string, enemiesOf: (side: string) => ReturnType<typeof enemyPieces> = (side) => enemyPieces(s, side),
): { ok: true; value: NwReactionCandidate } | { ok: false; error: NwReactionExclusion } {
  const no = (reason: string) => ({ ok: false as const, error: { unit: id, reason } });
  const u = s.units[id];
  if (!u) return no(`there is no brigade "${id}"`);
  const name = `${u.name} (${id})`;
  if (u.arm !== 'cavalry') return no(`${name} is not cavalry: only cavalry reacts (NW §10.0 L347)`);
  if (u.side === s.phasing) return no(`${name} belongs to the phasing side: only the non-phasing player reacts (NW §10.0 L347)`);
  if (!u.onTable || u.removed) return no(`${name} is not on the table`);
  if (u.status === 'routed') return no(`${name} is routed`);
  if (s.log.reacted.includes(id)) return no(`${name} has already rolled for reaction this player-turn (RX-6)`);
  const enemies = enemiesOf(u.side);
  // Only a contact on this brigade needs its attacker looked up among the live enemies (issue 12:
  // a set of every enemy for each cavalry brigade was 4 MB a turn at 600 brigades).
  const centre = (x: string) => enemies.find((e) => e.id === x)!.at;
  const contactedBy = Object.entries(s.log.contacts).filter(([a, d]) => d === id && enemies.some((e) => e.id === a)).map(([a]) => a)
    .sort((a, b) => distance(centre(a), u.pose.at) - distance(centre(b), u.pose.at) || (a < b ? -1 : 1));
  const zoneInches = reactionZoneInches(u);
  const conditions = (contacted: boolean) => reactionConditions(s, u, contacted);
  if (contactedBy.length > 0) {
    return { ok: true, value: {
      unit: id, trigger: contactedBy[0]!, contacted: true, contactedBy, options: ['countercharge', 'evade', 'none'],
      conditions: conditions(true), defaultChoice: 'countercharge', zoneInches,
    } };
  }
  // RX-1: every enemy base reaching into the zone, with its in-arc distance.
  const me = baseOf(u);
  // Broad phase: a base whose bounding circle is beyond the zone cannot reach into it (the
  // in-arc distance is no less than the whole base's, nor that than the circles').
  const inZone = enemies.filter((e) => !baseDistanceLowerBoundBeyond(me, e.base, zoneInches + ZONE_SLACK))
    .map((e) => ({ id: e.id, d: frontalDistance(me, e.base) }))
    .filter((e): e is { id: string; d: number } => e.d !== null && e.d <= zoneInches + EPS);
  const order = (x: string) => s.log.moved.indexOf(x);
  const movers = inZone.filter((e) => order(e.id) >= 0).sort((a, b) => a.d - b.d || order(a.id) - order(b.id));
  const closest = movers[0];
  if (!closest) return no(`${name}: no enemy moved within its ${zoneInches}" reaction zone (NW §10.0 L347) or contacted it`);
  // RX-3: a closer enemy in the zone that did not move bars reacting past it.
  const blocker = s.settings.reaction.closerUnmovedBlocks ? inZone.filter((e) => e.d < closest.d - EPS).sort((a, b) => a.d - b.d)[0] : undefined;
  if (blocker) {
    return no(`${name} may not react past ${nameOf(s, blocker.id)} (${blocker.d.toFixed(1)}", did not move) to ${nameOf(s, closest.id)} (${closest.d.toFixed(1)}") (NW §10.1 L351, RX-3)`);
  }
  return { ok: true, value: {
    unit: id, trigger: closest.id, contacted: false, contactedBy: [], options: ['charge', 'none'],
    conditions: conditions(false), defaultChoice: 'none', zoneInches,
  } };
}

// States are immutable: one state object's candidates are worked out once (the loop of resolveNw
// asks whether a reaction window opens, then the phase reads them again).
const candidatesCache = new WeakMap<NwState, readonly NwReactionCandidate[]>();

/** Non-phasing cavalry that may react this phase, in the order they roll (RX-14). */
export function reactionCandidates(s: NwState): NwReactionCandidate[] {
  let hit = candidatesCache.get(s);
  if (!hit) { hit = computeCandidates(s); candidatesCache.set(s, hit); }
  return [...hit];
}

/**
 * `to` is `from` with only `log.combat` changed, which the candidates do not read (nothing in this
 * module or what it calls looks at it): let `to` reuse what was worked out for `from`.
 */
export function carryReactionCandidates(from: NwState, to: NwState): void {
  const hit = candidatesCache.get(from);
  if (hit && !candidatesCache.has(to)) candidatesCache.set(to, hit);
}

function computeCandidates(s: NwState): NwReactionCandidate[] {
  if (s.phasing === null) return [];
  const out: NwReactionCandidate[] = [];
  // Each side's enemies once for all its cavalry (assessReaction only reads them).
  const enemies = new Map<string, ReturnType<typeof enemyPieces>>();
  const enemiesOf = (side: string) => { let e = enemies.get(side); if (!e) { e = enemyPieces(s, side); enemies.set(side, e); } return e; };
  for (const u of liveUnits(s)) {
    if (u.side === s.phasing || u.arm !== 'cavalry') continue;
    const a = assessReaction(s, u.id, enemiesOf);
    if (a.ok) out.push(a.value);
  }
  const byside = new Map<string, (at: NwUnit['pose']['at']) => number>();
  const pos = (c: NwReactionCandidate): number => {
    const u = s.units[c.unit]!;
    if (!byside.has(u.side)) byside.set(u.side, leftToRight(s, u.side));
    return byside.get(u.side)!(u.pose.at);
  };
  return out.sort((a, b) => pos(a) - pos(b) || (a.unit < b.unit ? -1 : 1));
}
