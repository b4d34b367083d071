import { err, ok, type Problem, type Result } from '../../../lib/result';
import { baseDistanceLowerBound, baseRadius, contactSide, CONTACT_TOLERANCE, inContact, type Base, type Side } from '../../geometry/base';
import { inFrontalArc, relativeSector } from '../../geometry/arcs';
import { isArea, isLine } from '../../geometry/features';
import { segmentRingIntersections } from '../../geometry/primitives';
import { basePolygon } from '../../geometry/base';
import { terrainAt } from '../../geometry/terrain';
import type { Point, Pose } from '../../geometry/types';
import { angleDifference, bearing, normalizeFacing, turn } from '../../geometry/vector';
import { parseLocation, resolveLocation, type LocationContext } from '../../location';
import {
  changeFaceCost, interpenetrationCost, legMode, nwPathCost, OBLIQUE_COST_INCHES, rateAt, stretchGoing, wheelCost, worstRate, type LegMode,
} from '../movement';
import { inTown, inTownOrWorks, nearest, overlaps, rayHits, squaredPose, sweep, SWEEP_NEAR, type Sweep } from '../movement-rules';
import { battlefieldNow, type NwState } from '../state';
import { maneuverInches, ROAD_BONUS_MAX_INCHES } from '../tables/maneuver';
import { MOVE_DISTANCES } from '../tables/terrain';
import type { MoveFraction } from '../tables/vocabulary';
import { baseOf, bodiesNear, bodiesNearPath, enemyBodies, entryOf, isOfficerKind, officers, pieceOf, startPiece, type NwPiece } from './maneuver-pieces';
import { allowanceOf, type NwManeuverOptions } from './maneuver-roll';
import { offTable } from './rally';
import { problem } from './target-units';

/** A move as a player posts it: the piece and where, in the location vocabulary (src/rules/location). */
export interface NwMoveRequest { readonly unit: string; readonly to: string }
/** §9.0 A: attach a general to a unit of his command within 6" of the old one; null detaches. */
export interface NwAttachRequest { readonly general: string; readonly unit: string | null }
/** A legal move, as the planner lays it out. */
export interface NwMovePlan {
  readonly unit: string;
  readonly path: readonly Point[];
  readonly end: Pose;
  readonly cost: number;
  readonly allowance: number;
  readonly contact: string | null;
  readonly preview: readonly string[];
  readonly warnings: readonly string[];
}
/** What the phase needs beyond the plan. */
export interface NwMoveDetail extends NwMovePlan {
  readonly contactSide: Side | null;
  readonly officersPassed: readonly string[];
  readonly roadBonus: boolean;
  readonly entering: boolean;
}

export const fmt = (n: number): string => String(Math.round(n * 100) / 100);
const no = (code: string, message: string, hint?: string): Result<never, Problem> => err(problem(code, message, hint));

/** A move laid out: points, the facing at each point, the mode of each leg, and extra costs. */
interface Layout {
  readonly start: Pose;
  readonly points: Point[];
  readonly facings: number[];
  readonly modes: LegMode[];
  /** Wheels: degrees and the legs they cover. */
  readonly wheels: { degrees: number; legs: number[] }[];
  /** Contact target named by the player. */
  readonly target: NwPiece | null;
}

const FACE_RE = /^\s*(?:change\s+)?(?:face\s+(left|right|about)|about\s+face)\s*(?:(?:then|;|,)\s*([\s\S]*))?$/i;

/** MV-20: a change of face is typed first: "face left|right|about [then …]" (§9.7 L317: before any other movement). */
function splitFace(text: string): { degrees: 0 | 90 | -90 | 180; rest: string } {
  const m = FACE_RE.exec(text);
  if (!m) return { degrees: 0, rest: text.trim() };
  const word = (m[1] ?? 'about').toLowerCase();
  return { degrees: word === 'left' ? -90 : word === 'right' ? 90 : 180, rest: (m[2] ?? '').trim() };
}

// The enemies as the location parser reads them ({ id, name }), made once per list of enemy
// bodies (enemyBodies keeps one per records and side): at 600 brigades, listing them for each
// "contact …" move was most of its parse (issue 12).
const enemyRefsCache = new WeakMap<readonly NwPiece[], readonly { readonly id: string; readonly name: string }[]>();
function enemyRefs(enemies: readonly NwPiece[]): readonly { readonly id: string; readonly name: string }[] {
  let refs = enemyRefsCache.get(enemies);
  if (!refs) enemyRefsCache.set(enemies, refs = enemies.map((e) => ({ id: e.id, name: e.name })));
  return refs;
}

