import type { Dice } from '../../../dice/dice';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { basePolygon, baseDistance, pointToBaseDistance, type Base } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import type { Point, Pose } from '../../geometry/types';
import { add, bearing, distance, headingVector, normalizeFacing, scale, sub } from '../../geometry/vector';
import { pursuitConditions } from '../conditions';
import { checkArmyBreak, checkCommandFatigue, rollCommanderReplacement, type FatigueUnit } from '../procedures/fatigue';
import { rollRally } from '../procedures/rally';
import { assessVictory, rollPursuit, type ArmyState, type PursuitCavalry, type VictoryResult } from '../procedures/victory';
import { RALLY_OUTCOME, type RallyCondition } from '../tables/rally';
import { replacementCommander, REPLACEMENT_SETUP_INCHES } from '../tables/leaders';
import { withEntry } from '../record';
import {
  commandRangeNow, liveBatteries, liveUnits, type NwBattery, type NwCommander, type NwState, type NwUnit,
} from '../state';

/**
 * NW §5.0 phase 7 — the Rally Phase (§12.0 L427-435; DIGEST §3(a) row 7), played by both sides
 * together with no player input, as one pure state transition:
 *  1. every routed unit MUST try to rally (§12.0.1 L431, `rollRally`): success → faces the
 *     nearest enemy, disordered; failure → 3" further directly away from the nearest enemy; a
 *     unit whose base leaves the table has routed off it (½ a loss for fatigue);
 *  2. commanders lost this turn roll for their replacement (§12.0.2 L433, §11.7 L421-425);
 *  3. command fatigue (red flag, raised once) and army break (Ch.II §4.0 L581-599);
 * then either the game ends (an army broke, or the last turn is over: §13.0 victory, optional
 * pursuit) or the next turn opens in its initiative phase, bringing in the replacements due then.
 *
 * Rulings (engine defaults, documented in the report and here):
 *  R1 Sides in `state.sides` order, units in order of battle; each unit sees the positions left by
 *     the units before it.
 *  R2 "The enemy" is the nearest live enemy brigade or battery, base to base (HR N-22 nearest
 *     points). A rallied unit turns to face its centre. A failing unit moves 3" along the line from
 *     that enemy's centre through its own centre, facing the way it moves (its back to the enemy);
 *     with no enemy on the table it does not move.
 *  R3 The move pays no terrain and ignores other units (a rout move passes through friends, DIGEST
 *     retreats); a base with any part beyond the table edge has routed off the table: removed,
 *     `routedOffTable`, ½ a fatigue loss (L431). Its attached battery routes off with it; an
 *     attached officer is detached and stays where he stood.
 *  R4 Rally modifiers read from the state: Fresh / Spent from the unit's fatigue state; general
 *     attached = an officer in `attachedGeneral`; outside command radius = its commander awaiting
 *     replacement, off the table, or farther than his range (commander's point to the unit's base);
 *     +1 within 3" of a valorous commander in command or of the CinC (HR N-26, one modifier).
 *  R5 Commanders "lost this turn" are those `awaiting-replacement` with no `replacementTurn` yet;
 *     the CinC's presence rating is used even if he is off the table. Their replacement is due in
 *     the initiative phase of `replacementTurn`; this phase, when it opens that turn, brings him in
 *     (so the initiative phase starts with him placed): one skill lower, no V, range −2" (never below
 *     his basic amount; without one, never below 0), placed DEFAULT 2" behind the first live unit of
 *     his command in order of battle (within the 8" of L421), kept on the table. With no live unit
 *     in the command he does not arrive (noted) and stays awaited.
 *  R6 Fatigue is sticky: a command once fatigued (red flag) stays so; the status event is raised
 *     only the turn it happens. Losses: removed and not routed off = destroyed (1; battery ½),
 *     Spent ½, routed off ½ (capped at 1, HR N-24).
 *  R7 The game ends after this phase if any army is broken or `turn >= lastTurn`. Neither broken:
 *     the scenario's objectives decide (a side's live, not routed, brigades within the radius and
 *     no enemy brigade there hold it; more points by more than the draw margin wins), else a draw.
 *     Optional pursuit (settings.optional.pursuit) is rolled when one army broke, its per-die
 *     modifiers from the state (`pursuitConditions`: mud, rain or snow this turn, L613; the last ¼
 *     of the turns, L614, CAMP-N6); lost s.p. = start − now for brigades, 2 for a lost battery, 1 for a damaged one.
 *  R8 Starting the next turn resets the per-turn fields: initiative, phasing side, player-turn.
 */

