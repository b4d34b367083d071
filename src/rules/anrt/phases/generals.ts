import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { distance } from '../../geometry/vector';
import { parseLocation, resolveLocation } from '../../location';
import type { AnrtOrder } from '../orders';
import { inBox, meanFacing } from '../procedures/radii';
import { liveUnits, type AnrtGeneral, type AnrtState, type AnrtUnit } from '../state';
import { GENERAL_MOVES } from '../tables/command';
import { adcsOf, boxKnown, isHigher } from './command';
import { fmt, liveUnit, problem } from './common';
import { qrsKnown } from './gm';
import { locationContext } from './orders';

/**
 * Generals moving (§VII L451-457) and joining units (§XIII L975-979), posted with the side's
 * orders as `/move unit:<general> to:… [join:<unit>]`. One move is the QRS general speed. A
 * brigadier makes one move, free when he begins and ends it with units of his brigade in his
 * command box, else paid from his division (QRS `brigadier-move`); a higher commander's first
 * move a turn is free and each further one is paid (QRS `higher-commander-extra-move`): a
 * divisional general's from his division, a corps commander's from the division whose general is
 * nearest where he ends (ANRT-C6: the text takes it "from any pip dice").
 */
export interface GeneralMove {
  readonly general: string;
  readonly to: Point;
  readonly inches: number;
  readonly moves: number;
  /** Pips each payer pays. */
  readonly pips: number;
  /** The divisions that pay `pips` each: one, or for an army commander above corps one in each corps (L457, ANRT-C14); none when free. */
  readonly payers: readonly string[];
  /** Pips paid by ADCs he kept with him instead (L457). */
  readonly adcs?: number;
  readonly join: string | null;
  readonly why: string;
}

type Order = Extract<AnrtOrder, { kind: 'general' }>;

/** The units a general commands: a brigadier his brigade's, a divisional general his division's, a higher commander his side's. */
export function commandedBy(s: AnrtState, g: AnrtGeneral): AnrtUnit[] {
  const mine = liveUnits(s).filter((u) => u.side === g.side);
  if (g.level === 'brigade') return mine.filter((u) => u.brigade === g.command);
  if (g.level === 'division') return mine.filter((u) => u.division === g.command);
  return mine;
}

/** The division a general belongs to (a brigadier's through his brigade). */
export function divisionOf(s: AnrtState, g: AnrtGeneral): string | null {
  if (g.level === 'division') return g.command;
  if (g.level === 'brigade') return Object.values(s.divisions).find((d) => d.brigades.includes(g.command))?.id ?? null;
  return null;
}

/** Whether a unit of the brigadier's own brigade is in his box with him at `at` (L454). */
function brigadeInBox(s: AnrtState, g: AnrtGeneral, at: Point): boolean {
  const box = boxKnown(s);
  if (!box) return false;
  const us = commandedBy(s, g);
  const facing = meanFacing(us.map((u) => u.facing));
  return us.some((u) => inBox(u.at, at, facing, box));
}

const cache = new WeakMap<AnrtState, Map<string, Result<GeneralMove, Problem>>>();

/** Plans a general's move order: where he ends, the moves it takes and the pips, who pays. */
export function planGeneral(s: AnrtState, o: Order): Result<GeneralMove, Problem> {
  // By the order object first: a budget check reads every pending order's price again.
  let byOrder = cacheByOrder.get(s);
  if (!byOrder) { byOrder = new WeakMap(); cacheByOrder.set(s, byOrder); }
  const mine = byOrder.get(o);
  if (mine) return mine;
  let m = cache.get(s);
  if (!m) { m = new Map(); cache.set(s, m); }
  const key = JSON.stringify(o);
  let r = m.get(key);
  if (!r) { r = planUncached(s, o); m.set(key, r); }
  byOrder.set(o, r);
  return r;
}
const cacheByOrder = new WeakMap<AnrtState, WeakMap<Order, Result<GeneralMove, Problem>>>();

