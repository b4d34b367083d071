import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { PrintedName } from '../../plugin';
import type { SoloGame } from '../game';

/** Every name a Kuryakin piece is printed under: the scenario's name and the map's short label. Strengths are open (L3), so names hide nothing. */
export function soloPrinted(g: SoloGame): PrintedName[] {
  const uniq = (...xs: string[]) => [...new Set(xs)];
  return [
    ...g.armies.map((a): PrintedName => ({ id: a.id, kind: 'side', names: [a.name] })),
    ...g.brigades.map((b): PrintedName => ({ id: b.id, kind: 'corps', names: [g.brigadeNames[b.id] ?? b.id], side: b.side })),
    ...g.generals.map((x): PrintedName => ({ id: x.id, kind: 'general', names: uniq(x.name, shortGeneralLabel(x.name)), side: x.side })),
    ...g.units.map((u): PrintedName => ({ id: u.id, kind: 'unit', names: uniq(u.name, shortUnitLabel(u.name)), side: u.side })),
  ];
}
