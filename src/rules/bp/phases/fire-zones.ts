import { isolation } from '../../battalion/formations';
import { frontalArcPolygon } from '../../geometry/arcs';
import { basePolygon, baseRadius, frontCentre, pointToBaseDistance } from '../../geometry/base';
import { ringContains, ringsIntersect } from '../../geometry/primitives';
import type { Point } from '../../geometry/types';
import { distance } from '../../geometry/vector';
import { levelOf, positionOf } from '../ground';
import { canisterReach, roundShotReach, roundShotStick, type StandOnTable } from '../procedures/artillery-reach';
import type { ArtilleryTargetStand } from '../procedures/types';
import type { Position } from '../tables/vocabulary';
import { unitReach } from './common';
import { RANGES_INCHES, VOLLEY_ANGLE_DEGREES } from '../tables/fire';
import { envelopeOf, liveUnits, standBases, STAND_SIZES, type BpState, type BpUnit } from '../state';

/**
 * Where fire goes (L73-75, L79-82, L93-95, L99): the volley's zone straight ahead and at 30°,
 * the canister triangle and the round-shot stick, read from the stands on the table. The
 * legality of each target, with the reason for every exclusion, is what players and the lead's
 * prompts read (`fireTargets`).
 */

/** How a unit fires at a target. */
export type FireKind = 'volley' | 'skirmish' | 'round-shot' | 'canister' | 'building';

/** One possible target and whether it may be fired at now. */
export interface FireOption {
  readonly target: string;
  readonly kind: FireKind | null;
  readonly legal: boolean;
  /** Why not, when not legal. */
  readonly reason?: string;
  readonly inches: number;
}

/** The unit's front edge centre is its muzzle (a battery) or its firing line. */
const muzzleOf = (u: BpUnit): Point => u.pose.at;

/** Nearest distance from the unit's front edge to the target's stands. */
export function rangeTo(firer: BpUnit, target: BpUnit): number {
  const env = envelopeOf(firer);
  const ring = basePolygon(env);
  const front = [ring[0]!, ring[1]!];
  let best = Infinity;
  for (const b of standBases(target)) for (const p of [...front, muzzleOf(firer)]) best = Math.min(best, pointToBaseDistance(p, b));
  return best;
}

/** Touches: does any stand of the unit meet the ring? */
const touches = (u: BpUnit, ring: readonly Point[]): boolean => standBases(u).some((b) => ringsIntersect(ring, basePolygon(b)));

/** The musket zone straight ahead (L75), and the 30° zone used when nothing is straight ahead. */
export function musketZones(u: BpUnit): { ahead: Point[]; angled: Point[] } {
  const env = envelopeOf(u);
  return { ahead: frontalArcPolygon(env, RANGES_INCHES.musket.max, 0), angled: frontalArcPolygon(env, RANGES_INCHES.musket.max, VOLLEY_ANGLE_DEGREES) };
}

/** The battery's gun stand (its muzzle is the stand's front centre). */
export const gunBase = (u: BpUnit) => standBases(u)[0]!;

// A battery's target list asks for the enemy stands (and the canister triangle's catch) once per
// enemy in range: both depend only on the state and the battery, so they are kept per state
// object and battery object (neither is ever mutated), with each enemy's position (L101) as seen
// from the battery, read from the terrain only for units the shot reaches.
interface Memo { stands?: StandOnTable[]; canister?: ArtilleryTargetStand[]; positions?: Map<string, Position> }
const perState = new WeakMap<BpState, Map<BpUnit, Memo>>();
function memo(s: BpState, u: BpUnit): Memo {
  let m = perState.get(s);
  if (!m) { m = new Map(); perState.set(s, m); }
  let e = m.get(u);
  if (!e) { e = {}; m.set(u, e); }
  return e;
}

/**
 * Enemy stands on the table as the artillery reach reads them, named `unit#n` (without their
 * position: `withPositions` adds it to the stands reached). Neither the stick (18" from the
 * muzzle, half its width across, L81, L93, BP-4) nor the canister triangle (6", L99) reaches a
 * stand whose bounding circle lies wholly beyond that, so such stands are left out.
 */
export function enemyStandsOnTable(s: BpState, u: BpUnit): StandOnTable[] {
  const e = memo(s, u);
  return (e.stands ??= enemyStandsOnTableNow(s, u));
}

