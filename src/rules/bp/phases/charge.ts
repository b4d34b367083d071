import { err, ok, type Result } from '../../../lib/result';
import type { Dice } from '../../../dice/dice';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { attackAspect, coveredRuns, runCharge, type ChargeHooks } from '../../battalion';
import { inFrontalArc } from '../../geometry/arcs';
import { basePolygon, pointToBaseDistance, type Base } from '../../geometry/base';
import { pathCost } from '../../geometry/cost';
import { nearestPointOnRing } from '../../geometry/polygon';
import { terrainAt } from '../../geometry/terrain';
import { ringsIntersect } from '../../geometry/primitives';
import type { Point, Pose } from '../../geometry/types';
import { bearing, distance } from '../../geometry/vector';
import { BP_COST, positionOf } from '../ground';
import { buildingMelee } from '../procedures/buildings';
import { commandFigureKill } from '../procedures/command-control';
import { melee } from '../procedures/melee';
import { moraleTest } from '../procedures/morale';
import { chargeLegality } from '../tables/charge';
import { recoveringUnitAssaulted } from '../tables/rout';
import { moveAllowance, type MoveHalving } from '../tables/movement';
import { ORGANISATION } from '../tables/organisation';
import type { AttackDirection } from '../tables/vocabulary';
import { STAND_SIZES, envelopeOf, figuresOf, isDisrupted, isLive, layoutOf, logAdd, phasingSide, standBases, standingOf, withUnit, type BpState, type BpUnit } from '../state';
import { applyLosses, problem, rout, swept, unitInput, unitsOverlapping } from './common';
import { closingFire } from './fire';
import { cannotFollow, cannotSupport, defenderSupports, followPose, MELEE_MAX_RANKS, ranksOf } from './melee-join';

/**
 * The charge (L105-135, L161-163, L171, L173-175, L185-198) through the shared sequence
 * (battalion/charge.ts) with B&P's tables: the target's morale (2D6, −3 in flank or rear), its
 * fire at the charger if it holds, was charged frontally and has not fired, the square option
 * against cavalry, the charger's morale if fired upon, then the melee and routs.
 *
 * Rulings:
 *  BP-C1 A charge goes straight at the nearest point of the target, at least part of which must
 *        be in the charger's front arc (45° from its front corners); the path costs as a move and
 *        must fit the allowance (HR B-13); nothing may stand in the way but friendly skirmishers.
 *  BP-C2 The aspect (L117) is the angle between the target's facing and the charge's heading.
 *  BP-C3 A target that breaks on its morale test routs before contact; the charger stays where
 *        it was and has spent its move.
 *  BP-C4 A square charged by infantry fights as a regular infantry melee (L175); squares do not
 *        charge; skirmishers charge only a target in woods (L61: "terrain allows no other
 *        formation"), and never artillery or formed infantry (L121).
 *  BP-C5 A charge on a building's defending stand is a building melee by one stand of the
 *        charger (L179, L185: one per side), with no morale test.
 */

/** Where the charger ends: its front centre on the target's nearest point, facing it. */
function contactPose(u: BpUnit, t: BpUnit): Pose {
  const ring = basePolygon(envelopeOf(t));
  const p = nearestPointOnRing(ring, u.pose.at);
  const facing = distance(u.pose.at, p) > 1e-6 ? bearing(u.pose.at, p) : u.pose.facing;
  return { at: p, facing };
}

/**
 * Does the enemy `o`, whose envelope the charge lane crosses, stop the charge? A line holed in
 * its middle (BP-21) stops it only where its stands cover (L113): "each infantry or cavalry stand
 * covers twice the width of its stand", so a hole of up to two stand widths is closed and only a
 * wider one lets a charge through; a stand left alone beyond such a hole is "in skirmish order"
 * and covers twice its width as a screen does (L65), a stand width centred on it.
 */