function layout(s: NwState, p: NwPiece, start: Pose, text: string, enemies: () => readonly NwPiece[]): Result<Layout, Problem> {
  const officer = p.arm === 'officer';
  const base: Layout = { start, points: [start.at], facings: [start.facing], modes: [], wheels: [], target: null };
  if (text === '') return ok(base);
  const ctx: LocationContext = {
    table: s.map.table, grid: { cell: s.map.gridCell }, landmarks: s.map.landmarks,
    scale: { yardsPerInch: s.map.yardsPerInch, defaultUnit: 'in' },
    unit: { pose: start, size: p.base },
    // Read only when the text names an enemy ("contact …"): a move elsewhere lists no one (issue 12).
    get enemies() { return enemyRefs(enemies()); },
  };
  const parsed = parseLocation(text, ctx);
  if (!parsed.ok) return err(parsed.error);
  const resolved = resolveLocation(parsed.value, ctx);
  if (!resolved.ok) return err(resolved.error);
  const r = resolved.value;
  const straight = (to: Point): Layout => {
    // MV-4/MV-5: the unit keeps its facing; an officer simply rides there.
    const facing = officer ? bearing(start.at, to) : start.facing;
    return { ...base, points: [start.at, to], facings: [facing, facing], modes: [officer ? 'forward' : legMode(start.facing, start.at, to)] };
  };
  if (r.kind === 'place') return ok(straight(r.at));
  if (r.kind === 'contact') {
    const target = enemies().find((e) => e.id === r.enemy.id)!;
    return ok({ ...base, target });
  }
  const steps = parsed.value.kind === 'move' ? parsed.value.steps : [];
  const out: Layout = { ...base, points: [start.at], facings: [start.facing], modes: [], wheels: [] };
  let facing = start.facing;
  for (const [i, w] of r.plan.waypoints.entries()) {
    const step = steps[w.step]!;
    const from = out.points[out.points.length - 1]!;
    if (step.kind === 'toward' && w.step !== steps.length - 1) {
      return no('maneuver/toward-chain', '"toward" must be the last step of a move.', 'Give the turn as a wheel: "wheel left 30 then forward 4in", or move toward the place last.');
    }
    if (step.kind === 'wheel') {
      const last = out.wheels[out.wheels.length - 1];
      const prevStep = i > 0 ? r.plan.waypoints[i - 1]!.step : -1;
      if (last && prevStep === w.step) last.legs.push(out.modes.length);
      else out.wheels.push({ degrees: step.degrees, legs: [out.modes.length] });
      facing = w.facing;
      out.modes.push('wheel');
    } else {
      out.modes.push(officer ? 'forward' : step.kind === 'back' ? 'retrograde' : step.kind === 'left' || step.kind === 'right' ? 'flank' : step.kind === 'forward' ? 'forward' : legMode(facing, from, w.at));
      if (officer) facing = bearing(from, w.at);
    }
    out.points.push(w.at);
    out.facings.push(facing);
  }
  return ok(out);
}

/** Attackers of `defender` already in contact (touching now, or recorded this phase), and the sides they hold. */
function attackersOf(s: NwState, defender: NwPiece, except: string): { id: string; side: Side | undefined }[] {
  const ids = new Set(Object.entries(s.log.contacts).filter(([, d]) => d === defender.id).map(([a]) => a));
  // Only bodies whose bounding circles come within contact distance can touch it (the grid's broad phase).
  for (const b of bodiesNear(s, defender.pose.at, baseRadius(defender.base) + CONTACT_TOLERANCE + NEAR_SLACK, (side) => side === s.phasing)) {
    if (b.arm !== 'artillery' && inContact(baseOf(b), baseOf(defender))) ids.add(b.id);
  }
  ids.delete(except);
  return [...ids].map((id) => {
    const piece = pieceOf(s, id);
    const a = piece && piece.onTable && !piece.removed && (piece.kind === 'unit' || piece.kind === 'battery') ? piece : undefined;
    return { id, side: a ? contactSide(baseOf(a), baseOf(defender)) : undefined };
  });
}

