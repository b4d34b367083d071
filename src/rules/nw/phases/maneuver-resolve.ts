import type { Dice } from '../../../dice/dice';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseDistance, pointToBaseDistance } from '../../geometry/base';
import type { Pose } from '../../geometry/types';
import { add, headingVector, scale } from '../../geometry/vector';
import { parseGeneralLabel, generalMayAttach } from '../labels-general';
import { awayFacing, facingToward, overlaps } from '../movement-rules';
import { rollEvasion, rollFinalFire } from '../procedures/artillery';
import { evasionConditionsOf, fireConditionsOf } from '../conditions';
import { activeSpecial, battlefieldNow, commanderOf, nationOf, phaseNations, type NwBattery, type NwState } from '../state';
import type { EvasionCondition, FireCondition } from '../tables/artillery';
import type { Nationality } from '../tables/vocabulary';
import { OFFICER_MOVE_INCHES } from '../tables/leaders';
import { MOVEMENT_ALLOWANCE } from '../tables/maneuver';
import { ROCKETS } from '../tables/optional';
import { MOVE_DISTANCES } from '../tables/terrain';
import { baseOf, bodies, keepGrid, pieceOf, placePiece } from './maneuver-pieces';
import type { NwAttachRequest, NwMoveDetail } from './maneuver-plan';
import type { NwManeuverOptions } from './maneuver-roll';
import { offTable } from './rally';
import { nationalFireConditions } from './artillery';
import { fullMoveOf, officersRunOverInDraft, retreatPiece, retreatWayQuestion, type RetreatOrder, type RetreatWay } from './retreat';
import { disorder, draftOf, loseOfficer, loseSp, nameOf, type Draft } from './target-units';
import { withEntry } from '../record';

/** Steps of the maneuver phase that change more than the mover: attachments, artillery contacted, officers run over. */

const withDraft = (s: NwState, d: Draft): NwState => ({ ...s, units: d.units, batteries: d.batteries, generals: d.generals, commanders: d.commanders, armies: d.armies });
const logMoved = (s: NwState, id: string): NwState => ({ ...s, log: { ...s.log, moved: [...s.log.moved, id] } });

/**
 * §9.0 A L225-227: attach a general to a brigade of his command (ADCs: any; independent brigades:
 * only ADCs, L240) within 6" of the unit he leaves; null detaches. MV-25: a brigade takes one
 * general. MV-26: an unattached general attaches to a brigade within his 18" move, and is placed
 * at the centre of its rear edge; attaching is his move this phase.
 */
export function applyAttach(s: NwState, req: NwAttachRequest, events: GameEvent[]): NwState {
  const rule = 'NW §9.0 A L225';
  const refuse = (why: string): NwState => {
    events.push({ kind: 'note', rule, text: `Attachment refused: ${why}` });
    return s;
  };
  if (!req || typeof req.general !== 'string') return refuse('an attach request needs a general id.');
  const g = s.generals[req.general];
  if (!g) return refuse(s.commanders[req.general] || pieceOf(s, req.general)?.kind === 'cinc' ? 'only generals may attach; commanders and CinCs may not (L227).' : `there is no general "${req.general}".`);
  if (g.side !== s.phasing) return refuse(`${g.name} is not of the phasing side.`);
  if (g.lost || !g.onTable) return refuse(`${g.name} is not on the table.`);
  if (s.log.moved.includes(g.id)) return refuse(`${g.name} has already moved this phase.`);
  const old = g.attachedTo ? s.units[g.attachedTo] : undefined;
  if (req.unit === null) {
    if (!old) return refuse(`${g.name} is not attached.`);
    events.push({ kind: 'general', rule, general: g.id, what: 'detaches', detail: `${g.name} leaves ${old.name}` });
    const detached: NwState = { ...s, generals: withEntry(s.generals, g.id, { ...g, attachedTo: null }), units: withEntry(s.units, old.id, { ...old, attachedGeneral: null }) };
    keepGrid(s, detached); // an attachment moves no brigade or battery
    return detached;
  }
  const u = typeof req.unit === 'string' ? s.units[req.unit] : undefined;
  if (!u || !u.onTable || u.removed) return refuse(`"${String(req.unit)}" is not a brigade in play (a general attaches to an infantry or cavalry unit).`);
  if (u.side !== g.side) return refuse(`${u.name} is an enemy unit.`);
  if (u.attachedGeneral && u.attachedGeneral !== g.id) return refuse(`${u.name} already has ${nameOf(s, u.attachedGeneral)} attached (MV-25).`);
  const label = parseGeneralLabel(g.label);
  if (!label.ok || !generalMayAttach(label.value, u)) return refuse(`${g.name} (${g.label}) may attach only to units of his own command (L225).`);
  if (commanderOf(s, u.id) === null && label.value.kind !== 'adc') return refuse(`only ADCs may attach to an independent brigade (NW §9.0 C.6 L240).`);
  if (old && baseDistance(baseOf(old), baseOf(u)) > MOVE_DISTANCES.generalReattachInches + 1e-6) return refuse(`${u.name} is more than 6" from ${old.name}, the unit he leaves (L225).`);
  if (!old && pointToBaseDistance(g.pose.at, baseOf(u)) > OFFICER_MOVE_INCHES + 1e-6) return refuse(`${u.name} is beyond his 18" move (MV-26).`);
  const pose: Pose = { at: add(u.pose.at, scale(headingVector(u.pose.facing), -u.base.depth / 2)), facing: u.pose.facing };
  let units = withEntry(s.units, u.id, { ...u, attachedGeneral: g.id });
  if (old && old.id !== u.id) units = { ...units, [old.id]: { ...old, attachedGeneral: null } };
  events.push({ kind: 'general', rule, general: g.id, what: 'attaches', detail: `${g.name} attaches to ${u.name}${old ? ` (leaving ${old.name})` : ''}` });
  const attached: NwState = { ...s, units, generals: withEntry(s.generals, g.id, { ...g, attachedTo: u.id, pose }) };
  keepGrid(s, attached); // an attachment moves no brigade or battery
  return logMoved(attached, g.id);
}