export function blocksCharge(o: BpUnit, lane: readonly Point[]): boolean {
  if (o.formation !== 'line' || !o.slots || o.arm === 'artillery') return true;
  const w = STAND_SIZES[o.arm].width;
  return coveredRuns(o.pose, layoutOf(o), 2 * w).some((run) => {
    const cover = run.size.width <= w + 1e-9 ? { ...run, size: { ...run.size, width: 2 * w } } : run;
    return ringsIntersect(lane, basePolygon(cover));
  });
}

/** Why `u` may not charge `t` now, or null. */
export function cannotCharge(s: BpState, u: BpUnit, t: BpUnit): string | null {
  if (u.side !== phasingSide(s)) return `${u.name} charges in its own side's move period`;
  if (!isLive(u) || !isLive(t)) return 'both units must be on the table';
  if (t.side === u.side) return `${t.name} is a friend`;
  if (u.stage !== 'effective') return `${u.name} is ${u.stage}`;
  if (isDisrupted(u)) return `${u.name} is disrupted and may not advance (L167)`;
  if (s.log.moved[u.id] || s.log.formed.includes(u.id) && u.arm === 'infantry') return `${u.name} has moved or changed formation this move period (L161)`;
  if (s.log.meleed.includes(u.id)) return `${u.name} has fought a melee this move period (L115)`;
  if (s.noMove.includes(u.id)) return `${u.name} returned fire and may not move (L131)`;
  if (u.formation === 'square') return 'a square does not charge (BP-C4)';
  if (u.building) return `${u.name} holds a building`;
  const woods = terrainAt(envelopeOf(t).pose.at, s.map.terrain).some((f) => f.kind === 'woods' || f.kind === 'forest');
  const to0 = contactPose(u, t);
  const lane0 = swept(envelopeOf(u), envelopeOf(u, to0));
  const screen = unitsOverlapping(s, lane0, [u.id, t.id]).some((o) => o.side !== u.side && o.formation === 'skirmish' && blocksCharge(o, lane0));
  // P0 legality (tables/charge.ts) with the answers the table reads from the state.
  const legal = chargeLegality(u, t, {
    terrainOnlySkirmish: woods, throughSkirmishScreen: screen,
    chargerMeleedThisMove: s.log.meleed.includes(u.id), targetWonMeleeThisMove: s.log.wonMelee.includes(t.id),
  });
  if (!legal.ok) return `${legal.error.message}`;
  if (u.formation === 'skirmish' && (t.arm === 'artillery' || (t.arm === 'infantry' && t.formation !== 'skirmish'))) return 'skirmishers cannot charge artillery or formed infantry (L121)';
  if (t.building && u.arm !== 'infantry') return 'only infantry stands assault a building (L185)';
  if (s.log.meleed.includes(t.id) && t.stage === 'effective') return `${t.name} has fought a melee this move period (L115)`;
  if (!inFrontalArc(envelopeOf(u), envelopeOf(t))) return `${t.name} is not in ${u.name}'s front arc (BP-C1)`;
  const to = contactPose(u, t);
  const halvings: MoveHalving[] = [];
  if (u.arm === 'cavalry' && s.log.formed.includes(u.id)) halvings.push('cavalryFormationChange');
  if (s.control[u.id] === 'half') halvings.push('controlHalf');
  const allowance = moveAllowance({ arm: u.arm, formation: u.formation, halvings });
  const cost = pathCost([u.pose.at, to.at], s.map.terrain, BP_COST).total;
  if (cost > allowance + 1e-6) return `${t.name} is ${Math.round(cost * 10) / 10}" of movement away; ${u.name} has ${allowance}" (HR B-13)`;
  const lane = swept(envelopeOf(u), envelopeOf(u, to));
  for (const o of unitsOverlapping(s, lane, [u.id, t.id])) {
    if (o.side !== u.side && !blocksCharge(o, lane)) continue; // through a breach wider than two stands (L113)
    if (o.side !== u.side) return `${o.name} is in the way${o.formation === 'skirmish' ? ' (no charge through a skirmish screen, L57)' : o.slots ? ' (its stands cover a hole of up to two stand widths, L113)' : ''}`;
    if (o.formation !== 'skirmish') return `${o.name} (a friend in formation) is in the way`;
  }
  return null;
}

