import { err, ok, type Result, type Problem } from '../../../lib/result';
import type { Accepted } from '../../contract';
import type { Point } from '../../geometry/types';
import { add, angleDifference, bearing, distance, headingVector, scale } from '../../geometry/vector';
import { parseLocation, resolveLocation, type LocationContext } from '../../location';
import { orderKey, type AnrtOrder } from '../orders';
import { formationsOf, isArtillery, liveUnits, phasingSide, sideOfSeat, type AnrtMove, type AnrtState, type AnrtUnit, type IfEvaded } from '../state';
import { BRIGADE_COMMANDER_KILLED_MAX_PIPS, MULTIPLE_MOVES } from '../tables/command';
import { HIT_EFFECTS } from '../tables/organisation';
import { canFire, fireReach, fmt, halfLost, inFront, liveUnit, normalMove, problem } from './common';
import { budgets, payerOf } from './command';
import { validateCommandOrder } from './command-orders';
import { planGeneral } from './generals';
import { qrsKnown } from './gm';
import { ifUncovered, opportunityTargets, reactionsOf, refusedByL430, responsesTo } from './responses';
import { ifEvadedOptions } from './evaded';
import { terrainMove } from '../terrain';
import { ONE_HIT } from '../tables/withdrawals';
import { checkChargePath } from './charge-path';
import { hardCover, isHold, recoveryBarred } from './one-hit';
import { GUNS_CONTACT_INCHES } from './guns';
import { ignoresOneHitWithdraw, limberPips } from './nations';
import { isRegimental, regimentalMovePips } from './regimental';
import { chargeRoom } from './melee-room';
import { chargeAspect } from '../procedures/flank';
import { checkMovePath, postedPool } from './move-path';
import { gunsHeldBy, prolongReach } from './prolong';
import { disorderedAdvance, disorderedFormation, disorderedRefusal, movesLegs, movesOf, movesThisPhase, multipleRefusal } from './multiple';

/**
 * Checking the orders of a window against the state (`validate`), with the preview the player
 * reads privately. The mover's orders are paid in command pips (§VI L266): each division's pips
 * are a budget its units' orders share, as DRAM's action points are (issue 14); the QRS prices
 * each action (`pips.cost`), L201/L204 add theirs.
 */

/** Enemy names by side, listed once per state (every order of a window reads them). */
const enemiesOf = new WeakMap<AnrtState, Map<string, { id: string; name: string }[]>>();

export function locationContext(s: AnrtState, u?: Pick<AnrtUnit, 'side' | 'at' | 'facing'>): LocationContext {
  let bySide = enemiesOf.get(s);
  if (!bySide) { bySide = new Map(); enemiesOf.set(s, bySide); }
  let enemies = u ? bySide.get(u.side) : [];
  if (u && !enemies) { enemies = liveUnits(s).filter((o) => o.side !== u.side).map((o) => ({ id: o.id, name: o.name })); bySide.set(u.side, enemies); }
  return {
    table: s.map.table, grid: { cell: s.map.gridCell }, landmarks: s.map.landmarks, scale: { defaultUnit: 'in', ...(s.scale ?? {}) },
    ...(u ? { unit: { pose: { at: u.at, facing: u.facing } } } : {}),
    enemies: enemies ?? [],
  };
}

/** `facings[i]` is the unit's facing at `path[i]` (a wheel or a turn `toward` changes it along the way; L311's 6" is measured with it, ANRT-W16). */
type MovePlan = Result<{ at: Point; facing: number; inches: number; path: readonly Point[]; facings: readonly number[] }, Problem>;

/** Plans laid out against a state, by unit object and place: validating, pricing and moving read the same order's plan (states and units are never mutated). */
const plans = new WeakMap<AnrtState, WeakMap<AnrtUnit, Map<string, MovePlan>>>();

/** Where a move order takes the unit: its end point, facing and the inches of its path. */
export function planMove(s: AnrtState, u: AnrtUnit, to: string): MovePlan {
  let byUnit = plans.get(s);
  if (!byUnit) { byUnit = new WeakMap(); plans.set(s, byUnit); }
  let m = byUnit.get(u);
  if (!m) { m = new Map(); byUnit.set(u, m); }
  let p = m.get(to);
  if (!p) { p = planMoveUncached(s, u, to); m.set(to, p); }
  return p;
}

