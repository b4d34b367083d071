import type { Problem } from '../../../lib/result';
import { ringDistance, ringsIntersect } from '../../geometry/primitives';
import type { Point } from '../../geometry/types';
import { distance } from '../../geometry/vector';
import type { AnrtOrder } from '../orders';
import { COLUMN_GAP_INCHES, grow, LINES_CLEAR_OF_ENEMY_INCHES, passageThrough, ringOf, unitsOnPath } from '../passage';
import { isArtillery, liveUnits, type AnrtFormation, type AnrtState, type AnrtUnit } from '../state';
import { fmt, problem } from './common';
import { isHold } from './one-hit';

/**
 * An ordinary move (`/move`, with or without a formation change posted beside it) checked against
 * the friends in its way (§VII L381-395), as a charge's path is (charge-path.ts): the unit's
 * footprint is carried along the path (passage.ts `unitsOnPath`) and every friend it meets must be
 * one it may pass (`passageThrough`, 'move'); it may not end standing on a friend's ground either
 * (L395 "providing the moving unit clears the buildings completely"). Checked when posted and again
 * as the orders are carried out (turn.ts validates every order again, in the order posted).
 *
 * ANRT-W10: the units of the posting side's other orders stand where those orders put them — a
 * friend with a move posted is taken where it goes, a formation posted is the one it moves in
 * (turn.ts makes the formation changes before the moves) — and a battalion and its own regimental
 * guns never block each other (they move together, L1083, ANRT-R2).
 */

/**
 * ANRT-W10: a move grazing a friend's edge — its ground overlapping the friend's by less than this
 * at a corner — does not meet it (units stand edge to edge in line of battle; the project's measure).
 */
export const GRAZE_INCHES = 0.1;

/** The side's units as its posted orders leave them: moved where a move takes them, in the formation posted. */
export function postedPool(s: AnrtState, orders: readonly AnrtOrder[], moveTo: (u: AnrtUnit, to: string) => Point | null): AnrtUnit[] {
  const at = new Map<string, Point>();
  const formed = new Map<string, AnrtFormation>();
  for (const o of orders) {
    if (o.kind === 'formation') formed.set(o.unit, o.formation);
    if (o.kind !== 'move' || isHold(o) || !s.units[o.unit]) continue;
    const p = moveTo(s.units[o.unit]!, o.to);
    if (p) at.set(o.unit, p);
  }
  if (!at.size && !formed.size) return [...liveUnits(s)];
  return liveUnits(s).map((x) => (at.has(x.id) || formed.has(x.id) ? { ...x, at: at.get(x.id) ?? x.at, formation: formed.get(x.id) ?? x.formation } : x));
}

/** Whether two units are a battalion and its own regimental guns (ANRT-R2: they move together). */
const pair = (a: AnrtUnit, b: AnrtUnit): boolean => a.parent === b.id || b.parent === a.id;

/** Why `mover` may not pass `f` (the line of L381-395 that says so), for the refusal. */
export function noPassage(s: AnrtState, mover: AnrtUnit, f: AnrtUnit): string {
  const enemy = liveUnits(s).reduce((m, e) => (e.side !== f.side && !e.abandoned ? Math.min(m, distance(e.at, f.at)) : m), Infinity);
  const near = Number.isFinite(enemy) ? ` (${fmt(enemy)} from the nearest enemy)` : '';
  const cavOrLimbered = mover.arm === 'cavalry' || (isArtillery(mover) && mover.formation === 'limbered');
  if (isArtillery(f) && f.formation === 'unlimbered') return isArtillery(mover) ? 'only infantry and cavalry move through unlimbered guns (L391)' : 'only non-charging infantry and cavalry move through unlimbered guns (L391)';
  if (mover.arm === 'infantry' && mover.formation === 'line' && f.arm === 'infantry' && f.formation === 'line') return `infantry lines pass friendly infantry lines only when these are more than ${LINES_CLEAR_OF_ENEMY_INCHES}" from the enemy (L385)${near}`;
  if (cavOrLimbered && f.arm === 'infantry' && ['column', 'masse', 'march-column', 'square'].includes(f.formation)) return `cavalry and limbered guns pass squares and columns only with gaps of at least ${COLUMN_GAP_INCHES}" between them (L387): another friend stands within ${COLUMN_GAP_INCHES}"`;
  if (cavOrLimbered && f.formation === 'line' && (f.arm === 'infantry' || f.arm === 'cavalry')) return `cavalry and limbered guns pass lines only when these are more than ${LINES_CLEAR_OF_ENEMY_INCHES}" from the enemy (L387)${near}`;
  return `L381-395 let ${mover.arm === 'infantry' ? `infantry in ${mover.formation}` : isArtillery(mover) ? `${mover.formation} guns` : `cavalry in ${mover.formation}`} through no friendly ${isArtillery(f) ? `${f.formation} guns` : `${f.arm} in ${f.formation}`}`;
}

