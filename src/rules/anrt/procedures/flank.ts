import { relativeSector } from '../../geometry/arcs';
import { baseDistance, basePolygon, localOffset, type Side } from '../../geometry/base';
import { isArea } from '../../geometry/features';
import { ringContains } from '../../geometry/primitives';
import { add, bearing, distance, rightVector, scale } from '../../geometry/vector';
import { isLineFormation, liveUnits, type AnrtFormation, type AnrtState, type AnrtUnit } from '../state';
import { buildingsOf } from '../terrain';
import type { Arm, MeleeLine } from '../tables/vocabulary';
import { baseOf, type SupportPiece } from './support';

/**
 * Flank and rear melees (§XI L839-850) and cavalry against infantry lines and columns (L852-865),
 * from where the units stand. Rulings ANRT-M12…M15 (README):
 *   L841 "the attacking unit must start its charge from a point where the whole unit is behind
 *        lines extending the targets flank or rear": every corner of the charger's footprint
 *        (footprint.ts) at its start lies behind the line extending the target's rear edge (rear),
 *        or beyond the line extending one flank edge and not ahead of the line of its front edge
 *        (flank) — ANRT-M12; the diagram is missing.
 *   L857 "overlap it by at least one base or two figures": units have no bases (ANRT-C2); the
 *        project's number is `OVERLAP_INCHES` of frontage beyond the target's unsecured flanks,
 *        the charger centred on its target (ANRT-M6) — ANRT-M13.
 *   L858/L865 "flanks are secured by another unit or terrain": a friend of the target, not
 *        routed, whose footprint comes within `SECURED_INCHES` of it with its centre in that
 *        flank's sector; or woods or buildings (no charging horseman rides through them, L359,
 *        L363) within `SECURED_INCHES` out from the middle of that flank edge.
 *   L1118 "include regimental artillery as part of the infantry line if appropriate": the line's
 *        own guns, unlimbered and standing beside it as a securing friend would (footprint within
 *        `SECURED_INCHES`, centre in a flank's sector), add their frontage to the line's and no
 *        longer count as a friend securing that flank — they are the flank (ANRT-R7).
 */

/** Where a charge comes from (L839-841). */
export type Aspect = 'front' | 'flank' | 'rear';

/** ANRT-M13: "one base or two figures" of overlap, in inches — the project's number, not the author's. */
export const OVERLAP_INCHES = 1;
/** ANRT-M13: a friend this close on a flank secures it (the project's number: no room for a base). */
export const SECURED_INCHES = 1;

type Piece = Pick<SupportPiece, 'at' | 'facing' | 'arm' | 'formation'>;

const EPS = 1e-6;

/** L841: a charge from `charger`'s start at `target` (both as they stood when the charge began). */
export function chargeAspect(charger: Piece, target: Piece): Aspect {
  const t = baseOf(target);
  const halfWidth = t.size.width / 2;
  const offsets = basePolygon(baseOf(charger)).map((p) => localOffset(t, p));
  // `ahead` is measured from the front edge: the rear edge is at −depth.
  if (offsets.every((o) => o.ahead < -t.size.depth - EPS)) return 'rear';
  const notAhead = offsets.every((o) => o.ahead <= EPS);
  if (notAhead && (offsets.every((o) => o.lateral > halfWidth + EPS) || offsets.every((o) => o.lateral < -halfWidth - EPS))) return 'flank';
  return 'front';
}

/** The flanks of `target` a friend secures (L858, L865): within `SECURED_INCHES`, centre in that flank's sector. */
export function securedFlanks(target: SupportPiece, others: readonly SupportPiece[]): Side[] {
  const me = baseOf(target);
  const out = new Set<Side>();
  for (const o of others) {
    if (o.id === target.id || o.side !== target.side || o.routed || o.abandoned || distance(o.at, target.at) > SECURED_INCHES + 6) continue;
    if (baseDistance(me, baseOf(o)) > SECURED_INCHES + EPS) continue;
    const s = relativeSector(me, o.at);
    if (s === 'left-flank' || s === 'right-flank') out.add(s);
  }
  return [...out].sort();
}

/** Terrain that secures a flank (L858, L865): woods and buildings (L359, L363). */
const SECURING_TERRAIN = new Set(['woods', 'forest', 'built-up', 'town']);