function planMoveUncached(s: AnrtState, u: AnrtUnit, to: string): MovePlan {
  const ctx = locationContext(s, u);
  const parsed = parseLocation(to, ctx);
  if (!parsed.ok) return err(parsed.error);
  const r = resolveLocation(parsed.value, ctx);
  if (!r.ok) return err(r.error);
  if (r.value.kind === 'contact' && s.units[r.value.enemy.id]?.abandoned) {
    // Abandoned guns (L406, §XVI) are not charged: a move takes a unit into contact with them, to spike them (L1065).
    const g = s.units[r.value.enemy.id]!;
    const at = add(g.at, scale(headingVector(bearing(g.at, u.at)), GUNS_CONTACT_INCHES / 2));
    return ok({ at, facing: bearing(u.at, g.at), inches: distance(u.at, at), path: [u.at, at], facings: [u.facing, bearing(u.at, g.at)] });
  }
  if (r.value.kind === 'contact') return err(problem('move/contact', 'Moving into contact with an enemy is a charge (§X).', `Use /charge unit:${u.name} target:${r.value.enemy.name}.`));
  if (r.value.kind === 'place') return ok({ at: r.value.at, facing: u.facing, inches: distance(u.at, r.value.at), path: [u.at, r.value.at], facings: [u.facing, u.facing] });
  const { path, start, waypoints } = r.value.plan;
  const inches = path.slice(1).reduce((n, p, i) => n + distance(path[i]!, p), 0);
  return ok({ at: r.value.plan.final.at, facing: r.value.plan.final.facing, inches, path, facings: [start.facing, ...waypoints.map((w) => w.facing)] });
}

/**
 * The pips an order costs (QRS `pips.cost`; +1 with half the hits lost to advance, L201; +1 with
 * one hit left, L204). A unit out of command as the phase opened moves at the QRS
 * `out-of-command-move` price instead of `move` (§VI L243; the price is the QRS's).
 */
function pipCost(s: AnrtState, u: AnrtUnit, action: 'move' | 'formation-change' | 'recover-disorder' | 'enter-buildings', advancing: boolean): number | undefined {
  // Regimental guns (no hits of their own) move free beside their parent, a pip when detached (L1083, ANRT-R2).
  if (action === 'move' && isRegimental(u)) return regimentalMovePips(s, u);
  const out = action === 'move' && s.command?.outOfCommand[u.id] !== undefined;
  const base = qrsKnown(s, `pips.cost.${out ? 'out-of-command-move' : action}`);
  if (base === undefined) return undefined;
  const half = advancing && halfLost(s, u) ? HIT_EFFECTS.halfLostAdvancePips.pips : 0;
  // L204's pip for one hit left; Russian infantry ignore it (L1048).
  const last = u.hits === 1 && !ignoresOneHitWithdraw(u) ? HIT_EFFECTS.oneLeftPips.pips : 0;
  // A Russian battery pays +1 to limber or unlimber (L1051, A-12).
  const limber = action === 'formation-change' ? limberPips(u) : 0;
  return base + half + last + limber;
}

/**
 * Pips of orders already priced against a state: a budget check re-prices the seat's other
 * orders, so each is laid out once. Looked up by the order object first (the pending orders of
 * a window are the same objects from one check to the next), then by its text.
 */
const priced = new WeakMap<AnrtState, { byText: Map<string, number>; byOrder: WeakMap<AnrtOrder, number> }>();
const pricesOf = (s: AnrtState) => {
  let m = priced.get(s);
  if (!m) { m = { byText: new Map(), byOrder: new WeakMap() }; priced.set(s, m); }
  return m;
};

/** The pips an accepted order spends (0 for choices and responses). */
export function pipsOf(s: AnrtState, o: AnrtOrder): number {
  const m = pricesOf(s);
  const mine = m.byOrder.get(o);
  if (mine !== undefined) return mine;
  const key = JSON.stringify(o);
  let n = m.byText.get(key);
  if (n === undefined) { n = pipsOfUncached(s, o); m.byText.set(key, n); }
  m.byOrder.set(o, n);
  return n;
}

function pipsOfUncached(s: AnrtState, o: AnrtOrder): number {
  if (o.kind === 'general') { const p = planGeneral(s, o); return p.ok ? p.value.pips : 0; }
  const u = 'unit' in o ? s.units[o.unit] : undefined;
  if (!u) return 0;
  if (o.kind === 'formation') return pipCost(s, u, o.formation === u.formation ? 'recover-disorder' : 'formation-change', false) ?? 0;
  if (o.kind === 'charge') return pipCost(s, u, 'move', true) ?? 0;
  if (o.kind === 'move' && isHold(o)) return u.hits === 1 ? ONE_HIT.holdPips : 0;
  if (o.kind === 'move') {
    const p = planMove(s, u, o.to);
    // Deploying into buildings is its own QRS price (L306, L361).
    // Each of multiple moves is paid (L311).
    return p.ok ? (pipCost(s, u, terrainMove(s, u, p.value.path).entersBuildings ? 'enter-buildings' : 'move', isAdvance(u, p.value.at)) ?? 0) * movesOf(o) : 0;
  }
  return 0;
}

const isAdvance = (u: AnrtUnit, to: Point): boolean => distance(u.at, to) > 1e-6 && Math.abs(angleDifference(u.facing, bearing(u.at, to))) < 90;

