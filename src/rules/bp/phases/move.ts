import { err, ok, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { basePolygon } from '../../geometry/base';
import { pathCost } from '../../geometry/cost';
import { ringContains } from '../../geometry/primitives';
import type { Point, Pose } from '../../geometry/types';
import { add, angleDifference, bearing, distance, headingVector, scale } from '../../geometry/vector';
import { parseLocation, resolveLocation, type LocationContext } from '../../location';
import { BP_COST, wholePathOnRoad } from '../ground';
import { moveAllowance, type MoveHalving } from '../tables/movement';
import { envelopeOf, isDisrupted, liveUnits, phasingSide, withUnit, type BpState, type BpUnit } from '../state';
import { problem, swept, unitsOverlapping } from './common';
import { pursue } from './pursuit';

/**
 * The move action (L26-53): a unit moves once in its side's move period, along a path priced
 * with B&P's costs, within its allowance from the movement table.
 *
 * Rulings (README "State and phases"):
 *  BP-M1 A leg within 45° of the facing is forward, 135° or more retrograde (L34: half), between
 *        a side-slip (L36: half, line or column only). A wheel costs what the unit's centre travels.
 *  BP-M2 A disrupted unit "may not advance" (L167): it may move back or sideways only.
 *  BP-M3 A unit may not end overlapping another unit, nor pass through an enemy; passing through
 *        formed friends costs 2" (L47-49), through skirmishers nothing (L50-52, L63).
 *  BP-M4 Only a unit of one stand may enter a building (L179: one defending stand).
 *  BP-M5 A command figure moves up to 12" (the text prints no rate: a mounted officer's).
 */

/** How far a command figure moves (BP-M5). */
export const COMMANDER_MOVE_INCHES = 12;

/** What the location parser needs for a unit: its envelope (wheels pivot on its front corners). */
export function locationContext(s: BpState, u?: BpUnit): LocationContext {
  const enemies = u ? liveUnits(s).filter((o) => o.side !== u.side).map((o) => ({ id: o.id, name: o.name })) : [];
  return {
    table: s.map.table, grid: { cell: s.map.gridCell }, landmarks: s.map.landmarks, scale: { defaultUnit: 'in', ...(s.scale ?? {}) },
    ...(u ? { unit: { pose: envelopeOf(u).pose, size: envelopeOf(u).size } } : {}),
    enemies,
  };
}

/** The front centre of a unit whose envelope centre is at `centre`. */
function frontFrom(u: BpUnit, centre: Point, facing: number): Pose {
  return { at: add(centre, scale(headingVector(facing), envelopeOf(u).size.depth / 2)), facing };
}

/** A planned move: the unit's front-centre path and the facing at each point. */
interface Plan {
  readonly centres: readonly Point[];
  readonly facings: readonly number[];
  readonly final: Pose;
  /** Only wheels: a battery pivots on its axis (L32). */
  readonly wheelsOnly?: boolean;
}

function plan(s: BpState, u: BpUnit, text: string): Result<Plan> {
  const ctx = locationContext(s, u);
  const parsed = parseLocation(text, ctx);
  if (!parsed.ok) return err(parsed.error);
  const r = resolveLocation(parsed.value, ctx);
  if (!r.ok) return err(r.error);
  const env = envelopeOf(u);
  if (r.value.kind === 'contact') return err(problem('move/contact', 'To move into contact with an enemy, charge it (L107).', `Use /charge unit:${u.name} target:${r.value.enemy.id}.`));
  if (r.value.kind === 'place') {
    // A place is where the front centre goes; the unit keeps its facing.
    const shift = { x: r.value.at.x - u.pose.at.x, y: r.value.at.y - u.pose.at.y };
    const end = add(env.pose.at, shift);
    return ok({ centres: [env.pose.at, end], facings: [u.pose.facing, u.pose.facing], final: { at: r.value.at, facing: u.pose.facing } });
  }
  const p = r.value.plan;
  const wheelsOnly = parsed.value.kind === 'move' && parsed.value.steps.every((st) => st.kind === 'wheel');
  if (wheelsOnly && u.arm === 'artillery') {
    // L32: guns pivot on their axes: the stand turns about its centre, which does not move.
    const facing = p.final.facing;
    return ok({ centres: [env.pose.at], facings: [facing], final: frontFrom(u, env.pose.at, facing), wheelsOnly });
  }
  const facings = [p.start.facing, ...p.waypoints.map((w) => w.facing)];
  return ok({ centres: p.path, facings, final: frontFrom(u, p.final.at, p.final.facing), wheelsOnly });
}

/** Why a unit may not move now, or null (L28, L32, L131, L167-171; cascading L161). */
export function cannotMove(s: BpState, u: BpUnit): string | null {
  if (u.side !== phasingSide(s)) return `${u.name} is not of the side whose move period this is`;
  if (u.stage !== 'effective') return `${u.name} is ${u.stage} and may not move (L167-171: moving restarts the halt)`;
  if (s.log.moved[u.id]) return `${u.name} has already moved this move period (L161)`;
  if (s.log.meleed.includes(u.id)) return `${u.name} fought a melee this move period (L161)`;
  if (s.noMove.includes(u.id)) return `${u.name} returned fire and may not move (L131, BP-5)`;
  if (u.arm === 'artillery' && s.log.fired.includes(u.id)) return `${u.name} fired: artillery moves or fires, not both (L32)`;
  if (u.arm === 'artillery' && u.stands[0]! < 3) return `${u.name} has ${u.stands[0]} crew; 3 are needed to move a gun (L97)`;
  if (u.arm === 'infantry' && s.log.fired.includes(u.id) && s.log.formed.includes(u.id) && !s.log.deployedSkirmish.includes(u.id)) {
    return `${u.name} fired and changed formation: it may not also move (L28)`;
  }
  if (s.log.formed.includes(u.id) && u.arm === 'infantry' && !s.log.deployedSkirmish.includes(u.id)) return `${u.name} changed formation and may not move forward or back (L59)`;
  if (u.building) return `${u.name} holds a building; it stays (L179)`;
  return null;
}

/** The leg modes of a path (BP-M1). */
function legModes(pl: Plan): ('forward' | 'retrograde' | 'side')[] {
  const out: ('forward' | 'retrograde' | 'side')[] = [];
  for (let i = 0; i + 1 < pl.centres.length; i++) {
    const a = pl.centres[i]!, b = pl.centres[i + 1]!;
    if (distance(a, b) < 1e-6) continue;
    const d = Math.abs(angleDifference(pl.facings[i]!, bearing(a, b)));
    // A wheel's chord runs about half the turn off the facing: count it forward.
    const turning = Math.abs(angleDifference(pl.facings[i]!, pl.facings[i + 1]!)) > 1e-6;
    out.push(turning || d <= 45 ? 'forward' : d >= 135 ? 'retrograde' : 'side');
  }
  return out;
}

/** The allowance this unit has for this path (movement table L38-53). */
export function allowanceFor(s: BpState, u: BpUnit, modes: readonly string[], road: boolean, throughFriends: boolean): number {
  const halvings: MoveHalving[] = [];
  if (modes.includes('retrograde') && u.formation !== 'square') halvings.push('retrograde');
  if (modes.includes('side') && (u.formation === 'line' || u.formation === 'column')) halvings.push('sideSlip');
  if (u.arm === 'cavalry' && s.log.formed.includes(u.id)) halvings.push('cavalryFormationChange');
  if (s.control[u.id] === 'half') halvings.push('controlHalf');
  return moveAllowance({ arm: u.arm, formation: u.formation, road: road && u.formation !== 'square', throughFormedFriends: throughFriends, halvings });
}

/** Moves one unit (or command figure) at once. */
export function moveAction(s: BpState, id: string, text: string): Result<Step<BpState>> {
  const c = s.commanders[id];
  if (c) return moveCommander(s, id, text);
  const u = s.units[id];
  if (!u) return err(problem('action/unknown-unit', `No unit ${id}.`));
  const why = cannotMove(s, u);
  if (why) return err(problem('move/not-now', `${why}.`));
  const pl = plan(s, u, text);
  if (!pl.ok) return err(pl.error);
  const modes = legModes(pl.value);
  if (isDisrupted(u) && modes.includes('forward')) return err(problem('move/disrupted', `${u.name} is disrupted and may not advance (L167).`, 'Move it back or sideways, or wait.'));
  if (modes.includes('side') && u.formation !== 'line' && u.formation !== 'column' && u.formation !== 'skirmish') {
    return err(problem('move/side-slip', `Only a line or column slides to its side (L36); ${u.name} is in ${u.formation}.`));
  }
  const start = envelopeOf(u);
  const end = envelopeOf(u, pl.value.final);
  // The ground swept leg by leg: enemies block, friends are passed through.
  let crossedFormedFriend = false;
  for (let i = 0; i + 1 < pl.value.centres.length; i++) {
    const a = { pose: { at: pl.value.centres[i]!, facing: pl.value.facings[i]! }, size: start.size };
    const b = { pose: { at: pl.value.centres[i + 1]!, facing: pl.value.facings[i + 1]! }, size: start.size };
    for (const o of unitsOverlapping(s, swept(a, b), [u.id])) {
      if (o.side !== u.side) return err(problem('move/blocked', `The path runs into ${o.name}; to attack it, charge (L107).`));
      if (o.formation !== 'skirmish' && u.formation !== 'skirmish') crossedFormedFriend = true;
    }
  }
  const endOverlap = unitsOverlapping(s, basePolygon(end), [u.id]);
  if (endOverlap.length > 0) return err(problem('move/overlap', `${u.name} would end on top of ${endOverlap[0]!.name}.`, 'End the move clear of other units.'));
  if (!basePolygon(end).every((p) => p.x >= 0 && p.y >= 0 && p.x <= s.map.table.width && p.y <= s.map.table.height)) {
    return err(problem('move/off-table', `${u.name} would leave the table.`));
  }
  const building = Object.values(s.buildings).find((b) => ringContains(b.polygon, pl.value.final.at));
  if (building && (u.arm !== 'infantry' || u.stands.length > 1)) {
    return err(problem('move/building', `Only one infantry stand can occupy ${building.name} (L179); ${u.name} has ${u.stands.length} stands.`));
  }
  if (building && Object.values(s.units).some((o) => o.building === building.id && o.gone === null)) return err(problem('move/building', `${building.name} is already held (L179).`));
  const road = wholePathOnRoad(pl.value.centres, s.map.terrain);
  const allowance = allowanceFor(s, u, modes, road, crossedFormedFriend);
  const cost = pathCost(pl.value.centres, s.map.terrain, BP_COST).total;
  if (cost > allowance + 1e-6) {
    return err(problem('move/too-far', `That move costs ${round(cost)}" and ${u.name} has ${round(allowance)}" (${u.arm} in ${u.formation}${modes.includes('retrograde') ? ', retrograde ½' : ''}${modes.includes('side') ? ', side-slip ½' : ''}${crossedFormedFriend ? ', through formed friends −2"' : ''}${road ? ', road +3"' : ''}).`, 'Woods, streams and hills cost 2" per 1" (L43-46).'));
  }
  // Artillery: a pivot of 45° or less in place still lets it fire (L32); anything else is its move.
  const turned = Math.abs(angleDifference(u.pose.facing, pl.value.final.facing));
  const pivotOnly = u.arm === 'artillery' && !!pl.value.wheelsOnly && turned <= 45 + 1e-6;
  if (pivotOnly && (s.noPivot ?? []).includes(u.id)) return err(problem('move/no-pivot', `${u.name} was fired upon from the flank or rear and may not pivot (L32).`));
  let next = withUnit(s, { ...u, pose: pl.value.final, building: building ? building.id : null });
  if (pivotOnly) next = { ...next, log: { ...next.log, pivoted: [...next.log.pivoted, u.id] } };
  else next = { ...next, log: { ...next.log, moved: { ...next.log.moved, [u.id]: { spent: cost, allowance } } } };
  const events: GameEvent[] = [{
    kind: 'move', rule: 'B&P L26-53', unit: u.id, from: u.pose.at, to: pl.value.final.at, path: pl.value.centres.slice(1, -1), facing: pl.value.final.facing,
    cost: round(cost), allowance: round(allowance), ...(pivotOnly ? { stopped: 'pivot: may still fire (L32)' } : building ? { stopped: `occupies ${building.name}` } : {}),
  }];
  // L171: a recovering enemy this move bears down on is pursued (BP-17).
  const p = pursue(next, u, next.units[u.id]!);
  return ok({ state: p.s, events: [...events, ...p.events] });
}

const round = (x: number): number => Math.round(x * 100) / 100;

function moveCommander(s: BpState, id: string, text: string): Result<Step<BpState>> {
  const c = s.commanders[id]!;
  if (c.side !== phasingSide(s)) return err(problem('move/not-now', `${c.name} moves in its own side's move period.`));
  if (!c.alive) return err(problem('move/dead', `${c.name} has fallen (L202).`));
  if (s.log.moved[id]) return err(problem('move/not-now', `${c.name} has already moved this move period.`));
  const ctx = { ...locationContext(s), unit: { pose: { at: c.at, facing: 0 } } };
  const parsed = parseLocation(text, ctx);
  if (!parsed.ok) return err(parsed.error);
  const r = resolveLocation(parsed.value, ctx);
  if (!r.ok) return err(r.error);
  const to = r.value.kind === 'place' ? r.value.at : r.value.kind === 'move' ? r.value.plan.final.at : null;
  if (!to) return err(problem('move/contact', 'A command figure does not charge.'));
  const d = distance(c.at, to);
  if (d > COMMANDER_MOVE_INCHES + 1e-6) return err(problem('move/too-far', `${c.name} moves up to ${COMMANDER_MOVE_INCHES}" (BP-M5); that is ${round(d)}".`));
  const next: BpState = { ...s, commanders: { ...s.commanders, [id]: { ...c, at: to } }, log: { ...s.log, moved: { ...s.log.moved, [id]: { spent: d, allowance: COMMANDER_MOVE_INCHES } } } };
  return ok({ state: next, events: [{ kind: 'move', rule: 'B&P L200', unit: id, from: c.at, to, path: [], cost: round(d), allowance: COMMANDER_MOVE_INCHES }] });
}