export const RALLY_PHASE_RULE = 'NW §12.0';

/** The end-of-turn Rally Phase for both sides (see the rulings above). */
export function rallyPhase(state: NwState, dice: Dice): Step<NwState> {
  if (state.phase !== 'rally') throw new RangeError(`NW rally phase: the game is in phase '${state.phase}', not 'rally'`);
  const events: GameEvent[] = [{ kind: 'phase', turn: state.turn, phase: 'nw/rally', label: '7. Rally' }];
  let s = state;

  // 1. Rally every routed unit (§12.0.1 L431).
  for (const side of s.sides) {
    for (const id of Object.keys(s.units)) {
      const u = s.units[id]!;
      if (u.side !== side.id || u.removed || !u.onTable || u.status !== 'routed') continue;
      s = rallyUnit(s, u, dice, events);
    }
  }

  // 2. Replacements for commanders lost this turn (§12.0.2 L433, §11.7 L421-425).
  for (const side of s.sides) {
    for (const c of Object.values(s.commanders)) {
      if (c.side !== side.id || c.status !== 'awaiting-replacement' || c.replacementTurn !== null) continue;
      s = rollReplacement(s, c, dice, events);
    }
  }

  // 3. Command fatigue and army break (Ch.II §4.0 L581-599).
  s = checkFatigue(s, events);

  const broken = s.sides.filter((x) => s.armies[x.id]?.broken);
  if (broken.length > 0 || s.turn >= s.lastTurn) return { state: endGame(s, dice, events), events };

  // Next turn (R8), with the replacements due in its initiative phase (R5).
  s = { ...s, turn: s.turn + 1, phase: 'initiative', playerTurn: null, phasing: null, initiative: null };
  s = arriveReplacements(s, events);
  return { state: s, events };
}

// ---------------------------------------------------------------------------------------------
// 1. Rally

const baseOf = (x: { pose: Pose; base: { width: number; depth: number } }): Base => ({ pose: x.pose, size: x.base });

/** The nearest live enemy brigade or battery, base to base (R2). */
export function nearestEnemy(s: NwState, u: NwUnit): NwUnit | NwBattery | null {
  let best: NwUnit | NwBattery | null = null;
  let bestD = Infinity;
  for (const e of [...liveUnits(s), ...liveBatteries(s)]) {
    if (e.side === u.side) continue;
    const d = baseDistance(baseOf(u), baseOf(e));
    if (d < bestD - EPS) {
      best = e;
      bestD = d;
    }
  }
  return best;
}

/** The rally modifiers' conditions read from the state (R4). */
export function rallyConditions(s: NwState, u: NwUnit): RallyCondition[] {
  const out: RallyCondition[] = [];
  const near = (p: Point, inches: number): boolean => pointToBaseDistance(p, baseOf(u)) <= inches + EPS;
  if (u.fatigue === 'fresh') out.push('fresh');
  const cmd = s.commands[u.command];
  const commander = cmd ? s.commanders[cmd.commander] : undefined;
  const inRange = commander !== undefined && commander.status === 'in-command' && commander.onTable && near(commander.pose.at, commandRangeNow(s, commander));
  if (!inRange) out.push('outside-command-radius');
  if (u.attachedGeneral !== null) out.push('general-attached');
  if (u.fatigue === 'spent') out.push('spent');
  const cinc = s.armies[u.side]?.cinc;
  const valorousNear = Object.values(s.commanders).some((c) => c.side === u.side && c.valorous && c.status === 'in-command' && c.onTable && near(c.pose.at, 3));
  if (valorousNear || (cinc !== undefined && cinc.onTable && near(cinc.pose.at, 3))) out.push('within-3-of-valorous-or-cinc');
  return out;
}

/** Does any part of the base lie beyond the table edge (R3)? */
export function offTable(s: NwState, base: Base): boolean {
  const { width, height } = s.map.table;
  return basePolygon(base).some((p) => p.x < -EPS || p.y < -EPS || p.x > width + EPS || p.y > height + EPS);
}