/** Where the units with a move posted in `orders` go (a charge's path is checked against friends where they will stand). */
export function pendingMoves(s: AnrtState, orders: readonly AnrtOrder[]): Map<string, Point> {
  const out = new Map<string, Point>();
  for (const o of orders) {
    if (o.kind !== 'move' || isHold(o) || !s.units[o.unit]) continue;
    const p = planMove(s, s.units[o.unit]!, o.to);
    if (p.ok) out.set(o.unit, p.value.at);
  }
  return out;
}

/** The preview line of a move by a unit holding taken guns (L1061, L1065, ANRT-G7): taken along within their prolong move, else left spiked. */
function gunsPreview(s: AnrtState, u: AnrtUnit, inches: number): { line: string } | { problem: Problem } | null {
  const reach = prolongReach(s, u);
  if (reach === null) return null;
  const names = gunsHeldBy(s, u.id).map((b) => b.name).join(', ');
  if (reach === undefined) return { problem: problem('order/qrs-gap', `The QRS prolong move of the guns ${u.name} holds (${names}) is not entered nor ruled yet.`, 'The GM rules it as your side\'s next phase opens (QRS movement.foot-artillery-prolong or horse-artillery-prolong), or enters it before the start.') };
  return { line: inches <= reach + 1e-6
    ? `It takes the guns it holds (${names}) along by prolong: at most ${fmt(reach)} (QRS prolong move; the stand-in's is the project's, not the author's) (L1061, ANRT-G7).`
    : `It leaves the guns it holds (${names}), spiked: ${fmt(inches)} is beyond their prolong move of ${fmt(reach)} (L1061, ANRT-G7). Move ${fmt(reach)} or less to take them along.` };
}

/** Where a posted move takes a unit (null if it does not plan). */
const plannedEnd = (s: AnrtState) => (x: AnrtUnit, to: string): Point | null => { const p = planMove(s, x, to); return p.ok ? p.value.at : null; };

/** The formation a unit moves in: the one posted for it this phase, else its own (turn.ts changes formations before moving). */
const formationPosted = (u: AnrtUnit, orders: readonly AnrtOrder[]): AnrtUnit['formation'] => orders.find((x): x is Extract<AnrtOrder, { kind: 'formation' }> => x.kind === 'formation' && x.unit === u.id)?.formation ?? u.formation;

/** The unit as it makes its move: in the formation posted beside it, unless artillery (whose move carries its change, L302-303). */
const movingAs = (u: AnrtUnit, formation: AnrtUnit['formation']): AnrtUnit => (formation === u.formation || isArtillery(u) ? u : { ...u, formation });

/** A move posted before a formation change, checked again in the new formation (ANRT-W17): its ground, and its normal move(s). */
function movedTooFar(s: AnrtState, mover: AnrtUnit, mv: Extract<AnrtOrder, { kind: 'move' }>, path: readonly Point[]): Problem | null {
  const one = normalMove(s, mover);
  const tm = terrainMove(s, mover, path);
  if (tm.refused) return problem(tm.refused.code, `In ${mover.formation}, ${tm.refused.message}`, tm.refused.hint);
  if (one === undefined || tm.inches <= one * movesOf(mv) + 1e-6) return null;
  return problem('order/too-far', `In ${mover.formation}, ${mover.name}'s move posted beside it (${fmt(tm.inches)}) is beyond ${movesOf(mv) > 1 ? `its ${movesOf(mv)} moves of ${fmt(one)}` : `its normal move of ${fmt(one)}`} (QRS movement, ${mover.formation}): the formation changes first and the move is made in it (L311).`,
    `Post the move again shorter (within ${fmt(one * movesOf(mv))}), or keep ${mover.name} in its formation for this move.`);
}

/** A move order as the resolution applies it (validated first). */
export function moveOf(s: AnrtState, o: Extract<AnrtOrder, { kind: 'move' }>, formation?: AnrtUnit['formation']): AnrtMove | null {
  const u = s.units[o.unit];
  if (!u || isHold(o)) return null;
  const p = planMove(s, u, o.to);
  if (!p.ok) return null;
  const n = movesOf(o), f = formation ?? u.formation;
  // A square making multiple moves keeps where each move ends: a failed test stops it there (L439, ANRT-W15).
  const one = n > 1 && f === 'square' ? normalMove(s, movingAs(u, f)) : undefined;
  const legs = one !== undefined ? { legs: movesLegs(s, u, p.value.path, p.value.facings, n, one) } : {};
  // ANRT-O2: a move whose way goes 90° or more off its starting facing falls back — a retrograde (L330), which L428 exempts.
  const retrograde = distance(u.at, p.value.at) > 1e-6 && !isAdvance(u, p.value.at) ? { retrograde: true as const } : {};
  return { unit: u.id, to: p.value.at, facing: p.value.facing, formation: f, inches: p.value.inches, pips: pipsOf(s, o), ...(n > 1 ? { moves: n } : {}), ...legs, ...retrograde };
}

