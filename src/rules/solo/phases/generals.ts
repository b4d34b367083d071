import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import type { SoloSettings } from '../settings';
import { attachedSeat, distanceMm, generalById, unitById, type SoloGeneral, type SoloState } from '../state';

/**
 * Generals on the table (KUR L14, L23, L27-28; KS-41, KS-42). The text has generals "attached"
 * to units — in the front rank, where they count for morale (L23 +10% / +20%), the charge test
 * (L27) and the charge home (L28), and where the pick die can hit them (L14) — but prints no
 * procedure to attach them and no general's move. Ours: while his side's cards are up, a general
 * rides up to `generals.moveMm` a turn (KS-42); he attaches to a unit by riding to the end of its
 * front rank (KS-20), and from then on goes where it goes (state.ts `withUnit`, KS-41); riding
 * anywhere else detaches him. A brigadier attaches only to his own brigade's units; a division
 * or corps commander to any of his side's.
 */

const refuse = (code: string, message: string, hint: string): Result<never, Problem> => err({ code, message, hint });

/** The brigade a brigadier commands, if he is one. */
const brigadeOf = (s: SoloState, g: SoloGeneral) => s.brigades.find((b) => b.brigadier === g.id);

/** Refusals shared by every general's act. */
function usable(s: SoloState, generalId: string, side: string): Result<SoloGeneral, Problem> {
  const g = s.generals.find((x) => x.id === generalId);
  if (!g || g.side !== side) return refuse('general/not-yours', `${g?.name ?? generalId} is not one of your generals`, `Your generals: ${s.generals.filter((x) => x.side === side && x.alive).map((x) => x.name).join(', ') || 'none'}.`);
  if (!g.alive) return refuse('general/dead', `${g.name} has been killed (L14)`, 'Pick a living general.');
  return ok(g);
}

/** The ride left to him this turn. */
const rideLeft = (g: SoloGeneral, settings: SoloSettings): number => Math.max(0, settings.generals.moveMm - (g.rodeMm ?? 0));

function ride(s: SoloState, g: SoloGeneral, to: Point, settings: SoloSettings): Result<{ state: SoloState; mm: number }, Problem> {
  const mm = distanceMm(g.at, to);
  const left = rideLeft(g, settings);
  if (mm > left + 1e-6) return refuse('general/too-far', `${g.name} can ride ${Math.round(left)} mm more this turn (${settings.generals.moveMm} mm a turn, KS-42); that is ${Math.round(mm)} mm`, 'Pick a nearer unit or point, or ride part of the way now.');
  if (s.table && (to.x < 0 || to.y < 0 || to.x > s.table.width || to.y > s.table.height)) return refuse('general/off-table', `${Math.round(to.x)},${Math.round(to.y)} is off the table (${s.table.width} × ${s.table.height} mm)`, 'Give a point on the table, in mm from the south-west corner.');
  return ok({ state: { ...s, generals: s.generals.map((x) => (x.id === g.id ? { ...x, at: to, rodeMm: (x.rodeMm ?? 0) + mm } : x)) }, mm });
}

/** KS-41, KS-42: attach `generalId` to `unitId`, or (null) detach him where he stands. */
export function attachAct(s: SoloState, generalId: string, unitId: string | null, side: string, settings: SoloSettings): Result<{ state: SoloState; events: GameEvent[] }, Problem> {
  const gr = usable(s, generalId, side);
  if (!gr.ok) return gr;
  const g = gr.value;
  if (unitId === null) {
    if (!g.attachedTo) return refuse('general/not-attached', `${g.name} is not attached to any unit`, 'Name a unit to attach him to.');
    const was = unitById(s, g.attachedTo).name;
    return ok({ state: { ...s, generals: s.generals.map((x) => (x.id === g.id ? { ...x, attachedTo: undefined } : x)) }, events: [{ kind: 'general', rule: 'KS-41', general: g.id, what: 'detached', detail: `leaves ${was}` }] });
  }
  const u = s.units.find((x) => x.id === unitId);
  if (!u || u.gone || u.side !== side) return refuse('general/attach-target', `${u?.name ?? unitId} is not one of your units on the table`, 'Attach him to one of your units.');
  if (u.motion === 'routing') return refuse('general/attach-routing', `${u.name} is routing`, 'Attach him to a unit that stands.');
  const own = brigadeOf(s, g);
  if (g.level === 'brigadier' && own && u.brigade !== own.id) return refuse('general/attach-brigade', `${g.name} is a brigadier: he attaches only to units of his own brigade (KS-41)`, 'Attach a division or corps commander to units of other brigades.');
  if (g.attachedTo === u.id) return refuse('general/attached-already', `${g.name} is already with ${u.name}`, 'Detach him with /attach and no unit, or move him.');
  const r = ride(s, g, attachedSeat(u), settings);
  if (!r.ok) return r;
  const state = { ...r.value.state, generals: r.value.state.generals.map((x) => (x.id === g.id ? { ...x, attachedTo: u.id } : x)) };
  return ok({ state, events: [
    { kind: 'move', rule: 'KS-42', unit: g.id, from: g.at, to: attachedSeat(u), path: [], cost: Math.round(r.value.mm), allowance: settings.generals.moveMm },
    { kind: 'general', rule: 'KUR L14; KS-41', general: g.id, what: 'attached', detail: `joins ${u.name}'s front rank (${Math.round(rideLeft(generalById(state, g.id), settings))} mm of his ride left)` },
  ] });
}

/** KS-42: `generalId` rides to a point (mm); riding away detaches him. */
export function generalMoveAct(s: SoloState, generalId: string, to: Point, side: string, settings: SoloSettings): Result<{ state: SoloState; events: GameEvent[] }, Problem> {
  const gr = usable(s, generalId, side);
  if (!gr.ok) return gr;
  const g = gr.value;
  const r = ride(s, g, to, settings);
  if (!r.ok) return r;
  const state = { ...r.value.state, generals: r.value.state.generals.map((x) => (x.id === g.id ? { ...x, attachedTo: undefined } : x)) };
  const events: GameEvent[] = [{ kind: 'move', rule: 'KS-42', unit: g.id, from: g.at, to, path: [], cost: Math.round(r.value.mm), allowance: settings.generals.moveMm }];
  if (g.attachedTo) events.push({ kind: 'general', rule: 'KS-41', general: g.id, what: 'detached', detail: `rides away from ${unitById(s, g.attachedTo).name}` });
  return ok({ state, events });
}

/** "300,450", "300 450" (mm), or a landmark's name → a point; null if neither. */
export function parsePoint(text: string, landmarks: readonly { name: string; at: Point; aliases?: readonly string[] }[] = []): Point | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*(?:,|\s)\s*(-?\d+(?:\.\d+)?)\s*(?:mm)?\s*$/i.exec(text);
  if (m) return { x: Number(m[1]), y: Number(m[2]) };
  const want = text.trim().toLowerCase();
  const l = landmarks.find((x) => x.name.toLowerCase() === want || (x.aliases ?? []).some((a) => a.toLowerCase() === want));
  return l ? l.at : null;
}
