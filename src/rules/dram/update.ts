import { refile } from './neighbours';
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

/**
 * A phase that updates many stands works on a draft: the records are copied once, then each
 * patch is O(1). The input state is never touched; only the draft, which nothing else holds
 * until the phase returns it, is written in place.
 */
export type Draft = DramState & { readonly __draft: true };

export function draft(s: DramState): Draft {
  // The marker is in the type only: commit then hands the same object back, no copy (issue 12).
  return { ...s, stands: { ...s.stands }, generals: { ...s.generals } } as Draft;
}

export function patchStand(d: Draft, id: string, patch: Partial<Stand> | ((x: Stand) => Partial<Stand>)): void {
  const cur = d.stands[id];
  if (!cur) throw new Error(`DRAM: no stand ${id}`);
  const next = { ...cur, ...(typeof patch === 'function' ? patch(cur) : patch) };
  (d.stands as Record<string, Stand>)[id] = next;
  refile(d.stands, next);
}

export function patchGeneral(d: Draft, id: string, patch: Partial<General>): void {
  const cur = d.generals[id];
  if (!cur) throw new Error(`DRAM: no general ${id}`);
  (d.generals as Record<string, General>)[id] = { ...cur, ...patch };
}

/** The finished state: the draft itself, no longer to be patched (the caller drops its draft). */
export function commit(d: Draft): DramState {
  return d;
}
