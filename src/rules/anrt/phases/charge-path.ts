import type { Point } from '../../geometry/types';
import { add, bearing, distance, headingVector, scale } from '../../geometry/vector';
import { passageThrough, unitsOnPath } from '../passage';
import { isArtillery, liveUnits, type AnrtState, type AnrtUnit } from '../state';
import { chargeTerrain } from '../terrain';
import { fmt } from './common';
import { GRAZE_INCHES } from './move-path';

/**
 * A charge's path checked against the ground and the friends in the way (§VII L357-363, L381-395):
 * the charger runs straight to contact (the last 2"/1" must be straight anyway, L400). Woods and
 * towns are those of terrain.ts; a friend the charger may not pass (L383-395: not a skirmisher,
 * nor abandoned guns, nor a line more than 3" from the enemy for a line or cavalry, …) refuses the
 * charge, naming the friend. A friend with a move posted this phase is taken where it goes.
 */

/** How close a charger's centre comes to its target's (combat.ts's contact). */
export const CHARGE_CONTACT_GAP = 0.5;

export const chargePath = (u: AnrtUnit, t: AnrtUnit): Point[] => [u.at, add(t.at, scale(headingVector(bearing(u.at, t.at)), -CHARGE_CONTACT_GAP))];

export type ChargeCheck = { ok: true; inches: number; inWoods: number } | { ok: false; code: string; message: string; hint: string };

export function checkChargePath(s: AnrtState, u: AnrtUnit, t: AnrtUnit, allowance: number, movedTo: ReadonlyMap<string, Point> = new Map()): ChargeCheck {
  const path = chargePath(u, t);
  const tm = chargeTerrain(s, u, path);
  if (tm.refused) return { ok: false, ...tm.refused };
  if (tm.inches > allowance + 1e-6) {
    return { ok: false, code: 'order/out-of-reach', message: `${t.name} is out of ${u.name}'s reach through the wood: ${fmt(distance(u.at, t.at))} away, ${fmt(tm.inWoods)} of it in woods counting double (L359), its normal move ${fmt(allowance)}.`, hint: 'Charge a unit nearer, or one the wood does not shelter.' };
  }
  // Friends with a move posted stand where it takes them.
  const pool = movedTo.size ? liveUnits(s).map((x) => (movedTo.has(x.id) ? { ...x, at: movedTo.get(x.id)! } : x)) : liveUnits(s);
  const friends = unitsOnPath(s, u, path, (o) => o.side === u.side, pool);
  for (const m of friends) {
    if (passageThrough(s, u, m.unit, 'charge')) continue;
    const why = isArtillery(m.unit) && m.unit.formation === 'unlimbered' ? 'only non-charging infantry and cavalry pass through unlimbered guns (L391)' : 'formed friends are passed only as L383-395 allow';
    return {
      ok: false, code: 'order/charge-through-friend',
      message: `${u.name} would charge through ${m.unit.name} (${fmt(m.along)} along its path): ${why}.`,
      hint: `Move ${m.unit.name} out of the way this phase (its move is taken into account), charge a unit it does not screen, or charge with ${u.formation === 'skirmish' ? 'another unit' : 'skirmishers (they pass all friends, L383)'}.`,
    };
  }
  const e = enemyInTheWay(s, u, t);
  if (e) {
    return {
      ok: false, code: 'order/charge-through-enemy',
      message: `${u.name} would meet ${e.enemy.name} (${fmt(e.along)} along its path) before it reaches ${t.name}: a charge runs straight to contact (L400) and hits the first enemy in its way (L421, ANRT-W18).`,
      hint: `Charge ${e.enemy.name} itself (should it evade, chargers pursuing it may come upon ${t.name}, L421), charge ${t.name} from where ${e.enemy.name} does not screen it, or pick another target.`,
    };
  }
  return { ok: true, inches: tm.inches, inWoods: tm.inWoods };
}

/**
 * ANRT-W18: the first enemy other than the target whose ground the charger meets on its straight
 * path (L400) before it touches the target — the unit the charge would hit (L421: "another unit
 * which would be hit by the chargers"). Enemies met no sooner than the target (those beside it,
 * L656-691's business) are not in the way, nor those it grazes (`GRAZE_INCHES`, as ANRT-W10), nor
 * those it stands in contact with already, nor abandoned guns (passed, L393) nor the target's own
 * regimental guns (with their battalion, ANRT-R2). `pool`: where the enemies stand.
 */
export function enemyInTheWay(s: AnrtState, u: AnrtUnit, t: AnrtUnit, pool: readonly AnrtUnit[] = liveUnits(s)): { enemy: AnrtUnit; along: number; before: Point } | null {
  const met = unitsOnPath(s, u, chargePath(u, t), (o) => o.side !== u.side && !o.abandoned && (o.id === t.id || o.parent !== t.id), pool, GRAZE_INCHES);
  const first = met[0];
  if (!first || first.unit.id === t.id) return null;
  // The target touched no later than this enemy (same sample): beside it, not in front of it. Not
  // met at all: the charger touches it already, nothing stands between them.
  const target = met.find((m) => m.unit.id === t.id);
  if (!target || target.along <= first.along + 1e-9) return null;
  return { enemy: first.unit, along: first.along, before: first.before };
}

/**
 * ANRT-W11: a charge's path is checked when posted against friends where they stand or will stand
 * (above); as the charges go in it is checked again against the friends that withdrew, routed or
 * evaded into it during the resolution, or advanced or pursued into it (ANRT-W19) (`moved`). The first it may not pass (L381-395) stops it:
 * the chargers halt on contact, behind that friend, as withdrawers meeting friends they cannot
 * interpenetrate do (L961); the charge does not go in.
 */
export function blockedByMovedFriends(s: AnrtState, u: AnrtUnit, t: AnrtUnit, moved: ReadonlySet<string>): { friend: AnrtUnit; before: Point; along: number; why: string } | null {
  if (!moved.size) return null;
  const pool = liveUnits(s).filter((o) => o.side === u.side && o.id !== u.id && moved.has(o.id));
  if (!pool.length) return null;
  for (const m of unitsOnPath(s, u, chargePath(u, t), () => true, pool)) {
    if (passageThrough(s, u, m.unit, 'charge')) continue;
    const why = isArtillery(m.unit) && m.unit.formation === 'unlimbered' ? 'only non-charging infantry and cavalry pass through unlimbered guns (L391)' : `L383-395 give ${u.name} no passage through ${m.unit.routed ? 'routers' : `friends in ${m.unit.formation}`}`;
    return { friend: m.unit, before: m.before, along: m.along, why };
  }
  return null;
}

/** The move rules of advances after combat and pursuits (§XI L892-900, phases/pursuit.ts): ANRT-W19. */
const ADVANCE_RULES = new Set(['ANRT §XI L892', 'ANRT §XI L894', 'ANRT §XI L896, L892', 'ANRT §XI L896-900']);

/**
 * Units moved during the resolution by a withdrawal, a rout or an evade (§XII L955-966, §X L402),
 * or by an advance after combat or a pursuit (§XI L892-900, ANRT-W19): what ANRT-W11 checks a
 * charge against. Only charges that go in after the melees (opportunity charges on pursuers,
 * ANRT-P9) can meet the advances and pursuits.
 */
export const movedByMorale = (events: readonly { kind: string; rule?: string; unit?: string }[]): Set<string> =>
  new Set(events.flatMap((e) => (e.kind === 'move' && e.unit && (e.rule?.startsWith('ANRT §XII') || e.rule === 'ANRT §X L402' || ADVANCE_RULES.has(e.rule ?? '')) ? [e.unit] : [])));