export function validateOrder(s: AnrtState, seat: string, o: AnrtOrder, pending: readonly AnrtOrder[]): Result<Accepted<AnrtOrder>, Problem> {
  const side = sideOfSeat(s, seat);
  if (!side) return err(problem('order/no-seat', `${seat} has no seat in this game.`));
  if (s.ended) return err(problem('order/ended', 'The game is over.'));
  if (s.ask) return err(problem('game/gm-owes', 'The GM owes a ruling first.', 'Wait for /game answer.'));
  if (o.kind === 'allocate' || o.kind === 'regroup' || o.kind === 'adc' || o.kind === 'general' || o.kind === 'attach' || o.kind === 'pay') return validateCommandOrder(s, side, o, pending);
  if (o.kind === 'first') {
    if (s.step !== 'choose' || s.chooser !== side) return err(problem('order/not-chooser', 'Only the initiative winner chooses who moves first, while that window is open (L12).'));
    if (!s.sides.some((x) => x.id === o.side)) return err(problem('order/side', `${o.side} is not a side of this game.`, `One of: ${s.sides.map((x) => x.name).join(', ')}.`));
    return ok({ order: o, preview: [`${s.sides.find((x) => x.id === o.side)!.name} will move first this turn (L12).`] });
  }
  const stowed = s.units[o.unit];
  if (stowed?.stowed && !stowed.gone) return err(problem('order/regimental-off', `${stowed.name} is off the table while ${s.units[stowed.parent ?? '']?.name ?? 'its battalion'} is in square (L1095).`, 'The guns come back beside their battalion when it leaves the square.'));
  const u = liveUnit(s, o.unit);
  if (!u) return err(problem('order/unit', `${o.unit} is not a unit on the table.`, 'Pick one from the autocomplete list.'));
  if (u.side !== side) return err(problem('order/not-yours', `${u.name} is not one of your units.`));
  if (u.abandoned) return err(problem('order/guns-abandoned', `${u.name}'s guns stand abandoned: its gunners ${u.abandoned.gunnersWith ? `sheltered with ${s.units[u.abandoned.gunnersWith]?.name ?? u.abandoned.gunnersWith}` : u.abandoned.inTerrain ? `sheltered in ${u.abandoned.inTerrain}` : 'fled'} (L406, §XVI).`, 'The gunners reoccupy the guns as your phase opens when no enemy is in contact with them (L406); they fire again that phase.'));
  if (o.kind === 'react') return validateReaction(s, u, o);
  if (o.kind === 'fire') return validateFire(s, u, o);
  if (s.step !== 'orders' || phasingSide(s) !== side) return err(problem('order/not-phasing', 'Only the side whose phase it is moves, changes formation and charges (§I L20-31).', 'Wait for your side\'s phase; you answer charges with /react.'));
  if (u.routed) return err(problem('order/routed', `${u.name} is routed: it cannot be ordered until it rallies (§XII).`));
  const key = orderKey(o);
  const others = pending.filter((p) => orderKey(p) !== key);
  let cost: number | undefined;
  const preview: string[] = [];
  if (o.kind === 'formation') {
    if (!formationsOf(u.arm).includes(o.formation)) return err(problem('order/formation', `${u.name} cannot form ${o.formation} (§VII).`, `It may take: ${formationsOf(u.arm).join(', ')}.`));
    if (o.formation === u.formation && !u.disordered) return err(problem('order/formation-same', `${u.name} is already in ${o.formation}.`, 'The same formation again recovers a disordered unit (QRS recover-disorder).'));
    if (o.formation === u.formation) {
      const why = recoveryBarred(s, u, others);
      if (why) return err(why);
    }
    const still = disorderedFormation(u, o.formation);
    if (still) return err(still);
    // A move posted beside it is made in the new formation (turn.ts): its path is checked again against friends (L381-395).
    const mv = others.find((x): x is Extract<AnrtOrder, { kind: 'move' }> => x.kind === 'move' && x.unit === u.id && !isHold(x));
    const mp = mv && o.formation !== u.formation ? planMove(s, u, mv.to) : undefined;
    // A formation change beside a move is a second move (L311): multiple moves' limits apply.
    const n = movesThisPhase(u, mv, o.formation);
    const many = disorderedRefusal(u, n) ?? (mp?.ok ? multipleRefusal(s, u, n, mp.value.path, o.formation, mp.value.facings) : null);
    if (many) return err(many);
    // …and made in it: its normal move and ground are the new formation's (ANRT-W17).
    const tooFar = mv && mp?.ok ? movedTooFar(s, movingAs(u, o.formation), mv, mp.value.path) : null;
    if (tooFar) return err(tooFar);
    if (mp?.ok) {
      const blocked = checkMovePath(s, u, mp.value.path, postedPool(s, others.filter((x) => x !== mv), plannedEnd(s)), o.formation);
      if (blocked) return err({ ...blocked, message: `In ${o.formation}, ${blocked.message}`, hint: `Keep ${u.name} in ${u.formation} for its move, or change its move. ${blocked.hint ?? ''}`.trim() });
    }
    cost = pipCost(s, u, o.formation === u.formation ? 'recover-disorder' : 'formation-change', false);
    preview.push(o.formation === u.formation ? `${u.name} recovers from disorder.` : `${u.name}: ${u.formation} → ${o.formation}.`);
  } else if (o.kind === 'move' && isHold(o)) {
    if (u.hits !== 1) return err(problem('order/hold', `${u.name} need not pay to hold its ground: only a unit with one hit left does (L204).`, 'A unit given no order stays where it is.'));
    cost = ONE_HIT.holdPips;
    preview.push(`${u.name} holds its ground: the +1 pip of a unit with one hit left (L204)${hardCover(s, u) ? '; in hard cover it also fires' : ''}.`);
  } else if (o.kind === 'move') {
    if (u.disordered && others.some((p) => p.kind === 'formation' && p.unit === u.id && p.formation === u.formation)) return err(problem('order/recover-stationary', `${u.name} is recovering from disorder this phase: it must spend the move stationary (L931).`, `Post /formation ${u.formation} again later to recover, or drop the recovery to move.`));
    const p = planMove(s, u, o.to);
    if (!p.ok) return err(p.error);
    // Made in the formation posted beside it (turn.ts changes formations first): that formation's
    // normal move and ground (ANRT-W17). Artillery's move carries its change (L302-303): its own.
    const mover = movingAs(u, formationPosted(u, others));
    const one = normalMove(s, mover);
    if (one === undefined) return err(problem('order/qrs-gap', `The QRS movement distance of ${u.name} is not entered nor ruled yet.`, 'The GM enters it (/game ruling key:qrs.movement.<row>) or rules it when asked.'));
    // Multiple moves (L311): each further move adds a normal move and its pips.
    const n = movesThisPhase(u, o, formationPosted(u, others));
    const allowance = one * movesOf(o);
    const many = disorderedRefusal(u, n) ?? disorderedAdvance(s, u, p.value.at) ?? multipleRefusal(s, u, n, p.value.path, formationPosted(u, others), p.value.facings);
    if (many) return err(many);
    const advance = isAdvance(u, p.value.at);
    if (advance && u.hits === 1) return err(problem('order/one-hit', `${u.name} has one hit left: it cannot advance (L204).`, 'Move it back or sideways.'));
    const tm = terrainMove(s, mover, p.value.path);
    if (tm.refused) return err(problem(tm.refused.code, tm.refused.message, tm.refused.hint));
    const woods = tm.inches > p.value.inches + 1e-6 ? ` (${fmt(tm.inWoods)} in woods counts double, L359)` : '';
    if (tm.inches > allowance + 1e-6) return err(problem('order/too-far', `${u.name} would move ${fmt(tm.inches)}${woods}, beyond ${movesOf(o) > 1 ? `its ${movesOf(o)} moves of ${fmt(one)} (${fmt(allowance)})` : `its normal move of ${fmt(allowance)}`} (QRS movement, ${mover.formation}${mover !== u ? ', the formation posted beside the move' : ''}).`, `Choose a place within ${fmt(allowance)}, e.g. "forward ${Math.floor(allowance)}"${woods ? ', or go round the wood' : ''}${u.disordered ? '' : `, or make multiple moves for more pips (moves:${movesOf(o) + 1}, L311: never nearer than ${fmt(MULTIPLE_MOVES.minEnemyInches)} to the enemy)`}.`));
    // Friends in the way (L381-395, ANRT-W10), in the formation posted beside the move.
    const blocked = checkMovePath(s, u, p.value.path, postedPool(s, others, plannedEnd(s)), formationPosted(u, others));
    if (blocked) return err(blocked);
    const guns = gunsPreview(s, u, tm.inches);
    if (guns && 'problem' in guns) return err(guns.problem);
    if (guns) preview.push(guns.line);
    const each = pipCost(s, u, tm.entersBuildings ? 'enter-buildings' : 'move', advance);
    cost = each === undefined ? undefined : each * movesOf(o);
    if (n > 1) preview.push(`${u.name} makes ${n} moves this phase (L311): never nearer than ${fmt(MULTIPLE_MOVES.minEnemyInches)} to known enemy${movesOf(o) > 1 ? `; ${movesOf(o)} normal moves of ${fmt(one)}, each paid` : ''}.`);
    if (mover.formation === 'square') preview.push(movesOf(o) > 1 ? `In square it tests morale after each of its ${movesOf(o)} moves; a failed test stops it where that move ended (L439, ANRT-W15).` : 'In square it tests morale after the move (L439).');
    preview.push(tm.entersBuildings
      ? `${u.name} deploys into the buildings of ${tm.entersBuildings.name ?? tm.entersBuildings.id}: its whole move, and it ends disordered (L361).`
      : `${u.name} moves ${fmt(tm.inches)} of ${fmt(allowance)}${woods}.`);
  } else {
    const t = liveUnit(s, o.target);
    if (!t || t.side === side) return err(problem('order/target', `${o.target} is not an enemy unit on the table.`, 'Pick an enemy unit from the autocomplete list.'));
    if (isRegimental(t)) return err(problem('order/regimental-target', `${t.name} are regimental guns with no hits of their own (L1079): they are not charged apart from their battalion (ANRT-R3).`, `Charge ${s.units[t.parent ?? '']?.name ?? 'their battalion'} instead.`));
    if (t.abandoned) return err(problem('order/guns-abandoned', `${t.name}'s guns are abandoned: there is no one to charge (L406, §XVI).`, `Move a unit into contact with them (/move) and keep it there undisordered for a move: it spikes them (L1065).`));
    if (isArtillery(u) || u.formation === 'square' || u.formation === 'march-column') return err(problem('order/cannot-charge', `${u.name} cannot charge in ${isArtillery(u) ? 'a battery' : u.formation} (§X).`));
    const allowance = normalMove(s, u);
    if (allowance === undefined) return err(problem('order/qrs-gap', `The QRS movement distance of ${u.name} is not entered nor ruled yet.`, 'The GM enters it or rules it when asked.'));
    const d = distance(u.at, t.at);
    if (d > allowance + 1e-6 || !inFront(u, t.at)) {
      return err(problem('order/out-of-reach', `${t.name} is out of ${u.name}'s reach: ${fmt(d)} away${inFront(u, t.at) ? '' : ', outside its front arc (ANRT-T2)'}, its normal move ${fmt(allowance)} (§X, QRS movement).`, `Move closer first, or charge a unit within ${fmt(allowance)} in front.`));
    }
    if (u.hits === 1) return err(problem('order/one-hit', `${u.name} has one hit left: it cannot advance, so it cannot charge (L204).`, 'Hold it (/move to:hold, 1 pip) or move it back.'));
    const ifEvaded = ifEvadedLine(u, t, o.ifEvaded);
    if ('problem' in ifEvaded) return err(ifEvaded.problem);
    const path = checkChargePath(s, u, t, allowance, pendingMoves(s, others));
    if (!path.ok) return err(problem(path.code, path.message, path.hint));
    const room = chargeRoom(s, u, t, others);
    if (room && 'problem' in room) return err(room.problem);
    cost = pipCost(s, u, 'move', true);
    const held = gunsHeldBy(s, u.id);
    if (held.length) preview.push(`It leaves the guns it holds (${held.map((b) => b.name).join(', ')}), spiked: a charge takes no guns along (L1061, ANRT-G7).`);
    const aspect = chargeAspect(u, t);
    preview.push(`${u.name} will charge ${t.name} (${fmt(d)}${path.inWoods > 1e-6 ? `, ${fmt(path.inWoods)} in woods counting double (L359)` : ''}${aspect !== 'front' ? `, into its ${aspect}: wholly behind its ${aspect === 'rear' ? 'rear' : 'flank'} line (L841)` : ''}); the enemy answers before it goes in (§X).`, ...(room ? [room.preview] : []), ...(ifEvaded.line ? [ifEvaded.line] : []));
  }
  if (cost === undefined) return err(problem('order/qrs-gap', 'The QRS pip cost of this action is not entered nor ruled yet.', 'The GM enters it (/game ruling key:qrs.pips.cost.move).'));
  if (o.kind !== 'formation' && s.command?.outOfCommand[u.id]) preview.push(`Out of command: ${s.command.outOfCommand[u.id]} — it moves at the QRS out-of-command price.`);
  if (s.brigadierFell?.[u.brigade]) {
    const used = others.reduce((n, p) => ('unit' in p && p.kind !== 'react' && p.kind !== 'fire' && s.units[p.unit]?.brigade === u.brigade ? n + pipsOf(s, p) : n), 0);
    if (used + cost > BRIGADE_COMMANDER_KILLED_MAX_PIPS.pips) return err(problem('order/brigadier-fell', `${u.name}'s brigadier has fallen: the brigade may use no more than ${BRIGADE_COMMANDER_KILLED_MAX_PIPS.pips} pip in its following move (L274); ${used} ordered, this costs ${cost}.`, 'Give the brigade one cheap order this phase.'));
  }
  // The corps' own units are paid from the nearest division's pips (L231, ANRT-C11).
  const payer = payerOf(s, u, others);
  const b = checkBudget(s, others, o, payer, cost, `give ${u.name} a cheaper one`);
  if (!b.ok) return b;
  // The price just laid out is the one pipsOf would lay out again (same plan, same pipCost).
  pricesOf(s).byOrder.set(o, cost);
  return ok({ order: o, preview: [...preview, b.value] });
}