/** The flanks of `target` woods or buildings secure: met within `SECURED_INCHES` out from the middle of the flank edge. */
export function terrainSecuredFlanks(s: Pick<AnrtState, 'map'>, target: Piece): Side[] {
  const areas = s.map.terrain.filter(isArea).filter((f) => SECURING_TERRAIN.has(f.kind));
  if (!areas.length) return [];
  const half = baseOf(target).size.width / 2;
  const right = rightVector(target.facing);
  const out: Side[] = [];
  for (const [side, sign] of [['left-flank', -1], ['right-flank', 1]] as const) {
    // Sampled every ¼" from the flank edge out to SECURED_INCHES, level with the unit's centre.
    const hits = [0.25, 0.5, 0.75, 1].some((k) => { const p = add(target.at, scale(right, sign * (half + k * SECURED_INCHES))); return areas.some((f) => ringContains(f.polygon, p)); });
    if (hits) out.push(side);
  }
  return out;
}

/**
 * L857: the charger's frontage beyond the target's, centred on it (ANRT-M6), counted on each
 * flank that is not secured; overlapped when that reaches `OVERLAP_INCHES`. `gunsWidth`: the
 * frontage of regimental guns in the line (L1118, `gunsInLine`).
 */
export function overlaps(charger: Piece, target: Piece, secured: readonly Side[], gunsWidth = 0): boolean {
  const perFlank = Math.max(0, (baseOf(charger).size.width - baseOf(target).size.width - gunsWidth) / 2);
  const open = 2 - secured.filter((s) => s === 'left-flank' || s === 'right-flank').length;
  return perFlank * open >= OVERLAP_INCHES - EPS;
}

/**
 * L1118: `guns` (the line's own regimental battery, if any) counted as part of the infantry line
 * when "appropriate" (ANRT-R7): the line is infantry in line or reinforced line; the guns are
 * unlimbered (in action beside it), not routed nor abandoned, and stand beside it on a flank
 * (footprints within `SECURED_INCHES`, the battery's centre in a flank sector). Null otherwise.
 */
export function gunsInLine<P extends SupportPiece>(line: Piece, guns: P | undefined): P | null {
  if (!guns || line.arm !== 'infantry' || !isLineFormation(line.formation)) return null;
  if (guns.formation !== 'unlimbered' || guns.routed || guns.abandoned) return null;
  const me = baseOf(line);
  if (baseDistance(me, baseOf(guns)) > SECURED_INCHES + EPS) return null;
  const k = relativeSector(me, guns.at);
  return k === 'left-flank' || k === 'right-flank' ? guns : null;
}

/** Close-order cavalry (L857): cavalry not in skirmish order. */
const closeOrderCavalry = (u: { arm: Arm; formation: AnrtFormation }): boolean => u.arm === 'cavalry' && u.formation !== 'skirmish';

/**
 * The melee line close-order cavalry strikes infantry on (ANRT-M14): against a line, "CAV LINE"
 * from a flank or the rear or overlapping it (L857), else "CAV COL" (L858); against a column, "COL"
 * from a flank or the rear or overlapping it (L864), else "MASSE" (L865). Null when L852-865 do
 * not apply (not close-order cavalry, not infantry in line or column: a masse is already MASSE).
 */
export function cavalryLine(cavalry: { arm: Arm; formation: AnrtFormation }, infantry: { arm: Arm; formation: AnrtFormation }, aspect: Aspect, overlapped: boolean): MeleeLine | null {
  if (!closeOrderCavalry(cavalry) || infantry.arm !== 'infantry') return null;
  const outflanked = aspect !== 'front' || overlapped;
  // L858: "infantry line or reinforced line" alike (ANRT-RL2).
  if (isLineFormation(infantry.formation)) return outflanked ? 'CAV LINE' : 'CAV COL';
  if (infantry.formation === 'column') return outflanked ? 'COL' : 'MASSE';
  return null;
}

/** What the narrative says of L852-865's choice. */
export function cavalryLineWhy(line: MeleeLine, aspect: Aspect, overlapped: boolean, guns?: string): string {
  const how = aspect !== 'front' ? `from the ${aspect}` : overlapped ? 'overlapping it' : 'not overlapping it';
  const rule = line === 'CAV LINE' || line === 'CAV COL' ? 'L857-858' : 'L864-865';
  const withGuns = guns && aspect === 'front' ? `, its regimental guns ${guns} counted in the line (L1118, ANRT-R7)` : '';
  return `${line} (${how}${withGuns}, ${rule}; overlap ≥ ${OVERLAP_INCHES}" is the project's measure, ANRT-M13)`;
}

