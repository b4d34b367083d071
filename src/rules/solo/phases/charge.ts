import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import { attackAspect } from '../../battalion/formations';
import { runCharge, type ChargeEnd, type ChargeHooks } from '../../battalion/charge';
import type { GameEvent } from '../../events';
import { bearing, headingVector } from '../../geometry/vector';
import { ruleRoll } from '../../roll';
import { chargeHomeTest, chargeTest, moraleTest, type ChargeHomeFailure } from '../procedures/morale';
import { furtherRounds, meleeKind, meleeRound, type MeleeSide } from '../procedures/melee';
import { moveAllowance } from '../procedures/move';
import type { SoloSettings } from '../settings';
import { distanceMm, unitById, withUnit, type SoloState, type SoloUnit } from '../state';
import { SKIRMISH_EVADE } from '../tables/melee';
import { MM_PER_CM } from '../tables/movement';
import { armOf } from '../tables/vocabulary';
import { addDisorder, applyCasualties, applyMoraleResult, frontRankFigures, markedInFront } from './apply';
import { chargeLaneBlocked, contactPose } from './contact';
import { fireAct } from './fire';
import { chargesUphill, inBuildingOrFieldwork, obstacleCrossed } from './ground';
import { flee } from './flight';
import { moraleInputFor } from './morale-state';
import { queueCharged } from './queue';

/**
 * A charge (KUR L8, L19-20, L25-28) walked through the battalion layer's charge sequence
 * (src/rules/battalion/charge.ts): the charge test, the reach (base move + the marked die, in a
 * straight line, KS-21), the target's jump in the queue (L8, K-10) and its morale test, skirmishers
 * evading cavalry (L20), defensive fire at short range if the target held (L27), the charge home
 * test (L27-28, always), contact and melee rounds (L16-20) until a loser breaks or the D3 further
 * rounds run out (KS-23).
 */

/** How a charge ended, beyond the shared sequence's ends. */
export type SoloChargeEnd = ChargeEnd | 'charge-test-failed' | 'fell-short' | 'melee-continues';

interface Walk {
  readonly state: SoloState;
  readonly events: GameEvent[];
  /** The target passed its morale test ("steady", L28). */
  readonly steady: boolean;
  readonly reachMm: number;
  readonly failure: ChargeHomeFailure | null;
  readonly meleeUnbroken: boolean;
}

const refuse = (code: string, message: string, hint: string): Result<never, Problem> => err({ code, message, hint });

/** The brigadier of a unit's brigade (alive or not). */
const brigadierOf = (s: SoloState, u: SoloUnit) => s.generals.find((g) => g.id === s.brigades.find((b) => b.id === u.brigade)?.brigadier);
const attachedTo = (s: SoloState, u: SoloUnit) => s.generals.filter((g) => g.alive && g.attachedTo === u.id);