/** The divisions an accepted order's pips come from, and how many each (none for choices, responses and declarations; one per corps for an army commander's paid move, L457). */
export function chargesOf(s: AnrtState, o: AnrtOrder, orders: readonly AnrtOrder[] = []): { division: string; pips: number }[] {
  if (o.kind === 'general') { const p = planGeneral(s, o); return p.ok ? p.value.payers.map((division) => ({ division, pips: p.value.pips })) : []; }
  const u = 'unit' in o ? s.units[o.unit] : undefined;
  return u ? [{ division: payerOf(s, u, orders), pips: pipsOf(s, o) }] : [];
}

/** Whether `cost` more pips fit the division's budget under the allocation posted (L21, L266); the preview line if so. */
export function checkBudget(s: AnrtState, others: readonly AnrtOrder[], o: AnrtOrder, division: string, cost: number, cheaper: string): Result<string, Problem> {
  const budget = budgets(s, [...others, o])[division]?.pips ?? s.pips[division] ?? 0;
  const all = [...others, o];
  const spent = others.reduce((n, p) => n + chargesOf(s, p, all).reduce((m, c) => (c.division === division ? m + c.pips : m), 0), 0);
  const name = s.divisions[division]?.name ?? division;
  if (spent + cost > budget) {
    return err(problem('order/pips', `Not enough command pips: ${name} has ${budget}, ${spent} already ordered, this costs ${cost} (§VI L266).`, `Withdraw or change another order of the division first (post it again), give the division a higher die (/pips allocate), or ${cheaper}.`));
  }
  return ok(`Pips: ${cost} (${spent + cost} of ${budget} for ${name}).`);
}

