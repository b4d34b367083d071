import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseDistance, contactSide, inContact, pointToBaseDistance, type Base } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import type { Point } from '../../geometry/types';
import { add, bearing, distance, headingVector, normalizeFacing, scale, sub } from '../../geometry/vector';
import { rollCombat, type CombatResult } from '../procedures/combat';
import { enemyOf, liveUnits, type NwState, type NwUnit } from '../state';
import {
  CAVALRY_VS_SQUARE_MAX_SP_LOSS, MAX_ATTACKERS, ROUTED_CONTACTED, STAR_ROUT_EXTRA_SP_LOSS, type CombatCondition, type CrtSideEffect,
} from '../tables/combat';
import { infantryCategory, MOVEMENT_ALLOWANCE } from '../tables/maneuver';
import type { Nationality } from '../tables/vocabulary';
import { inTownOrHardCover } from '../targets';
import { offTable } from './rally';
import {
  commit, disorder, draftOf, hitBattery, leftToRight, loseOfficer, loseSp, nameOf, phaseEvent, problem, unitTarget, type Draft,
} from './target-units';

/**
 * NW phase 6 — Combat (§11.0-11.7 L363-425; DIGEST §3 N8). Every phasing brigade whose base
 * touches a live enemy brigade fights; one combat per defending unit (§9.92: at most two
 * attackers, one defender), resolved from the phasing side's left to its right (PH-3). Each
 * combat: modifiers read from the state (C4), `rollCombat`, Desperate-struggle re-rolls (HR
 * N-11), then the CRT row applied (C5-C10). Then the next player-turn's skirmish phase, or rally.
 *
 * Rulings (C-n), where neither the text nor DIGEST §3 settles it:
 * - C1 Contact = `inContact` of the bases (geometry CONTACT_TOLERANCE). Only brigades fight;
 *   batteries are neither attackers nor defenders here. The combat id is the defender's id.
 * - C2 An attacker touching several defenders fights the nearest (centre to centre; ties by id);
 *   beyond MAX_ATTACKERS (2) the farthest extra attackers sit out (noted).
 * - C3 Dominant attacker (§11.0.1): more s.p.; tie → cavalry; tie → `input.primary[defender]`,
 *   else the first by id. A posted primary that is not legal is refused (combat/invalid-primary).
 * - C4 Modifiers from the state: fresh/spent (dominant attacker; defender), disordered −1
 *   (the "with loss" −2 only via `opts.conditions`, HR N-11 for re-rolls), hard cover (defender in
 *   town/hard cover, `inTownOrHardCover`), combined arms (HR N-7: infantry + cavalry among the
 *   side's units, attached artillery counting under the setting; never against hard cover),
 *   general attached (dominant attacker / defender), outnumbered (HR N-9, in rollCombat),
 *   squares (HR N-20: −4 on all-cavalry attackers of infantry without combined arms; their
 *   losses capped at 1), outflanked (two attackers, one touching a flank or rear, not in hard
 *   cover: §11.1), light/medium cavalry vs heavy cavalry, V commander within 3" (HR N-27: once
 *   per phase, the first combat in order), nation modifiers from `opts.nations` (French infantry
 *   attacking per N-30, Russian/British infantry defending, Spanish in hard cover).
 *   'cav-at-the-halt', soft cover, armoured cavalry, vulnerable: `opts.conditions` only.
 * - C5 s.p. losses fall on the dominant attacker; disorder and retreats on every unit of the side.
 * - C6 "Routs if disordered" reads the status the unit had when the combat began.
 * - C7 Full move = movement allowance: cavalry 12" heavy / 16" else; infantry 8" unless
 *   `opts.nations` makes it fast (10"). Rout move 12" infantry, 24" cavalry (§11.5.1).
 * - C8 Retreats/routs go straight away from the centroid of the enemy units in the combat, pay
 *   no terrain, ignore other units; a retreat keeps its facing, a rout faces the way it runs.
 *   A base ending partly off the table has routed off it (removed, routedOffTable); its battery
 *   goes with it; officers are detached. Attached officers/batteries otherwise move with the unit.
 * - C9 Star rows: routing infantry facing cavalry loses STAR_ROUT_EXTRA_SP_LOSS (covers §11.5.2, once).
 * - C10 Victor's advance (§11.7): only on defender-loses rows, by the dominant attacker, straight
 *   ahead along its facing, stopping 1" from any other enemy base; `input.advance[unit] === false`
 *   holds it. Defender wins never advance (CRT gives none).
 * - C11 Desperate struggle: each 0 costs both 1 s.p. and disorders, then re-rolls with the state
 *   recomputed, until not 0, a side is eliminated, or `crt.zeroLoopMax` rounds (then it stops).
 * - C12 A routed defender contacted (§11.2.8): −1 s.p. (−2 if any attacker is cavalry), rout move,
 *   victor advances 1"; no dice.
 */