function enemyStandsOnTableNow(s: BpState, u: BpUnit): StandOnTable[] {
  const out: StandOnTable[] = [];
  const muzzle = frontCentre(gunBase(u));
  const reach = RANGES_INCHES.roundShot.max + (s.settings.art.stickWidthStands * STAND_SIZES.artillery.width) / 2 + 0.5;
  for (const o of liveUnits(s)) {
    if (o.side === u.side || distance(muzzle, o.pose.at) - unitReach(o) > reach) continue;
    standBases(o).forEach((base, i) => {
      if (distance(muzzle, base.pose.at) - baseRadius(base.size) > reach) return;
      out.push({ stand: `${o.id}#${i + 1}`, base, figures: o.stands[i] ?? 0 });
    });
  }
  return out;
}

/** The stands reached, each with its unit's position seen from the gun (L101). */
function withPositions(s: BpState, u: BpUnit, reached: readonly ArtilleryTargetStand[]): ArtilleryTargetStand[] {
  const positions = (memo(s, u).positions ??= new Map());
  return reached.map((t) => {
    const id = unitOfStand(t.stand);
    let position = positions.get(id);
    if (position === undefined) { position = positionOf(s, s.units[id]!, u).position; positions.set(id, position); }
    return { ...t, position };
  });
}

/** The unit id of a stand named `unit#n`. */
export const unitOfStand = (stand: string): string => stand.slice(0, stand.lastIndexOf('#'));

/** Stands canister reaches (procedures/artillery-reach.ts). */
export const canisterStands = (s: BpState, u: BpUnit): ArtilleryTargetStand[] => {
  const e = memo(s, u);
  return (e.canister ??= withPositions(s, u, canisterReach(gunBase(u), enemyStandsOnTable(s, u), s.settings)));
};

/** Stands round shot aimed at `aim` reaches, at most four ranks (L93; procedures/artillery-reach.ts). */
export const roundShotStands = (s: BpState, u: BpUnit, aim: Point): readonly ArtilleryTargetStand[] =>
  withPositions(s, u, roundShotReach(gunBase(u), aim, enemyStandsOnTable(s, u), s.settings, STAND_SIZES.artillery.width).targets);

/** Is the infantry unit isolated (L63, L65): one stand, or a stand farther than 2 stand widths from the rest? */
export function isIsolated(u: BpUnit): boolean {
  if (u.arm !== 'infantry' || u.formation === 'skirmish') return false;
  const iso = isolation(standBases(u), 2 * STAND_SIZES.infantry.width);
  return iso.single || iso.stands.length > 0;
}

/** Why this unit cannot fire at all now, or null (L28, L32, L59, L65, L69, L97, L115). */
export function cannotFire(s: BpState, u: BpUnit, returnFire = false): string | null {
  if (u.gone) return `${u.name} is not on the table`;
  if (u.arm === 'cavalry') return 'cavalry does not shoot (L69, L135)';
  if (u.stage !== 'effective') return `${u.name} is ${u.stage}`;
  if (s.log.fired.includes(u.id)) return `${u.name} has already fired this move period (L115)`;
  if (u.arm === 'artillery') {
    if (u.stands[0]! < 3) return `${u.name} has ${u.stands[0]} crew; 3 are needed to fire (L97)`;
    if (s.log.moved[u.id]) return `${u.name} moved: artillery moves or fires (L32)`;
    if (returnFire && s.gunsMoved.includes(u.id)) return `${u.name} moved in its own move and may not fire back (L32)`;
    return null;
  }
  if (u.building) return null;
  if (!returnFire && isIsolated(u)) return `${u.name} is isolated and may not initiate fire (L65)`;
  if (s.log.formedFromSkirmish.includes(u.id)) return `${u.name} formed up from skirmish order and may not fire this move (L59)`;
  if (s.log.moved[u.id] && s.log.formed.includes(u.id) && !s.log.deployedSkirmish.includes(u.id)) return `${u.name} moved and changed formation: it may not also fire (L28)`;
  return null;
}

/**
 * Every enemy unit as a target for `u`, legal or with the reason it is not. Infantry fires at
 * the nearest enemy straight ahead within 6" (L75); only if none is there, at the nearest within
 * the 30° zone; a skirmish screen stops musket fire at what is behind it (L57). A battery fires
 * canister at what is in its triangle (≤ 6") and round shot from 6" to 18" (L79-82) unless its
 * own formed troops are in the way (L95).
 */
export function fireTargets(s: BpState, u: BpUnit, returnFire = false): FireOption[] {
  return fireOptions(s, u, returnFire, null);
}

/**
 * `fireTargets(s, u, returnFire).find((o) => o.target === target)`, the same answer, measuring
 * only what that one target needs: a battery's options are each their own (the stick, the
 * triangle, the line of fire), while a volley's still read the whole zone (L75: the nearest first).
 */
export function fireTargetOption(s: BpState, u: BpUnit, target: string, returnFire = false): FireOption | undefined {
  return fireOptions(s, u, returnFire, target)[0];
}

