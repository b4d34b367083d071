import type { Presentation } from '../../plugin';
import { clockAt } from '../../scenario/clock';
import { describeAnrtSettings, type AnrtSettings } from '../settings';
import { adcsOf, poolsOf } from '../phases/command';
import { allocationIsAChoice } from '../procedures/radii';
import { liveUnits, phasingSide, type AnrtState } from '../state';
import { brigadeName } from './inputs';
import { describeAnrt } from './map';
import { anrtNames } from './names';
import { anrtPrinted } from './printed';

/**
 * /roster: the own side's divisions with their pips this phase, the corps commander's dice to
 * allocate and the ADCs' errands (§I L17-23, secret from the enemy); every unit's hits and
 * state (hits are open, figures on the table), and for the own side who is out of command.
 */
export function anrtRoster(s: AnrtState, side: string, own: boolean): string[] {
  const lines: string[] = [];
  const mine = own && s.command && phasingSide(s) === side ? s.command : undefined;
  // Each corps commander's dice, by name (L21, ANRT-C15).
  for (const p of mine ? poolsOf(mine).filter((x) => allocationIsAChoice(x.faces)) : []) lines.push(`${s.generals[p.general]?.name ?? 'Corps'}'s dice to allocate (L21): ${p.faces.join(', ')} — /pips allocate (default: as thrown, ${p.divisions.map((d, i) => `${s.divisions[d]?.name ?? d} ${p.faces[i]}`).join(', ')}).`);
  if (own) {
    const adcs = Object.values(adcsOf(s)).filter((a) => a.side === side);
    if (adcs.length) lines.push(`ADCs (L258): ${adcs.map((a) => `${a.name} → ${a.to ? s.divisions[a.to]?.name ?? a.to : 'at headquarters'}`).join('; ')}.`);
    // Standing `/pips pay` choices (ANRT-C16), until changed.
    const pays = Object.entries(s.payStanding?.[side] ?? {});
    if (pays.length) lines.push(`Paid by (L231, until changed): ${pays.map(([w, d]) => `${s.units[w]?.name ?? brigadeName(s, w)} → ${s.divisions[d]?.name ?? d}`).join('; ')}.`);
    const next = s.regroupNext?.[side] ?? [];
    if (next.length) lines.push(`Declared regrouping next phase (L285): ${next.map((b) => brigadeName(s, b)).join(', ')}.`);
  }
  for (const d of Object.values(s.divisions).filter((x) => x.side === side)) {
    // A division not yet on the table is its own side's news only (ANRT-S1).
    if (!liveUnits(s).some((x) => x.division === d.id) && !own) continue;
    const pips = own && s.pips[d.id] !== undefined ? ` — ${s.pips[d.id]} pips (${(s.pipTerms[d.id] ?? []).join('; ')})` : '';
    lines.push(`**${d.name}**${pips}`);
    for (const u of liveUnits(s).filter((x) => x.division === d.id)) {
      const out = own && mine?.outOfCommand[u.id] ? `, out of command: ${mine.outOfCommand[u.id]}` : '';
      const hits = u.parent ? `with ${s.units[u.parent]?.name ?? u.parent}, no hits of its own (L1079)` : `${u.hits}/${u.maxHits} hits`;
      lines.push(`· ${u.name}: ${hits}, ${u.formation}${u.disordered ? ', disordered' : ''}${u.routed ? ', routed' : ''}${u.abandoned ? `, guns abandoned (gunners ${u.abandoned.gunnersWith ? `with ${s.units[u.abandoned.gunnersWith]?.name ?? u.abandoned.gunnersWith}` : u.abandoned.inTerrain ? `in ${u.abandoned.inTerrain}` : 'fled'}, L406)` : ''}${out}`);
    }
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