function planUncached(s: AnrtState, o: Order): Result<GeneralMove, Problem> {
  const g = s.generals[o.general];
  if (!g || !g.alive) return err(problem('order/general', `${o.general} is not a general on the table.`, 'Pick one from the autocomplete list.'));
  const speed = qrsKnown(s, 'movement.general');
  if (speed === undefined || speed <= 0) return err(problem('order/qrs-gap', 'The QRS general speed is not entered nor ruled yet.', 'The GM enters it (/game ruling key:qrs.movement.general) or rules it when asked.'));
  let to: Point;
  let join: string | null = null;
  if (o.join) {
    const u = liveUnit(s, o.join);
    if (!u || u.side !== g.side) return err(problem('order/join', `${o.join} is not one of your units on the table.`, 'Name a unit of his command.'));
    if (!commandedBy(s, g).some((x) => x.id === u.id)) {
      return err(problem('order/join', `${g.name} cannot join ${u.name}: ${g.level === 'brigade' ? 'a brigadier joins a unit of his own brigade (L975)' : 'a divisional commander joins a brigade of his division (L979)'}.`, `Join one of: ${commandedBy(s, g).slice(0, 6).map((x) => x.name).join(', ')}.`));
    }
    to = u.at; join = u.id;
  } else {
    const facing = meanFacing(commandedBy(s, g).map((u) => u.facing));
    const ctx = locationContext(s, { side: g.side, at: g.at, facing });
    const parsed = parseLocation(o.to, ctx);
    if (!parsed.ok) return err(parsed.error);
    const r = resolveLocation(parsed.value, ctx);
    if (!r.ok) return err(r.error);
    if (r.value.kind === 'contact') return err(problem('order/general-contact', 'A general does not charge.', 'Join a unit of his command (join:) or name a place.'));
    to = r.value.kind === 'place' ? r.value.at : r.value.plan.final.at;
  }
  const inches = distance(g.at, to);
  const moves = Math.max(1, Math.ceil(inches / speed - 1e-9));
  if (g.level === 'brigade') {
    if (moves > 1) return err(problem('order/too-far', `${g.name} would ride ${fmt(inches)}, beyond a general's move of ${fmt(speed)} (§VII L454).`, `Choose a place within ${fmt(speed)}.`));
    const free = brigadeInBox(s, g, g.at) && brigadeInBox(s, g, to);
    const cost = free ? 0 : qrsKnown(s, 'pips.cost.brigadier-move');
    if (cost === undefined) return err(problem('order/qrs-gap', 'The QRS pip cost of a brigadier\'s move is not entered nor ruled yet.', 'The GM enters it (/game ruling key:qrs.pips.cost.brigadier-move).'));
    const own = divisionOf(s, g);
    return ok({ general: g.id, to, inches, moves, pips: cost, payers: cost && own ? [own] : [], join, why: free ? `free: he begins and ends with his brigade in his box (${GENERAL_MOVES.brigadierFreeInBox.line})` : `paid: he does not begin and end with his brigade in his box (${GENERAL_MOVES.brigadierFreeInBox.line})` });
  }
  const extra = moves - GENERAL_MOVES.higherFreeMoves.moves;
  const per = extra > 0 ? qrsKnown(s, 'pips.cost.higher-commander-extra-move') : 0;
  if (per === undefined) return err(problem('order/qrs-gap', 'The QRS pip cost of a higher commander\'s extra move is not entered nor ruled yet.', 'The GM enters it (/game ruling key:qrs.pips.cost.higher-commander-extra-move).'));
  const owed = extra > 0 ? extra * per : 0;
  // L457: a corps commander may pay "by not deploying eligible ADCs": each of his ADCs kept with him this phase pays one pip.
  const held = g.level === 'division' ? 0 : Math.min(owed, heldBackAdcs(s, g.id));
  const pips = owed - held;
  const corps = g.level === 'army' ? corpsUnder(s, g) : [];
  // L457: an army commander above corps is paid by each corps (ANRT-C14); a corps commander from any pip dice (ANRT-C6).
  const payers = pips <= 0 ? [] : g.level === 'division' ? [g.command] : corps.length ? corps.map((c) => nearestDivision(s, g.side, to, c.divisions) ?? c.divisions[0]!) : [nearestDivision(s, g.side, to)].filter((d): d is string => d !== null);
  const adcNote = held ? `; ${held} pip${held > 1 ? 's' : ''} paid by ADC${held > 1 ? 's' : ''} kept with him (L457)` : '';
  const armyNote = corps.length && pips > 0 ? `; ${pips} pip${pips > 1 ? 's' : ''} from each corps: ${corps.map((c) => c.name).join(', ')} (${ARMY_MOVES.line})` : '';
  return ok({ general: g.id, to, inches, moves, pips, payers, join, ...(held ? { adcs: held } : {}), why: extra > 0 ? `${moves} moves: the first free, ${extra} paid (${GENERAL_MOVES.higherFreeMoves.line})${adcNote}${armyNote}` : `one move, free (${GENERAL_MOVES.higherFreeMoves.line})` });
}