function fireOptions(s: BpState, u: BpUnit, returnFire: boolean, only: string | null): FireOption[] {
  const all = liveUnits(s).filter((o) => o.side !== u.side);
  const enemies = only === null ? all : all.filter((o) => o.id === only);
  const why = cannotFire(s, u, returnFire);
  if (why) return enemies.map((o) => ({ target: o.id, kind: null, legal: false, reason: why, inches: rangeTo(u, o) }));
  if (u.arm === 'artillery') return enemies.map((o) => artilleryOption(s, u, o));
  if (u.building) {
    return enemies.map((o) => {
      const d = rangeTo(u, o);
      return d <= RANGES_INCHES.musket.max ? { target: o.id, kind: 'building' as const, legal: true, inches: d } : { target: o.id, kind: null, legal: false, reason: `${round(d)}" away; muskets reach 6" (L80)`, inches: d };
    });
  }
  const { ahead, angled } = musketZones(u);
  // An isolated battalion fires (back) as skirmishers (L65); it may not start a fire fight (cannotFire).
  const kind: FireKind = u.formation === 'skirmish' || isIsolated(u) ? 'skirmish' : 'volley';
  // Each enemy's range is measured once (the sorts would measure it on every comparison).
  const ranges = new Map<BpUnit, number>();
  const range = (o: BpUnit): number => { let d = ranges.get(o); if (d === undefined) { d = rangeTo(u, o); ranges.set(o, d); } return d; };
  const inAhead = all.filter((o) => touches(o, ahead)).sort((a, b) => range(a) - range(b));
  const zone = inAhead.length > 0 ? inAhead : all.filter((o) => touches(o, angled)).sort((a, b) => range(a) - range(b));
  const nearest = zone[0];
  return enemies.map((o) => {
    const d = range(o);
    if (o.building && o.id === nearest?.id) return { target: o.id, kind: 'building' as const, legal: true, inches: d };
    if (o.id === nearest?.id) return { target: o.id, kind, legal: true, inches: d };
    if (d > RANGES_INCHES.musket.max + 1e-9) return { target: o.id, kind: null, legal: false, reason: `${round(d)}" away; muskets reach 6" (L80)`, inches: d };
    if (!zone.includes(o)) return { target: o.id, kind: null, legal: false, reason: inAhead.length > 0 ? 'not straight ahead, and there is an enemy straight ahead (L75)' : 'outside the 30° zone ahead (L75)', inches: d };
    const screen = nearest!.formation === 'skirmish' ? ' (a skirmish screen stops musket fire, L57)' : '';
    return { target: o.id, kind: null, legal: false, reason: `${nearest!.id} is nearer in front and must be fired at first (L75)${screen}`, inches: d };
  });
}

function artilleryOption(s: BpState, u: BpUnit, o: BpUnit): FireOption {
  const d = rangeTo(u, o);
  if (d <= RANGES_INCHES.canister.max + 1e-9) {
    if (canisterStands(s, u).some((t) => unitOfStand(t.stand) === o.id)) return { target: o.id, kind: 'canister', legal: true, inches: d };
    return { target: o.id, kind: null, legal: false, reason: 'within 6" but outside the 60° canister triangle (L82)', inches: d };
  }
  if (d > RANGES_INCHES.roundShot.max + 1e-9) return { target: o.id, kind: null, legal: false, reason: `${round(d)}" away; round shot reaches 18" (L81)`, inches: d };
  const env = envelopeOf(o);
  const ring = roundShotStick(gunBase(u), env.pose.at, s.settings, STAND_SIZES.artillery.width);
  if (!roundShotStands(s, u, env.pose.at).some((t) => unitOfStand(t.stand) === o.id)) return { target: o.id, kind: null, legal: false, reason: 'other targets take the stick\'s four ranks first (L93)', inches: d };
  // Own troops on the line of fire (L95).
  const gunLevel = levelOf(s, u);
  for (const f of liveUnits(s)) {
    if (f.side !== u.side || f.id === u.id) continue;
    if (!standBases(f).some((b) => ringsIntersect(ring, basePolygon(b)))) continue;
    if (distance(f.pose.at, u.pose.at) > d + 1e-9 && !ringContains(ring, f.pose.at)) continue;
    if (f.formation === 'skirmish') continue;
    const over = levelOf(s, o) > gunLevel && rangeTo(u, f) >= 6;
    if (!over) return { target: o.id, kind: null, legal: false, reason: `${f.id} is in the line of fire; guns fire over their own troops only at a higher target with the troops 6" or more away (L95)`, inches: d };
  }
  return { target: o.id, kind: 'round-shot', legal: true, inches: d };
}

const round = (x: number): number => Math.round(x * 10) / 10;