function validateReaction(s: AnrtState, u: AnrtUnit, o: Extract<AnrtOrder, { kind: 'react' }>): Result<Accepted<AnrtOrder>, Problem> {
  if (s.step !== 'responses' || phasingSide(s) === u.side) return err(problem('order/no-response', 'Responses are given only when the enemy has charged you or moved within reach of an opportunity charge (§X, §VII L424-428).', 'Wait for the enemy\'s phase.'));
  const allowed = reactionsOf(s, u);
  // L430 (ANRT-O3): an opportunity charge its end would leave flank or rear to an undisordered enemy is refused, that enemy named.
  const exposed = o.choice === 'opportunity' && !allowed.includes('opportunity') ? refusedByL430(s, u)[0] : undefined;
  if (exposed) return err(problem('order/opportunity-exposed', `${u.name} may not opportunity charge ${exposed.target.name}: in contact with it, its own flank or rear would lie directly in front of ${exposed.enemy.name}, undisordered and within its normal move (L430).`, allowed.length ? `It may: ${allowed.join(', ')}.` : 'It stays where it is; no other answer is open to it now.'));
  if (!allowed.includes(o.choice)) return err(problem('order/reaction', `${u.name} cannot ${o.choice} now.`, allowed.length ? `It may: ${allowed.join(', ')}.` : 'It is neither charged, nor eligible for an opportunity charge, nor within reach of chargers whose target may evade (L421).'));
  const how = o.choice === 'evade' ? ' (halting in cover or behind formed friends if it reaches them, L402)' : o.choice === 'evade-on' ? ' (running its whole evade move, past any cover or friends, L402)' : '';
  // ANRT-E2: an uncharged unit's answer stands ready should a pursuit of evaders uncover it (L421).
  const charged = s.charges.some((c) => c.target === u.id);
  const when = !charged && o.choice !== 'opportunity' && ifUncovered(s, u).includes(o.choice)
    ? ` if chargers pursuing evaders come upon it (L421, ANRT-E2)${o.choice === 'stand' && reactionsOf(s, u).includes('opportunity') ? '; it makes no opportunity charge' : ''}`
    : '';
  // ANRT-E8: an opportunity charger's L408-416 choice, checked as /charge's (ANRT-E4).
  if (o.ifEvaded && o.choice !== 'opportunity') return err(problem('order/if-evaded', `if-evaded goes with an opportunity charge only: ${u.name}'s answer is ${o.choice}.`, `Post /react unit:${u.id} choice:opportunity if-evaded:${o.ifEvaded}, or leave if-evaded out (a declared charge's is on /charge).`));
  const now = o.choice === 'opportunity' ? opportunityTargets(s, u)[0] : undefined;
  const barred = o.choice === 'opportunity' && !now ? refusedByL430(s, u)[0] : undefined;
  const ready = o.choice === 'opportunity' && !now ? ` — ${barred ? `it may not charge ${barred.target.name} now (its flank or rear would face ${barred.enemy.name}, L430)` : 'no enemy has moved in front of it yet'}: it stands ready to opportunity charge a pursuer whose pursuit ends directly in front of it within its normal move this phase (L318, L426, ANRT-P9)` : '';
  const target = now ? (u.arm === 'cavalry' ? ` (${now.name}, the nearest enemy that moved in front of it, L426)` : ` (${now.name}, the nearest enemy that presented its flank or rear in front of it, L428)`) : '';
  const ie = o.choice === 'opportunity' ? ifEvadedLine(u, now ?? u, o.ifEvaded, !now) : {};
  if ('problem' in ie) return err(ie.problem);
  return ok({ order: o, preview: [`${u.name}: ${o.choice}${how}${when}${target}${ready}.`, ...(ie.line ? [ie.line] : [])] });
}