/**
 * §9.3.2 L267: an enemy unit moving through an officer's stand: 2d6, 12 kills him; otherwise
 * MV-23: he is moved 3" straight away from where the unit ended (the owner is not asked).
 */
export function officersRunOver(s: NwState, mover: string, ids: readonly string[], dice: Dice, events: GameEvent[]): NwState {
  if (ids.length === 0) return s;
  const d = draftOf(s);
  officersRunOverInDraft(s, d, pieceOf(s, mover)?.pose.at ?? null, ids, 'NW §9.3.2 L267', dice, events);
  return withDraft(s, d);
}

/** The outcome of a contact on a battery. */
export interface BatteryContact { readonly state: NwState; readonly contactStands: boolean }

/**
 * §8.5 L202, §9.92 L337: a battery contacted from its front takes a final shot (HR N-13 may
 * stop the attack); then, unless stopped or attached (§8.6 L219, HR N-31), it rolls to evade.
 * PH-17: an attacker stopped by final fire whose result makes the target retreat (Horrendous 6",
 * Destructive a full move, chart L757-759) retreats so far, straight away from the battery, by the
 * shared retreat rules (retreat.ts: §11.4 blocks and bends, friends disordered, −1 s.p. if it
 * cannot). A retreat result that `finalFire.stopsOn` does not count as stopping is not made (the
 * attack goes on, as HR N-13 decides). MV-24: an attack stopped by a result without a retreat
 * (`stopsOn` widened) ends 1" back from the battery. An escaped battery makes a full move
 * straight away from the attacker (shortened to stay on the table and clear of
 * bases); the attacker deducts 1" and overruns the battery (removed) if its remaining inches
 * still reach the new position — it does not move on, the overrun is the contact's end.
 * NAT-5: final fire takes the battery's national fire modifier (chart L742-745) from the state's
 * nations, as any fire. FF-1: "die roll modifiers still apply" (L202): the charging unit is the
 * target where it makes contact — its cover, an obstacle between it and the battery, different
 * elevations, rain or mud, fording or on a bridge, a shot into its flank (`fireConditionsOf`,
 * conditions.ts, as in the artillery phase). OPT-5 (Optional §4.0 L626, `optional.rockets`): a rocket battery has no
 * final fire; one that fails to evade is overrun at once (removed, no combat): the attacker pays 1"
 * and may continue: it stays where it made contact, its Maneuver grant becomes the inches left
 * (allowance − cost − 1", fraction 'hold' so no road bonus) and it leaves `log.moved`, so its
 * owner may post a second move for it.
 * (Known gap: until it moves again, reaction does not see it as a mover, reaction-zone.ts RX-1.)
 */