/** L8, L16-28: `chargerId` charges `targetId`. Refusals change nothing and roll nothing. */
export function chargeAct(s0: SoloState, chargerId: string, targetId: string, settings: SoloSettings, dice: Dice): Result<{ state: SoloState; events: GameEvent[]; end: SoloChargeEnd }, Problem> {
  const c0 = unitById(s0, chargerId);
  const t0 = unitById(s0, targetId);
  if (c0.gone || t0.gone) return refuse('charge/gone', `${c0.gone ? c0.name : t0.name} is no longer on the table`, 'Pick a unit on the table.');
  if (c0.side === t0.side) return refuse('charge/friend', `${t0.name} is on your own side`, 'Charge an enemy unit.');
  if (armOf(c0.type) === 'artillery') return refuse('charge/artillery', `${c0.name} is a battery: batteries do not charge`, 'Fire it instead.');
  if (c0.motion === 'routing' || c0.motion === 'retiring') return refuse('charge/shaken', `KUR L23: ${c0.name} is ${c0.motion}`, 'Rally it first.');
  if (c0.movedFraction > 0) return refuse('charge/moved', `KUR L27: a charge goes in a straight line; ${c0.name} has already moved this turn`, 'Charge before moving.');
  // KS-38 (L27 "units who charge do so in a straight line"): no base may stand in the lane.
  const lane = chargeLaneBlocked(s0, c0, t0);
  if (lane) return refuse('charge/blocked', `KUR L27: a charge goes in a straight line, and ${lane.name} stands between ${c0.name} and ${t0.name} (KS-38)`, 'Charge a target with a clear lane, or move first next turn to open one.');
  const events: GameEvent[] = [];
  const brig = brigadierOf(s0, c0);
  const att = attachedTo(s0, c0);
  const attBrig = att.find((g) => g.level === 'brigadier');
  const attSenior = att.find((g) => g.level !== 'brigadier');
  const ct = chargeTest({ unit: c0, targetClass: t0.class, ...(attBrig ? { brigadierAttached: attBrig.av } : {}), ...(attSenior ? { seniorAttached: attSenior.av } : {}) }, settings, dice);
  events.push(...ct.events);
  let state = withUnit(s0, { ...c0, acted: true });
  if (!ct.result.passes) {
    events.push({ kind: 'note', rule: 'KUR L27', text: `${c0.name} will not charge` });
    return ok({ state, events, end: 'charge-test-failed' });
  }
  // KS-21: the charge reaches its base move plus the marked die, straight at the target.
  const reach = moveAllowance(c0, brig?.th ?? 'average', settings, dice);
  events.push(...reach.events);
  const d = distanceMm(c0.at, t0.at);
  const heading = bearing(c0.at, t0.at);
  if (reach.result.mm < d) {
    const v = headingVector(heading);
    const to = { x: c0.at.x + v.x * reach.result.mm, y: c0.at.y + v.y * reach.result.mm };
    state = withUnit(state, { ...unitById(state, c0.id), at: to, facing: heading, movedFraction: 1 });
    events.push({ kind: 'move', rule: 'KUR L27; KS-21', unit: c0.id, from: c0.at, to, path: [], facing: heading, stopped: `falls ${Math.round(d - reach.result.mm)} mm short of ${t0.name}` });
    return ok({ state, events, end: 'fell-short' });
  }
  const q = queueCharged(state, c0.id, t0.id, settings);
  state = q.state;
  if (q.slot !== null) events.push({ kind: 'note', rule: 'KUR L8; K-10', text: `${t0.name} jumps the queue to ${q.slot}, to act only against ${c0.name}` });
  const aspect = attackAspect(t0, heading).aspect;
  const vsCavalry = armOf(c0.type) === 'cavalry';

  const hooks: ChargeHooks<Walk> = {
    declare: (w) => ok(w),
    defenderTest: (w) => {
      const t = unitById(w.state, t0.id);
      if (vsCavalry && t.formation === 'skirmish') return { s: w, holds: true };
      const m = moraleTest(moraleInputFor(w.state, t.id, { chargedFrom: aspect, chargedByClass: c0.class, vsCavalry }), settings, dice);
      w.events.push(...m.events);
      if (m.result.passes) return { s: { ...w, steady: true }, holds: true };
      const a = applyMoraleResult(w.state, t.id, m.result.failure!, settings, dice, c0.id);
      w.events.push(...a.events);
      const f = m.result.failure!.result;
      return { s: { ...w, state: a.state }, holds: f === 'halt' || f === 'shaken' };
    },
    response: (w) => ({ s: w, response: vsCavalry && unitById(w.state, t0.id).formation === 'skirmish' ? 'evade' : 'stand' }),
    evade: (w) => {
      // L20: skirmishers evade D20 cm; caught if the cavalry's reach left covers it (KS-22).
      const r = ruleRoll(dice, SKIRMISH_EVADE.die, { rule: 'KUR L20', purpose: 'skirmishers evade (D20 cm)', subject: t0.name });
      const mm = r.rolled.total * MM_PER_CM;
      const caught = w.reachMm - d >= mm;
      w.events.push(r.event(`${mm} mm${caught ? ': caught and ridden down' : ''}`));
      const t = unitById(w.state, t0.id);
      if (caught) {
        w.events.push({ kind: 'removed', rule: 'KUR L20', unit: t.id, at: t.at, reason: 'ridden down by cavalry' });
        return { ...w, state: withUnit(w.state, { ...t, gone: 'destroyed', figures: 0 }) };
      }
      const v = headingVector(heading);
      const to = { x: t.at.x + v.x * mm, y: t.at.y + v.y * mm };
      w.events.push({ kind: 'move', rule: 'KUR L20', unit: t.id, from: t.at, to, path: [] });
      return { ...w, state: withUnit(w.state, { ...t, at: to }) };
    },
    closingFire: (w) => {
      if (!w.steady) return { s: w, fired: false };
      const f = fireAct(w.state, t0.id, c0.id, settings, dice, { band: 'short' });
      if (!f.ok) return { s: w, fired: false };
      w.events.push({ kind: 'note', rule: 'KUR L27', text: `${t0.name} fires at the chargers at short range` }, ...f.value.events);
      return { s: { ...w, state: f.value.state }, fired: true };
    },
    chargerTest: (w) => {
      const c = unitById(w.state, c0.id);
      if (c.gone) return { s: w, holds: false };
      const t = unitById(w.state, t0.id);
      const h = chargeHomeTest({
        unit: c, enemyDisorder: t.disorder, casualtiesThisMove: c.casualtiesThisTurn, coAv: brig?.av ?? 'normal',
        brigadierAttached: !!attBrig, seniorAttached: !!attSenior, steadyInfantryTarget: w.steady && armOf(t.type) !== 'cavalry',
        // L28 from the scenario's ground (KS-36): uphill, over an obstacle, into a building or fieldwork.
        uphill: chargesUphill(w.state, c0.at, t.at), overObstacle: obstacleCrossed(w.state, c0.at, t.at) !== null, buildingOrFieldwork: inBuildingOrFieldwork(w.state, t.at),
      }, settings, dice);
      w.events.push(...h.events);
      return { s: { ...w, failure: h.result.failure }, holds: h.result.home };
    },
    contact: (w) => {
      const c = unitById(w.state, c0.id);
      const t = unitById(w.state, t0.id);
      if (c.gone || t.gone) return { s: w, made: false };
      // Contact (KS-43): the charger's front squared against the edge it strikes, bases touching, not overlapping.
      const pose = contactPose(c, t, aspect);
      w.events.push({ kind: 'move', rule: 'KUR L27; KS-43', unit: c.id, from: c.at, to: pose.at, path: [], facing: pose.facing });
      return { s: { ...w, state: withUnit(w.state, { ...c, at: pose.at, facing: pose.facing, movedFraction: 1 }) }, made: true };
    },
    melee: (w) => meleeRounds(w, c0.id, t0.id, aspect !== 'front', settings, dice),
    rout: (w, who, end) => (who === 'attacker' && end === 'charger-broke' ? chargerFailed(w, c0.id, t0.id, settings, dice) : w),
  };
  const walk = runCharge<Walk>({ state, events, steady: false, reachMm: reach.result.mm, failure: null, meleeUnbroken: false }, hooks, { chargerTestsAlways: true });
  if (!walk.ok) return walk;
  const end: SoloChargeEnd = walk.value.s.meleeUnbroken ? 'melee-continues' : walk.value.end;
  return ok({ state: walk.value.s.state, events: walk.value.s.events, end });
}

