import type { Dice } from '../../dice/dice';
import type { GmAnswer, PhaseInfo, Step } from '../contract';
import type { GameEvent } from '../events';
import { clockAt } from '../scenario/clock';
import { arriveReinforcements } from './arrivals';
import { initiative } from './procedures/initiative';
import type { AnrtOrder } from './orders';
import { resolveCombat } from './phases/combat';
import { AskGm, need, qrsValue, Thrower } from './phases/gm';
import { testMorale } from './phases/morale';
import { routUnit } from './phases/withdraw';
import { isHold, oneHitUnpaid } from './phases/one-hit';
import { ROUT_MOVER } from './tables/withdrawals';
import { reoccupy } from './phases/guns';
import { followParents, syncRegimental } from './phases/regimental';
import { applyCommand, followJoined, openCommand } from './phases/command';
import { applyGeneralMoves } from './phases/generals';
import { recordFallen, returnGenerals } from './phases/replacement';
import { moveOf, planMove, validateOrder } from './phases/orders';
import { testMovingSquares } from './phases/moving-square';
import { followCaptors, prolongRow, takesGuns } from './phases/prolong';
import { fireChoices, ifEvadedKey, responsesOwed } from './phases/responses';
import { liveUnits, moverOf, otherSide, phasingSide, seatOfSide, sideName, withUnit, type AnrtState } from './state';
import { qrsCells, qrsGaps } from './tables/qrs';
import { buildingsOf, mayEnterBuildings } from './terrain';
import { finalOutcome } from './victory';

/**
 * The ANRT turn on Discord (§I L10-33). Windows: the initiative winner's choice (L12); each
 * side's orders (pips spent on moves, formation changes and charge declarations); the other
 * side's responses, only when something was charged or may be opportunity-charged. Everything
 * else resolves alone. A missing QRS cell in `tables.mode: gm` stops the resolution on a window
 * the GM owes (`ask`); his answer reruns the interrupted stage with the dice already thrown.
 */

type Stage = 'open' | 'combat';

export function anrtPhaseInfo(s: AnrtState): PhaseInfo {
  const clock = clockAt(s.clock.start, s.clock.turnMinutes, s.turn);
  const base = { turn: s.turn, clock, secret: false } as const;
  if (s.ended) return { ...base, id: 'anrt/ended', label: `Turn ${s.turn} — game over`, owes: { kind: 'none' } };
  if (s.ask) return { ...base, id: 'anrt/gm', label: `Turn ${s.turn} (${clock}) — the GM rules (QRS)`, owes: { kind: 'none' }, gm: s.ask.question };
  if (s.step === 'choose') return { ...base, id: 'anrt/initiative', label: `Turn ${s.turn} (${clock}) — initiative: ${sideName(s, s.chooser!)} chooses who moves first`, owes: { kind: 'seats', seats: [seatOfSide(s, s.chooser!)] } };
  const side = phasingSide(s);
  if (s.step === 'responses') {
    // ANRT-F1: the window may open for fire targets alone.
    const what = s.charges.length > 0 || !fireChoices(s).length ? 'answer the charges' : 'choose their fire targets';
    return { ...base, id: 'anrt/responses', label: `Turn ${s.turn} (${clock}) — ${sideName(s, otherSide(s, side))} ${what}`, owes: { kind: 'non-phasing' }, phasingSide: side, secret: true };
  }
  return { ...base, id: 'anrt/orders', label: `Turn ${s.turn} (${clock}) — ${s.period === 0 ? 'first' : 'second'} side's phase: ${sideName(s, side)}`, owes: { kind: 'phasing' }, phasingSide: side, secret: true };
}

export function anrtOwing(s: AnrtState): string[] {
  if (s.ended || s.ask) return [];
  if (s.step === 'choose') return [seatOfSide(s, s.chooser!)];
  const side = s.step === 'responses' ? otherSide(s, phasingSide(s)) : phasingSide(s);
  return [seatOfSide(s, side)];
}