export const COMBAT_PHASE_RULE = 'NW §11';

export interface NwCombatInput {
  /** Dominant attacker by combat id (the defender's id), for ties (§11.0.1). */
  readonly primary?: Readonly<Record<string, string>>;
  /** Victor's advance by unit id (default: advance). */
  readonly advance?: Readonly<Record<string, boolean>>;
}

export interface NwCombatOptions {
  /** Nationality by side id (the state carries none). */
  readonly nations?: Readonly<Record<string, Nationality>>;
  /** Extra conditions per combat id the engine cannot see. */
  readonly conditions?: Readonly<Record<string, { readonly attacker?: readonly CombatCondition[]; readonly defender?: readonly CombatCondition[] }>>;
}

/** One combat: a defender and its (up to two) attackers. */
export interface NwContact {
  readonly id: string;
  readonly defender: string;
  readonly attackers: readonly string[];
}

const baseOf = (u: NwUnit): Base => ({ pose: u.pose, size: u.base });

/** The phasing side's combats (C1, C2), in left-to-right order (PH-3). */
export function findContacts(state: NwState): { contacts: NwContact[]; idle: string[] } {
  const phasing = state.phasing;
  if (phasing === null) return { contacts: [], idle: [] };
  const mine = liveUnits(state, phasing).filter((u) => u.status !== 'routed');
  const enemies = liveUnits(state).filter((u) => u.side !== phasing);
  const by = new Map<string, string[]>();
  for (const a of mine) {
    const touching = enemies.filter((e) => inContact(baseOf(a), baseOf(e)));
    if (touching.length === 0) continue;
    touching.sort((x, y) => distance(a.pose.at, x.pose.at) - distance(a.pose.at, y.pose.at) || (x.id < y.id ? -1 : 1));
    const d = touching[0]!.id;
    by.set(d, [...(by.get(d) ?? []), a.id]);
  }
  const idle: string[] = [];
  const pos = leftToRight(state, phasing);
  const contacts = [...by.entries()].map(([defender, atts]) => {
    const dAt = state.units[defender]!.pose.at;
    const sorted = [...atts].sort((x, y) => distance(state.units[x]!.pose.at, dAt) - distance(state.units[y]!.pose.at, dAt) || (x < y ? -1 : 1));
    idle.push(...sorted.slice(MAX_ATTACKERS));
    return { id: defender, defender, attackers: sorted.slice(0, MAX_ATTACKERS).sort() };
  });
  contacts.sort((x, y) => pos(state.units[x.defender]!.pose.at) - pos(state.units[y.defender]!.pose.at) || (x.id < y.id ? -1 : 1));
  return { contacts, idle };
}

/** The dominant attacker (C3), or a Problem for an illegal posted choice. */
function dominant(units: readonly NwUnit[], posted: string | undefined): Result<NwUnit, string> {
  const rank = (u: NwUnit) => u.sp * 2 + (u.arm === 'cavalry' ? 1 : 0);
  const best = Math.max(...units.map(rank));
  const legal = units.filter((u) => rank(u) === best);
  if (posted !== undefined) {
    const p = legal.find((u) => u.id === posted);
    return p ? ok(p) : err(posted);
  }
  return ok([...legal].sort((x, y) => (x.id < y.id ? -1 : 1))[0]!);
}

const fullMove = (u: NwUnit, nation: Nationality | undefined): number =>
  u.arm === 'cavalry' ? MOVEMENT_ALLOWANCE[u.weight === 'heavy' ? 'heavy-cavalry' : 'other-cavalry']
    : MOVEMENT_ALLOWANCE[nation ? infantryCategory(nation, 0) : 'other-infantry'];
const routMove = (u: NwUnit): number => (u.arm === 'cavalry' ? 24 : 12);

