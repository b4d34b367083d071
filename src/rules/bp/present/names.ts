import { nameBook, type NameBook, type NameEntry } from '../../../narrative/names';
import { clockAt } from '../../scenario/clock';
import type { BpState } from '../state';

/** "14:30": the clock of a turn. B&P prints no time scale (L12); the scenario gives one (BP ruling in README). */
export const bpClockOf = (state: Pick<BpState, 'clock'>, turn: number): string => clockAt(state.clock.start, state.clock.turnMinutes, turn);

/**
 * Names of a B&P game for the narrative, built from the state after the resolution narrated
 * (eliminated battalions and fallen command figures are still in it). A battalion is named as
 * the scenario names it; its strength is open in B&P (figures on the table), so no tag hides it.
 */
export function bpNames(state: BpState): NameBook {
  const entry = (id: string, e: NameEntry): [string, NameEntry] => [id, e];
  return nameBook([
    ...state.sides.map((s) => entry(s.id, { name: s.name, kind: 'side' })),
    ...Object.values(state.commanders).map((c) => entry(c.id, { name: c.name, kind: 'general', side: c.side })),
    ...Object.values(state.units).map((u) => entry(u.id, { name: u.name, kind: 'unit', side: u.side })),
  ], {
    clock: (turn) => bpClockOf(state, turn),
    grid: { table: state.map.table, grid: { cell: state.map.gridCell } },
  });
}