function rallyUnit(s: NwState, u: NwUnit, dice: Dice, events: GameEvent[]): NwState {
  const rule = `${RALLY_PHASE_RULE}.1 L431`;
  const roll = rollRally({ unit: u.id, quality: u.quality, conditions: rallyConditions(s, u) }, dice);
  events.push(...roll.events);
  const enemy = nearestEnemy(s, u);
  if (roll.result.rallies) {
    const facing = enemy ? normalizeFacing(bearing(u.pose.at, enemy.pose.at)) : u.pose.facing;
    const status = RALLY_OUTCOME.success.status;
    events.push({ kind: 'status', rule, unit: u.id, status: 'routed', on: false, reason: `rallied (${roll.result.total} against ${roll.result.need}+)` });
    events.push({ kind: 'status', rule, unit: u.id, status, on: true, reason: enemy ? `rallied: faces ${enemy.name}, disordered` : 'rallied: disordered' });
    return withUnit(s, u.id, { status, pose: { at: u.pose.at, facing } });
  }
  if (!enemy) {
    events.push({ kind: 'note', rule, text: `${u.name} fails to rally but no enemy is on the table: it stays where it is` });
    return s;
  }
  const away = sub(u.pose.at, enemy.pose.at);
  const len = Math.hypot(away.x, away.y);
  // Stacked on the enemy's centre (should not happen): fall back to straight back from its facing.
  const dir = len > EPS ? scale(away, 1 / len) : scale(headingVector(u.pose.facing), -1);
  const to = add(u.pose.at, scale(dir, RALLY_OUTCOME.failure.moveAwayInches));
  const facing = normalizeFacing(bearing(u.pose.at, to));
  const pose: Pose = { at: to, facing };
  events.push({ kind: 'move', rule, unit: u.id, from: u.pose.at, to, path: [], facing, cost: RALLY_OUTCOME.failure.moveAwayInches, allowance: RALLY_OUTCOME.failure.moveAwayInches });
  if (offTable(s, { pose, size: u.base })) {
    events.push({ kind: 'removed', rule, unit: u.id, at: to, reason: 'failed to rally and routed off the table: ½ a loss for fatigue' });
    let next = withUnit(s, u.id, { pose, onTable: false, removed: true, routedOffTable: true, attachedGeneral: null, attachedBattery: null });
    next = detachOfficer(next, u.attachedGeneral, u.id);
    const bat = u.attachedBattery ? next.batteries[u.attachedBattery] : undefined;
    if (bat && !bat.removed) {
      events.push({ kind: 'removed', rule, unit: bat.id, at: to, reason: `routed off the table with ${u.name}` });
      next = { ...next, batteries: withEntry(next.batteries, bat.id, { ...bat, onTable: false, removed: true, attachedTo: null }) };
    }
    return next;
  }
  let next = withUnit(s, u.id, { pose });
  next = moveOfficer(next, u.attachedGeneral, u.id, dir);
  return next;
}

const withUnit = (s: NwState, id: string, patch: Partial<NwUnit>): NwState => ({ ...s, units: withEntry(s.units, id, { ...s.units[id]!, ...patch }) });

function moveOfficer(s: NwState, officer: string | null, unit: string, dir: Point): NwState {
  if (!officer) return s;
  const d = scale(dir, RALLY_OUTCOME.failure.moveAwayInches);
  const g = s.generals[officer];
  if (g && g.attachedTo === unit) return { ...s, generals: withEntry(s.generals, officer, { ...g, pose: { ...g.pose, at: add(g.pose.at, d) } }) };
  const c = s.commanders[officer];
  if (c && c.attachedTo === unit) return { ...s, commanders: withEntry(s.commanders, officer, { ...c, pose: { ...c.pose, at: add(c.pose.at, d) } }) };
  return s;
}

function detachOfficer(s: NwState, officer: string | null, unit: string): NwState {
  if (!officer) return s;
  const g = s.generals[officer];
  if (g && g.attachedTo === unit) return { ...s, generals: withEntry(s.generals, officer, { ...g, attachedTo: null }) };
  const c = s.commanders[officer];
  if (c && c.attachedTo === unit) return { ...s, commanders: withEntry(s.commanders, officer, { ...c, attachedTo: null }) };
  return s;
}

// ---------------------------------------------------------------------------------------------
// 2. Commander replacement

function rollReplacement(s: NwState, c: NwCommander, dice: Dice, events: GameEvent[]): NwState {
  const r = rollCommanderReplacement({
    commander: c.id, command: c.command, skill: c.skill, range: c.rangeInches, baseRange: c.baseRangeInches ?? 0,
    lostOnTurn: s.turn, cincPresence: s.armies[c.side]?.cinc.presence ?? 0,
  }, dice);
  events.push(...r.events);
  return { ...s, commanders: withEntry(s.commanders, c.id, { ...c, replacementTurn: r.result.arrivesOnTurn }) };
}

