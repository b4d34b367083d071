import type { GridContext } from '../rules/location/grid';

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
  /** How a distance of the ruleset reads ("120 mm" in Kuryakin, whose table is in millimetres); default inches ("12″"). */
  distance?(n: number): string;
}

/** The name of an id; an unknown id falls back to itself (a wrong name would be worse). */
export const nameOf = (names: NameBook, id: string): string => names.entry(id)?.name ?? id;

/** A NameBook over a fixed table of entries. */
export function nameBook(entries: Iterable<readonly [string, NameEntry]>, extra: Omit<NameBook, 'entry'> = {}): NameBook {
  const table = new Map(entries);
  return { ...extra, entry: (id) => table.get(id) };
}