interface Ctx {
  readonly state: NwState;
  readonly d: Draft;
  readonly events: GameEvent[];
  readonly opts: NwCombatOptions;
  /** HR N-27: V commander → the combat that took his +1. */
  readonly usedValorous: Map<string, string>;
}

const cur = (c: Ctx, id: string): NwUnit | undefined => {
  const u = c.d.units[id];
  return u && !u.removed && u.onTable ? u : undefined;
};

function sideConditions(c: Ctx, role: 'attacker' | 'defender', lead: NwUnit, own: readonly NwUnit[], enemy: readonly NwUnit[], contactId: string, flanked: boolean): { conditions: CombatCondition[]; leaders: string[] } {
  const s = c.state;
  const out = new Set<CombatCondition>(c.opts.conditions?.[contactId]?.[role] ?? []);
  const def = role === 'defender' ? lead : enemy[0]!;
  const hard = inTownOrHardCover(unitTarget(def), s.map.terrain);
  if (lead.fatigue === 'fresh') out.add('fresh');
  if (lead.fatigue === 'spent') out.add('spent');
  if (lead.status === 'disordered' && !out.has('disordered-with-loss')) out.add('disordered');
  const nation = c.opts.nations?.[lead.side];
  if (role === 'defender' && hard) out.add(nation === 'spanish' ? 'spanish-defending-town-or-works' : 'defending-hard-cover');
  const arms = new Set(own.map((u) => u.arm));
  const artillery = s.settings.combinedArms.includesAttachedArtillery && own.some((u) => u.attachedBattery !== null);
  const combined = !hard && (arms.size === 2 || (artillery && arms.size === 1));
  if (combined) out.add('combined-arms');
  if (lead.attachedGeneral !== null) out.add('general-attached');
  if (role === 'attacker' && !combined && own.every((u) => u.arm === 'cavalry') && enemy.some((u) => u.arm === 'infantry')) out.add('cavalry-attacking-infantry-without-combined-arms');
  if (role === 'defender' && flanked && !hard) out.add('outflanked');
  const foeHeavy = enemy.some((u) => u.arm === 'cavalry' && u.weight === 'heavy');
  if (lead.arm === 'cavalry' && foeHeavy && lead.weight === 'light') out.add('light-cav-vs-heavy-cav');
  if (lead.arm === 'cavalry' && foeHeavy && lead.weight === 'medium') out.add('medium-cav-vs-heavy-cav');
  if (role === 'attacker' && nation === 'french' && !enemy.every((u) => u.arm === 'cavalry')) {
    const fr = s.settings.combat.frenchInfantryBonus === 'dominant' ? lead.arm === 'infantry' : own.some((u) => u.arm === 'infantry');
    if (fr) out.add('french-infantry-attacking');
  }
  if (role === 'defender' && lead.arm === 'infantry' && (nation === 'russian' || nation === 'british')) out.add('russian-or-british-infantry-defending');
  const leaders: string[] = lead.attachedGeneral ? [lead.attachedGeneral] : [];
  const v = Object.values(s.commanders).find((k) => k.side === lead.side && k.valorous && k.status === 'in-command' && k.onTable
    && (c.usedValorous.get(k.id) ?? contactId) === contactId && pointToBaseDistance(k.pose.at, baseOf(lead)) <= 3 + EPS);
  if (v) {
    c.usedValorous.set(v.id, contactId);
    out.add('within-3-of-valorous');
    if (!leaders.includes(v.id)) leaders.push(v.id);
  }
  return { conditions: [...out], leaders };
}

const centroid = (units: readonly NwUnit[]): Point =>
  scale(units.reduce((p, u) => add(p, u.pose.at), { x: 0, y: 0 }), 1 / Math.max(1, units.length));

