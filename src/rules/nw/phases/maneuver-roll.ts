import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseRadius, pointToBaseDistance } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import type { Point, Pose } from '../../geometry/types';
import { add, headingVector, scale } from '../../geometry/vector';
import { awayFacing, nearest, overlaps } from '../movement-rules';
import { rollManeuver, type ManeuverInput } from '../procedures/maneuver';
import { activeSpecial, commandRangeNow, commanderOf, infantryCategoryOf, infantryCategoryOfUnit, nationOf, type NwManeuverGrant, type NwState } from '../state';
import { MOVEMENT_ALLOWANCE, type ManeuverCondition, type MovementCategory } from '../tables/maneuver';
import type { Ground, Nationality } from '../tables/vocabulary';
import { offTable } from './rally';
import { baseOf, bodies, bodiesNear, entryOf, isOfficerKind, keepGrid, pieceOf, placePiece, type NwPiece } from './maneuver-pieces';
import { nameOf, problem } from './target-units';
import { withEntry } from '../record';

/** What the state does not carry and a caller may give (MV-11, MV-16). */
export interface NwManeuverOptions {
  /** Nationality by side id, overriding the state's (NAT-2): French, British, Ottoman and Prussian infantry move 10" (chart L655-657). */
  readonly nations?: Readonly<Record<string, Nationality>>;
  /** Ground condition (§9.4): 'mud' doubles movement costs. Default: this turn's, from the state (WX-1). */
  readonly ground?: Ground;
  /**
   * RC-1 (PH-17): the sides whose players are asked the way of a final-fire retreat with a real
   * choice (the `/move` action: the mover's side when it is seated). Absent: C14's default way.
   */
  readonly askRetreatWay?: readonly string[];
}

/** MV-12: under `independent.range: measured`, an independent brigade is in range within this of its CinC. */
/** Chart L650-651: the V commander and CinC bonuses reach 3". */
const PRESENCE_INCHES = 3;

/** A piece's movement allowance (§9.1 chart L653-661, §9.2 L258-260). */
export interface NwAllowance {
  readonly category: MovementCategory;
  readonly inches: number;
  /** §9.2: a foot battery that fired this player-turn moves at ½ (Ottoman: not at all). */
  readonly firedPenalty: 'none' | 'halved' | 'cannot-move';
}

/**
 * The Movement Allowance Chart row of a piece. MV-11 (revised, NAT-2/NAT-3): infantry reads its
 * army's nation from the state (`opts.nations` overrides it), with its patron and the battle's year
 * for the allied rows: 10" for French, British, Ottoman and Prussian infantry, else 8". OPT-2: a
 * rocket battery under `optional.rockets` moves as horse artillery (Optional §4.0 L626).
 */
export function allowanceOf(s: NwState, p: NwPiece, opts: NwManeuverOptions = {}): NwAllowance {
  if (p.arm === 'officer') return { category: 'officer', inches: MOVEMENT_ALLOWANCE.officer, firedPenalty: 'none' };
  if (p.mover.arm === 'infantry') {
    // NAT-1: a brigade of its own nation moves by it (infantryCategoryOfUnit).
    const unit = s.units[p.id];
    const category = unit ? infantryCategoryOfUnit(s, unit, opts.nations) : infantryCategoryOf(s, p.side, opts.nations?.[p.side]);
    return { category, inches: MOVEMENT_ALLOWANCE[category], firedPenalty: 'none' };
  }
  if (p.mover.arm === 'cavalry') {
    const category = p.mover.weight === 'heavy' ? 'heavy-cavalry' : 'other-cavalry';
    return { category, inches: MOVEMENT_ALLOWANCE[category], firedPenalty: 'none' };
  }
  const battery = s.batteries[p.id];
  const kind = battery && activeSpecial(s, battery) === 'rocket' ? 'horse' : p.mover.arm === 'artillery' ? p.mover.kind : 'foot';
  const category = kind === 'foot' ? 'foot-artillery' : 'horse-artillery';
  const full = MOVEMENT_ALLOWANCE[category];
  // §9.2 L260 (OG-1): "French Old Guard foot artillery units do not suffer this penalty."
  if (kind === 'foot' && s.log.fired.includes(p.id) && battery?.oldGuard !== true) {
    if (nationOf(s, battery ?? { side: p.side }, opts.nations) === 'ottoman') return { category, inches: 0, firedPenalty: 'cannot-move' };
    return { category, inches: full / 2, firedPenalty: 'halved' };
  }
  return { category, inches: full, firedPenalty: 'none' };
}

const near = (p: Point, piece: NwPiece, inches: number): boolean => pointToBaseDistance(p, baseOf(piece)) <= inches + EPS;

/**
 * The Maneuver roll's inputs as the state tells them (§9.0 C L230-243, chart L642-651).
 * Range: HR N-22, straight line from the commander's stand to the nearest point of the base; a
 * commander awaiting replacement or off the table leaves it out of range (§11.7 L421).
 * Independent brigades (no commander) read the CinC's column (L240, HR N-21; MV-12).
 */
