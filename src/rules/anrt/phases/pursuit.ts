import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { add, bearing, distance, dot, headingVector, rightVector, scale, sub } from '../../geometry/vector';
import { baseDistance } from '../../geometry/base';
import { footprint } from '../footprint';
import { ringOf } from '../passage';
import { ringsIntersect } from '../../geometry/primitives';
import { liveUnits, moverOf, withUnit, type AnrtState, type AnrtUnit } from '../state';
import { buildingsOf } from '../terrain';
import { legsMeet, pathLength, pursuitPath } from './pursuit-path';
import { admitChargers, COLUMN_DEPLOYING_INCHES, meleeSlots, type MeleeShape } from '../procedures/multiple-melee';
import { baseOf, supportIn } from '../procedures/support';
import { qrsValue, type Thrower } from './gm';
import { applyMorale, testMorale } from './morale';

/**
 * Advances after combat and pursuits (§XI L890-902), from the state after a melee's morale:
 * - L892: attackers who defeat all their melee opponents may advance up to 1" to take the
 *   ground the defenders held (`pursuit.advance`, ANRT-P1);
 * - L894: units attacking a building occupy it and become disordered;
 * - L896: cavalry tests morale (QRS `cavalry-win-melee`): rally back, halt on the opponent's
 *   ground, or pursue a normal move after the beaten enemy (ANRT-P2…P5);
 * - L898-900: pursuers meet withdrawers in melee at once, destroy routers and go on, and make any
 *   other enemy test morale for being charged and fight;
 * - L902: a pursuer's second melee won: "pursue" becomes "halt".
 */

/** L892: "up to 1"". */
export const ADVANCE_INCHES = 1;

/** What pursuit needs of the combat context (combat.ts's Ctx has it all). */
export interface PursuitCtx {
  s: AnrtState; events: GameEvent[]; readonly th: Thrower;
  /** Where each charger started this phase (cavalry rallying back, L896). */
  origins?: ReadonlyMap<string, Point>;
  /** Cavalry that took its L896 test this phase: the end-of-phase recall does not test it again. */
  recalled?: Set<string>;
  /** A pursuit has ended free (no melee started): an enemy standing ready may opportunity charge the pursuer there (ANRT-P9, combat.ts). */
  pursued?: (id: string) => void;
}

/** A melee just fought, as pursuit reads it. */
export interface FoughtMelee {
  /** The units that charged into it, countercharges included (L892 "attackers", ANRT-P1). */
  readonly attackers: readonly string[];
  readonly opponents: ReadonlyMap<string, readonly string[]>;
  /** Each unit as it stood when the melee began (the ground it held, L892). */
  readonly before: Readonly<Record<string, AnrtUnit>>;
  readonly won: ReadonlySet<string>;
  /** The units for whom it is a second melee this phase (L902): their "pursue" becomes "halt". */
  readonly second: ReadonlySet<string>;
}

/** A melee that pursuit starts (L898, L900): combat.ts fights it, alone or joining the enemy's melee (ANRT-P7); `from` is where the pursuit started (its aspect, L841). */
export type Fight = (attacker: string, defender: string, from: Point) => void;

/** Units that withdrew this phase (§XII L955 moves): the "withdrawing opponents" of L898. */
export const withdrawersOf = (events: readonly GameEvent[]): Set<string> =>
  new Set(events.flatMap((e) => (e.kind === 'move' && e.rule === 'ANRT §XII L955' ? [e.unit] : [])));

/** L892: an opponent is defeated when it is destroyed, routed or withdrew from the melee. */
export function defeatedAll(c: PursuitCtx, id: string, m: FoughtMelee): boolean {
  const withdrew = withdrawersOf(c.events);
  return (m.opponents.get(id) ?? []).every((o) => { const u = c.s.units[o]; return !u || u.gone || u.routed || withdrew.has(o); });
}

const move = (c: PursuitCtx, id: string, to: Point, rule: string, why: string, patch: Partial<AnrtUnit> = {}): void => {
  const u = c.s.units[id]!;
  c.s = withUnit(c.s, { ...u, ...patch, at: to });
  c.events.push({ kind: 'move', rule, unit: id, from: u.at, to, path: [u.at, to], stopped: why });
};