/** A command figure with a unit (within 1") risks death in a direct assault (L202, BP-X1). */
function assaultOnCommander(s: BpState, t: BpUnit, by: string, dice: Dice): { s: BpState; events: GameEvent[] } {
  for (const c of Object.values(s.commanders)) {
    if (!c.alive || c.side !== t.side || !standBases(t).some((b) => pointToBaseDistance(c.at, b) <= 1)) continue;
    const k = commandFigureKill({ commander: c.id, by }, s.settings, dice);
    if (!k.result.killed) return { s, events: k.events };
    return { s: { ...s, commanders: { ...s.commanders, [c.id]: { ...c, alive: false } } }, events: [...k.events, { kind: 'general', rule: 'B&P L202', general: c.id, what: 'killed', detail: `in the assault by ${by}` }] };
  }
  return { s, events: [] };
}

interface Ctx {
  readonly s: BpState;
  readonly events: readonly GameEvent[];
  readonly noRout?: boolean;
  /** The defender's supports that fought the melee (BP-22). */
  readonly defenders?: readonly string[];
}

/** A co-charger or support of a charge, and where it ends (BP-22). */
interface Joiner { readonly id: string; readonly to: Pose; readonly role: 'co-charger' | 'support' }

const shrunk = (b: Base): Base => ({ ...b, size: { width: Math.max(0, b.size.width - 0.1), depth: Math.max(0, b.size.depth - 0.1) } });

/**
 * The units named to join `u`'s charge on `t` (L107, BP-22): each either charges `t` itself or
 * backs `u` from behind, up to four ranks; a refusal says why each could do neither.
 */
export function chargeJoiners(s: BpState, u: BpUnit, t: BpUnit, ids: readonly string[]): Result<Joiner[]> {
  if (ids.length === 0) return ok([]);
  if (t.stage !== 'effective' || t.building) {
    return err(problem('charge/with', `Only a charge on a combat-effective unit in the open takes several units (L107); ${t.name} is ${t.building ? 'in a building (L185: one stand a side)' : t.stage}.`, `Charge ${t.name} with ${u.name} alone.`));
  }
  const to = contactPose(u, t);
  const seen = new Set([u.id, t.id]);
  const finals: Base[] = [envelopeOf(u, to)];
  const out: Joiner[] = [];
  let ranks = ranksOf(u);
  for (const wid of ids) {
    const w = s.units[wid];
    if (!w || !isLive(w) || w.side !== u.side) return err(problem('charge/with', `${w?.name ?? wid} is not one of your units on the table.`));
    if (seen.has(wid)) return err(problem('charge/with', `${w.name} is named twice: a unit fights one melee a move (L115).`));
    seen.add(wid);
    const asCharger = cannotCharge(s, w, t);
    if (!asCharger) {
      const p = contactPose(w, t);
      const env = envelopeOf(w, p);
      if (finals.some((f) => ringsIntersect(basePolygon(shrunk(f)), basePolygon(shrunk(env))))) return err(problem('charge/with', `${w.name} would end on top of another charger at ${t.name}.`, 'Charge with units that reach different parts of the target.'));
      finals.push(env);
      out.push({ id: wid, to: p, role: 'co-charger' });
      continue;
    }
    // "so long as the stands are touching each other" (L107): behind the charger or a support already named.
    const fronts = [u, ...out.filter((j) => j.role === 'support').map((j) => s.units[j.id]!)];
    const reasons = fronts.map((f) => cannotSupport(s, f, w, t));
    const asSupport = reasons.includes(null) ? null : reasons[0]!;
    if (asSupport) return err(problem('charge/with', `${w.name} can neither charge ${t.name} (${asCharger}) nor back ${u.name} (${asSupport}).`, 'A support touches the charger from behind; a co-charger reaches the target itself (L107).'));
    ranks += ranksOf(w);
    if (ranks > MELEE_MAX_RANKS) return err(problem('charge/with', `${u.name} and its supports would be ${ranks} ranks deep; a melee takes units up to a depth of four ranks (L107).`));
    const follow = cannotFollow(s, w, u.pose, to, [...seen, ...ids]);
    if (follow) return err(problem('charge/with', `${w.name} cannot follow ${u.name} in: ${follow}.`));
    out.push({ id: wid, to: followPose(w, u.pose, to), role: 'support' });
  }
  return ok(out);
}