export function maneuverInputOf(state: NwState, unit: string, opts: NwManeuverOptions = {}): Result<ManeuverInput, Problem> {
  const p = pieceOf(state, unit);
  if (!p) return err(problem('maneuver/unknown-unit', `There is no brigade or battery "${unit}".`, 'Name a brigade or battery by its id.'));
  if (p.kind !== 'unit' && p.kind !== 'battery') {
    return err(problem('maneuver/officer', `${p.name} is an officer: officers move 18" without a Maneuver roll (NW §9.0 C.7 L241).`));
  }
  const army = state.armies[p.side];
  const cmdr = commanderOf(state, unit);
  const conditions: ManeuverCondition[] = [];
  const u = state.units[unit];
  if (u) {
    if (u.fatigue === 'fresh') conditions.push('fresh');
    if (u.fatigue === 'spent') conditions.push('spent');
    if (u.quality !== 'line') conditions.push(u.quality);
    if (u.attachedGeneral !== null) conditions.push('general-attached');
  }
  const b = state.batteries[unit];
  if (b && (b.condition === 'suppressed' || b.condition === 'damaged-and-suppressed')) conditions.push('suppressed-artillery');
  const command = state.commands[u?.command ?? b?.command ?? ''];
  if (command?.fatigued) conditions.push('command-fatigued');
  // MV-13: any valorous friendly commander in command counts, not only the unit's own.
  const valorous = Object.values(state.commanders).some((c) => c.side === p.side && c.valorous && c.status === 'in-command' && c.onTable && near(c.pose.at, p, PRESENCE_INCHES));
  if (valorous) conditions.push('within-3-of-valorous');
  const cinc = army?.cinc;
  const cincWithin3 = cinc && cinc.onTable && near(cinc.pose.at, p, PRESENCE_INCHES) ? { skill: cinc.skill, isNapoleon: cinc.isNapoleon } : undefined;
  const allowance = allowanceOf(state, p, opts).inches;
  const status = p.status;
  if (cmdr) {
    const inRange = cmdr.status === 'in-command' && cmdr.onTable && near(cmdr.pose.at, p, commandRangeNow(state, cmdr));
    return ok({ unit, commanderSkill: cmdr.skill, inRange, status, arm: p.arm === 'officer' ? 'infantry' : p.arm, conditions, allowance, ...(cincWithin3 ? { cincWithin3 } : {}) });
  }
  if (!cinc) return err(problem('maneuver/no-commander', `${p.name} has neither a commander nor a CinC to take a Maneuver column from.`));
  const inRange = cinc.onTable && near(cinc.pose.at, p, state.settings.independent.measuredRangeInches);
  return ok({ unit, commanderSkill: cinc.skill, inRange, independent: true, status, arm: p.arm === 'officer' ? 'infantry' : p.arm, conditions, allowance, ...(cincWithin3 ? { cincWithin3 } : {}) });
}

/** Why this piece may not roll now, or null. */
function rollRefusal(state: NwState, unit: string): Problem | null {
  if (state.phase !== 'maneuver' || state.phasing === null) {
    return problem('phase/wrong-phase', `Maneuver rolls are made in the maneuver phase; the game is in the ${state.phase} phase.`);
  }
  const p = pieceOf(state, unit);
  if (!p) return problem('maneuver/unknown-unit', `There is no piece "${unit}".`, 'Name a brigade or battery by its id.');
  if (isOfficerKind(p.kind)) return problem('maneuver/officer', `${p.name} is an officer: officers move 18" without a roll (NW §9.0 C.7 L241).`, 'Just give his move.');
  if (p.side !== state.phasing) return problem('maneuver/not-phasing', `${p.name} is not of the phasing side: only ${nameOf(state, state.phasing)} maneuvers now (NW §9.0).`);
  if (entryOf(state, unit)) return problem('maneuver/reinforcement', `${p.name} enters as a reinforcement this turn with a full move and no roll (NW §9.0 C.8 L242).`, 'Just give its move.');
  if (!p.onTable || p.removed) return problem('maneuver/not-in-play', `${p.name} is not on the table.`);
  if (p.status === 'routed') return problem('maneuver/routed', `${p.name} is routed: routed units neither roll nor maneuver (HR N-18).`, 'It may rally in the rally phase (NW §12.0).');
  if (state.log.rolls[unit]) {
    return problem('maneuver/already-rolled', `${p.name} has already rolled this player-turn (${state.log.rolls[unit]!.total}): the result binds (NW §9.0 C).`, 'Move it within the granted inches, or leave it where it is.');
  }
  return null;
}

/**
 * The binding Maneuver roll of one brigade or battery (§9.0 C; N5), once per player-turn.
 * A re-ordered disordered unit is in good order at once; "Retreat ½ move" is made at once (MV-17).
 */