/** Initiative (L12): both C-in-Cs throw; the winner chooses; a draw keeps last turn's order (A-8 on turn 1). */
function startTurn(s0In: AnrtState, dice: Dice): { s: AnrtState; events: GameEvent[] } {
  const th = new Thrower(dice, []);
  const back = returnGenerals(s0In, 'turn-start');
  const s0 = back.s;
  const events: GameEvent[] = [{ kind: 'phase', turn: s0.turn, phase: 'anrt/initiative', label: `Turn ${s0.turn} — initiative` }, ...back.events];
  const ids = s0.sides.map((x) => x.id);
  const sides = s0.settings.initiative.die === 'd10' ? 10 : 6;
  for (let tries = 0; tries < 20; tries++) {
    const rolls: Record<string, number> = {};
    for (const id of ids) {
      const r = sides === 6 ? th.throw(1, 'ANRT §I L12', 'initiative', id) : null;
      const face = r ? r.faces[0]! : 1 + Math.floor(dice.roll('1d10', { purpose: `ANRT §I L12 initiative: ${id}` }).total - 1);
      if (r) events.push(r.event); else events.push({ kind: 'roll', rule: 'ANRT §I L12', purpose: 'initiative', subject: id, expression: '1d10', faces: [face], modifiers: [], total: face });
      rolls[id] = face;
    }
    const r = initiative(rolls, s0.previousFirst, s0.settings.initiative.firstTurnDraw, ids[0]!);
    if (r.kind === 'winner') return { s: { ...s0, step: 'choose', chooser: r.side }, events: [...events, { kind: 'note', rule: 'ANRT §I L12', text: `${sideName(s0, r.side)} win the initiative and choose who moves first.` }] };
    if (r.kind === 'same-as-before') {
      const order = [r.first, otherSide(s0, r.first)] as const;
      return { s: { ...s0, order, period: 0, chooser: null, step: 'orders' }, events: [...events, { kind: 'note', rule: 'ANRT §I L12', text: `A draw: ${sideName(s0, r.first)} move first, as before.` }] };
    }
  }
  const order = [ids[0]!, ids[1]!] as const;
  return { s: { ...s0, order, period: 0, chooser: null, step: 'orders' }, events };
}

/**
 * Opening a side's phase (§I L14-25, §VI): the command step (phases/command.ts: ADCs ride,
 * declared brigades regroup, the corps commander's dice and the divisions' own, who is out of
 * command), then routers test (§XII). In gm mode the QRS numbers this phase's orders need are
 * asked first, once for the game.
 */
function openPhase(s0: AnrtState, th: Thrower): { s: AnrtState; events: GameEvent[] } {
  const side = phasingSide(s0);
  const arrived = arriveReinforcements({ ...withoutReformed(s0), charges: [], moves: [], fireTargets: {}, pips: {}, pipTerms: {} });
  let s: AnrtState = arrived.s;
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: 'anrt/orders', label: anrtPhaseInfo({ ...s, step: 'orders' }).label }, ...arrived.events];
  // Reinforcements arrive before the command dice are thrown, so their division throws for them (ANRT-S1).
  const c = openCommand(s, th);
  s = c.s; events.push(...c.events);
  const mine = liveUnits(s).filter((u) => u.side === side);
  for (const cell of ['pips.cost.move', 'pips.cost.formation-change', 'pips.cost.recover-disorder', 'pips.cost.out-of-command-move', 'pips.cost.brigadier-move', 'pips.cost.higher-commander-extra-move']) qrsValue(s, cell, `Pip cost (${cell.split('.').pop()})`, 'ANRT §VI L266', [0, 6]);
  // The routers' skirmish rows too (L966): a withdrawal may turn into a rout as the orders are carried out (L958, L204).
  // And the prolong rows of guns held by the enemy (L1061, ANRT-G7): their holders' moves are priced against them.
  const prolonged = Object.values(s.units).filter((b) => b.gone && b.taken).map((b) => prolongRow(b));
  for (const m of [...new Set([...liveUnits(s).map((u) => moverOf(u)), ...liveUnits(s).map((u) => ROUT_MOVER(u.arm)), ...prolonged])].sort()) qrsValue(s, `movement.${m}`, `Normal move of ${m}`, 'ANRT §VII', [0, 60]);
  if (mayEnterBuildings(s, mine)) qrsValue(s, 'pips.cost.enter-buildings', 'Pip cost (enter-buildings)', 'ANRT §VI L306', [0, 6]);
  for (const u of mine.filter((x) => x.routed).sort((a, b) => a.id.localeCompare(b.id))) {
    const m = testMorale(s, u, 'router', th);
    events.push(...m.events);
    if (m.result === 'pass' || m.result === 'fight-on' || m.result === 'rally-back' || m.result === 'halt') {
      s = withUnit(s, { ...s.units[u.id]!, routed: false });
      events.push({ kind: 'status', rule: 'ANRT §XII', unit: u.id, status: 'routed', on: false, reason: 'rallied' });
    } else if (u.abandoned) {
      // ANRT-G3: the fled gunners of abandoned guns rout on without them; the guns stay where they were overrun.
      events.push({ kind: 'note', rule: 'ANRT L406', text: `${u.id}'s gunners are still fleeing; their guns stand abandoned.` });
    } else { const r = routUnit(s, u.id); s = r.s; events.push(...r.events); } // continuing: toward its baseline (L966)
  }
  // L406: gunners reoccupy their guns in their own phase, when no enemy is in contact (ANRT-G3).
  const back = reoccupy(s, side); s = back.s; events.push(...back.events);
  // Routers that fled on lose their regimental guns (L1114).
  const rg = syncRegimental(s); s = rg.s; events.push(...rg.events);
  const debt = Object.fromEntries(Object.entries(s.opportunityDebt).filter(([d]) => s.divisions[d]?.side !== side));
  return { s: { ...s, opportunityDebt: debt, step: 'orders' }, events };
}

