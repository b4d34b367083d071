import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { PrintedName } from '../../plugin';
import type { BpState } from '../state';

/** Every name a B&P piece is printed under: the scenario's name and the map's short label ("Brigade Acland" → "Acland"), on the map, in the roster and in the narrative (strengths are open, L12). */
export function bpPrinted(s: BpState): PrintedName[] {
  const uniq = (...xs: string[]) => [...new Set(xs)];
  return [
    ...s.sides.map((x): PrintedName => ({ id: x.id, kind: 'side', names: [x.name] })),
    ...Object.values(s.commanders).map((c): PrintedName => ({ id: c.id, kind: 'general', names: uniq(c.name, shortGeneralLabel(c.name)), side: c.side })),
    ...Object.values(s.units).map((u): PrintedName => ({ id: u.id, kind: 'unit', names: uniq(u.name, shortUnitLabel(u.name)), side: u.side })),
  ];
}
