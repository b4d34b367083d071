import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { PrintedName } from '../../plugin';
import type { AnrtState } from '../state';

/** Every name an ANRT piece is printed under: the scenario's and the map's short label. */
export function anrtPrinted(s: AnrtState): PrintedName[] {
  const uniq = (...xs: string[]) => [...new Set(xs)];
  return [
    ...s.sides.map((x): PrintedName => ({ id: x.id, kind: 'side', names: [x.name] })),
    ...Object.values(s.divisions).map((d): PrintedName => ({ id: d.id, kind: 'corps', names: [d.name], side: d.side })),
    ...Object.values(s.generals).map((g): PrintedName => ({ id: g.id, kind: 'general', names: uniq(g.name, shortGeneralLabel(g.name)), side: g.side })),
    ...Object.values(s.units).map((u): PrintedName => ({ id: u.id, kind: 'unit', names: uniq(u.name, shortUnitLabel(u.name)), side: u.side })),
  ];
}