/** Units under artillery fire this turn (a bombardment's target), for regrouping (L285: "not under artillery fire in its last turn"). */
function recordShelled(s: AnrtState, events: readonly GameEvent[]): AnrtState {
  const hit = events.flatMap((e) => (e.kind === 'engagement' && e.bombardment && e.id.startsWith('fire:') ? [e.sides[1]?.units[0]] : [])).filter((x): x is string => !!x);
  return hit.length ? { ...s, shelled: { ...(s.shelled ?? {}), ...Object.fromEntries(hit.map((u) => [u, s.turn])) } } : s;
}

/** Runs a stage that may need the GM; on a gap, the state waits for his answer with the thrown dice. */
function attempt(s: AnrtState, stage: Stage, dice: Dice, memo: readonly (readonly number[])[], responses: Readonly<Record<string, string>>): { s: AnrtState; events: GameEvent[]; asked: boolean } {
  const th = new Thrower(dice, memo);
  try {
    if (stage === 'open') return { ...openPhase(s, th), asked: false };
    // L439: squares that moved test first, after all movement (phases/moving-square.ts).
    const sq = testMovingSquares(s, th);
    const c = resolveCombat(sq.s, responses, th);
    const r = { s: c.s, events: [...sq.events, ...c.events] };
    const back = returnGenerals(recordFallen(s, recordShelled(r.s, r.events), r.events), 'own-turn-end', phasingSide(s));
    return { s: back.s, events: [...r.events, ...back.events], asked: false };
  } catch (e) {
    if (!(e instanceof AskGm)) throw e;
    return { s: { ...s, ask: { question: e.question, memo: th.thrown, responses, stage } }, events: [{ kind: 'note', rule: e.question.rule ?? 'DIGEST A-1', text: `The GM is asked: ${e.question.question}` }], asked: true };
  }
}

/** Moves on from a finished stage until a window opens or the game ends. */
function proceed(s0: AnrtState, dice: Dice, from: 'setup' | 'chosen' | 'combat-done'): Step<AnrtState> {
  let s = s0;
  const events: GameEvent[] = [];
  let at: 'turn' | 'open' | 'close' = from === 'setup' ? 'turn' : from === 'chosen' ? 'open' : 'close';
  for (let guard = 0; guard < 8; guard++) {
    if (at === 'close') {
      if (s.period === 0) { s = { ...s, period: 1 }; at = 'open'; continue; }
      const end = finalOutcome(s, s.turn >= s.lastTurn);
      if (end) return { state: { ...s, ended: end, step: 'ended' }, events: [...events, { kind: 'note', rule: 'victory', text: end.summary }] };
      s = { ...s, turn: s.turn + 1, previousFirst: s.order[0], period: 0 };
      at = 'turn';
    }
    if (at === 'turn') {
      const t = startTurn(s, dice); s = t.s; events.push(...t.events);
      if (s.step === 'choose') return { state: s, events };
      at = 'open';
    }
    const o = attempt(s, 'open', dice, [], {}); s = o.s; events.push(...o.events);
    return { state: s, events };
  }
  return { state: s, events };
}

/**
 * The state before turn 1 becomes the first window. The set-up narrative says first how the QRS
 * stands: a GM who created the game without entering tables learns now, not at the first
 * question, that every empty cell will be asked of him, and how to enter the stand-in instead.
 */
export function anrtSetup(s: AnrtState, dice: Dice): Step<AnrtState> {
  const gaps = qrsGaps(s.settings.qrs).length;
  const total = qrsCells().length;
  const text = gaps === 0
    ? `The QRS tables are entered (${total} cells): the engine applies them itself.`
    : `The QRS is missing from the text (DIGEST A-1): ${gaps} of its ${total} cells are empty, and the GM will be asked for each when play first needs it (/game answer). To play from the project's stand-in tables (not the author's) instead, the GM enters them before the start: /game ruling key:qrs value:stand-in.`;
  const step = proceed(s, dice, 'setup');
  return { state: step.state, events: [{ kind: 'note', rule: 'ANRT A-1', text }, ...step.events] };
}