/** A fire target (§IX): the mover's units in its orders, the other side's in the responses window; no pips. */
function validateFire(s: AnrtState, u: AnrtUnit, o: Extract<AnrtOrder, { kind: 'fire' }>): Result<Accepted<AnrtOrder>, Problem> {
  const mover = phasingSide(s) === u.side;
  if (!(s.step === 'orders' && mover) && !(s.step === 'responses' && !mover)) return err(problem('order/no-fire-choice', 'Fire targets are chosen in your side\'s orders, or in the responses window when the enemy\'s phase opens one (§IX).', 'Otherwise each unit fires at the nearest enemy in front and in range (ANRT-T6).'));
  if (isRegimental(u)) return err(problem('order/regimental-fire', `${u.name} fire at their battalion's target, or the nearest enemy directly to its front (L1087).`, `Choose the target of ${s.units[u.parent ?? '']?.name ?? 'the battalion'} instead.`));
  if (!canFire(u)) return err(problem('order/cannot-fire', `${u.name} cannot fire now (${u.routed ? 'routed' : u.arm === 'cavalry' ? 'cavalry' : u.formation}) (§IX).`));
  const t = liveUnit(s, o.target);
  if (!t || t.side === u.side) return err(problem('order/target', `${o.target} is not an enemy unit on the table.`, 'Pick an enemy unit from the autocomplete list.'));
  if (isRegimental(t)) return err(problem('order/regimental-target', `${t.name} are regimental guns with no hits of their own (L1079): fire goes at their battalion (ANRT-R3).`, `Fire at ${s.units[t.parent ?? '']?.name ?? 'their battalion'} instead.`));
  const reach = fireReach(s, u);
  const d = distance(u.at, t.at);
  if (reach === undefined || d > reach + 1e-6 || !inFront(u, t.at)) return err(problem('order/out-of-range', `${t.name} is ${fmt(d)} away${inFront(u, t.at) ? '' : ', outside the front arc (ANRT-T2)'}; ${u.name} reaches ${reach === undefined ? 'an unknown range (QRS)' : fmt(reach)} (§IX).`, 'Pick a target in front and in range, or let it fire at the nearest.'));
  return ok({ order: o, preview: [`${u.name} will fire at ${t.name} (${fmt(d)}) if it is still in range when fire comes (§IX).`] });
}