/** Replacements due by the (new) turn arrive (R5). */
function arriveReplacements(s: NwState, events: GameEvent[]): NwState {
  let next = s;
  for (const c of Object.values(s.commanders)) {
    if (c.status !== 'awaiting-replacement' || c.replacementTurn === null || c.replacementTurn > s.turn) continue;
    const anchor = (s.commands[c.command]?.units ?? []).map((id) => next.units[id]).find((u): u is NwUnit => u !== undefined && u.onTable && !u.removed);
    if (!anchor) {
      events.push({ kind: 'note', rule: 'NW §11.7 L421', text: `${c.name}'s replacement cannot set up: no unit of ${c.command} is on the table` });
      continue;
    }
    const r = replacementCommander(c.skill, c.rangeInches, c.baseRangeInches ?? 0);
    const at = clampToTable(s, add(anchor.pose.at, scale(headingVector(anchor.pose.facing), -2)));
    const placed: NwCommander = {
      ...c, status: 'in-command', replacementTurn: null, replacement: true, skill: r.skill, valorous: false, rangeInches: r.range,
      name: `${c.name}'s replacement`, pose: { at, facing: anchor.pose.facing }, onTable: true, attachedTo: null,
    };
    next = { ...next, commanders: withEntry(next.commanders, c.id, placed) };
    events.push({
      kind: 'general', rule: 'NW §11.7 L421-423', general: c.id, what: 'replaced',
      detail: `${placed.name} takes command of ${c.command} on turn ${s.turn}, set up ${distance(at, anchor.pose.at).toFixed(1)}" from ${anchor.name} (within ${REPLACEMENT_SETUP_INCHES}"): ${c.skill} → ${r.skill}, no V, range ${c.rangeInches}" → ${r.range}"`,
    });
  }
  return next;
}

const clampToTable = (s: NwState, p: Point): Point => ({
  x: Math.min(s.map.table.width, Math.max(0, p.x)), y: Math.min(s.map.table.height, Math.max(0, p.y)),
});

// ---------------------------------------------------------------------------------------------
// 3. Fatigue

/** A brigade as the fatigue checks count it (also read by the roster, so both agree). */
export const fatigueUnitOf = (u: NwUnit): FatigueUnit => ({
  unit: u.id, arm: u.arm, quality: u.quality, irregularCavalry: u.irregularCavalry,
  spent: u.fatigue === 'spent', destroyed: (u.removed && !u.routedOffTable) || u.fatigue === 'eliminated', routedOffTable: u.routedOffTable,
});
export const fatigueBatteryOf = (b: NwBattery): FatigueUnit => ({ unit: b.id, arm: 'artillery', destroyed: b.removed });