/**
 * ANRT-W12: footprints this close are in contact — the gap the engine counts as contact after a
 * melee (ANRT-P7, "footprints within ½""); the project's measure, the text gives none.
 */
export const ENEMY_CONTACT_INCHES = 0.5;

/**
 * ANRT-W12: an ordinary move against the enemies in its way. Moving into contact with an enemy is
 * a charge (§X L398-400, with the enemy's responses; the melees of §XI are fought by chargers and
 * their targets), so a `/move` may neither cross an enemy's ground nor end within
 * `ENEMY_CONTACT_INCHES` of it (its footprint carried along the path, its facing kept, as ANRT-W10). How near it may come otherwise: the text limits only
 * multiple moves, "may not approach closer than 6” to known enemy" (L311, `MULTIPLE_MOVES`, phases/multiple.ts, ANRT-W13); a
 * single move may stop short of contact anywhere (facing the risk of opportunity charges, L424-430).
 * Enemies it already stood in contact with are no new contact (a unit stepping back from a melee);
 * abandoned guns have nobody to fight (L1065: they are spiked by standing in contact with them).
 */
export function checkMoveEnemies(s: AnrtState, mover: AnrtUnit, path: readonly Point[]): Problem | null {
  const enemy = (o: AnrtUnit): boolean => o.side !== mover.side && !o.abandoned && !o.gone;
  const start = ringOf(mover, path[0]!);
  const touching = (o: AnrtUnit, ring: readonly Point[]): boolean => ringDistance(ring, ringOf(o)) <= ENEMY_CONTACT_INCHES + 1e-9;
  const hint = (e: AnrtUnit) => `Moving into contact is a charge: use /charge unit:"${mover.name}" target:"${e.name}" (the enemy answers it, §X), or stop more than ${fmt(ENEMY_CONTACT_INCHES)} short of ${e.name}.`;
  const crossed = unitsOnPath(s, mover, path, enemy).find((m) => !touching(m.unit, start));
  if (crossed) {
    return problem('order/move-into-enemy', `${mover.name} would move into ${crossed.unit.name} (${fmt(crossed.along)} along its path): moving into contact is a charge, use /charge (§X L398-400).`, hint(crossed.unit));
  }
  const end = ringOf(mover, path[path.length - 1]!);
  // Centres 12" apart never touch (no footprint reaches 3" from its centre): only the near are measured.
  const met = liveUnits(s).find((o) => enemy(o) && distance(o.at, path[path.length - 1]!) < 12 && touching(o, end) && !touching(o, start));
  if (met) {
    return problem('order/move-into-enemy', `${mover.name} would end its move in contact with ${met.name} (within ${fmt(ENEMY_CONTACT_INCHES)}): moving into contact is a charge, use /charge (§X L398-400).`, hint(met));
  }
  return null;
}

/**
 * The move of `u` along `path` against its friends (L381-395), then the enemies (ANRT-W12,
 * `checkMoveEnemies`): null if clear, else the problem naming the first friend it may not pass or
 * would end on, or the enemy it would contact. `formation`: the one it moves in.
 */
export function checkMovePath(s: AnrtState, u: AnrtUnit, path: readonly Point[], pool: readonly AnrtUnit[], formation: AnrtFormation = u.formation): Problem | null {
  if (path.length < 2 || distance(path[0]!, path[path.length - 1]!) < 1e-6) return null;
  const mover = formation === u.formation ? u : { ...u, formation };
  const met = unitsOnPath(s, mover, path, (o) => o.side === u.side && !pair(u, o), pool, GRAZE_INCHES);
  const end = path[path.length - 1]!;
  const endRing = met.length ? grow(ringOf(mover, end), end, -GRAZE_INCHES) : [];
  for (const m of met) {
    const by = passageThrough(s, mover, m.unit, 'move');
    const where = `${fmt(m.along)} along its path`;
    if (!by) {
      return problem('order/move-through-friend', `${u.name} would move through ${m.unit.name} (${where}): ${noPassage(s, mover, m.unit)}.`,
        `Go round ${m.unit.name} (name a place to its side, or move in two phases), post a move of ${m.unit.name} out of the way first (a friend's posted move is taken into account), or ${mover.formation === 'skirmish' ? 'choose another unit' : 'move in skirmish order (skirmishers pass all friends, L383)'}.`);
    }
    if (ringsIntersect(endRing, ringOf(m.unit))) {
      return problem('order/move-onto-friend', `${u.name} would end its move on ${m.unit.name}'s ground: it may pass through it (${by}) but must clear it (L395).`, `Stop short of ${m.unit.name} or go on beyond it, within the normal move.`);
    }
  }
  return checkMoveEnemies(s, mover, path);
}
