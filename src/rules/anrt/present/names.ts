import { nameBook, type NameBook, type NameEntry } from '../../../narrative/names';
import { clockAt } from '../../scenario/clock';
import type { AnrtState } from '../state';

/** Names of an ANRT game for the narrative (strengths in hits are open: figures on the table). */
export function anrtNames(state: AnrtState): NameBook {
  const entry = (id: string, e: NameEntry): [string, NameEntry] => [id, e];
  return nameBook([
    ...state.sides.map((s) => entry(s.id, { name: s.name, kind: 'side' })),
    ...Object.values(state.divisions).map((d) => entry(d.id, { name: d.name, kind: 'corps', side: d.side })),
    ...Object.values(state.generals).map((g) => entry(g.id, { name: g.name, kind: 'general', side: g.side })),
    ...Object.values(state.units).map((u) => entry(u.id, { name: u.name, kind: 'unit', side: u.side })),
  ], {
    clock: (turn) => clockAt(state.clock.start, state.clock.turnMinutes, turn),
    grid: { table: state.map.table, grid: { cell: state.map.gridCell } },
  });
}