/** L28, K-17: what a charger that failed to charge home does. */
function chargerFailed(w: Walk, chargerId: string, targetId: string, settings: SoloSettings, dice: Dice): Walk {
  const f = w.failure;
  const c = unitById(w.state, chargerId);
  if (!f || c.gone) return w;
  if (f.kind === 'halt-and-volley') {
    const v = fireAct(w.state, chargerId, targetId, settings, dice, { band: 'short' });
    if (v.ok) { w.events.push(...v.value.events); return { ...w, state: v.value.state }; }
    return w;
  }
  if (f.kind === 'retire') {
    // L28 "they retire 100mm": one move of retreat at once (L11 1 'D'), away from the target; it
    // is not the D10's retire, so no rally is needed after it (KS-33).
    const r = flee(w.state, chargerId, 'retire', settings, dice, { from: targetId, mm: f.mm, chits: true, rule: 'KUR L11, L28' });
    w.events.push(...r.events);
    return { ...w, state: r.state };
  }
  if (f.kind === 'halt-short') {
    const d = addDisorder(w.state, chargerId, f.chits, 'failed to charge home (K-17)');
    w.events.push(...d.events);
    return { ...w, state: d.state };
  }
  const a = applyMoraleResult(w.state, chargerId, f.row, settings, dice, targetId);
  w.events.push(...a.events);
  return { ...w, state: a.state };
}

