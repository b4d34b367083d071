import type { Problem } from '../../../lib/result';
import type { AnrtOrder } from '../orders';
import { admitChargers } from '../procedures/multiple-melee';
import { supportIn } from '../procedures/support';
import type { AnrtState, AnrtUnit } from '../state';
import { problem } from './common';
import { relievedBy } from './relief';

/**
 * A second charge at one target (§XI L656-691), checked as it is posted: the units are paired off
 * front to front unless the exceptions admit them all — columns against a line 2" apart (L663),
 * or two units overlapping the flanks of a unit with no flank support (L691). Each charger is
 * taken in the formation its orders give it this phase. Refused privately with the way out; the
 * resolution checks again on the state it meets (ANRT-M5).
 */
export function chargeRoom(s: AnrtState, u: AnrtUnit, target: AnrtUnit, others: readonly AnrtOrder[]): { problem: Problem } | { preview: string } | null {
  const formed = (x: AnrtUnit): AnrtUnit => {
    const f = others.find((o) => o.kind === 'formation' && o.unit === x.id);
    return f && f.kind === 'formation' ? { ...x, formation: f.formation } : x;
  };
  const mates = others.flatMap((o) => (o.kind === 'charge' && o.target === target.id && o.unit !== u.id && s.units[o.unit] ? [formed(s.units[o.unit]!)] : []));
  // L389 (ANRT-CL2): a second cavalry line of an expert brigade charges into the melee and replaces the line in contact.
  const relieved = mates.length <= 1 ? relievedBy(s, formed(u), target, mates, s.units, new Set([u.id, ...mates.map((x) => x.id)])) : undefined;
  if (relieved) return { preview: `${u.name} charges into the melee and replaces ${relieved.name}, which steps back behind it (L389: the brigade's expertise, ANRT-CL2).` };
  if (!mates.length) return null;
  const a = admitChargers(target, supportIn(s, target).flankSupported, [...mates, formed(u)]);
  const mine = a.refused.find((r) => r.id === u.id);
  if (!mine) {
    const how = a.shape === 'columns-on-line' ? 'columns 2" apart against its front (L663)' : 'overlapping its flanks (L691)';
    return { preview: `With ${mates.map((m) => m.name).join(' and ')}: one melee, ${how}; each unit wins or loses on its own hits (L831).` };
  }
  return { problem: problem('order/multiple-melee', `${u.name} cannot also charge ${target.name}: ${mine.why.replaceAll(target.id, target.name)}; ${mates.map((m) => m.name).join(' and ')} already charge it (§XI L656).`,
    `Charge another enemy unit, or change the other charge (post it again). Several columns may charge a line together 2" apart (L663); two units may charge a unit with no friend within 3" of its flanks (L691).`) };
}
