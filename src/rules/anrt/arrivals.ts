import type { GameEvent } from '../events';
import type { Base } from '../geometry/base';
import { formUpAt } from '../geometry/form-up';
import { footprint, GENERAL_FOOTPRINT } from './footprint';
import { liveUnits, phasingSide, sideName, type AnrtArrival, type AnrtState } from './state';

/**
 * ANRT-S1: reinforcements. The text prints no reinforcement rule; the shared scenario format
 * gives each group a turn, an entry point on the table edge and a facing. A group whose turn has
 * come enters as its side's phase opens — before the command pips are thrown, so its division
 * throws for it and its owner moves it that phase (§I L14-20). Its pieces form up abreast at the
 * entry point in the scenario's order, overlapping no unit or general already there
 * (`formUpAt`); a piece with no clear ground near the point is put down anyway and the
 * narrative says the entry is crowded.
 */
export function arriveReinforcements(s: AnrtState): { s: AnrtState; events: GameEvent[] } {
  const side = phasingSide(s);
  const due = (s.arrivals ?? []).filter((a) => a.side === side && a.turn <= s.turn);
  if (!due.length) return { s, events: [] };
  let units = { ...s.units };
  let generals = { ...s.generals };
  const events: GameEvent[] = [];
  for (const a of due) {
    const taken: Base[] = [
      ...liveUnits({ ...s, units }).map((u) => ({ pose: { at: u.at, facing: u.facing }, size: footprint(u) })),
      ...Object.values(generals).filter((g) => g.alive).map((g) => ({ pose: { at: g.at, facing: 0 }, size: GENERAL_FOOTPRINT })),
    ];
    const pieces = [...a.units.map((u) => ({ id: u.id, size: footprint(u) })), ...a.generals.map((g) => ({ id: g.id, size: GENERAL_FOOTPRINT }))];
    const { poses, crowded } = formUpAt(a.at, a.facing, pieces, taken, s.map.table);
    for (const u of a.units) units = { ...units, [u.id]: { ...u, at: poses.get(u.id)!.at, facing: a.facing } };
    for (const g of a.generals) generals = { ...generals, [g.id]: { ...g, at: poses.get(g.id)!.at } };
    events.push({ kind: 'note', rule: 'ANRT-S1', text: `Reinforcements for ${sideName(s, side)} arrive${a.place ? ` by ${a.place}` : ''} (turn ${a.turn}): ${[...a.units.map((u) => u.name), ...a.generals.map((g) => g.name)].join(', ')}.` });
    if (crowded.length) events.push({ kind: 'note', rule: 'ANRT-S1', text: `The entry is crowded: ${crowded.join(', ')} could find no clear ground near it and stand as close as the table allows.` });
  }
  return { s: { ...s, units, generals, arrivals: (s.arrivals ?? []).filter((a) => !due.includes(a)) }, events };
}

/** Every unit of a side, on the table or still to come (the collapse share counts reinforcements too). */
export const allUnitsOf = (s: AnrtState, side: string) => [...Object.values(s.units), ...(s.arrivals ?? []).flatMap((a: AnrtArrival) => a.units)].filter((u) => u.side === side);