/** L892, L894: the winner takes the ground (up to 1"), or occupies the building, disordered. */
export function takeGround(c: PursuitCtx, id: string, ground: AnrtUnit, why = 'takes the ground the defenders held', rule = 'ANRT §XI L892'): void {
  const u = c.s.units[id]!;
  const area = buildingsOf(c.s, ground);
  const building = area && (area.name ?? area.id);
  if (building && u.arm !== 'cavalry') {
    move(c, id, ground.at, 'ANRT §XI L894', `occupies ${building}`, { disordered: true });
    if (!u.disordered) c.events.push({ kind: 'status', rule: 'ANRT §XI L894', unit: id, status: 'disordered', on: true, reason: `occupied ${building}` });
    return;
  }
  const d = distance(u.at, ground.at);
  if (d <= 1e-6) return;
  const to = d <= ADVANCE_INCHES ? ground.at : add(u.at, scale(headingVector(bearing(u.at, ground.at)), ADVANCE_INCHES));
  move(c, id, to, rule, why);
}

/** Advances and pursuits after one melee (L890-902). */
export function afterMelee(c: PursuitCtx, m: FoughtMelee, fight: Fight): void {
  for (const id of m.attackers) {
    const u = c.s.units[id];
    if (!u || u.gone || u.routed || !m.won.has(id) || !defeatedAll(c, id, m)) continue;
    const first = (m.opponents.get(id) ?? []).find((o) => m.before[o]);
    if (!first) continue;
    const ground = m.before[first]!;
    if (u.arm !== 'cavalry') {
      // ANRT-P1: an infantry winner takes the ground by default; `stand` keeps it where it fought. A building is always occupied (L894).
      if (c.s.settings.pursuit?.advance === 'stand' && !buildingsOf(c.s, ground)) continue;
      takeGround(c, id, ground);
      continue;
    }
    cavalryWinner(c, id, m, ground, fight);
  }
}

/** L896, L902: the winning cavalry's test and what it does. */
function cavalryWinner(c: PursuitCtx, id: string, m: FoughtMelee, ground: AnrtUnit, fight: Fight): void {
  const t = testMorale(c.s, c.s.units[id]!, 'cavalry-win-melee', c.th, [], ground);
  c.events.push(...t.events);
  (c.recalled ??= new Set()).add(id);
  let result = t.result;
  if (m.second.has(id) && result === 'pursue') {
    result = 'halt';
    c.events.push({ kind: 'note', rule: 'ANRT §XI L902', text: `${id} has won a second melee: "pursue" becomes "halt".` });
  }
  if (result === 'rally-back') {
    const r = applyMorale(c.s, id, 'rally-back', c.origins?.get(id)); c.s = r.s; c.events.push(...r.events);
    return;
  }
  if (result !== 'pursue') {
    // halt (and any other result the GM's table gives a winner): it occupies the opponent's ground (L896).
    takeGround(c, id, ground, `halts on ${ground.id}'s ground`, 'ANRT §XI L896, L892');
    return;
  }
  // ANRT-P3: the beaten enemy still on the table nearest the pursuer; none left, it halts on the ground.
  const beaten = (m.opponents.get(id) ?? []).map((o) => c.s.units[o]!).filter((o) => o && !o.gone)
    .sort((a, b) => distance(a.at, c.s.units[id]!.at) - distance(b.at, c.s.units[id]!.at) || a.id.localeCompare(b.id))[0];
  if (!beaten) { takeGround(c, id, ground, 'no enemy left to pursue: halts on the ground', 'ANRT §XI L896, L892'); return; }
  pursue(c, id, beaten.at, fight);
}

/**
 * L896-900: a normal move at `after` (where the beaten enemy went, ANRT-P3), its path checked as
 * a charge's (phases/pursuit-path.ts: ground it may not enter stops it, friends are passed or
 * gone round, ANRT-P4, P6): routers in the way are destroyed and passed; a withdrawer met is
 * meleed at once (L898); any other enemy tests morale for being charged and fights (L900).
 */