/** A pair of a melee: `a` charged `d`. */
interface MeleePair { readonly a: string; readonly d: string }

/**
 * The aspect of `a` charging `d` if they are a pair of this melee. A countercharge (L588-590) does
 * not change it: L841 judges the charge from where it starts (ANRT-M12).
 */
const aspectIn = (aspects: ReadonlyMap<string, Aspect> | undefined, group: readonly MeleePair[], a: string, d: string): Aspect =>
  group.some((q) => q.a === a && q.d === d) ? aspects?.get(`${a}>${d}`) ?? 'front' : 'front';

/** Each charge's aspect, keyed `charger>target`, from the state before the charges moved (L841). */
export function chargeAspects(s: AnrtState, charges: readonly { unit: string; target: string }[]): Map<string, Aspect> {
  const m = new Map<string, Aspect>();
  for (const ch of charges) {
    const a = s.units[ch.unit]; const d = s.units[ch.target];
    if (a && d) m.set(`${ch.unit}>${ch.target}`, chargeAspect(a, d));
  }
  return m;
}

/** What §XI L839-865 change in one unit's strike at its first opponent. */
export interface FlankStrike {
  /** The line L852-865 choose, if they apply. */
  readonly line: MeleeLine | null;
  /** L846: the target of a one-on-one flank or rear charge strikes with `melee:flank-or-rear`; where it was charged. */
  readonly struckFrom: Exclude<Aspect, 'front'> | null;
  readonly why: string | null;
}

export function flankStrike(s: AnrtState, aspects: ReadonlyMap<string, Aspect> | undefined, group: readonly MeleePair[], u: AnrtUnit, first: AnrtUnit): FlankStrike {
  const charged = group.some((p) => p.a === u.id && p.d === first.id);
  const aspect = aspectIn(aspects, group, u.id, first.id);
  let line: MeleeLine | null = null;
  let why: string | null = null;
  // L857: only cavalry that attack; infantry in buildings is meleed on its BUILDINGS line (ANRT-T11).
  if (charged && cavalryLine(u, first, aspect, false) !== null && !buildingsOf(s, first)) {
    // L1118: the line's own guns beside it widen it (ANRT-R7) instead of securing its flank as a friend.
    const guns = gunsInLine(first, liveUnits(s).find((g) => g.parent === first.id && !g.stowed));
    const friends = guns ? liveUnits(s).filter((g) => g.id !== guns.id) : liveUnits(s);
    const over = aspect === 'front' && overlaps(u, first, [...new Set([...securedFlanks(first, friends), ...terrainSecuredFlanks(s, first)])], guns ? baseOf(guns).size.width : 0);
    line = cavalryLine(u, first, aspect, over);
    why = cavalryLineWhy(line!, aspect, over, guns?.id);
  }
  const targetAspect = aspectIn(aspects, group, first.id, u.id);
  // L844-846: "in a one-on-one flank and rear melee situation"; in a multiple melee only with the
  // house option `melee.flankInMultiple` = first-opponent, for the opponent it strikes first (ANRT-M16).
  const multipleToo = s.settings.melee?.flankInMultiple === 'first-opponent';
  const struckFrom = (group.length === 1 || multipleToo) && targetAspect !== 'front' ? targetAspect : null;
  return { line, struckFrom, why };
}

/**
 * L848: the target of a one-on-one flank or rear charge that draws "may turn to face its opponent
 * even though it is disordered. This does not count as an advance." It always does (ANRT-M15: no
 * window for a choice nobody would refuse), if both still stand where they fought.
 */
export function turnToFace(s: AnrtState, aspects: ReadonlyMap<string, Aspect> | undefined, group: readonly MeleePair[], before: Readonly<Record<string, AnrtUnit>>, result: (id: string) => string | undefined): { unit: string; facing: number } | null {
  if (group.length !== 1) return null;
  const p = group[0]!;
  if (aspectIn(aspects, group, p.a, p.d) === 'front' || result(p.d) !== 'draw') return null;
  const d = s.units[p.d]; const a = s.units[p.a];
  const d0 = before[p.d]; const a0 = before[p.a];
  if (!d || !a || !d0 || !a0 || d.gone || a.gone || d.routed || a.routed) return null;
  if (distance(d.at, d0.at) > EPS || distance(a.at, a0.at) > EPS) return null;
  return { unit: d.id, facing: bearing(d.at, a.at) };
}