/** The path of a posted move (empty when it does not plan). */
const planPath = (s: AnrtState, o: Extract<AnrtOrder, { kind: 'move' }>) => { const p = planMove(s, s.units[o.unit]!, o.to); return p.ok ? p.value.path : []; };

/** The state without this phase's formation changes (ANRT-O4): they last as long as its moves. */
function withoutReformed(s: AnrtState): AnrtState {
  if (!s.reformed) return s;
  const { reformed: _done, ...rest } = s;
  return rest;
}

/** Applies the mover's validated orders: formation changes, then moves (the charges wait for the responses). */
function applyOrders(s0: AnrtState, orders: readonly AnrtOrder[]): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  const seat = seatOfSide(s, phasingSide(s));
  const accepted: AnrtOrder[] = [];
  // The allocation first: every other order was priced against it (L21).
  // Then the payers named for the corps' own units (ANRT-C11): their orders are priced against them.
  const ordered = [...orders.filter((o) => o.kind === 'allocate'), ...orders.filter((o) => o.kind === 'pay'), ...orders.filter((o) => o.kind !== 'allocate' && o.kind !== 'pay')];
  for (const o of ordered) {
    const v = validateOrder(s, seat, o, accepted);
    if (v.ok) { accepted.push(o); continue; }
    // A move checked again as the orders are carried out may now meet a friend it cannot pass (L381-395, ANRT-W10): say so, not where it was going.
    if (o.kind === 'move' && v.error.code.startsWith('order/move-') && v.error.code.endsWith('friend')) events.push({ kind: 'note', rule: 'ANRT §VII L381-395', text: `${s.units[o.unit]?.name ?? o.unit} does not move: ${v.error.message}` });
    // …or an enemy it would move into contact with (ANRT-W12): that would be a charge.
    if (o.kind === 'move' && v.error.code === 'order/move-into-enemy') events.push({ kind: 'note', rule: 'ANRT §X L398-400', text: `${s.units[o.unit]?.name ?? o.unit} does not move: ${v.error.message}` });
  }
  const c = applyCommand(s, accepted);
  s = c.s; events.push(...c.events);
  // The formation changes and moves land in one new units record (not a copy of the record per unit).
  const units = { ...s.units };
  const reformed: string[] = [];
  for (const o of accepted) {
    if (o.kind !== 'formation') continue;
    const u = units[o.unit]!;
    if (o.formation !== u.formation) reformed.push(u.id);
    units[u.id] = { ...u, formation: o.formation, disordered: o.formation === u.formation ? false : u.disordered };
    events.push(o.formation === u.formation ? { kind: 'status', rule: 'ANRT §VI L266', unit: u.id, status: 'disordered', on: false, reason: 'recovered (pips)' } : { kind: 'order', rule: 'ANRT §VII', unit: u.id, from: u.formation, to: o.formation, reason: 'formation change' });
  }
  const moves = [];
  for (const o of accepted) {
    if (o.kind !== 'move') continue;
    const m = moveOf(s0, o, units[o.unit]!.formation);
    if (!m) continue;
    const u = units[o.unit]!;
    // Deploying into buildings disorders the unit (L361).
    const into = u.arm === 'infantry' && !buildingsOf(s0, u) ? buildingsOf(s0, { ...u, at: m.to }) : undefined;
    units[u.id] = { ...u, at: m.to, facing: m.facing, ...(into ? { disordered: true } : {}) };
    moves.push(m);
    events.push({ kind: 'move', rule: 'ANRT §VII', unit: u.id, from: u.at, to: m.to, path: [u.at, m.to], facing: m.facing, cost: m.inches });
    if (into) events.push({ kind: 'status', rule: 'ANRT L361', unit: u.id, status: 'disordered', on: true, reason: `deployed into the buildings of ${into.name ?? into.id}` });
  }
  s = { ...s, units };
  // L1083 (ANRT-R8): regimental guns in contact go with their battalion, unless moved themselves.
  const fl = followParents(s0, s, new Set(accepted.flatMap((o) => (o.kind === 'move' || o.kind === 'formation' ? [o.unit] : []))));
  s = fl.s; events.push(...fl.events);
  // L1061, L1065 (ANRT-G7): taken guns go along with a move within their prolong move, else are left spiked.
  const carried = new Set(accepted.flatMap((o) => (o.kind === 'move' && !isHold(o) && takesGuns(s0, s0.units[o.unit]!, planPath(s0, o)) ? [o.unit] : [])));
  const pr = followCaptors(s, carried); s = pr.s; events.push(...pr.events);
  // L204: one-hit units whose pip was not paid withdraw a move (or go to ground in hard cover).
  const unpaid = oneHitUnpaid(s, accepted); s = unpaid.s; events.push(...unpaid.events);
  const g = applyGeneralMoves(s, accepted);
  s = followJoined(g.s); events.push(...g.events);
  // The attacker's order of charge tests is his order of posting, but units out of command test first (§XII L938).
  const outOfCommand = (id: string) => (s0.command?.outOfCommand[id] !== undefined ? 0 : 1);
  const charges = accepted.flatMap((o) => (o.kind === 'charge' ? [{ unit: o.unit, target: o.target, kind: 'declared' as const, ...(o.ifEvaded ? { ifEvaded: o.ifEvaded } : {}) }] : [])).sort((a, b) => outOfCommand(a.unit) - outOfCommand(b.unit));
  for (const c of charges) events.push({ kind: 'note', rule: 'ANRT §X', text: `${c.unit} is ordered to charge ${c.target}.` });
  const fireTargets = Object.fromEntries(accepted.flatMap((o) => (o.kind === 'fire' ? [[o.unit, o.target] as const] : [])));
  // A battalion formed or left square: its regimental guns off or back (L1095).
  const rg = syncRegimental(s); s = rg.s; events.push(...rg.events);
  return { s: { ...withoutReformed(s), moves, charges, fireTargets, ...(reformed.length ? { reformed } : {}) }, events };
}