export function pursue(c: PursuitCtx, id: string, after: Point, fight: Fight): void {
  const u = c.s.units[id]!;
  const inches = qrsValue(c.s, `movement.${moverOf(u)}`, `Normal move of ${moverOf(u)}`, 'ANRT §VII', [0, 60]);
  const heading = distance(u.at, after) > 1e-9 ? bearing(u.at, after) : u.facing;
  const route = pursuitPath(c.s, u, add(u.at, scale(headingVector(heading), inches)), inches);
  const run = pathLength(route.path);
  const short = route.stopped?.startsWith('stopped by the ground') ? ', stopped by the ground' : '';
  c.events.push({ kind: 'note', rule: 'ANRT §XI L896', text: `${id} pursues (${fmtIn(run)} of a ${fmtIn(inches)} normal move${short}).` });
  if (route.skirted) c.events.push({ kind: 'note', rule: 'ANRT §VII L381-395; ANRT-P6', text: `${id}'s pursuit goes round ${route.skirted}, which it may not pass.` });
  if (route.passed.length) c.events.push({ kind: 'note', rule: 'ANRT §VII L381-395', text: `${id} pursues through ${route.passed.join(', ')}.` });
  const withdrew = withdrawersOf(c.events);
  let path: Point[] = [...route.path];
  let why = route.stopped ? `pursues; ${route.stopped}` : 'pursues';
  let meet: { unit: AnrtUnit; withdrawing: boolean } | undefined;
  // Abandoned guns are ridden past (ANRT-P4): there is no one to fight.
  for (const o of legsMeet(c.s, u, route.path, (x) => x.side !== u.side && !x.abandoned)) {
    if (o.unit.routed) { destroy(c, o.unit.id, id); continue; }
    path = o.pathBefore; // in contact, front to front (as a charge that meets its target's footprint)
    meet = { unit: o.unit, withdrawing: withdrew.has(o.unit.id) };
    why = `pursues into ${o.unit.id}`;
    break;
  }
  const to = path[path.length - 1]!;
  const from = path[path.length - 2] ?? u.at;
  const facing = distance(from, to) > 1e-9 ? bearing(from, to) : u.facing;
  const now = c.s.units[id]!;
  c.s = withUnit(c.s, { ...now, at: to, facing });
  c.events.push({ kind: 'move', rule: 'ANRT §XI L896-900', unit: id, from: u.at, to, path, facing, stopped: why });
  if (!meet) { c.pursued?.(id); return; }
  if (meet.withdrawing) {
    c.events.push({ kind: 'note', rule: 'ANRT §XI L898', text: `${id} catches withdrawing ${meet.unit.id}: they melee at once${now.disordered ? ' (the pursuers disordered)' : ''}.` });
    fight(id, meet.unit.id, u.at);
    return;
  }
  // L900: any other enemy tests morale for being charged, then fights.
  const e = c.s.units[meet.unit.id]!;
  const r0 = testMorale(c.s, e, 'charge-response', c.th, u.arm === 'cavalry' ? ['charged-by-cavalry'] : [], c.s.units[id]!);
  c.events.push(...r0.events);
  if (r0.result !== 'pass' && r0.result !== 'fight-on') { const r = applyMorale(c.s, e.id, r0.result, undefined, to); c.s = r.s; c.events.push(...r.events); }
  const e2 = c.s.units[e.id]!;
  if (e2.gone || e2.routed || distance(e2.at, e.at) > 1e-6) { c.events.push({ kind: 'note', rule: 'ANRT §XI L900', text: `${e.id} does not stand: ${id} halts.` }); c.pursued?.(id); return; }
  c.events.push({ kind: 'note', rule: 'ANRT §XI L900', text: `${e.id} stands and fights ${id}.` });
  fight(id, e.id, u.at);
}

/**
 * The end-of-phase cavalry recall (L35) giving "pursue" (ANRT-P3): L896-900 make it a pursuit,
 * never a disorder. Only a charger whose target broke before contact (routed or withdrew this
 * phase) has a beaten enemy to pursue, and only if it fought no melee (a drawn or lost melee may
 * not pursue, L650; a won one took the L896 test instead); it then pursues as L896-900 say. Any
 * other charger halts where it is.
 */
export function recallPursuit(c: PursuitCtx & { fought: ReadonlySet<string> }, id: string, target: string, fight: Fight): void {
  const t = c.s.units[target];
  // Overrun guns (abandoned, §XVI L1057) leave no one to pursue: their gunners fled or sheltered.
  const broke = t && !t.gone && !t.abandoned && (t.routed || withdrawersOf(c.events).has(t.id));
  if (!broke || c.fought.has(id)) {
    const why = c.fought.has(id) ? 'a unit that did not win its melee may not pursue (L650)' : t?.abandoned ? `it overran ${target}'s guns, with no one to pursue` : `${target} did not break before it`;
    c.events.push({ kind: 'note', rule: 'ANRT §XI L896, L650', text: `${id}: "pursue", but ${why}: it halts (ANRT-P3).` });
    return;
  }
  pursue(c, id, t.at, fight);
}

/** How a pursuer meets an enemy (ANRT-P7): alone, joining its melee where it stands, or paired off. */
export type PursuitJoin =
  | { readonly kind: 'alone' }
  | { readonly kind: 'join'; readonly shape: Exclude<MeleeShape, 'single'>; readonly slots: readonly { id: string; at: Point; facing: number }[] }
  | { readonly kind: 'paired-off'; readonly why: string };

/**
 * ANRT-P7: a pursuer meeting `enemy`, whose `opponents` are those already in melee with it this
 * phase. None: it fights alone. Else the multiple-melee exceptions decide (§XI L656-691,
 * `admitChargers`, the enemy's flank supports from procedures/support.ts): the pursuer goes in
 * beside them (placed as ANRT-M6 says) only if every one of them and it are admitted; otherwise
 * it is paired off (L656) and halts in contact without fighting.
 */
