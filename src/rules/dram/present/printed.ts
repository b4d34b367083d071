import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { PrintedName } from '../../plugin';
import type { DramState } from '../state';

/**
 * Every name a DRAM piece is printed under: the scenario's name (roster, narrative) and the
 * map's short label ("Division Kessler" → "Kessler", "GdD Vandamme (III Corps)" → "Vandamme").
 * DRAM hides no units, so every piece of both sides may be named.
 */
export function dramPrinted(s: DramState): PrintedName[] {
  const uniq = (...xs: string[]) => [...new Set(xs)];
  return [
    ...s.sides.map((x): PrintedName => ({ id: x.id, kind: 'side', names: [x.name] })),
    ...Object.values(s.corps).map((c): PrintedName => ({ id: c.id, kind: 'corps', names: [c.name], side: c.side })),
    ...Object.values(s.generals).map((g): PrintedName => ({ id: g.id, kind: 'general', names: uniq(g.name, shortGeneralLabel(g.name)), side: g.side })),
    ...Object.values(s.stands).map((x): PrintedName => ({ id: x.id, kind: 'unit', names: uniq(x.name, shortUnitLabel(x.name)), side: x.side })),
  ];
}
