import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseDistance, basePolygon, baseRadius, contactSide, CONTACT_TOLERANCE, inContact, pointToBaseDistance, type Base } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import type { AreaFeature } from '../../geometry/features';
import { ringContains } from '../../geometry/primitives';
import type { Point, TerrainFeature } from '../../geometry/types';
import { add, distance, headingVector, scale } from '../../geometry/vector';
import { facingToward, inTown } from '../movement-rules';
import { rollCombat, type CombatResult } from '../procedures/combat';
import { enemyOf, liveUnits, nationOf, phaseNations, type NwState, type NwUnit } from '../state';
import {
  CAVALRY_VS_SQUARE_MAX_SP_LOSS, MAX_ATTACKERS, ROUTED_CONTACTED, STAR_ROUT_EXTRA_SP_LOSS, type CombatCondition, type CrtSideEffect,
} from '../tables/combat';
import type { Nationality } from '../tables/vocabulary';
import { inTownOrHardCover } from '../targets';
import { offTable } from './rally';
import { areaCoverOf, settlementOf, townOf } from '../cover';
import { combatGround } from '../conditions';
import { bodiesNear } from './maneuver-pieces';
import { fullMoveOf, placeInDraft, retreatPiece, retreatWayOrPlan, routMoveInches, type RetreatOrder } from './retreat';
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
 *   per phase, the first combat in order), nation modifiers from the state's nations (NAT-2:
 *   `nationsOf`, overridden side by side by `opts.nations`) (French infantry
 *   attacking per N-30, Russian/British infantry defending, Spanish in hard cover).
 *   At the halt (log.atTheHalt, HR N-19), soft cover/obstacle/higher, no combined arms in a forest,
 *   armoured cavalry, defender vulnerable, disordered with loss (log.fireLoss): from the state too
 *   (conditions.ts `combatGround`, cover.ts; README C4, CV-n). `opts.conditions` adds to them.
 * - C5 s.p. losses fall on the dominant attacker; disorder and retreats on every unit of the side.
 * - C6 "Routs if disordered" reads the status the unit had when the combat began.
 * - C7 Full move = movement allowance: cavalry 12" heavy / 16" else; infantry 8" unless its
 *   army's nation (NAT-2, NAT-3) makes it fast (10"). Rout move 12" infantry, 24" cavalry (§11.5.1).
 *   (`fullMoveOf`, `routMoveInches` in retreat.ts.)
 * - C8 Retreats/routs go straight away from the centroid of the enemy units in the combat, pay
 *   no terrain; a retreat keeps its facing, a rout faces the way it runs. A ROUT reaching the
 *   table edge has routed off it (removed, routedOffTable); its battery goes with it; officers are
 *   detached. Attached officers/batteries otherwise move with the unit. The move itself, with its
 *   blocks, bends, friends passed and surrender, is retreat.ts (C13-C18), shared with fire.
 * - C13-C18 retreat.ts: blocks (enemy, impassable river, table edge for a retreat), bends of up to
 *   45° and away from other enemies, a blocked retreat −1 s.p. / a blocked rout surrenders, no
 *   ending on a friend or (non-infantry) in a town, friends passed disordered (batteries
 *   suppressed) by a retreat but not by a rout, a battery retreating alone detached.
 * - C9 Star rows: routing infantry facing cavalry loses STAR_ROUT_EXTRA_SP_LOSS (covers §11.5.2, once).
 * - C10 Victor's advance (§11.7): only on defender-loses rows, by the dominant attacker, straight
 *   ahead along its facing, stopping 1" from any other enemy base; `input.advance[unit] === false`
 *   holds it. Defender wins never advance (CRT gives none).
 * - C11 Desperate struggle: each 0 costs both 1 s.p. and disorders, then re-rolls with the state
 *   recomputed, until not 0, a side is eliminated, or `crt.zeroLoopMax` rounds (then it stops).
 * - C12 A routed defender contacted (§11.2.8): −1 s.p. (−2 if any attacker is cavalry), rout move,
 *   victor advances 1"; no dice.
 * - C19 After beating a defender deployed in a town or works, the dominant attacker may advance
 *   (straight ahead) far enough to stand wholly inside that area, even on a row without advance
 *   (§11.3 L397); cavalry never into a town.
 * - C20 Only infantry may end in a town (§9.5 note 7 L301): another arm's advance stops short of it.
 * - C21 The defender turns to face a single attacker on its flank or rear (§11.1 L377, §9.93 L341);
 *   with two attackers, neither in front, it faces the first in the maneuver log's contact order.
 * - C22 Attackers of a defender deployed in a town OR works (the test of the hard-cover modifier)
 *   are disordered after the combat, whatever the result (§11.3 L395 covers "these defensive
 *   positions", towns and hard cover; chart L792 names towns).
 * - C23 Cavalry touching a defender deployed within a town does not fight it (§11.3 L397), with a
 *   note; if it touches another defender it fights that one. Outflanking is never given against a
 *   defender in a town or hard cover (§11.1 L379, C4), save attackers inside the defender's works (WK-1).
 */

export const COMBAT_PHASE_RULE = 'NW §11';

export interface NwCombatInput {
  /** Dominant attacker by combat id (the defender's id), for ties (§11.0.1). */
  readonly primary?: Readonly<Record<string, string>>;
  /** Victor's advance by unit id (default: advance). */
  readonly advance?: Readonly<Record<string, boolean>>;
  /** RC-1: the way a retreating or routing brigade bends when two are equally direct (default right, C14). */
  readonly retreat?: Readonly<Record<string, 'left' | 'right'>>;
}

export interface NwCombatOptions {
  /** Nationality by side id, overriding the state's (`nationsOf`) side by side (NAT-2). */
  readonly nations?: Readonly<Record<string, Nationality>>;
  /** Extra conditions per combat id the engine cannot see. */
  readonly conditions?: Readonly<Record<string, { readonly attacker?: readonly CombatCondition[]; readonly defender?: readonly CombatCondition[] }>>;
  /**
   * RC-1: the sides whose players are asked the way of a retreat or rout with a real choice
   * (turn.ts: the seated sides). Such a retreat with no way in `input.retreat` stops the phase
   * (`log.retreatWay`); for other sides, and when absent, C14's default way is taken.
   */
  readonly askRetreatWay?: readonly string[];
}

/** One combat: a defender and its (up to two) attackers. */
export interface NwContact {
  readonly id: string;
  readonly defender: string;
  readonly attackers: readonly string[];
}

const baseOf = (u: NwUnit): Base => ({ pose: u.pose, size: u.base });

/**
 * The phasing side's combats (C1, C2), in left-to-right order (PH-3). C23: cavalry may not attack
 * enemy units deployed within a town (§11.3 L397): such a contact is no combat (`barred`); cavalry
 * touching another defender too fights that one.
 */
export function findContacts(state: NwState): { contacts: NwContact[]; idle: string[]; barred: { unit: string; defender: string }[] } {
  // States are immutable: the contacts of one state object are found once (resolve reads them
  // to filter the posted primaries, then the phase itself).
  let hit = contactsCache.get(state);
  if (!hit) { hit = contactsOf(state); contactsCache.set(state, hit); }
  return { contacts: [...hit.contacts], idle: [...hit.idle], barred: [...hit.barred] };
}

type Contacts = ReturnType<typeof findContacts>;
const contactsCache = new WeakMap<NwState, Contacts>();

/** Room beyond the contact tolerance for the grid's broad phase (it never misses a piece within its distance). */
const CONTACT_SLACK = 0.01;

function contactsOf(state: NwState): Contacts {
  const phasing = state.phasing;
  const barred: { unit: string; defender: string }[] = [];
  if (phasing === null) return { contacts: [], idle: [], barred };
  const mine = liveUnits(state, phasing).filter((u) => u.status !== 'routed');
  const inTownArea = (u: NwUnit) => townOf(baseOf(u), state.map.terrain) !== null;
  const by = new Map<string, string[]>();
  for (const a of mine) {
    // The live enemy brigades touching it, found in the spatial grid (issue 12: not every enemy
    // for every brigade): a base in contact has its centre within both bounding radii and the
    // tolerance. Their order does not matter: both sorts below end on the id.
    const all = bodiesNear(state, a.pose.at, baseRadius(a.base) + CONTACT_TOLERANCE + CONTACT_SLACK, (side) => side !== phasing)
      .flatMap((p) => (p.kind === 'unit' ? [state.units[p.id]!] : []))
      .filter((e) => inContact(baseOf(a), baseOf(e)));
    const touching = a.arm === 'cavalry' ? all.filter((e) => !inTownArea(e)) : all;
    if (touching.length === 0 && all.length > 0) barred.push({ unit: a.id, defender: all.sort((x, y) => (x.id < y.id ? -1 : 1))[0]!.id });
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
  return { contacts: counterchargesAttack(state, contacts), idle, barred };
}

/**
 * HR N-19 with `reaction.counterchargeAttacker: reacting`: a cavalry brigade that countercharged a
 * lone attacker attacks it in this combat (the roles swap; the combat keeps its place in the
 * order). With the default `phasing`, or when a second unit also attacks the cavalry, nothing changes.
 */
function counterchargesAttack(state: NwState, contacts: NwContact[]): NwContact[] {
  const cc = state.log.countercharged;
  if (state.settings.reaction.counterchargeAttacker !== 'reacting' || !cc) return contacts;
  return contacts.map((k) => {
    const met = cc[k.defender];
    if (met === undefined || k.attackers.length !== 1 || k.attackers[0] !== met) return k;
    return { id: met, defender: met, attackers: [k.defender] };
  });
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

interface Ctx {
  readonly state: NwState;
  readonly d: Draft;
  readonly events: GameEvent[];
  readonly opts: NwCombatOptions;
  /** The nations in force: the state's, overridden by `opts.nations` (NAT-2). */
  readonly nations: Readonly<Record<string, Nationality>>;
  /** HR N-27: V commander → the combat that took his +1. */
  readonly usedValorous: Map<string, string>;
  /** For the leader checks of enemy officers a retreat or rout runs over (RO-1). */
  readonly dice: Dice;
  /** RC-1: the ways chosen (input.retreat). */
  readonly ways: Readonly<Record<string, 'left' | 'right'>>;
}

/** RC-1: thrown to stop the phase where a retreat's way must be asked (caught in combatPhase). */
class RetreatWayWanted {
  constructor(readonly unit: string, readonly side: string, readonly text: string) {}
}

/**
 * A forced retreat or rout of a brigade (C8, C13-C18), in the way its owner chose (RC-1). A real
 * choice not yet made, for a side that is asked, stops the phase before anything of it is done.
 */
function forcedMove(c: Ctx, o: RetreatOrder): void {
  const way = c.ways[o.id];
  if (way === undefined && c.d.units[o.id]) {
    const q = retreatWayOrPlan(c.state, c.d, o, c.opts.askRetreatWay);
    if (q.question) throw new RetreatWayWanted(o.id, q.question.side, q.question.text);
    // No choice: the default way (right, C14), as just planned on this very draft.
    if (q.planned) { retreatPiece(c.state, c.d, o, c.events, c.dice, q.planned); return; }
  }
  retreatPiece(c.state, c.d, way ? { ...o, prefer: way } : o, c.events, c.dice);
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
  // The ground where the units stand now (after the defender turned to face, C21): conditions.ts.
  const ground = combatGround({ ...s, units: c.d.units }, def.id, role === 'defender' ? enemy.map((u) => u.id) : own.map((u) => u.id));
  if (lead.fatigue === 'fresh') out.add('fresh');
  if (lead.fatigue === 'spent') out.add('spent');
  // §11.2.1 L383: −2 instead of −1 for a unit that lost s.p. in this player-turn's fire phases (log.fireLoss).
  if (lead.status === 'disordered' && (s.log.fireLoss ?? []).includes(lead.id)) out.add('disordered-with-loss');
  if (lead.status === 'disordered' && !out.has('disordered-with-loss')) out.add('disordered');
  // NAT-1: the dominant unit's own nation (its army's unless the scenario gives it one).
  const nation = nationOf(s, lead, c.nations);
  if (role === 'defender' && hard) out.add(nation === 'spanish' ? 'spanish-defending-town-or-works' : 'defending-hard-cover');
  const arms = new Set(own.map((u) => u.arm));
  const artillery = s.settings.combinedArms.includesAttachedArtillery && own.some((u) => u.attachedBattery !== null);
  // §11.1 L379, §11.2.5 L386 (WK-1): against works, combined arms and outflanking count again when the
  // attackers "did not cross the works" — every attacker stands with its centre inside the defender's works.
  const attackers = role === 'attacker' ? own : enemy;
  const works = hard ? areaCoverOf(unitTarget(def).base, s.map.terrain) : null;
  const uncrossed = works?.what === 'works' && attackers.every((u) => ringContains(works.area.polygon, u.pose.at));
  const barred = hard && !uncrossed;
  // Chart L781-782: "not usable versus defenders in hard cover or forest".
  const combined = !barred && !ground.inForest && (arms.size === 2 || (artillery && arms.size === 1));
  if (combined) out.add('combined-arms');
  if (lead.attachedGeneral !== null) out.add('general-attached');
  if (role === 'attacker' && !combined && own.every((u) => u.arm === 'cavalry') && enemy.some((u) => u.arm === 'infantry')) out.add('cavalry-attacking-infantry-without-combined-arms');
  if (role === 'defender' && flanked && !barred) out.add('outflanked');
  const foeHeavy = enemy.some((u) => u.arm === 'cavalry' && u.weight === 'heavy');
  if (lead.arm === 'cavalry' && foeHeavy && lead.weight === 'light') out.add('light-cav-vs-heavy-cav');
  if (lead.arm === 'cavalry' && foeHeavy && lead.weight === 'medium') out.add('medium-cav-vs-heavy-cav');
  if (role === 'attacker' && !enemy.every((u) => u.arm === 'cavalry')) {
    // HR N-30 with NAT-1: the dominant unit French infantry, or any French infantry attacker.
    const frenchInfantry = (u: NwUnit) => u.arm === 'infantry' && nationOf(s, u, c.nations) === 'french';
    const fr = s.settings.combat.frenchInfantryBonus === 'dominant' ? frenchInfantry(lead) : own.some(frenchInfantry);
    if (fr) out.add('french-infantry-attacking');
  }
  if (role === 'defender' && lead.arm === 'infantry' && (nation === 'russian' || nation === 'british')) out.add('russian-or-british-infantry-defending');
  // Chart L785, HR N-19: cavalry that failed or declined to react meets the charge at the halt (log.atTheHalt).
  if (lead.arm === 'cavalry' && s.log.atTheHalt.includes(lead.id)) out.add('cav-at-the-halt');
  // Chart L786-787: the defender in soft cover, behind an obstacle or higher (CV-1..4).
  if (role === 'defender' && ground.softObstacleOrHigher) out.add('defending-soft-cover-obstacle-or-higher');
  // Chart L786: a side fighting armoured cavalry (cuirassiers: the scenario's `armoured: true`).
  if (enemy.some((u) => u.arm === 'cavalry' && u.armoured === true)) out.add('versus-armored-cavalry');
  // Chart L789-790, HR N-8: the defender fording, on a bridge or road-marched; the bonus goes to the attacker, or is a −1 on the defender.
  if (ground.vulnerable && role === (s.settings.combat.vulnerableBonusTo === 'attacker' ? 'attacker' : 'defender')) out.add('defender-vulnerable');
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

/** A rout (C8, C13-C15): the unit is marked routed, then makes its rout move away from `from`. */
function rout(c: Ctx, id: string, from: Point, foes: readonly string[], rule: string, reason: string): void {
  const u = cur(c, id);
  if (!u) return;
  if (u.status !== 'routed') {
    c.d.units[id] = { ...u, status: 'routed' };
    c.events.push({ kind: 'status', rule, unit: id, status: 'routed', on: true, reason });
  }
  forcedMove(c, { id, from, inches: routMoveInches(u), kind: 'rout', foes, rule, cause: reason });
}

/** Room for rounding in advance's broad phase (far above float noise). */
const ADVANCE_SLACK = 1e-3;

/** How far ahead an advance looks for the far side of a town or works it may occupy (C19). */
const OCCUPY_SEARCH_INCHES = 16;

/**
 * C10: advance straight ahead up to `inches`, stopping 1" from any other enemy base and on the
 * table (§11.7 L417). C19: after beating a defender deployed in a town or works (`occupy`) the
 * victor may go on far enough to stand wholly inside that area (§11.3 L397), even on a row that
 * gives no advance. C20: only infantry may end in a town (§9.5 note 7 L301): other arms stop short.
 */
function advance(c: Ctx, id: string, inches: number, rule: string, occupy: AreaFeature | null = null): void {
  const u = cur(c, id);
  if (!u) return;
  const dir = headingVector(u.pose.facing);
  const baseAt = (t: number): Base => ({ pose: { at: add(u.pose.at, scale(dir, t)), facing: u.pose.facing }, size: u.base });
  let want = inches;
  if (occupy && (u.arm === 'infantry' || settlementOf(occupy) !== 'town')) {
    for (let t = 0; t <= OCCUPY_SEARCH_INCHES; t += 0.25) if (whollyIn(baseAt(t), occupy)) { want = Math.max(want, t); break; }
  }
  if (want <= 0) return;
  // Only the enemies that could come within 1" of a pose on the way (centres within the advance,
  // both bounding radii and the inch): the others pass okAt's test anyway (issue 12: an advance
  // measured its distance to every enemy on the table, 30 times over).
  const reach = want + baseRadius(u.base) + 1 + ADVANCE_SLACK;
  const enemies = [...Object.values(c.d.units), ...Object.values(c.d.batteries)]
    .filter((e) => e.side !== u.side && e.onTable && !e.removed && distance(e.pose.at, u.pose.at) <= reach + baseRadius(e.base))
    .map((e) => ({ pose: e.pose, size: e.base }));
  const okAt = (t: number) => {
    const b = baseAt(t);
    return !offTable(c.state, b) && enemies.every((e) => baseDistance(b, e) >= 1 - EPS);
  };
  let t = want;
  if (!okAt(t)) {
    let lo = 0;
    let hi = want;
    for (let i = 0; i < 30; i++) { const m = (lo + hi) / 2; if (okAt(m)) lo = m; else hi = m; }
    t = Math.floor(lo * 4) / 4;
  }
  let why = t < want ? 'within 1" of an enemy unit or the table edge' : '';
  if (u.arm !== 'infantry' && inTown(baseAt(t), c.state.map.terrain)) {
    while (t > 0 && inTown(baseAt(t), c.state.map.terrain)) t = Math.max(0, t - 0.25);
    why = 'only infantry may end in a town (NW §9.5 note 7 L301)';
  }
  if (t <= 0) return;
  const to = baseAt(t).pose;
  c.events.push({ kind: 'move', rule, unit: id, from: u.pose.at, to: to.at, path: [u.pose.at, to.at], facing: to.facing, cost: t, allowance: want, ...(why ? { stopped: why } : {}) });
  placeInDraft(c.state, c.d, id, to);
}

/** Every corner of the base inside the area. */
const whollyIn = (b: Base, f: AreaFeature): boolean => basePolygon(b).every((p) => ringContains(f.polygon, p));

/**
 * §11.3: the town or works a unit is deployed in — the town (BU-1) or fortification area holding
 * every corner of its base, the same test as the hard-cover modifier (cover.ts, §7.3).
 */
export function coverAreaOf(b: Base, terrain: readonly TerrainFeature[]): AreaFeature | null {
  const c = areaCoverOf(b, terrain);
  return c?.cover === 'hard' ? c.area : null;
}

/** Apply one side's CRT effect (C5-C9). */
function applySide(
  c: Ctx, effect: CrtSideEffect, units: readonly NwUnit[], lead: NwUnit, foes: readonly NwUnit[], star: boolean,
  capLoss: boolean, startStatus: ReadonlyMap<string, string>, rule: string, what: string,
): void {
  const foeCav = foes.some((u) => u.arm === 'cavalry');
  const from = centroid(foes);
  const foeIds = foes.map((f) => f.id);
  const loss = capLoss ? Math.min(effect.spLoss, CAVALRY_VS_SQUARE_MAX_SP_LOSS) : effect.spLoss;
  if (loss > 0) loseSp(c.d, lead.id, loss, rule, what, c.events);
  for (const u0 of units) {
    const u = cur(c, u0.id);
    if (!u) continue;
    if (effect.cavalryDisordered && u.arm === 'cavalry') disorder(c.d, u.id, rule, what, c.events);
    const routs = effect.retreat === 'rout' || (effect.routsIfDisordered === true && startStatus.get(u.id) === 'disordered');
    if (routs) {
      if (star && u.arm === 'infantry' && foeCav) loseSp(c.d, u.id, STAR_ROUT_EXTRA_SP_LOSS, rule, `${what}: routs before cavalry (*)`, c.events);
      rout(c, u.id, from, foeIds, rule, what);
      continue;
    }
    if (effect.disordered) disorder(c.d, u.id, rule, what, c.events);
    if (effect.retreat !== 0) {
      const inches = effect.retreat === 'full-move' ? fullMoveOf(c.state, u, c.nations) : effect.retreat;
      forcedMove(c, { id: u.id, from, inches, kind: 'retreat', foes: foeIds, rule, cause: what });
    }
  }
}

/**
 * C21 (§11.1 L377, §9.93 L341): the defender faces its attacker, so a single attacker never gains a
 * flank or rear. One attacker off its front: it turns about its centre to face it (attachments
 * turn with it). Two attackers, neither on its front: it faces the one that made contact first in
 * the maneuver log, else the first by id; the other stays on its flank or rear. A routed defender
 * has no facing and is not turned.
 */
function faceAttacker(c: Ctx, def: NwUnit, atts: readonly NwUnit[]): void {
  if (def.status === 'routed') return;
  const sides = atts.map((a) => contactSide(baseOf(a), baseOf(def)));
  if (sides.some((x) => x === 'front' || x === undefined)) return;
  const order = Object.keys(c.state.log.contacts);
  const first = [...atts].sort((x, y) => {
    const i = order.indexOf(x.id);
    const j = order.indexOf(y.id);
    return (i < 0 ? Infinity : i) - (j < 0 ? Infinity : j) || (x.id < y.id ? -1 : 1);
  })[0]!;
  const facing = facingToward(first.pose);
  c.events.push({ kind: 'note', rule: 'NW §11.1 L377', text: `${def.name} turns to face ${first.name}.` });
  placeInDraft(c.state, c.d, def.id, { at: def.pose.at, facing });
}

/**
 * One combat, then §11.3 L395 (C22): when the defender was deployed in a town or works, every
 * attacker still on the table is disordered after the combat, whatever its result.
 */
function resolveCombat(c: Ctx, k: NwContact, input: NwCombatInput, dice: Dice): Problem | null {
  const d0 = cur(c, k.defender);
  const a0 = k.attackers.map((id) => cur(c, id)).filter((u): u is NwUnit => u !== undefined && u.status !== 'routed');
  if (!d0 || a0.length === 0) return null;
  faceAttacker(c, d0, a0);
  const area = coverAreaOf(baseOf(cur(c, k.defender)!), c.state.map.terrain);
  const p = fight(c, k, input, dice, area);
  if (p || !area) return p;
  const r = 'NW §11.3 L395; chart L792';
  for (const id of k.attackers) {
    if (!a0.some((a) => a.id === id)) continue;
    if (cur(c, id)) disorder(c.d, id, r, `attacked ${settlementOf(area) === 'town' ? 'a town' : 'works'}`, c.events);
  }
  return null;
}

function fight(c: Ctx, k: NwContact, input: NwCombatInput, dice: Dice, area: AreaFeature | null): Problem | null {
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
    rout(c, def0.id, centroid(atts0), atts0.map((u) => u.id), r, 'routed unit contacted');
    if (input.advance?.[dom0.value.id] !== false) advance(c, dom0.value.id, ROUTED_CONTACTED.victorAdvanceInches, r, area);
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
    if (attackerWins && (row.victorAdvanceInches > 0 || area) && input.advance?.[dom.id] !== false) {
      advance(c, dom.id, row.victorAdvanceInches, area ? `${COMBAT_PHASE_RULE}.7; §11.3 L397` : `${COMBAT_PHASE_RULE}.7`, area);
    }
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
  const { contacts, idle, barred } = findContacts(state);
  for (const id of idle) events.push({ kind: 'note', rule: 'NW §9.92', text: `${nameOf(state, id)} does not fight: at most ${MAX_ATTACKERS} attackers per combat.` });
  for (const b of barred) events.push({ kind: 'note', rule: 'NW §11.3 L397', text: `${nameOf(state, b.unit)} does not fight: cavalry may not attack ${nameOf(state, b.defender)}, deployed within a town.` });
  for (const [cid, unit] of Object.entries(given.primary ?? {})) {
    const k = contacts.find((x) => x.id === cid);
    if (!k || !k.attackers.includes(unit)) return err(problem('combat/invalid-primary', `${nameOf(state, unit)} is not attacking ${nameOf(state, cid)}.`));
  }
  const c: Ctx = { state, d: draftOf(state), events, opts, nations: phaseNations(state, opts.nations), usedValorous: new Map(), dice, ways: given.retreat ?? {} };
  try {
    for (const k of contacts) {
      const p = resolveCombat(c, k, given, dice);
      if (p) return err(p);
    }
  } catch (e) {
    if (!(e instanceof RetreatWayWanted)) throw e;
    // RC-1: nothing of this phase is kept but what was shown; it is resolved again once the way is chosen.
    const shown = events.length;
    const log = { ...state.log, retreatWay: { unit: e.unit, side: e.side, shown, rolls: [] } };
    return ok({ state: { ...state, log }, events: [...events, { kind: 'note', rule: 'NW §11.4 L401; RC-1', text: e.text }] });
  }
  if (contacts.length === 0) events.push({ kind: 'note', rule: COMBAT_PHASE_RULE, text: 'No unit is in contact with an enemy.' });
  const next = commit(state, c.d, state.playerTurn === 1 ? 'skirmish' : 'rally');
  const after: NwState = state.playerTurn === 1
    ? { ...next, playerTurn: 2, phasing: enemyOf(state, state.phasing) ?? null }
    : { ...next, playerTurn: null, phasing: null };
  return ok({ state: after, events });
}
