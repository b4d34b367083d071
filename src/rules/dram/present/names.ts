import { nameBook, type NameBook, type NameEntry } from '../../../narrative/names';
import { clockOf, type DramState } from '../state';

/**
 * Names of a DRAM game. Build it from the state *after* the resolution being narrated: it still
 * holds removed stands and fallen generals, and also the staff generals the resolution created.
 */
export function dramNames(state: DramState): NameBook {
  const entries: [string, NameEntry][] = [
    ...state.sides.map((s): [string, NameEntry] => [s.id, { name: s.name, kind: 'side' }]),
    ...Object.values(state.corps).map((c): [string, NameEntry] => [c.id, { name: c.name, kind: 'corps', side: c.side }]),
    ...Object.values(state.generals).map((g): [string, NameEntry] => [g.id, { name: g.name, kind: 'general', side: g.side }]),
    ...Object.values(state.stands).map((s): [string, NameEntry] => [s.id, { name: s.name, kind: 'unit', side: s.side, tag: s.order }]),
  ];
  return nameBook(entries, {
    clock: (turn) => clockOf(state, turn),
    grid: { table: state.map.table, grid: { cell: state.map.gridCell } },
  });
}