/** L16-20: melee rounds — the loser tests; holding, D3 further rounds with all troops (KS-23, KS-24). */
function meleeRounds(w0: Walk, aId: string, bId: string, flank: boolean, settings: SoloSettings, dice: Dice): { s: Walk; winner: 'attacker' | 'defender' } {
  let w = w0;
  let rounds = 1;
  let lostA = 0;
  let lostB = 0;
  for (let round = 1; round <= rounds; round++) {
    const a = unitById(w.state, aId);
    const b = unitById(w.state, bId);
    const kind = meleeKind(a.type, b.type);
    const fighting = (u: SoloUnit) => (round === 1 && kind === 'cavalry-vs-cavalry' ? frontRankFigures(u, settings) : u.figures);
    const side = (u: SoloUnit, attacker: boolean): MeleeSide => ({
      unit: u, fighting: fighting(u), eligible: u.figures, marked: markedInFront(w.state, u, u.figures),
      hitEnemyStanding: round === 1 && attacker && b.motion === 'halted', flankOrRear: attacker && flank,
    });
    const m = meleeRound(side(a, true), side(b, false), settings, dice);
    w.events.push({ kind: 'engagement', rule: 'KUR L16-20', id: `melee:${aId}:${bId}:${round}`, sides: [], pools: false, at: b.at }, ...m.events);
    let st = w.state;
    for (const [id, suffered] of [[aId, m.result.a.suffered], [bId, m.result.b.suffered]] as const) {
      const r = applyCasualties(st, id, suffered, 'melee');
      st = r.state;
      w.events.push(...r.events);
      const dd = addDisorder(st, id, 1, 'a round of melee');
      st = dd.state;
      w.events.push(...dd.events);
    }
    lostA += m.result.a.suffered.figures;
    lostB += m.result.b.suffered.figures;
    w = { ...w, state: st };
    if (unitById(st, aId).gone) return { s: w, winner: 'defender' };
    if (unitById(st, bId).gone) return { s: w, winner: 'attacker' };
    if (m.result.loser === null) continue;
    const loserId = m.result.loser === 'a' ? aId : bId;
    const other = unitById(st, m.result.loser === 'a' ? bId : aId);
    const t = moraleTest(moraleInputFor(st, loserId, { lostMelee: true, vsCavalry: armOf(other.type) === 'cavalry' }), settings, dice);
    w.events.push(...t.events);
    if (!t.result.passes) {
      const ap = applyMoraleResult(st, loserId, t.result.failure!, settings, dice, loserId === aId ? bId : aId);
      w.events.push(...ap.events);
      return { s: { ...w, state: ap.state }, winner: loserId === aId ? 'defender' : 'attacker' };
    }
    if (round === 1) {
      const fr = furtherRounds(dice, `${a.name} and ${b.name}`);
      w.events.push(...fr.events);
      rounds += fr.result;
    }
  }
  w.events.push({ kind: 'note', rule: 'KUR L16; KS-23', text: 'Nobody breaks: the melee goes on next turn' });
  return { s: { ...w, meleeUnbroken: true }, winner: lostA <= lostB ? 'attacker' : 'defender' };
}