export function resolveAnrt(s: AnrtState, orders: ReadonlyMap<string, readonly AnrtOrder[]>, dice: Dice, answer?: GmAnswer): Step<AnrtState> {
  if (s.ended) return { state: s, events: [] };
  if (s.ask) {
    if (!answer || answer.question !== s.ask.question.id) return { state: s, events: [] };
    const ask = s.ask;
    const ruled: AnrtState = { ...s, ask: null, rulings: { ...s.rulings, [answer.question]: answer.value } };
    const r = attempt(ruled, ask.stage, dice, ask.memo, ask.responses ?? {});
    if (r.asked || ask.stage === 'open') return { state: r.s, events: r.events };
    const next = proceed({ ...withoutReformed(r.s), charges: [], moves: [] }, dice, 'combat-done');
    return { state: next.state, events: [...r.events, ...next.events] };
  }
  if (s.step === 'choose') {
    const pick = (orders.get(seatOfSide(s, s.chooser!)) ?? []).find((o) => o.kind === 'first');
    const first = pick && pick.kind === 'first' ? pick.side : s.chooser!;
    const order = [first, otherSide(s, first)] as const;
    const next = proceed({ ...s, order, period: 0, chooser: null, step: 'orders' }, dice, 'chosen');
    return { state: next.state, events: [{ kind: 'note', rule: 'ANRT §I L12', text: `${sideName(s, first)} move first.` }, ...next.events] };
  }
  if (s.step === 'orders') {
    const a = applyOrders(s, orders.get(seatOfSide(s, phasingSide(s))) ?? []);
    if (responsesOwed(a.s)) return { state: { ...a.s, step: 'responses' }, events: a.events };
    return combatThenOn(a.s, {}, dice, a.events);
  }
  const responses: Record<string, string> = {};
  const fireTargets: Record<string, string> = { ...s.fireTargets };
  const seat = seatOfSide(s, otherSide(s, phasingSide(s)));
  for (const o of orders.get(seat) ?? []) {
    if (o.kind === 'react') responses[o.unit] = o.choice;
    // ANRT-E8: an opportunity charger's L408-416 choice rides with its answer (and with a GM question's saved responses).
    if (o.kind === 'react' && o.ifEvaded) responses[ifEvadedKey(o.unit)] = o.ifEvaded;
    if (o.kind === 'fire' && validateOrder(s, seat, o, []).ok) fireTargets[o.unit] = o.target;
  }
  return combatThenOn({ ...s, fireTargets }, responses, dice, []);
}

function combatThenOn(s: AnrtState, responses: Readonly<Record<string, string>>, dice: Dice, before: readonly GameEvent[]): Step<AnrtState> {
  const r = attempt({ ...s, step: 'orders' }, 'combat', dice, [], responses);
  if (r.asked) return { state: r.s, events: [...before, ...r.events] };
  const next = proceed({ ...withoutReformed(r.s), charges: [], moves: [] }, dice, 'combat-done');
  return { state: next.state, events: [...before, ...r.events, ...next.events] };
}
