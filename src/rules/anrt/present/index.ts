import type { Presentation } from '../../plugin';
import { clockAt } from '../../scenario/clock';
import { describeAnrtSettings, type AnrtSettings } from '../settings';
import { liveUnits, type AnrtState } from '../state';
import { describeAnrt } from './map';
import { anrtNames } from './names';
import { anrtPrinted } from './printed';

/** /roster: the own side's divisions with their pips this phase; every unit's hits and state (hits are open, figures on the table). */
export function anrtRoster(s: AnrtState, side: string, own: boolean): string[] {
  const lines: string[] = [];
  for (const d of Object.values(s.divisions).filter((x) => x.side === side)) {
    // A division not yet on the table is its own side's news only (ANRT-S1).
    if (!liveUnits(s).some((x) => x.division === d.id) && !own) continue;
    const pips = own && s.pips[d.id] !== undefined ? ` — ${s.pips[d.id]} pips (${(s.pipTerms[d.id] ?? []).join('; ')})` : '';
    lines.push(`**${d.name}**${pips}`);
    for (const u of liveUnits(s).filter((x) => x.division === d.id)) lines.push(`· ${u.name}: ${u.hits}/${u.maxHits} hits, ${u.formation}${u.disordered ? ', disordered' : ''}${u.routed ? ', routed' : ''}`);
  }
  // Own reinforcements still to come (ANRT-S1): their commander knows when and where; the enemy does not.
  if (own) {
    for (const a of (s.arrivals ?? []).filter((x) => x.side === side)) {
      lines.push(`**Arriving turn ${a.turn} (${clockAt(s.clock.start, s.clock.turnMinutes, a.turn)})${a.place ? ` by ${a.place}` : ''}:** ${[...a.units.map((u) => u.name), ...a.generals.map((g) => g.name)].join(', ')}`);
    }
  }
  return lines;
}

export const anrtPresentation: Presentation<AnrtState, AnrtSettings> = {
  names: anrtNames,
  printed: anrtPrinted,
  map: (s, r) => describeAnrt(s, r),
  pieces: (s) => liveUnits(s).map((u) => ({ name: u.name, value: u.id })),
  sides: (s) => s.sides.map((x) => ({ name: x.name, value: x.id })),
  roster: anrtRoster,
  settings: (settings) => describeAnrtSettings(settings),
};

export { anrtInputs } from './inputs';