/** Slack, inches, above a distance limit before a bounding-circle bound alone rules a base out. */
const FAR_SLACK = 0.01;
/** Slack, inches, added to the distance a spatial-index query reads (a broad phase: reading more changes nothing). */
const NEAR_SLACK = 0.01;

/** §9.9: the enemy a unit within 6" must move straight toward or away from (frontal arc first), or null. */
export function proximityEnemy(s: NwState, p: NwPiece, at: Pose): NwPiece | null {
  if (p.arm !== 'infantry' && p.arm !== 'cavalry') return null; // artillery exempt (L333); officers are not units (MV-5)
  const me: Base = { pose: at, size: p.base };
  const within = bodiesNear(s, at.at, baseRadius(p.base) + MOVE_DISTANCES.proximityInches + FAR_SLACK + NEAR_SLACK, (side) => side !== p.side).filter((e) => {
    // Surely beyond 6" by the bounding circles (a short cut: the tests below would say no too).
    if (baseDistanceLowerBound(me, baseOf(e)) > MOVE_DISTANCES.proximityInches + FAR_SLACK) return false;
    // L333: cavalry may ignore infantry in a town or works.
    if (p.arm === 'cavalry' && e.arm === 'infantry' && inTownOrWorks(baseOf(e), s.map.terrain)) return false;
    return (nearest(me, [e])?.distance ?? Infinity) <= MOVE_DISTANCES.proximityInches + 1e-6;
  });
  const frontal = within.filter((e) => inFrontalArc(me, baseOf(e)));
  return nearest(me, frontal.length > 0 ? frontal : within)?.body ?? null;
}

/**
 * Whether `req.to` names a place the piece can be laid out toward from where it stands, before
 * any die is rolled (issue 11): the Maneuver roll is binding once made (§9.0 C.5 L236), so a
 * destination that names no place ("Z99", a misspelt landmark) is refused without spending it.
 * Only the text is judged here; the grant, costs and contacts wait for planMoveDetail.
 */
export function checkDestination(state: NwState, req: NwMoveRequest): Result<true, Problem> {
  const p = startPiece(state, req.unit);
  if (!p || typeof req.to !== 'string') return ok(true);
  const face = splitFace(req.to);
  const laid = layout(state, p, { at: p.pose.at, facing: turn(p.pose.facing, face.degrees) }, face.rest, () => enemyBodies(state, p.side));
  return laid.ok ? ok(true) : laid;
}

/**
 * Check a move against the state (NW §9.0-9.93): the piece, its grant, the path's cost under the
 * Terrain Effects Table, and every movement and contact rule. Refusals cite the rule and hint.
 */