export function pursuitJoin(s: AnrtState, pursuer: AnrtUnit, enemy: AnrtUnit, opponents: readonly AnrtUnit[]): PursuitJoin {
  const others = opponents.filter((o) => !o.gone && o.id !== pursuer.id);
  if (!others.length) return { kind: 'alone' };
  const adm = admitChargers(enemy, supportIn(s, enemy).flankSupported, [...others, pursuer]);
  if (adm.shape === 'single' || !adm.admitted.includes(pursuer.id) || others.some((o) => !adm.admitted.includes(o.id))) {
    const why = adm.refused.find((r) => r.id === pursuer.id)?.why ?? `${enemy.id} is already met front to front (L656)`;
    return { kind: 'paired-off', why: `${pursuer.id} meets ${enemy.id}, already in melee with ${others.map((o) => o.id).join(', ')}: ${why}; ${pursuer.id} is paired off, halts in contact and does not fight (ANRT-P7).` };
  }
  return { kind: 'join', shape: adm.shape, slots: meleeSlots(enemy, adm.shape, [...others, pursuer]) };
}

/** ANRT-P8: how far a joining pursuer slides along the enemy's face looking for room: the sampling of passage.ts. */
const SLIDE_STEP = 0.25;
/** ANRT-P8: the least frontage of the enemy's face a placed pursuer still covers (its sampling step). */
const LEAST_CONTACT = 0.25;

/**
 * ANRT-P8: a pursuer joining a melee already fought this phase (ANRT-P7) — its other opponents
 * have had their round and stand where it left them, so they are not moved. The pursuer takes its
 * own ANRT-M6 slot if its footprint there overlaps no other unit; else the nearest place along the
 * enemy's face, slid ¼" at a time either way, that overlaps none, still covers at least ¼" of
 * that face, keeps L663's 2" from the other columns (columns on a line) and hangs beyond a flank
 * (L691 overlappers). None: null — it is paired off (L656), halting in contact where its pursuit
 * ended, and does not fight.
 */
export function joinPlace(s: AnrtState, pursuer: AnrtUnit, enemy: AnrtUnit, j: Extract<PursuitJoin, { kind: 'join' }>, others: readonly AnrtUnit[]): { at: Point; facing: number } | null {
  const slot = j.slots.find((x) => x.id === pursuer.id);
  if (!slot) return null;
  const me = { ...pursuer, facing: slot.facing };
  const right = rightVector(enemy.facing);
  const tw = footprint(enemy).width, pw = footprint(pursuer).width;
  const reach = (tw + pw) / 2 - LEAST_CONTACT;
  const base = dot(sub(slot.at, enemy.at), right);
  const near = liveUnits(s).filter((o) => o.id !== pursuer.id && o.id !== enemy.id && distance(o.at, slot.at) < tw + pw + 6);
  const gap = j.shape === 'columns-on-line' ? COLUMN_DEPLOYING_INCHES.inches : 0;
  for (let k = 0; k * SLIDE_STEP <= 2 * reach + 1e-9; k++) {
    for (const sign of k ? [1, -1] : [1]) {
      const lateral = base + sign * k * SLIDE_STEP;
      if (Math.abs(lateral) > reach + 1e-9) continue;
      if (j.shape === 'flank-overlap' && Math.abs(lateral) + pw / 2 < tw / 2 - 1e-9) continue;
      const at = add(slot.at, scale(right, lateral - base));
      // Touching is not overlapping (M6's slots touch): the pursuer's footprint shrunk by 1% is tested.
      const ring = ringOf(me, at).map((q) => add(at, scale(sub(q, at), 0.99)));
      if (near.some((o) => ringsIntersect(ring, ringOf(o)))) continue;
      if (gap && others.some((o) => baseDistance(baseOf({ ...me, at }), baseOf(o)) < gap - 1e-6)) continue;
      return { at, facing: slot.facing };
    }
  }
  return null;
}

/** L900: routers contacted by pursuers are destroyed (a loss in contact, §XVIII L1129). */
function destroy(c: PursuitCtx, id: string, by: string): void {
  const u = c.s.units[id]!;
  c.s = withUnit(c.s, { ...u, hits: 0, gone: true, lastHit: 'contact' });
  c.events.push({ kind: 'loss', rule: 'ANRT §XI L900', unit: id, amount: u.hits, measure: 'hits', remaining: 0, cause: `routers ridden down by ${by}'s pursuit` });
  c.events.push({ kind: 'removed', rule: 'ANRT §XI L900', unit: id, at: u.at, reason: `destroyed by ${by}'s pursuit` });
}

const fmtIn = (n: number): string => `${Math.round(n * 100) / 100}"`;
