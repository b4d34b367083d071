import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Accepted } from '../../contract';
import type { GameEvent } from '../../events';
import { distance } from '../../geometry/vector';
import type { AnrtOrder } from '../orders';
import type { Box } from '../procedures/radii';
import { liveUnits, type AnrtAttach, type AnrtDivision, type AnrtState } from '../state';
import { COMMAND_RADII } from '../tables/command';
import { boxKnown, brigadierOf, corpsCommander, whyOutOfCommand } from './command';
import { fmt, problem } from './common';

/**
 * Attaching during play (§V L234, ANRT-C12): "at the beginning of any friendly move phase an
 * unattached unit may be attached to a brigade, or an unattached brigade may be attached to a
 * division, providing they are in command control of both the existing and the new commander."
 * Posted with the side's orders (`/pips attach`) for its next phase, as the other declarations
 * made before the dice (ANRT-C3); checked when posted and again as that phase opens.
 */

type AttachOrder = Extract<AnrtOrder, { kind: 'attach' }>;

/** The side's division holding a brigade, the corps' own included. */
const divisionOfBrigade = (s: AnrtState, side: string, b: string): AnrtDivision | undefined =>
  Object.values(s.divisions).find((d) => d.side === side && d.id !== b && d.brigades.includes(b));

/** What an attach order names: a unit of the table, else a brigade. */
export function attachOf(s: AnrtState, o: AttachOrder): AnrtAttach | null {
  if (s.units[o.what]) return { what: o.what, kind: 'unit', to: o.to };
  return Object.values(s.divisions).some((d) => d.brigades.includes(o.what) && d.id !== o.what) ? { what: o.what, kind: 'brigade', to: o.to } : null;
}

/** Why the attachment may not be made now, with a hint; null when it may (L234). */
export function attachRefused(s: AnrtState, side: string, a: AnrtAttach, box: Box): Problem | null {
  if (a.kind === 'unit') {
    const u = liveUnits(s).find((x) => x.id === a.what);
    if (!u || u.side !== side) return problem('order/attach-unit', `${a.what} is not one of your units on the table.`, 'Pick an unattached unit of yours.');
    if (u.brigade !== u.division || u.parent) return problem('order/attach-attached', `${u.name} already belongs to ${u.parent ? 'its battalion (regimental guns, L1079)' : `brigade ${u.brigade}`}: only unattached units are attached (L231-234).`, 'Attach a unit the order of battle leaves outside the brigades.');
    const d = divisionOfBrigade(s, side, a.to);
    const b = brigadierOf(s, a.to);
    if (!d || !b) return problem('order/attach-brigade', `${a.to} is not a brigade of yours with a brigadier.`, 'Name one of your brigades.');
    if (!b.alive) return problem('order/attach-brigade', `${a.to}'s brigadier has fallen: there is no commander to take ${u.name} (L234).`, 'Wait for his replacement, or pick another brigade.');
    const now = whyOutOfCommand(s, u, box);
    if (now) return problem('order/attach-command', `${u.name} is not in command control of its present commander: ${now} (L234).`, 'Bring it within command first.');
    const then = whyOutOfCommand(s, { ...u, brigade: a.to, division: d.id }, box);
    if (then) return problem('order/attach-command', `${u.name} is not in command control of brigade ${a.to}: ${then} (L234).`, `Move it into ${b.name}'s command box first (L245).`);
    return null;
  }
  const from = divisionOfBrigade(s, side, a.what);
  if (!from) return problem('order/attach-brigade', `${a.what} is not a brigade of yours.`, 'Name one of your brigades.');
  if (!from.corpsLevel) return problem('order/attach-attached', `${a.what} belongs to ${from.name} already: only the corps' unattached brigades are attached to a division (L231-234).`, 'Attach a brigade the order of battle leaves at corps level.');
  const to = s.divisions[a.to];
  if (!to || to.side !== side || to.corpsLevel) return problem('order/attach-division', `${a.to} is not one of your divisions.`, `One of: ${Object.values(s.divisions).filter((d) => d.side === side && !d.corpsLevel).map((d) => d.id).join(', ')}.`);
  const b = brigadierOf(s, a.what);
  const cc = corpsCommander(s, side);
  const dg = s.generals[to.general];
  if (!b?.alive || !cc || !dg?.alive) return problem('order/attach-command', `${!b?.alive ? `${a.what}'s brigadier` : !cc ? 'the corps commander' : `${to.name}'s general`} is not there to pass the brigade on (L234).`, 'Wait for a replacement.');
  const toCorps = distance(b.at, cc.at);
  if (toCorps > COMMAND_RADII.unattachedToCorps.inches + 1e-9) return problem('order/attach-command', `${b.name} is ${fmt(toCorps)} from the corps commander, beyond 20": not in his command control (L253, L234).`, 'Bring the brigadier within 20" of the corps commander.');
  const toDiv = distance(b.at, dg.at);
  if (toDiv > COMMAND_RADII.brigadierToDivision.inches + 1e-9) return problem('order/attach-command', `${b.name} is ${fmt(toDiv)} from ${dg.name}, beyond 10": not in his command control (L250, L234).`, `Bring the brigadier within 10" of ${dg.name} first.`);
  return null;
}