/**
 * ADCs of a corps or army commander not deployed this phase (L457 "by not deploying eligible
 * ADCs", ANRT-C13): with him at headquarters and on no errand (`/pips adc division:none`) — an
 * ADC on an errand rode this phase, or is riding still.
 */
export const heldBackAdcs = (s: AnrtState, general: string): number => Object.values(adcsOf(s)).filter((a) => a.of === general && a.to === null && a.at === null).length;

/** ANRT-C6: a corps commander's extra moves come out of the dice of the division whose general is nearest where he ends (among `among`, if given). */
function nearestDivision(s: AnrtState, side: string, at: Point, among?: readonly string[]): string | null {
  const ds = Object.values(s.divisions).filter((d) => d.side === side && s.generals[d.general]?.alive && (!among || among.includes(d.id)))
    .sort((a, b) => distance(s.generals[a.general]!.at, at) - distance(s.generals[b.general]!.at, at) || a.id.localeCompare(b.id));
  return ds[0]?.id ?? null;
}

/** L457 "Army commanders deduct the number of pips moved from each Corps commander". */
export const ARMY_MOVES = { line: 'L457' } as const;

/**
 * The corps under an army commander (ANRT-C14), each with the divisions that throw dice this phase:
 * one per corps commander the order of battle names (`AnrtDivision.corps`, the shared `wing:`),
 * and the divisions with none, under the army commander himself, as one more. Empty when no
 * division names a corps commander: the army commander is then the corps commander (ANRT-C6).
 */
export function corpsUnder(s: AnrtState, g: AnrtGeneral): { id: string; name: string; divisions: string[] }[] {
  const ds = Object.values(s.divisions).filter((d) => d.side === g.side && !d.corpsLevel);
  if (!ds.some((d) => d.corps)) return [];
  const out = new Map<string, { id: string; name: string; divisions: string[] }>();
  for (const d of ds.sort((a, b) => a.id.localeCompare(b.id))) {
    if (s.pips[d.id] === undefined) continue; // no dice this phase (no units left)
    const key = d.corps ?? g.id;
    const name = d.corps ? `${s.generals[d.corps]?.name ?? d.corps}'s corps` : `the divisions under ${g.name} himself`;
    const c = out.get(key) ?? { id: key, name, divisions: [] };
    c.divisions.push(d.id);
    out.set(key, c);
  }
  return [...out.values()];
}

/** Applies accepted general moves: each ends where planned, joined to the unit named or free (§XIII). */
export function applyGeneralMoves(s0: AnrtState, accepted: readonly AnrtOrder[]): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const o of accepted) {
    if (o.kind !== 'general') continue;
    const p = planGeneral(s0, o);
    if (!p.ok) continue;
    const g = s.generals[o.general]!;
    s = { ...s, generals: { ...s.generals, [g.id]: { ...g, at: p.value.to, joined: p.value.join ?? undefined } } };
    events.push({ kind: 'move', rule: 'ANRT §VII L451-457', unit: g.id, from: g.at, to: p.value.to, path: [g.at, p.value.to], cost: p.value.inches });
    if (p.value.join) events.push({ kind: 'note', rule: g.level === 'brigade' ? 'ANRT §XIII L975' : 'ANRT §XIII L979', text: `${g.name} joins ${s.units[p.value.join]?.name ?? p.value.join}.` });
  }
  return { s, events };
}
