import { relativeSector } from '../../geometry/arcs';
import { baseDistance } from '../../geometry/base';
import { distance } from '../../geometry/vector';
import { baseOf, type SupportPiece } from './support';
import { isLineFormation } from '../state';

/**
 * "Order mixte" (§IX L517: "Units firing at order mixte to their front fire as normal at the line
 * and at the nearest column as a secondary target"). The text names it without a formation of its
 * own (its diagrams are missing, A-11), so ANRT-M11 (README) recognises it from the state: an
 * infantry battalion in line with a battalion of its own brigade in column abreast of it — on a
 * flank, footprints within `ORDER_MIXTE_INCHES` — is an order mixte with that column.
 */
export const ORDER_MIXTE_INCHES = { inches: 1, line: 'L517' } as const;

export interface MixtePiece extends SupportPiece { readonly brigade: string }

/** The columns in order mixte with `line`, nearest first (none if it is no infantry line). */
export function orderMixteColumns(line: MixtePiece, others: readonly MixtePiece[]): string[] {
  if (line.arm !== 'infantry' || !isLineFormation(line.formation) || line.routed) return [];
  const me = baseOf(line);
  return others
    .filter((o) => o.id !== line.id && o.side === line.side && o.brigade === line.brigade && o.arm === 'infantry' && o.formation === 'column' && !o.routed)
    .filter((o) => distance(o.at, line.at) < 8 && baseDistance(me, baseOf(o)) <= ORDER_MIXTE_INCHES.inches + 1e-6)
    .filter((o) => { const k = relativeSector(me, o.at); return k === 'left-flank' || k === 'right-flank'; })
    .sort((a, b) => distance(a.at, line.at) - distance(b.at, line.at) || a.id.localeCompare(b.id))
    .map((o) => o.id);
}