export function planMoveDetail(state: NwState, req: NwMoveRequest, opts: NwManeuverOptions = {}): Result<NwMoveDetail, Problem> {
  if (state.phase !== 'maneuver' || state.phasing === null) return no('phase/wrong-phase', `Moves are made in the maneuver phase; the game is in the ${state.phase} phase.`);
  if (typeof req?.unit !== 'string' || typeof req.to !== 'string') return no('maneuver/bad-request', 'A move needs a unit id and a place.', 'E.g. { unit: "fr-1b", to: "forward 6in" }.');
  const p = startPiece(state, req.unit);
  if (!p) return no('maneuver/unknown-unit', `There is no piece "${req.unit}".`, 'Name a brigade, battery or officer by its id.');
  if (p.side !== state.phasing) return no('maneuver/not-phasing', `${p.name} is not of the phasing side (NW §9.0: only the phasing player maneuvers).`);
  if (p.removed) return no('maneuver/not-in-play', `${p.name} is no longer in play.`);
  const entering = entryOf(state, p.id) !== null;
  if (!p.onTable) return no('maneuver/not-in-play', `${p.name} is not on the table and does not enter this turn.`);
  if (state.log.moved.includes(p.id)) return no('maneuver/already-moved', `${p.name} has already moved this phase (NW §9.0 B L228: each move is completed before the next).`);
  const officer = isOfficerKind(p.kind);
  if (p.kind === 'general' && p.attachedTo) return no('maneuver/attached', `${p.name} is attached to ${p.attachedTo} and stays with it (NW §9.0 A L225).`, 'Detach him first with an attach request (unit: null).');
  if (p.kind === 'battery' && p.attachedTo) return no('maneuver/attached', `${p.name} is attached to ${p.attachedTo} and moves with it (NW §8.6 L219).`);
  if (p.status === 'routed') return no('maneuver/routed', `${p.name} is routed and does not maneuver (HR N-18).`);
  const ma = allowanceOf(state, p, opts);
  let granted = ma.inches;
  let fraction: MoveFraction = 'full';
  if (!officer && !entering) {
    const grant = state.log.rolls[p.id];
    if (!grant) return no('maneuver/no-roll', `${p.name} has not rolled on the Maneuver Table this player-turn (NW §9.0 C.5 L236: all units that wish to move must be rolled for).`, 'Roll for it first.');
    if (grant.inches <= 0) return no('maneuver/hold', `${p.name}'s Maneuver roll (${grant.total}) gave no move${grant.retreatInches !== null ? ' (it retreated ½ move)' : ''}: it holds (NW chart L635-637).`);
    granted = grant.inches;
    fraction = grant.fraction;
  }
  if (granted <= 0) return no('maneuver/cannot-move', `${p.name} cannot move this phase (NW §9.2 L258-260: an Ottoman foot battery that fired).`);
  // MV-16, WX-1: the caller's ground, else this turn's from the state.
  const mud = (opts.ground ?? battlefieldNow(state).ground) === 'mud';
  const terrain = state.map.terrain;

  // §9.7: a change of face comes first.
  const face = splitFace(req.to);
  const facedPose: Pose = { at: p.pose.at, facing: turn(p.pose.facing, face.degrees) };
  let faceCost = 0;
  if (face.degrees !== 0 && !officer) {
    if (terrainAt(p.pose.at, terrain).some((f) => f.kind === 'bridge')) return no('maneuver/face-on-bridge', `${p.name} may not change face on a bridge (NW §9.7 L317).`);
    const areas = terrain.filter(isArea).filter((f) => terrainAt(p.pose.at, [f]).length > 0);
    faceCost = changeFaceCost(p.arm, face.degrees === 180 ? 180 : 90, ma.inches, { mud, terrainFactor: rateAt(areas, p.cls) });
  }
  const enemyOf = (side: string) => side !== p.side;
  const friendOf = (side: string) => side === p.side;
  const isFriend = (b: NwPiece) => b.id !== p.id && !(p.kind === 'unit' && b.attachedTo === p.id);
  const laid = layout(state, p, facedPose, face.rest, () => enemyBodies(state, p.side));
  if (!laid.ok) return laid;
  let L = laid.value;
  // The bodies near the piece are read from the spatial index (issue 12), in the order the whole
  // lists had: the sweep's world near its path, and what a base at a pose could overlap.
  const r = baseRadius(p.base);
  const enemyOfficers = officer ? [] : officers(state, enemyOf).filter((o) => o.attachedTo === null);
  const worldAlong = (path: readonly Point[]) => (officer ? { enemies: [], friends: [], officers: [] } : {
    enemies: bodiesNearPath(state, path, r + SWEEP_NEAR + NEAR_SLACK, enemyOf),
    friends: bodiesNearPath(state, path, r + SWEEP_NEAR + NEAR_SLACK, friendOf).filter(isFriend),
    officers: enemyOfficers,
  });
  const enemiesAt = (at: Point) => bodiesNear(state, at, r + NEAR_SLACK, enemyOf);
  const bodiesAt = (at: Point) => [...enemiesAt(at), ...bodiesNear(state, at, r + NEAR_SLACK, friendOf).filter(isFriend)];
  const warnings: string[] = [];

  // Contact: the named enemy, squared up (§9.93), or the first enemy the path touches.
  let contact: NwPiece | null = null;
  let side: Side | null = null;
  let end: Pose;
  let swept: Sweep;
  let turnCost = 0;
  let contactMode: LegMode | null = null;
  if (L.target) {
    if (officer) return no('maneuver/officer-contact', 'Officers do not attack (NW §9.91: units move to contact).');
    const t = L.target;
    side = relativeSector(baseOf(t), facedPose.at);
    const sq = squaredPose(p.base, baseOf(t), side);
    // MV-18: an enemy in the frontal arc is attacked by a forward move (squaring up is free, §9.93);
    // one outside it needs a turn, charged as a wheel of the angle turned (§9.9 L331).
    if (!inFrontalArc({ pose: facedPose, size: p.base }, baseOf(t))) turnCost = wheelCost(ma.inches, Math.abs(angleDifference(facedPose.facing, sq.facing)), { mud });
    L = { ...L, points: [facedPose.at, sq.at], facings: [facedPose.facing, facedPose.facing], modes: ['forward'] };
    swept = sweep(L.points, L.facings, p.base, worldAlong(L.points));
    if (swept.contact && swept.contact.id !== t.id) {
      return no('maneuver/blocked-contact', `${p.name} would strike ${pieceOf(state, swept.contact.id)?.name ?? swept.contact.id} before reaching ${t.name} (NW §9.9 L333: a unit will not pass a closer unit to attack one farther away).`, 'Attack the nearer unit, or go round it.');
    }
    contact = t;
    end = sq;
    contactMode = 'forward';
    const blocking = bodiesAt(sq.at).filter((b) => b.id !== t.id).find((b) => overlaps({ pose: sq, size: p.base }, baseOf(b)));
    if (blocking) {
      // MV-19: squaring up would overlap another base: square up as best possible, i.e. stay where contact was made.
      if (!swept.contact) return no('maneuver/no-room', `There is no room to square up on ${t.name}'s ${side} (${blocking.name} is in the way; NW §9.93 L341).`);
      end = swept.contact.pose;
      L = { ...L, points: [...swept.contact.path] };
      warnings.push(`Squared up as best possible: ${blocking.name} is in the way (NW §9.93 L341).`);
    }
  } else {
    swept = sweep(L.points, L.facings, p.base, worldAlong(L.points));
    end = { at: L.points[L.points.length - 1]!, facing: L.facings[L.facings.length - 1]! };
    if (swept.contact) {
      const c = swept.contact;
      contact = pieceOf(state, c.id)!;
      contactMode = L.modes[c.leg] ?? 'forward';
      side = contactSide({ pose: c.pose, size: p.base }, baseOf(contact)) ?? relativeSector(baseOf(contact), c.pose.at);
      L = { ...L, points: [...c.path], facings: [...L.facings.slice(0, c.leg + 1), c.pose.facing], modes: L.modes.slice(0, c.leg + 1), wheels: L.wheels.filter((w) => w.legs.every((g) => g <= c.leg)) };
      const sq = squaredPose(p.base, baseOf(contact), side);
      const blocking = bodiesAt(sq.at).filter((b) => b.id !== contact!.id).find((b) => overlaps({ pose: sq, size: p.base }, baseOf(b)));
      end = blocking ? c.pose : sq;
      if (blocking) warnings.push(`Squared up as best possible: ${blocking.name} is in the way (NW §9.93 L341).`);
    }
  }
  const modes = L.modes;

  // §9.8 L323: no oblique with retrograde or flank.
  if (modes.includes('oblique') && (modes.includes('flank') || modes.includes('retrograde'))) {
    return no('maneuver/oblique-combined', `${p.name} may not combine an oblique move with a retrograde or flank move (NW §9.8 L323).`, 'Split it: move straight, or obliquely, not both.');
  }
  // §9.8 L325: no flank, oblique or wheel in, from or through a town (retrograde is allowed).
  const townLeg = swept.samples.some((x) => (modes[x.leg] === 'flank' || modes[x.leg] === 'oblique' || modes[x.leg] === 'wheel') && inTown({ pose: x.pose, size: p.base }, terrain));
  if (!officer && townLeg) return no('maneuver/town-maneuver', `${p.name} may not flank, oblique or wheel in, from or through a town (NW §9.8 L325).`, 'Move straight forward or retrograde through the town.');

  // §9.9 L327-333: within 6" of the enemy, straight toward or away from the closest.
  const close = officer ? null : proximityEnemy(state, p, p.pose);
  if (close) {
    const hint = `Within 6" of the enemy (NW §9.9 L327): move straight toward or away from ${close.name}`;
    if (contact && contact.id !== close.id) return no('maneuver/proximity', `${p.name} may not attack ${contact.name} while ${close.name} is the closest enemy (NW §9.9 L333).`, hint);
    if (!L.target) {
      for (let i = 0; i < modes.length; i++) {
        if (modes[i] === 'wheel') continue; // §9.9 L331: wheeling to bring the enemy into the frontal arc is allowed
        const a = L.points[i]!;
        const b = L.points[i + 1]!;
        if (a.x === b.x && a.y === b.y) continue;
        const dir = bearing(a, b);
        if (!rayHits(a, dir, baseOf(close)) && !rayHits(a, dir + 180, baseOf(close))) return no('maneuver/proximity', `${p.name} is within 6" of ${close.name} and must move straight toward or away from it (NW §9.9 L327).`, hint);
      }
    }
  }

  // §9.91-9.93: who may contact whom.
  if (contact && side) {
    if (p.arm === 'artillery') return no('maneuver/artillery-contact', `${p.name} would contact ${contact.name}: artillery may never move into contact (NW §9.92 L337).`, 'Stop short of the enemy.');
    if (contactMode === 'retrograde' || contactMode === 'flank') return no('maneuver/retrograde-contact', `${p.name} may not ${contactMode === 'flank' ? 'flank move' : 'retrograde'} into contact with ${contact.name} (NW §9.8 L321).`);
    if (contactMode === 'oblique' && p.arm === 'cavalry') return no('maneuver/cavalry-oblique-contact', `Cavalry may not move obliquely into contact (NW §9.8 L323); ${p.name} would touch ${contact.name}.`, `Use "contact ${contact.id}", or wheel to face it first.`);
    const held = attackersOf(state, contact, p.id);
    if (held.length >= 2) return no('maneuver/contact-full', `${contact.name} already has two attackers (NW §9.92 L339: never more than two).`);
    if (held.some((h) => h.side === side)) return no('maneuver/contact-side', `${contact.name}'s ${side} is already contacted (NW §9.92 L339: one attacker per side).`, 'Contact another side.');
    if (held.length === 1 && side === 'front') return no('maneuver/second-attacker', `A second attacker may contact ${contact.name} only in the flank or rear (NW §9.92 L339).`);
  }

  // End position: on the table, not overlapping, towns, obstacles.
  const endBase: Base = { pose: end, size: p.base };
  if (offTable(state, endBase)) return no('maneuver/off-table', `${p.name} would end partly off the table.`, 'Shorten the move.');
  const overlap = (officer ? enemiesAt(end.at) : bodiesAt(end.at)).find((b) => overlaps(endBase, baseOf(b)));
  if (overlap) return no('maneuver/overlap', `${p.name} would end overlapping ${overlap.name} (NW §9.3 L264: units never end a move overlapping).`, 'End short of it, or pass it completely.');
  if (!officer && p.arm !== 'infantry' && inTown(endBase, terrain)) return no('maneuver/town-end', `Only infantry may end a move in a town (NW §9.5 note 7 L301); ${p.name} is ${p.arm}.`, 'Pass through the town or stop outside it.');
  if (!contact) {
    const ring = basePolygon(endBase);
    const astride = terrain.filter(isLine).find((f) => f.kind === 'obstacle' && f.line.some((q, i) => i > 0 && segmentRingIntersections(f.line[i - 1]!, q, ring).length > 0));
    if (astride) return no('maneuver/obstacle', `${p.name} would end astride ${astride.name ?? 'an obstacle'}: it must have the movement to clear it completely (NW §9.5 note 1 L295).`);
  }

  // Costs.
  const doubles = p.arm === 'infantry' || p.arm === 'cavalry';
  const priced = nwPathCost(L.points, terrain, p.cls, { mud, legModes: modes, doublesRetrograde: doubles });
  const wheels = L.wheels.map((w) => wheelCost(ma.inches, w.degrees, { mud, terrainFactor: worstRate(L.points, w.legs, terrain, p.cls) }));
  const oblique = modes.includes('oblique') ? OBLIQUE_COST_INCHES : 0;
  const passedArms = swept.passed.map((id) => pieceOf(state, id)?.arm ?? 'officer');
  const through = interpenetrationCost(p.arm, passedArms);
  const cost = priced.total + wheels.reduce((a, b) => a + b, 0) + oblique + faceCost + turnCost + through;
  if (!Number.isFinite(cost)) {
    return no('maneuver/impassable', `${p.name}'s path crosses a river away from any bridge or ford (MV-3).`, 'Cross at a bridge or ford.');
  }

  // §9.5 note 6 L300: the road bonus, whole move on road and never within 6" of non-routed enemy.
  const onRoad = !officer && modes.every((m) => m === 'forward' || m === 'retrograde') && face.degrees === 0 && turnCost === 0 && modes.length > 0
    && priced.legs.every((l) => l.stretches.every((x) => stretchGoing(x.areas, x.along) === 'road'));
  // Foes surely beyond 6" of a pose (bounding circles) cannot bring the nearest within 6": leave them out.
  const farFromFoes = onRoad && [...swept.samples.map((x) => x.pose), end].every((q) => {
    const me: Base = { pose: q, size: p.base };
    const near = bodiesNear(state, q.at, r + MOVE_DISTANCES.proximityInches + FAR_SLACK + NEAR_SLACK, enemyOf)
      .filter((e) => e.status !== 'routed' && baseDistanceLowerBound(me, baseOf(e)) <= MOVE_DISTANCES.proximityInches + FAR_SLACK);
    return (nearest(me, near)?.distance ?? Infinity) > MOVE_DISTANCES.proximityInches;
  });
  const bonusAllowance = maneuverInches(ma.inches, fraction, ROAD_BONUS_MAX_INCHES, state.settings);
  const needed = !state.settings.road.bonusOnlyWhenNeeded || cost > granted + 1e-9;
  const roadBonus = farFromFoes && needed && cost <= bonusAllowance + 1e-9;
  const allowance = roadBonus ? bonusAllowance : granted;
  if (cost > allowance + 1e-9) {
    const why = farFromFoes ? ` even with the road bonus (${fmt(bonusAllowance)}")` : '';
    const source = officer ? 'an officer has' : entering ? 'a reinforcement has on entry' : 'the Maneuver roll granted';
    return no('maneuver/too-far', `Path costs ${fmt(cost)}" but ${source} ${fmt(granted)}"${why} (NW §9.1 L246, Terrain Effects §9.5).`, `Shorten the move: ${describeCosts(priced.total, wheels, oblique, faceCost + turnCost, through)}.`);
  }

  const preview = [
    `Path ${fmt(cost)}" of ${fmt(allowance)}"${contact ? `; ends in contact with ${contact.name} (${side})` : ''}`,
    `Costs: ${describeCosts(priced.total, wheels, oblique, faceCost + turnCost, through)}`,
  ];
  if (roadBonus) warnings.push(`Uses the road bonus: vulnerable in the enemy's next skirmish and artillery phases (NW §9.5 note 6 L300).`);
  for (const o of swept.officersPassed) warnings.push(`Passes through enemy officer ${officers(state, () => true).find((x) => x.id === o)?.name ?? o}: leader loss check (NW §9.3.2 L267).`);
  if (contact?.arm === 'artillery' && side === 'front') warnings.push(`${contact.name} gets a final shot before contact, then may evade (NW §8.5 L202).`);
  else if (contact?.arm === 'artillery') warnings.push(`${contact.name} may roll to evade (NW §8.5 L202).`);
  return ok({
    unit: p.id, path: L.points, end: { at: end.at, facing: normalizeFacing(end.facing) }, cost, allowance, contact: contact?.id ?? null, preview, warnings,
    contactSide: side, officersPassed: swept.officersPassed, roadBonus, entering,
  });
}

function describeCosts(terrain: number, wheels: readonly number[], oblique: number, turning: number, through: number): string {
  const parts = [`terrain ${fmt(terrain)}"`];
  if (wheels.length > 0) parts.push(`wheel ${fmt(wheels.reduce((a, b) => a + b, 0))}"`);
  if (oblique > 0) parts.push(`oblique ${fmt(oblique)}"`);
  if (turning > 0) parts.push(`change of face/turn ${fmt(turning)}"`);
  if (through > 0) parts.push(`passing through friends ${fmt(through)}"`);
  return parts.join(', ');
}

/** Check a move against the state; the plan a player sees (preview) or the refusal with rule and hint. */
export function planMove(state: NwState, req: NwMoveRequest, opts: NwManeuverOptions = {}): Result<NwMovePlan, Problem> {
  const r = planMoveDetail(state, req, opts);
  if (!r.ok) return r;
  const { unit, path, end, cost, allowance, contact, preview, warnings } = r.value;
  return ok({ unit, path, end, cost, allowance, contact, preview, warnings });
}

