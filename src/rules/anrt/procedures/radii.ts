import type { Point } from '../../geometry/types';
import { distance, dot, headingVector, rightVector, sub } from '../../geometry/vector';
import { COMMAND_RADII } from '../tables/command';

/**
 * Command radii (§VI L240-253), pure geometry. A unit is in command when its brigadier is in
 * command (within 10" of the divisional commander, L250) and the unit is inside his command box
 * (L245) or is a march column in a chain of march columns of its brigade, each within 3" of the
 * next, one of them within 3" of the brigadier (L247). Units bases are not modelled: a unit is a
 * point, so "some part of their base inside" is its centre inside (ANRT-C2).
 */

export interface Box { readonly frontInches: number; readonly depthInches: number }

/** Inside the box centred on `centre`, its front square to `facing` (the brigade's mean facing, ANRT-C2). */
export function inBox(p: Point, centre: Point, facing: number, box: Box): boolean {
  const d = sub(p, centre);
  return Math.abs(dot(d, rightVector(facing))) <= box.frontInches / 2 + 1e-9 && Math.abs(dot(d, headingVector(facing))) <= box.depthInches / 2 + 1e-9;
}

/** The march columns reached by a chain from the brigadier, each link within 3" (L247). */
export function marchChain(brigadier: Point, columns: readonly { id: string; at: Point }[]): Set<string> {
  const reach = COMMAND_RADII.marchColumnChain.inches + 1e-9;
  const linked = new Set(columns.filter((c) => distance(c.at, brigadier) <= reach).map((c) => c.id));
  for (let grew = true; grew;) {
    grew = false;
    for (const c of columns) {
      if (linked.has(c.id)) continue;
      if (columns.some((o) => linked.has(o.id) && distance(o.at, c.at) <= reach)) { linked.add(c.id); grew = true; }
    }
  }
  return linked;
}

/** The circular mean of facings in compass degrees (a brigade's front, ANRT-C2). */
export function meanFacing(facings: readonly number[]): number {
  if (!facings.length) return 0;
  const x = facings.reduce((n, f) => n + Math.sin((f * Math.PI) / 180), 0);
  const y = facings.reduce((n, f) => n + Math.cos((f * Math.PI) / 180), 0);
  const deg = (Math.atan2(x, y) * 180) / Math.PI;
  return Math.round(((deg % 360) + 360) % 360 * 1e6) / 1e6;
}

export interface CommandCase {
  /** The divisional general, null if killed (L271). */
  readonly divisionGeneral: Point | null;
  /** The brigadier, null when he has fallen (ANRT-C4); undefined for a unit attached to the division itself (L253). */
  readonly brigadier?: Point | null;
  readonly facing: number;
  readonly box: Box;
  readonly unit: { readonly id: string; readonly at: Point; readonly marchColumn: boolean };
  /** The brigade's march columns, for the chain (L247). */
  readonly columns: readonly { id: string; at: Point }[];
  /** Unattached at corps level (L231): `divisionGeneral` is the corps commander, 20" for unattached units and brigades alike (L253). */
  readonly corpsLevel?: boolean;
}

/** Why a unit is out of command, or null when it is in command (§VI L243-253, L271). */
export function outOfCommandWhy(c: CommandCase): string | null {
  if (!c.divisionGeneral) return c.corpsLevel ? 'its corps commander is killed (L231, L271)' : 'its divisional general is killed (L271)';
  const radius = c.corpsLevel ? COMMAND_RADII.unattachedToCorps.inches : COMMAND_RADII.unattachedToDivision.inches;
  const boss = c.corpsLevel ? 'its corps commander' : 'its divisional general';
  if (c.brigadier === undefined || c.brigadier === null) {
    const d = distance(c.unit.at, c.divisionGeneral);
    const who = c.brigadier === null ? 'its brigadier fallen (ANRT-C4), it is' : c.corpsLevel ? 'unattached at corps level,' : 'unattached,';
    return d <= radius + 1e-9 ? null : `${who} ${d.toFixed(1)}" from ${boss}, beyond ${radius}" (L253)`;
  }
  const bd = distance(c.brigadier, c.divisionGeneral);
  if (c.corpsLevel && bd > radius + 1e-9) return `its brigadier (an unattached brigade) is ${bd.toFixed(1)}" from the corps commander, beyond ${radius}" (L253)`;
  if (!c.corpsLevel && bd > COMMAND_RADII.brigadierToDivision.inches + 1e-9) return `its brigadier is ${bd.toFixed(1)}" from the divisional general, beyond 10" (L250)`;
  if (inBox(c.unit.at, c.brigadier, c.facing, c.box)) return null;
  if (c.unit.marchColumn && marchChain(c.brigadier, c.columns).has(c.unit.id)) return null;
  return `outside its brigadier's command box (${c.box.frontInches}" × ${c.box.depthInches}", L245)${c.unit.marchColumn ? ' and no march-column chain reaches him (L247)' : ''}`;
}

/** Default allocation of the corps commander's dice (L21): the dice in the order thrown, then each posted choice as a swap. */
export function allocate(faces: readonly number[], divisions: readonly string[], choices: readonly { division: string; die: number }[]): Record<string, number> {
  const got = new Map(divisions.map((d, i) => [d, faces[i]!]));
  for (const c of choices) {
    const had = got.get(c.division);
    if (had === undefined || had === c.die) continue;
    const from = divisions.find((d) => d !== c.division && got.get(d) === c.die);
    if (from === undefined) continue;
    got.set(from, had);
    got.set(c.division, c.die);
  }
  return Object.fromEntries(got);
}

/** Whether the allocation is a real choice: two divisions or more and two different faces (L21). */
export const allocationIsAChoice = (faces: readonly number[]): boolean => new Set(faces).size > 1;