/** Move a unit (and its officer and battery) by `dir`×`inches`; off the table → routed off (C8). */
function moveAway(c: Ctx, id: string, from: Point, inches: number, rout: boolean, rule: string): void {
  const u = cur(c, id);
  if (!u || inches <= 0) return;
  const away = sub(u.pose.at, from);
  const len = Math.hypot(away.x, away.y);
  const dir = len > EPS ? scale(away, 1 / len) : scale(headingVector(u.pose.facing), -1);
  const delta = scale(dir, inches);
  const to = add(u.pose.at, delta);
  const facing = rout ? normalizeFacing(bearing(u.pose.at, to)) : u.pose.facing;
  const pose = { at: to, facing };
  c.events.push({ kind: 'move', rule, unit: id, from: u.pose.at, to, path: [], facing, cost: inches, allowance: inches });
  const bat = u.attachedBattery ? c.d.batteries[u.attachedBattery] : undefined;
  if (offTable(c.state, { pose, size: u.base })) {
    c.events.push({ kind: 'removed', rule, unit: id, at: to, reason: `${rout ? 'routed' : 'retreated'} off the table: ½ a loss for fatigue` });
    c.d.units[id] = { ...u, pose, status: 'routed', onTable: false, removed: true, routedOffTable: true, attachedGeneral: null, attachedBattery: null };
    if (bat && !bat.removed) {
      c.events.push({ kind: 'removed', rule, unit: bat.id, at: to, reason: `routed off the table with ${u.name}` });
      c.d.batteries[bat.id] = { ...bat, onTable: false, removed: true, attachedTo: null };
    }
    detach(c, u.attachedGeneral, id);
    return;
  }
  c.d.units[id] = { ...u, pose };
  if (bat && !bat.removed) c.d.batteries[bat.id] = { ...bat, pose: { ...bat.pose, at: add(bat.pose.at, delta) } };
  const g = u.attachedGeneral ? c.d.generals[u.attachedGeneral] : undefined;
  if (g && g.attachedTo === id) c.d.generals = { ...c.d.generals, [g.id]: { ...g, pose: { ...g.pose, at: add(g.pose.at, delta) } } };
  const k = u.attachedGeneral ? c.d.commanders[u.attachedGeneral] : undefined;
  if (k && k.attachedTo === id) c.d.commanders = { ...c.d.commanders, [k.id]: { ...k, pose: { ...k.pose, at: add(k.pose.at, delta) } } };
}

function detach(c: Ctx, officer: string | null, unit: string): void {
  if (!officer) return;
  const g = c.d.generals[officer];
  if (g && g.attachedTo === unit) c.d.generals = { ...c.d.generals, [officer]: { ...g, attachedTo: null } };
  const k = c.d.commanders[officer];
  if (k && k.attachedTo === unit) c.d.commanders = { ...c.d.commanders, [officer]: { ...k, attachedTo: null } };
}

function rout(c: Ctx, id: string, from: Point, rule: string, reason: string): void {
  const u = cur(c, id);
  if (!u) return;
  if (u.status !== 'routed') {
    c.d.units[id] = { ...u, status: 'routed' };
    c.events.push({ kind: 'status', rule, unit: id, status: 'routed', on: true, reason });
  }
  moveAway(c, id, from, routMove(u), true, rule);
}

/** C10: advance straight ahead up to `inches`, stopping 1" from any other enemy base. */
function advance(c: Ctx, id: string, inches: number, rule: string): void {
  const u = cur(c, id);
  if (!u || inches <= 0) return;
  const dir = headingVector(u.pose.facing);
  const enemies = [...Object.values(c.d.units), ...Object.values(c.d.batteries)]
    .filter((e) => e.side !== u.side && e.onTable && !e.removed).map((e) => ({ pose: e.pose, size: e.base }));
  const okAt = (t: number) => {
    const b = { pose: { at: add(u.pose.at, scale(dir, t)), facing: u.pose.facing }, size: u.base };
    return !offTable(c.state, b) && enemies.every((e) => baseDistance(b, e) >= 1 - EPS);
  };
  let t = inches;
  if (!okAt(t)) {
    let lo = 0;
    let hi = inches;
    for (let i = 0; i < 30; i++) { const m = (lo + hi) / 2; if (okAt(m)) lo = m; else hi = m; }
    t = Math.floor(lo * 4) / 4;
  }
  if (t <= 0) return;
  const to = add(u.pose.at, scale(dir, t));
  c.events.push({ kind: 'move', rule, unit: id, from: u.pose.at, to, path: [], facing: u.pose.facing, cost: t, allowance: inches, ...(t < inches ? { stopped: 'within 1" of an enemy unit or the table edge' } : {}) });
  const delta = scale(dir, t);
  c.d.units[id] = { ...u, pose: { ...u.pose, at: to } };
  const g = u.attachedGeneral ? c.d.generals[u.attachedGeneral] : undefined;
  if (g && g.attachedTo === id) c.d.generals = { ...c.d.generals, [g.id]: { ...g, pose: { ...g.pose, at: add(g.pose.at, delta) } } };
  const bat = u.attachedBattery ? c.d.batteries[u.attachedBattery] : undefined;
  if (bat && !bat.removed) c.d.batteries[bat.id] = { ...bat, pose: { ...bat.pose, at: add(bat.pose.at, delta) } };
}