/**
 * L408-416, ANRT-E4: the charging player's option should the target evade, checked against what
 * its arm may do (`ifEvadedOptions`), and the preview line saying what it will do — given only
 * when the target may evade (skirmishers, limbered guns: L574-617) or the player chose.
 */
function ifEvadedLine(u: AnrtUnit, t: AnrtUnit, choice: IfEvaded | undefined, unknownTarget = false): { line?: string } | { problem: Problem } {
  const options = ifEvadedOptions(u);
  if (choice && !options.includes(choice)) {
    const why = choice === 'pursue'
      ? `infantry pursues only evaders its move reaches, and then catches them: that is already the default (L416, ANRT-E1)`
      : `only cavalry rallies back (L414)`;
    return { problem: problem('order/if-evaded', `${u.name} cannot be ordered to ${choice} should its target evade: ${why}.`, `For ${u.arm === 'cavalry' ? 'cavalry' : 'infantry'}, if-evaded may be: ${options.join(', ')}, or left out for the rules' default.`) };
  }
  if (unknownTarget) return choice ? { line: `Should its target evade, ${u.name} will ${choice} (L408-416).` } : {};
  const evades = responsesTo(t, u).some((r) => r === 'evade' || r === 'evade-on');
  if (!evades) return choice ? { line: `${t.name} cannot evade this charge (L565-617): if-evaded ${choice} is kept but has no effect unless a pursuit uncovers an evader.` } : {};
  const cav = u.arm === 'cavalry';
  const what = choice === 'pursue' ? 'pursues at once, without the "cavalry win melee" test, catching them if its move reaches them (L416, L620)'
    : choice === 'halt' ? (cav ? 'does not ride them down: it tests "cavalry win melee" (L412) and halts where the evade started if it passes, else pursues (L415)' : 'halts where the evade started, even if it could catch them (L410)')
    : choice === 'rally-back' ? 'does not ride them down: it tests "cavalry win melee" (L412) and rallies back to its start if it passes, else pursues (L415)'
    : cav ? 'catches them if its move reaches them (L416, L620), else tests "cavalry win melee" (L412): passed, as the evade.cavalry setting says; failed, it pursues (the default, ANRT-E1)'
    : 'catches them if its move reaches them (L416, L620), else halts where the evade started (L410; the default, ANRT-E1)';
  return { line: `If ${t.name} evades, ${u.name} ${what}.` };
}