/** `/pips attach` checked against the state now (L234); it takes effect as the side's next phase opens. */
export function validateAttach(s: AnrtState, side: string, o: AttachOrder): Result<Accepted<AnrtOrder>, Problem> {
  const a = attachOf(s, o);
  if (!a) return err(problem('order/attach-what', `${o.what} is neither a unit nor a brigade of this game.`, 'Name an unattached unit (to a brigade) or an unattached brigade (to a division).'));
  const box = boxKnown(s);
  if (!box) return err(problem('order/qrs-gap', 'The QRS command box is not entered nor ruled yet (L245).', 'The GM enters it (/game ruling key:qrs.commandBox.frontInches).'));
  const no = attachRefused(s, side, a, box);
  if (no) return err(no);
  const to = a.kind === 'unit' ? `brigade ${a.to}` : s.divisions[a.to]!.name;
  return ok({ order: o, preview: [`${a.kind === 'unit' ? s.units[a.what]!.name : `Brigade ${a.what}`} will be attached to ${to} as your next phase opens, if still in command control of both commanders then (L234).`] });
}

/** The attachments posted for `side`, made as its phase opens if still allowed (L234); the others lapse with a note. */
export function applyAttachments(s0: AnrtState, side: string, box: Box): { s: AnrtState; events: GameEvent[] } {
  const todo = s0.attachNext?.[side] ?? [];
  if (!todo.length) return { s: s0, events: [] };
  let s: AnrtState = { ...s0, attachNext: { ...s0.attachNext, [side]: [] } };
  const events: GameEvent[] = [];
  for (const a of todo) {
    const no = attachRefused(s, side, a, box);
    if (no) { events.push({ kind: 'note', rule: 'ANRT §V L234', text: `The attachment of ${a.what} to ${a.to} lapses: ${no.message}` }); continue; }
    if (a.kind === 'unit') {
      const u = s.units[a.what]!;
      const d = divisionOfBrigade(s, side, a.to)!;
      s = { ...s, units: { ...s.units, [u.id]: { ...u, brigade: a.to, division: d.id } } };
      events.push({ kind: 'note', rule: 'ANRT §V L234', text: `${u.name} is attached to brigade ${a.to} (${d.name}): its hits now count in the brigade's strength.` });
    } else {
      const from = divisionOfBrigade(s, side, a.what)!;
      const to = s.divisions[a.to]!;
      const units = Object.fromEntries(Object.values(s.units).filter((u) => u.brigade === a.what).map((u) => [u.id, { ...u, division: to.id }]));
      s = { ...s, units: { ...s.units, ...units }, divisions: { ...s.divisions, [from.id]: { ...from, brigades: from.brigades.filter((b) => b !== a.what) }, [to.id]: { ...to, brigades: [...to.brigades, a.what].sort() } } };
      events.push({ kind: 'note', rule: 'ANRT §V L234', text: `Brigade ${a.what} is attached to ${to.name}: the division counts it for its pips from now (L234).` });
    }
  }
  return { s, events };
}