function checkFatigue(s: NwState, events: GameEvent[]): NwState {
  let next = s;
  for (const side of s.sides) {
    for (const cmd of Object.values(s.commands)) {
      if (cmd.side !== side.id) continue;
      const units = [
        ...cmd.units.map((id) => s.units[id]).filter((u): u is NwUnit => u !== undefined).map(fatigueUnitOf),
        ...cmd.batteries.map((id) => s.batteries[id]).filter((b): b is NwBattery => b !== undefined).map(fatigueBatteryOf),
      ];
      if (units.length === 0) continue;
      const r = checkCommandFatigue({ command: cmd.id, morale: cmd.morale, units, alreadyFatigued: cmd.fatigued }, s.settings);
      events.push(...r.events);
      if (r.result.fatigued && !cmd.fatigued) next = { ...next, commands: { ...next.commands, [cmd.id]: { ...cmd, fatigued: true } } };
    }
    const army = s.armies[side.id];
    if (!army) continue;
    const units = [
      ...Object.values(s.units).filter((u) => u.side === side.id).map(fatigueUnitOf),
      ...Object.values(s.batteries).filter((b) => b.side === side.id).map(fatigueBatteryOf),
    ];
    if (units.length === 0) continue;
    const r = checkArmyBreak({ army: side.id, morale: army.morale, units }, s.settings);
    events.push(...r.events);
    if (r.result.broken && !army.broken) next = { ...next, armies: { ...next.armies, [side.id]: { ...army, broken: true } } };
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Game end

/** Objective points per side (R7). */
export function objectivePoints(s: NwState): Map<string, number> {
  const points = new Map<string, number>(s.sides.map((x) => [x.id, 0]));
  const holders = liveUnits(s).filter((u) => u.status !== 'routed');
  for (const obj of s.victory.objectives) {
    const sides = new Set(holders.filter((u) => distance(u.pose.at, obj.at) <= obj.radius + EPS).map((u) => u.side));
    if (sides.size !== 1) continue;
    const holder = [...sides][0]!;
    if (obj.side === holder || obj.side === 'any') points.set(holder, (points.get(holder) ?? 0) + obj.points);
  }
  return points;
}

function scenarioWinner(s: NwState): string | null {
  if (s.victory.objectives.length === 0) return null;
  const points = objectivePoints(s);
  const ranked = [...s.sides].sort((a, b) => (points.get(b.id) ?? 0) - (points.get(a.id) ?? 0));
  const [first, second] = ranked;
  if (!first) return null;
  if (second && (points.get(first.id) ?? 0) - (points.get(second.id) ?? 0) <= s.victory.drawMargin) return null;
  return (points.get(first.id) ?? 0) > 0 ? first.id : null;
}

export const armyStateOf = (s: NwState, side: string): ArmyState => ({
  side,
  broken: s.armies[side]?.broken ?? false,
  cavalry: liveUnits(s, side).filter((u) => u.arm === 'cavalry' && u.weight !== null)
    .map((u): PursuitCavalry => ({ unit: u.id, weight: u.weight!, sp: u.sp, spent: u.fatigue === 'spent' })),
});

const lostSp = (s: NwState, side: string): number =>
  Object.values(s.units).filter((u) => u.side === side).reduce((n, u) => n + (u.removed ? u.spStart : u.spStart - u.sp), 0)
  + Object.values(s.batteries).filter((b) => b.side === side).reduce((n, b) => n + (b.removed ? 2 : b.condition.startsWith('damaged') ? 1 : 0), 0);

function endGame(s: NwState, dice: Dice, events: GameEvent[]): NwState {
  const [a, b] = s.sides;
  if (!a || !b) throw new RangeError('NW rally phase: a game needs two sides');
  const anyBroken = !!(s.armies[a.id]?.broken || s.armies[b.id]?.broken);
  const v = assessVictory({ a: armyStateOf(s, a.id), b: armyStateOf(s, b.id), scenarioWinner: anyBroken ? null : scenarioWinner(s) }, s.settings);
  events.push(...v.events);
  let pursuitText = '';
  if (s.settings.optional.pursuit && v.result.winner !== null && v.result.loser !== null && (v.result.level === 'marginal' || v.result.level === 'decisive')) {
    const w = v.result.winner === a.id ? 'a' : 'b';
    const p = rollPursuit({
      winner: v.result.winner, loser: v.result.loser,
      winnerLightCavalrySp: v.result.lightCavalrySp[w], loserLightCavalrySp: v.result.lightCavalrySp[w === 'a' ? 'b' : 'a'],
      conditions: pursuitConditions(s), winnerLostSp: lostSp(s, v.result.winner), loserLostSp: lostSp(s, v.result.loser),
    }, s.settings, dice);
    events.push(...p.events);
    if (p.result.pursuitSp > 0) pursuitText = ` Pursuit costs ${nameOf(s, v.result.loser)} ${p.result.pursuitSp} more s.p.`;
  }
  const summary = summaryOf(s, v.result, anyBroken) + pursuitText;
  events.push({ kind: 'note', rule: 'NW §13.0', text: summary });
  return { ...s, phase: 'ended', ended: { winner: v.result.winner, summary } };
}

const nameOf = (s: NwState, side: string): string => s.sides.find((x) => x.id === side)?.name ?? side;

function summaryOf(s: NwState, v: VictoryResult, anyBroken: boolean): string {
  const when = `after turn ${s.turn}`;
  if (v.winner === null) return anyBroken ? `Both armies broke ${when}: a draw.` : `Neither army broke by ${when}: a draw.`;
  const loser = v.loser ? nameOf(s, v.loser) : 'the enemy';
  if (v.level === 'scenario') return `${nameOf(s, v.winner)} wins on the scenario's objectives ${when}.`;
  return `${loser} army broken ${when}: ${nameOf(s, v.winner)} ${v.level} victory${v.pursuit ? ' (pursuit)' : ''}.`;
}