/** Apply one side's CRT effect (C5-C9). */
function applySide(
  c: Ctx, effect: CrtSideEffect, units: readonly NwUnit[], lead: NwUnit, foes: readonly NwUnit[], star: boolean,
  capLoss: boolean, startStatus: ReadonlyMap<string, string>, rule: string, what: string,
): void {
  const foeCav = foes.some((u) => u.arm === 'cavalry');
  const from = centroid(foes);
  const loss = capLoss ? Math.min(effect.spLoss, CAVALRY_VS_SQUARE_MAX_SP_LOSS) : effect.spLoss;
  if (loss > 0) loseSp(c.d, lead.id, loss, rule, what, c.events);
  for (const u0 of units) {
    const u = cur(c, u0.id);
    if (!u) continue;
    if (effect.cavalryDisordered && u.arm === 'cavalry') disorder(c.d, u.id, rule, what, c.events);
    const routs = effect.retreat === 'rout' || (effect.routsIfDisordered === true && startStatus.get(u.id) === 'disordered');
    if (routs) {
      if (star && u.arm === 'infantry' && foeCav) loseSp(c.d, u.id, STAR_ROUT_EXTRA_SP_LOSS, rule, `${what}: routs before cavalry (*)`, c.events);
      rout(c, u.id, from, rule, what);
      continue;
    }
    if (effect.disordered) disorder(c.d, u.id, rule, what, c.events);
    if (effect.retreat !== 0) moveAway(c, u.id, from, effect.retreat === 'full-move' ? fullMove(u, c.opts.nations?.[u.side]) : effect.retreat, false, rule);
  }
}

function resolveCombat(c: Ctx, k: NwContact, input: NwCombatInput, dice: Dice): Problem | null {
  const rule = `${COMBAT_PHASE_RULE}.0`;
  const s = c.state;
  const def0 = cur(c, k.defender);
  const atts0 = k.attackers.map((id) => cur(c, id)).filter((u): u is NwUnit => u !== undefined && u.status !== 'routed');
  if (!def0 || atts0.length === 0) return null;
  const startStatus = new Map([def0, ...atts0].map((u) => [u.id, u.status]));
  const flanked = atts0.length > 1 && atts0.some((a) => { const side = contactSide(baseOf(a), baseOf(def0)); return side !== undefined && side !== 'front'; });
  const dom0 = dominant(atts0, input.primary?.[k.id]);
  if (!dom0.ok) return problem('combat/invalid-primary', `${nameOf(s, dom0.error)} cannot be the primary unit against ${def0.name}: the primary unit has the most s.p. (ties: cavalry) (NW §11.0.1).`);
  c.events.push({ kind: 'note', rule: 'NW §11.0.1', text: `${atts0.map((u) => u.name).join(' + ')} attack ${def0.name}; ${dom0.value.name} is the primary unit.` });

  // C12: a routed defender contacted.
  if (def0.status === 'routed') {
    const cav = atts0.some((u) => u.arm === 'cavalry');
    const r = `${COMBAT_PHASE_RULE}.2.8 L391`;
    loseSp(c.d, def0.id, ROUTED_CONTACTED.spLoss[cav ? 'cavalry' : 'infantry'], r, 'routed unit contacted', c.events);
    rout(c, def0.id, centroid(atts0), r, 'routed unit contacted');
    if (input.advance?.[dom0.value.id] !== false) advance(c, dom0.value.id, ROUTED_CONTACTED.victorAdvanceInches, r);
    return null;
  }

  const max = s.settings.crt.zeroLoopMax;
  for (let round = 1; ; round++) {
    const def = cur(c, k.defender);
    const atts = k.attackers.map((id) => cur(c, id)).filter((u): u is NwUnit => u !== undefined);
    if (!def || atts.length === 0) return null;
    const domR = dominant(atts, atts.some((u) => u.id === input.primary?.[k.id]) ? input.primary?.[k.id] : undefined);
    const dom = domR.ok ? domR.value : atts[0]!;
    const a = sideConditions(c, 'attacker', dom, atts, [def], k.id, flanked);
    const d = sideConditions(c, 'defender', def, [def], atts, k.id, flanked);
    const rolled = rollCombat({
      attacker: { name: atts.map((u) => u.name).join(' + '), sp: atts.reduce((n, u) => n + u.sp, 0), conditions: a.conditions, leaders: a.leaders },
      defender: { name: def.name, sp: def.sp, conditions: d.conditions, leaders: d.leaders },
    }, s.settings, dice);
    c.events.push(...rolled.events);
    const res: CombatResult = rolled.result;
    const row = res.row;
    const squares = a.conditions.includes('cavalry-attacking-infantry-without-combined-arms');
    for (const l of res.leaderLosses) {
      if (!l.killed) continue;
      const unit = l.side === 'defender' ? def.id : dom.id;
      c.events.push({ kind: 'general', rule: `${rule} ${row.ref}`, general: l.officer, what: 'killed', detail: `${nameOf(s, l.officer)} falls with ${nameOf(s, unit)}` });
      loseOfficer(s, c.d, l.officer, unit, `${rule} ${row.ref}`, c.events);
    }
    const what = `${row.result} (${row.ref})`;
    if (res.rollAgain) {
      applySide(c, row.attacker, atts, dom, [def], false, squares, startStatus, rule, what);
      applySide(c, row.defender, [def], def, atts, false, false, startStatus, rule, what);
      if (max !== 'unbounded' && round >= max) {
        c.events.push({ kind: 'note', rule: 'HR N-11', text: `Desperate struggle ${round} times: the combat stops (crt.zeroLoopMax).` });
        return null;
      }
      continue;
    }
    const attackerWins = row.defender.retreat !== 0 || row.defender.spLoss > 0;
    applySide(c, row.defender, [def], def, atts, row.star, false, startStatus, rule, what);
    applySide(c, row.attacker, atts, dom, [def], row.star, squares, startStatus, rule, what);
    const bat = def.attachedBattery;
    if (bat && row.attachedArtillery !== 'none') {
      const fate = row.attachedArtillery === 'destroyed' ? 'destroyed' : row.attachedArtillery === 'damaged-retreats' ? 'damaged' : 'suppressed';
      hitBattery(c.d, bat, fate, `${rule} ${row.ref}`, `attached to ${def.name}: ${row.result}`, c.events);
    }
    if (attackerWins && row.victorAdvanceInches > 0 && input.advance?.[dom.id] !== false) advance(c, dom.id, row.victorAdvanceInches, `${COMBAT_PHASE_RULE}.7`);
    return null;
  }
}