export function batteryContacted(s: NwState, plan: NwMoveDetail, dice: Dice, opts: NwManeuverOptions, events: GameEvent[]): BatteryContact {
  const b = s.batteries[plan.contact!]!;
  const a = s.units[plan.unit]!;
  const attached = b.attachedTo !== null;
  const rocket = activeSpecial(s, b) === 'rocket';
  const nations = phaseNations(s, opts.nations);
  let next = s;
  let mayEvade = !attached;
  if (plan.contactSide === 'front' && rocket) {
    events.push({ kind: 'note', rule: 'NW Optional §4.0 L626 (OPT-5)', text: `${b.name} is a rocket battery: no final fire.` });
  } else if (plan.contactSide === 'front') {
    const ff = rollFinalFire({
      battery: { unit: b.id, weight: b.weight, kind: b.kind, condition: b.condition, attached },
      attacker: { unit: a.id, arm: a.arm, ...(a.attachedGeneral ? { attachedGeneral: a.attachedGeneral } : {}) },
      contact: 'front', conditions: finalFireConditionsOf(next, a.id, b, nations),
    }, s.settings, dice);
    events.push(...ff.events);
    const d = draftOf(next);
    const e = ff.result.effect;
    const by = `final fire of ${b.name}`;
    if (e && e.spLoss > 0) loseSp(d, a.id, e.spLoss, 'NW §8.5 L202', by, events);
    if (e?.disordered) disorder(d, a.id, 'NW §8.5 L202', by, events);
    if (ff.result.generalKilled && a.attachedGeneral) loseOfficer(next, d, a.attachedGeneral, a.id, 'NW §8.4 L198', events);
    next = withDraft(next, d);
    if (ff.result.stopsAttack || d.units[a.id]!.removed) {
      const now = next.units[a.id]!;
      const retreat = e?.retreat ?? 0;
      if (!now.removed && retreat !== 0) {
        // PH-17: the fire result's retreat (chart L757 6", L759 a full move), straight away from the battery (retreat.ts).
        const d2 = draftOf(next);
        const inches = retreat === 6 ? 6 : fullMoveOf(next, now, nations);
        const order: RetreatOrder = { id: a.id, from: b.pose.at, inches, kind: 'retreat', foes: [b.id], rule: `NW §8.5 L202; chart ${retreat === 6 ? 'L757' : 'L759'}`, cause: by };
        // RC-1: two equally direct ways back wait for the owner (the mover's own player): the window
        // resolves it (finalFireRetreat); nothing else moves until then.
        const q = retreatWayQuestion(next, d2, order, opts.askRetreatWay);
        if (q) {
          next = { ...next, log: { ...next.log, retreatWay: { unit: a.id, side: q.side, shown: 0, rolls: [], order } } };
          events.push({ kind: 'note', rule: `${order.rule}; NW §11.4 L401; RC-1`, text: `${q.text} Nothing else moves until it has gone back: choose, then /ready; the maneuver goes on in the next window.` });
        } else {
          retreatPiece(next, d2, order, events, dice);
          next = withDraft(next, d2);
        }
      } else if (!now.removed) {
        const back: Pose = { at: add(now.pose.at, scale(headingVector(now.pose.facing), -1)), facing: now.pose.facing };
        if (!offTable(next, { pose: back, size: now.base })) next = placePiece(next, a.id, back);
      }
      events.push({ kind: 'note', rule: 'NW §8.5 L202; HR N-13 (MV-24)', text: `${a.name}'s attack on ${b.name} is stopped by final fire.` });
      return { state: next, contactStands: false };
    }
    mayEvade = ff.result.mayEvade;
  }
  if (!mayEvade) return { state: next, contactStands: true };
  // Mud, rain or snow; suppressed; rough ground; behind an obstacle or higher (conditions.ts).
  const conditions: EvasionCondition[] = evasionConditionsOf(next, b.id, a.id, battlefieldNow(s).weather, opts.ground ?? battlefieldNow(s).ground);
  const ev = rollEvasion({ battery: { unit: b.id, kind: b.kind }, attacker: { unit: a.id, arm: a.arm, ...(a.weight ? { weight: a.weight } : {}) }, conditions }, s.settings, dice);
  events.push(...ev.events);
  if (!ev.result.escaped && rocket) return rocketOverrun(next, plan, events);
  if (!ev.result.escaped) return { state: next, contactStands: true };
  const attacker = next.units[a.id]!;
  const full = MOVEMENT_ALLOWANCE[b.kind === 'foot' ? 'foot-artillery' : 'horse-artillery'];
  const dir = headingVector(awayFacing(attacker.pose.at, b.pose.at, b.pose.facing));
  const others = bodies(next, () => true).filter((x) => x.id !== b.id);
  const poseAt = (k: number): Pose => ({ at: add(b.pose.at, scale(dir, k)), facing: b.pose.facing });
  let k = full;
  while (k > 0 && (offTable(next, { pose: poseAt(k), size: b.base }) || others.some((o) => overlaps({ pose: poseAt(k), size: b.base }, baseOf(o))))) k -= 0.25;
  const to = poseAt(Math.max(0, k));
  events.push({ kind: 'move', rule: 'NW §8.5 L202', unit: b.id, from: b.pose.at, to: to.at, path: [b.pose.at, to.at], facing: to.facing, cost: Math.max(0, k), allowance: full, stopped: 'evades a full move to the rear' });
  next = placePiece(next, b.id, to);
  const remaining = plan.allowance - plan.cost - ev.result.attackerCostInches;
  const gap = baseDistance(baseOf(attacker), { pose: to, size: b.base });
  if (remaining >= gap - 1e-6) {
    events.push({ kind: 'removed', rule: 'NW §8.5 L202 (MV-24)', unit: b.id, at: to.at, reason: `overrun by ${a.name}: it could still reach the battery after its escape` });
    next = { ...next, batteries: withEntry(next.batteries, b.id, { ...next.batteries[b.id]!, removed: true }) };
  }
  return { state: next, contactStands: false };
}

