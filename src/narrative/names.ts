import type { GridContext } from '../rules/location/grid';
import { clockOf, type DramState } from '../rules/dram/state';

/** What an id in an event can stand for. */
export type NameKind = 'unit' | 'general' | 'corps' | 'side';

/** How the narrative shows one id. */
export interface NameEntry {
  readonly name: string;
  readonly kind: NameKind;
  /** The side id it belongs to (units, generals, corps), so a line can say "(French)". */
  readonly side?: string;
  /** A short state shown after a unit's name when it moves (DRAM: its order letter). */
  readonly tag?: string;
}

/**
 * How the narrative turns the ids in events into names. Ruleset-agnostic: events carry ids
 * (stand, general, corps, side), and only the game's state knows what they are called.
 */
export interface NameBook {
  entry(id: string): NameEntry | undefined;
  /** "15:00" for a turn, when the ruleset has a clock. */
  clock?(turn: number): string;
  /** The map's reference grid, so places read "F7" as on the rendered map. */
  readonly grid?: GridContext;
}

/** The name of an id; an unknown id falls back to itself (a wrong name would be worse). */
export const nameOf = (names: NameBook, id: string): string => names.entry(id)?.name ?? id;

/** A NameBook over a fixed table of entries. */
export function nameBook(entries: Iterable<readonly [string, NameEntry]>, extra: Omit<NameBook, 'entry'> = {}): NameBook {
  const table = new Map(entries);
  return { ...extra, entry: (id) => table.get(id) };
}

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