/**
 * Resolve the combat phase of the phasing side. Returns a Problem, and no state, in the wrong
 * phase or for an illegal primary unit.
 */
export function combatPhase(
  state: NwState, input: NwCombatInput | undefined, dice: Dice, opts: NwCombatOptions = {},
): Result<Step<NwState>, Problem> {
  if (state.phase !== 'combat' || state.phasing === null || state.playerTurn === null) {
    return err(problem('phase/wrong-phase', `Combat is resolved in the combat phase; the game is in the ${state.phase} phase.`));
  }
  const given = input ?? {};
  const events: GameEvent[] = [phaseEvent(state, 'combat')];
  const { contacts, idle } = findContacts(state);
  for (const id of idle) events.push({ kind: 'note', rule: 'NW §9.92', text: `${nameOf(state, id)} does not fight: at most ${MAX_ATTACKERS} attackers per combat.` });
  for (const [cid, unit] of Object.entries(given.primary ?? {})) {
    const k = contacts.find((x) => x.id === cid);
    if (!k || !k.attackers.includes(unit)) return err(problem('combat/invalid-primary', `${nameOf(state, unit)} is not attacking ${nameOf(state, cid)}.`));
  }
  const c: Ctx = { state, d: draftOf(state), events, opts, usedValorous: new Map() };
  for (const k of contacts) {
    const p = resolveCombat(c, k, given, dice);
    if (p) return err(p);
  }
  if (contacts.length === 0) events.push({ kind: 'note', rule: COMBAT_PHASE_RULE, text: 'No unit is in contact with an enemy.' });
  const next = commit(state, c.d, state.playerTurn === 1 ? 'skirmish' : 'rally');
  const after: NwState = state.playerTurn === 1
    ? { ...next, playerTurn: 2, phasing: enemyOf(state, state.phasing) ?? null }
    : { ...next, playerTurn: null, phasing: null };
  return ok({ state: after, events });
}
