import { nwClockOf, type NwState } from '../state';
import { unitIdentity } from '../view';
import { nameBook, type NameBook, type NameEntry } from '../../../narrative/names';

/**
 * Names of an NW game, for the narrative. Build it from the state *after* the resolution being
 * narrated: it still holds removed brigades, destroyed batteries and lost officers.
 *
 * A brigade is named with its label's identity, "1st Brigade (1B/1/I)", because players call
 * NW units by their labels (§2.0 L29-37). Only the identity: the narrative goes to the whole
 * channel, and the full label's fresh/worn/spent levels reveal the starting s.p. the enemy's
 * roster hides (NW §3.0 L45; ruling VW-1 in rules/nw/view.ts). Battery, commander and CinC
 * labels hold nothing secret, but read badly inside prose, so those are named plainly.
 * No tag: DRAM tags a mover with its order chit; NW has no orders to show.
 */
export function nwNames(state: NwState): NameBook {
  const entry = (id: string, e: NameEntry): [string, NameEntry] => [id, e];
  const entries: [string, NameEntry][] = [
    ...state.sides.map((s) => entry(s.id, { name: s.name, kind: 'side' })),
    ...Object.values(state.armies).map((a) => entry(a.cinc.id, { name: a.cinc.name, kind: 'general', side: a.side })),
    ...Object.values(state.commands).map((c) => entry(c.id, { name: c.name, kind: 'corps', side: c.side })),
    ...Object.values(state.commanders).map((c) => entry(c.id, { name: c.name, kind: 'general', side: c.side })),
    ...Object.values(state.generals).map((g) => entry(g.id, { name: g.name, kind: 'general', side: g.side })),
    ...Object.values(state.units).map((u) => entry(u.id, { name: `${u.name} (${unitIdentity(u)})`, kind: 'unit', side: u.side })),
    ...Object.values(state.batteries).map((b) => entry(b.id, { name: b.name, kind: 'unit', side: b.side })),
  ];
  return nameBook(entries, {
    clock: (turn) => nwClockOf(state, turn),
    grid: { table: state.map.table, grid: { cell: state.map.gridCell } },
  });
}