export function rollUnitManeuver(state: NwState, unit: string, dice: Dice, opts: NwManeuverOptions = {}): Result<Step<NwState>, Problem> {
  const refused = rollRefusal(state, unit);
  if (refused) return err(refused);
  const input = maneuverInputOf(state, unit, opts);
  if (!input.ok) return input;
  const rolled = rollManeuver(input.value, state.settings, dice);
  const r = rolled.result;
  const grant: NwManeuverGrant = {
    natural: r.natural, total: r.total, fraction: r.fraction, inches: r.inches ?? 0, reorders: r.reorders, retreatInches: r.retreatHalfMove ? (r.retreatInches ?? 0) : null,
  };
  const events: GameEvent[] = [...rolled.events];
  let next: NwState = { ...state, log: { ...state.log, rolls: withEntry(state.log.rolls, unit, grant) } };
  const u = next.units[unit];
  if (u && r.reorders && u.status === 'disordered') {
    next = { ...next, units: withEntry(next.units, unit, { ...u, status: 'good-order' }) };
    keepGrid(state, next, [unit]); // re-ordered where it stands: no body moved
    events.push({ kind: 'status', rule: 'NW §9.0 C; chart L634', unit, status: 'disordered', on: false, reason: 're-ordered by its Maneuver roll' });
  }
  if (grant.retreatInches !== null && grant.retreatInches > 0) next = retreatHalf(next, unit, grant.retreatInches, events);
  return ok({ state: next, events });
}

/**
 * MV-17: "Retreat ½ move" (chart L635) is made at once, straight away from the nearest enemy
 * (centre to centre), paying no terrain and keeping its facing; it is shortened (¼" at a time)
 * to stay wholly on the table and not to end overlapping another base. It is the unit's move.
 */
function retreatHalf(s: NwState, unit: string, inches: number, events: GameEvent[]): NwState {
  const p = pieceOf(s, unit)!;
  const foe = nearest(baseOf(p), bodies(s, (side) => side !== p.side));
  if (!foe) {
    events.push({ kind: 'note', rule: 'NW §9.0 C; chart L635', text: `${p.name} has no enemy to fall back from and holds.` });
    return s;
  }
  const dir = headingVector(awayFacing(foe.body.pose.at, p.pose.at, p.pose.facing));
  const carried = (b: NwPiece) => b.id !== unit && b.id !== s.units[unit]?.attachedBattery;
  let k = inches;
  const poseAt = (d: number): Pose => ({ at: add(p.pose.at, scale(dir, d)), facing: p.pose.facing });
  // Only bodies whose bounding circles reach the base can overlap it (the spatial grid's broad phase, issue 12).
  const bad = (d: number) => offTable(s, { pose: poseAt(d), size: p.base })
    || bodiesNear(s, poseAt(d).at, baseRadius(p.base) + 0.01, () => true).some((o) => carried(o) && overlaps({ pose: poseAt(d), size: p.base }, baseOf(o)));
  while (k > 0 && bad(k)) k -= 0.25;
  const rule = 'NW §9.0 C; chart L635 (MV-17)';
  if (k <= 0) {
    events.push({ kind: 'note', rule, text: `${p.name} must retreat ${inches}" but has no room; it holds.` });
    return s;
  }
  const to = poseAt(k);
  events.push({ kind: 'move', rule, unit, from: p.pose.at, to: to.at, path: [p.pose.at, to.at], facing: to.facing, cost: k, allowance: inches, ...(k < inches ? { stopped: 'table edge or another base' } : { stopped: `retreat ½ move away from ${foe.body.name}` }) });
  const moved = placePiece(s, unit, to);
  return { ...moved, log: { ...moved.log, moved: [...moved.log.moved, unit] } };
}

/** Phasing brigades that must roll (§9.0 C.3 L233): disordered, not routed, not yet rolled. */
export function mustRoll(state: NwState): string[] {
  if (state.phase !== 'maneuver' || state.phasing === null) return [];
  return Object.values(state.units)
    .filter((u) => u.side === state.phasing && u.onTable && !u.removed && u.status === 'disordered' && !state.log.rolls[u.id])
    .map((u) => u.id).sort();
}

/** Rolled with inches to spend and not yet moved; an officer or entering reinforcement not yet moved. */
export function canMove(state: NwState, unit: string): boolean {
  if (state.phase !== 'maneuver' || state.phasing === null || state.log.moved.includes(unit)) return false;
  const p = pieceOf(state, unit);
  if (!p || p.side !== state.phasing || p.removed) return false;
  if (entryOf(state, unit)) return true;
  if (!p.onTable) return false;
  if (isOfficerKind(p.kind)) return p.kind !== 'general' || p.attachedTo === null;
  if (p.status === 'routed' || (p.kind === 'battery' && p.attachedTo !== null)) return false;
  return (state.log.rolls[unit]?.inches ?? 0) > 0;
}