/** The charge action: the whole sequence at once, binding dice. */
export function chargeAction(s0: BpState, id: string, targetId: string, dice: Dice, withIds: readonly string[] = []): Result<Step<BpState>> {
  const u0 = s0.units[id];
  const t0 = s0.units[targetId];
  if (!u0 || !t0) return err(problem('action/unknown-unit', `No unit ${!u0 ? id : targetId}.`));
  const why = cannotCharge(s0, u0, t0);
  if (why) return err(problem('charge/illegal', `${u0.name} may not charge ${t0.name}: ${why}.`));
  const joined = chargeJoiners(s0, u0, t0, withIds);
  if (!joined.ok) return err(joined.error);
  const joiners = joined.value;
  const to = contactPose(u0, t0);
  const heading = to.facing;
  const aspectOf = (h: number): AttackDirection => attackAspect({ formation: t0.formation, facing: t0.pose.facing }, h).aspect;
  const aspect: AttackDirection = aspectOf(heading);
  // L117: the defender tests at −3 if any charger strikes its flank or rear (BP-22).
  const coAspects = joiners.filter((j) => j.role === 'co-charger').map((j) => aspectOf(j.to.facing));
  const worst: AttackDirection = [aspect, ...coAspects].includes('rear') ? 'rear' : [aspect, ...coAspects].includes('flank') ? 'flank' : 'front';
  const cavalry = u0.arm === 'cavalry';
  const attackers = [id, ...joiners.map((j) => j.id)];
  const head: GameEvent[] = [
    { kind: 'engagement', rule: 'B&P L105', id: `charge:${s0.periodsDone}:${id}`, sides: [{ side: u0.side, units: attackers, dice: 1, modifiers: [] }, { side: t0.side, units: [targetId], dice: 1, modifiers: [] }], pools: false, at: to.at },
    { kind: 'note', rule: 'B&P L105', text: `${id} charges ${targetId}${aspect === 'front' ? '' : ` in the ${aspect} (L117)`}${joiners.length ? `, with ${joiners.map((j) => `${j.id} (${j.role}${j.role === 'co-charger' && aspectOf(j.to.facing) !== 'front' ? ` in the ${aspectOf(j.to.facing)}` : ''})`).join(', ')} (L107)` : ''}.` },
  ];
  // Every unit of the charge has spent its move whatever happens (L161) and fights no other melee (L115).
  const moved = { ...s0.log.moved, [id]: { spent: distance(u0.pose.at, to.at), allowance: distance(u0.pose.at, to.at) } };
  for (const j of joiners) { const d = distance(s0.units[j.id]!.pose.at, j.to.at); moved[j.id] = { spent: d, allowance: d }; }
  let s = logAdd({ ...s0, log: { ...s0.log, moved } }, 'meleed', ...attackers);
  const moveIn = (c: Ctx): Ctx => {
    let next = c.s;
    const events = [...c.events];
    for (const [uid, p] of [[id, to] as const, ...joiners.map((j) => [j.id, j.to] as const)]) {
      const u = next.units[uid]!;
      if (!isLive(u) || u.stage !== 'effective') continue;
      events.push({ kind: 'move', rule: 'B&P L107', unit: uid, from: u.pose.at, to: p.at, path: [], facing: p.facing, stopped: uid === id || joiners.find((j) => j.id === uid)?.role === 'co-charger' ? `contact with ${targetId}` : `behind ${id}` });
      next = withUnit(next, { ...u, pose: p });
    }
    return { ...c, s: next, events };
  };

  // L171: a unit not yet combat effective loses half, then all.
  if (t0.stage !== 'effective') {
    const r = recoveringUnitAssaulted(figuresOf(t0), t0.assaultsRecovering);
    let c = moveIn({ s, events: head });
    const lost = applyLosses(c.s, targetId, r.lost, 'B&P L171', `charged by ${id} before it was combat effective`);
    let next = lost.s;
    const events = [...c.events, ...lost.events];
    const t = next.units[targetId]!;
    if (isLive(t)) {
      next = withUnit(next, { ...t, assaultsRecovering: t.assaultsRecovering + 1 });
      const ro = rout(next, targetId, 'assaulted before it was combat effective (L171)');
      next = ro.s; events.push(...ro.events);
    }
    c = { s: logAdd(logAdd(next, 'wonMelee', id), 'meleed', targetId), events };
    return ok({ state: c.s, events: c.events });
  }

  // BP-C5: buildings.
  if (t0.building) {
    let c = moveIn({ s, events: head });
    const full = ORGANISATION.infantry.figuresPerStand;
    const bm = buildingMelee({
      building: t0.building,
      defender: { stand: targetId, figures: figuresOf(t0), casualties: Math.max(0, full - figuresOf(t0)) },
      attackers: [{ stand: id, figures: u0.stands[0]!, disrupted: isDisrupted(u0), green: u0.green }],
    }, s.settings, dice);
    let next = c.s;
    const events = [...c.events, ...bm.events];
    // "Elim" eliminates the stand that fought (L185: one stand per side, L187-196): the whole
    // defending stand, but only the attacking stand of a battalion, not the battalion.
    const side = (who: string, o: { figuresLost: number; routs: boolean; eliminated: boolean }, standFigures: number) => {
      const unit = next.units[who]!;
      const l = applyLosses(next, who, o.eliminated ? Math.min(figuresOf(unit), standFigures) : o.figuresLost, 'B&P L187', 'building melee');
      next = l.s; events.push(...l.events);
      if (o.routs && isLive(next.units[who]!)) { const r = rout(next, who, 'routed in the building melee (L187)'); next = r.s; events.push(...r.events); }
    };
    side(targetId, bm.result.defender, figuresOf(t0));
    side(id, bm.result.attackers[0]!, u0.stands[0]!);
    const d = next.units[targetId]!;
    const defenderOut = !isLive(d) || d.building === null;
    next = logAdd(next, 'meleed', targetId);
    if (defenderOut && isLive(next.units[id]!)) next = logAdd(next, 'wonMelee', id);
    else if (!defenderOut) next = logAdd(next, 'wonMelee', targetId);
    c = { s: next, events };
    return ok({ state: c.s, events: c.events });
  }

  const hooks: ChargeHooks<Ctx> = {
    declare: (c) => ok(c),
    defenderTest: (c) => {
      const t = c.s.units[targetId]!;
      const m = moraleTest({ unit: unitInput(c.s, t), reason: 'charged', chargedFrom: worst, chargedByCavalry: cavalry, defenderPosition: positionOf(c.s, t, c.s.units[id]!).position }, c.s.settings, dice);
      return { s: { ...c, events: [...c.events, ...m.events] }, holds: m.result.holds };
    },
    response: (c) => {
      const t = c.s.units[targetId]!;
      // L123: a line or column that holds may form square (its owner's standing choice, against cavalry).
      if (t.arm === 'infantry' && (t.formation === 'line' || t.formation === 'column') && cavalry && standingOf(c.s, t.id).square) {
        const env = envelopeOf(t, t.pose, 'square');
        if (unitsOverlapping(c.s, basePolygon(env), [t.id, id]).length === 0) {
          const ev: GameEvent = { kind: 'status', rule: 'B&P L123', unit: t.id, status: 'square', on: true, reason: `forms square against ${id}` };
          return { s: { s: withUnit(c.s, { ...t, formation: 'square' }), events: [...c.events, ev] }, response: 'square' };
        }
      }
      return { s: c, response: 'stand' };
    },
    closingFire: (c) => {
      // L111, L117: only a frontal charge on infantry or artillery that has not fired.
      if (aspect !== 'front') return { s: c, fired: false };
      const f = closingFire(c.s, targetId, id, dice);
      return { s: { s: f.s, events: [...c.events, ...f.events] }, fired: f.fired };
    },
    chargerTest: (c) => {
      const u = c.s.units[id]!;
      if (!isLive(u)) return { s: c, holds: false };
      const m = moraleTest({ unit: unitInput(c.s, u), reason: 'charger-fired-upon' }, c.s.settings, dice);
      return { s: { ...c, events: [...c.events, ...m.events] }, holds: m.result.holds };
    },
    contact: (c) => {
      const u = c.s.units[id]!;
      if (!isLive(u)) return { s: c, made: false };
      return { s: moveIn(c), made: true };
    },
    melee: (c) => {
      const u = c.s.units[id]!;
      const t = c.s.units[targetId]!;
      // L107, BP-22: the co-chargers and supports that came in, and the defender's own supports.
      const mine = joiners.filter((j) => { const x = c.s.units[j.id]!; return isLive(x) && x.stage === 'effective'; });
      const theirs = defenderSupports(c.s, t, u);
      const tNow = { formation: t.formation, facing: t.pose.facing };
      const m = melee({
        attacker: unitInput(c.s, u), defender: unitInput(c.s, t), direction: aspect, defenderPosition: positionOf(c.s, t, u).position,
        ...(mine.length ? { attackerSupports: mine.map((j) => ({ unit: unitInput(c.s, c.s.units[j.id]!), direction: j.role === 'co-charger' ? attackAspect(tNow, j.to.facing).aspect : aspect })) } : {}),
        ...(theirs.length ? { defenderSupports: theirs.map((x) => ({ unit: unitInput(c.s, x) })) } : {}),
      }, c.s.settings, dice);
      const defenders = [targetId, ...theirs.map((x) => x.id)];
      let next = logAdd(c.s, 'meleed', ...defenders);
      const events = [...c.events, ...(theirs.length ? [{ kind: 'note', rule: 'B&P L107', text: `${theirs.map((x) => x.id).join(', ')} ${theirs.length === 1 ? 'stands' : 'stand'} behind ${targetId} and ${theirs.length === 1 ? 'joins' : 'join'} the melee.` } as GameEvent] : []), ...m.events];
      for (const r of [...m.result.attacker.units, ...m.result.defender.units]) {
        const l = applyLosses(next, r.unit, r.figuresLost, 'B&P L127', 'melee');
        next = l.s; events.push(...l.events);
      }
      const ca = assaultOnCommander(next, next.units[targetId]!, id, dice);
      next = ca.s; events.push(...ca.events);
      if (m.result.winner === null) return { s: { s: next, events, noRout: true, defenders }, winner: 'defender' };
      const winners = m.result.winner === 'attacker' ? [id, ...mine.map((j) => j.id)] : defenders;
      next = logAdd(next, 'wonMelee', ...winners.filter((w) => isLive(next.units[w]!)));
      return { s: { s: next, events, defenders }, winner: m.result.winner };
    },
    rout: (c, who, end) => {
      if (c.noRout) return c;
      // The charger alone breaks under closing fire, the target alone before contact; after a melee the whole losing side routs (BP-23).
      const melee = end === 'attacker-won' || end === 'defender-won';
      const ids = who === 'attacker' ? (melee ? [id, ...joiners.map((j) => j.id)] : [id]) : (melee ? c.defenders ?? [targetId] : [targetId]);
      const why = end === 'defender-broke' ? `broke when charged by ${id} (L109)` : end === 'charger-broke' ? `broke under fire while charging ${targetId} (L125)` : 'lost the melee (L127)';
      let out = c;
      for (const uid of ids) {
        const x = out.s.units[uid]!;
        if (!isLive(x) || (uid !== id && uid !== targetId && x.stage !== 'effective')) continue;
        const r = rout(out.s, uid, why);
        out = { ...out, s: r.s, events: [...out.events, ...r.events] };
      }
      return out;
    },
  };
  const run = runCharge<Ctx>({ s, events: head }, hooks);
  if (!run.ok) return err(run.error);
  s = run.value.s.s;
  return ok({ state: s, events: run.value.s.events });
}