/**
 * RC-1 (PH-17): the final-fire retreat that waited for its owner's way (`log.retreatWay.order`),
 * made now by the shared retreat rules — `way` as chosen, or C14's default (right) when the player
 * said nothing. The maneuver phase stays open: the phasing player moves his other pieces after it.
 */
export function finalFireRetreat(s: NwState, way: RetreatWay | undefined, dice: Dice): Step<NwState> {
  const w = s.log.retreatWay;
  if (!w?.order) return { state: s, events: [] };
  const { retreatWay: _done, ...log } = s.log;
  const base: NwState = { ...s, log };
  const d = draftOf(base);
  const events: GameEvent[] = [{
    kind: 'note', rule: 'NW §11.4 L401; RC-1',
    text: `${nameOf(s, w.unit)} goes back by the ${way ?? 'right'} way${way ? '' : ' (nothing was chosen: the default, C14)'}.`,
  }];
  retreatPiece(base, d, way ? { ...w.order, prefer: way } : w.order, events, dice);
  return { state: withDraft(base, d), events };
}

/**
 * OPT-5 (Optional §4.0 L626): a rocket battery that fails to evade is overrun at once: removed, no
 * combat; the attacker pays only 1" and may continue its move with what is left (a second move).
 */
function rocketOverrun(s: NwState, plan: NwMoveDetail, events: GameEvent[]): BatteryContact {
  const rule = 'NW Optional §4.0 L626 (OPT-5)';
  const b = s.batteries[plan.contact!]!;
  const a = s.units[plan.unit]!;
  let next: NwState = { ...s, batteries: withEntry(s.batteries, b.id, { ...b, removed: true }) };
  if (b.attachedTo && next.units[b.attachedTo]?.attachedBattery === b.id) {
    next = { ...next, units: withEntry(next.units, b.attachedTo, { ...next.units[b.attachedTo]!, attachedBattery: null }) };
  }
  events.push({ kind: 'removed', rule, unit: b.id, at: b.pose.at, reason: `rocket battery overrun by ${a.name}: it failed to evade` });
  const left = Math.max(0, plan.allowance - plan.cost - ROCKETS.overrunOnFailedEvasionCostInches);
  const grant = next.log.rolls[a.id];
  if (left > 0 && grant && !plan.entering) {
    next = {
      ...next,
      // The grant's fraction is set to 'hold' so the continuation cannot claim the road bonus, which
      // maneuver-plan.ts reckons from the fraction: a move that made contact was within 6" of an enemy (§9.5 note 6 L300).
      log: { ...next.log, moved: next.log.moved.filter((x) => x !== a.id), rolls: { ...next.log.rolls, [a.id]: { ...grant, inches: left, fraction: 'hold' } } },
    };
    events.push({ kind: 'note', rule, text: `${a.name} pays ${ROCKETS.overrunOnFailedEvasionCostInches}" for the overrun and may continue its move: ${Math.round(left * 100) / 100}" left.` });
  } else {
    events.push({ kind: 'note', rule, text: `${a.name} pays ${ROCKETS.overrunOnFailedEvasionCostInches}" for the overrun; no move is left.` });
  }
  return { state: next, contactStands: false };
}

/** §9.93 L341: the defender turns about its centre to face its first attacker (its attachments turn with it). */
export function turnToFace(s: NwState, defender: string, attacker: string, firstAttacker: boolean): NwState {
  if (!firstAttacker) return s;
  const d = pieceOf(s, defender);
  const a = pieceOf(s, attacker);
  if (!d || !a || d.removed) return s;
  return placePiece(s, defender, { at: d.pose.at, facing: facingToward(a.pose) });
}

/** FF-1 (§8.5 L202 "die roll modifiers still apply"; §8.4 L185-194): final fire's conditions, from the state. */
function finalFireConditionsOf(s: NwState, attacker: string, b: NwBattery, nations: Readonly<Record<string, Nationality>>): FireCondition[] {
  const ground = fireConditionsOf(s, attacker, [{ pose: b.pose, size: b.base }], battlefieldNow(s).weather);
  return [...new Set([...nationalFireConditions(nationOf(s, b, nations), [b.weight]), ...ground])];
}
