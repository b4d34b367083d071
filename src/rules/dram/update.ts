import type { DramState, General, Stand } from './state';

/** Immutable updates of a DRAM state: each returns a new state sharing what did not change. */
export function withStand(s: DramState, id: string, patch: Partial<Stand> | ((x: Stand) => Partial<Stand>)): DramState {
  const cur = s.stands[id];
  if (!cur) throw new Error(`DRAM: no stand ${id}`);
  return { ...s, stands: { ...s.stands, [id]: { ...cur, ...(typeof patch === 'function' ? patch(cur) : patch) } } };
}

export function withGeneral(s: DramState, id: string, patch: Partial<General> | ((g: General) => Partial<General>)): DramState {
  const cur = s.generals[id];
  if (!cur) throw new Error(`DRAM: no general ${id}`);
  return { ...s, generals: { ...s.generals, [id]: { ...cur, ...(typeof patch === 'function' ? patch(cur) : patch) } } };
}

/** Ids in a stable order, so every procedure visits units the same way on every replay. */
export const sortedIds = <T extends { id: string }>(xs: readonly T[]): T[] => [...xs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
