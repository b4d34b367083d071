import { shortGeneralLabel } from '../../../render/map/labels';
import type { PrintedName } from '../../plugin';
import type { NwState } from '../state';
import { unitIdentity } from '../view';

/**
 * Every name an NW piece is printed under: "Brigade Koller", its label's identity "2B/1/II"
 * (§2.0 L33, on the base and in the narrative) and the narrative's "Brigade Koller (2B/1/II)";
 * batteries and officers by name and label. Never a brigade's whole label: its fatigue levels
 * give the starting s.p. the enemy's roster hides (§3.0 L45, ruling VW-1), and a name that
 * resolved on them would tell the enemy whether a guess was right.
 */
export function nwPrinted(s: NwState): PrintedName[] {
  const uniq = (...xs: string[]) => [...new Set(xs)];
  return [
    ...s.sides.map((x): PrintedName => ({ id: x.id, kind: 'side', names: [x.name] })),
    ...Object.values(s.commands).map((c): PrintedName => ({ id: c.id, kind: 'corps', names: [c.name], side: c.side })),
    ...Object.values(s.armies).map((a): PrintedName => ({ id: a.cinc.id, kind: 'general', names: uniq(a.cinc.name, shortGeneralLabel(a.cinc.name)), side: a.side })),
    ...Object.values(s.commanders).map((c): PrintedName => ({ id: c.id, kind: 'general', names: uniq(c.name, shortGeneralLabel(c.name)), side: c.side })),
    ...Object.values(s.generals).map((g): PrintedName => ({ id: g.id, kind: 'general', names: uniq(g.name, shortGeneralLabel(g.name), g.label), side: g.side })),
    ...Object.values(s.units).map((u): PrintedName => ({ id: u.id, kind: 'unit', names: uniq(u.name, unitIdentity(u), `${u.name} (${unitIdentity(u)})`), side: u.side })),
    ...Object.values(s.batteries).map((b): PrintedName => ({ id: b.id, kind: 'unit', names: uniq(b.name, b.label), side: b.side })),
  ];
}
