import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { add, angleDifference, bearing, distance, headingVector, scale } from '../../geometry/vector';
import { admitChargers, contactSlot, meleeSlots, meleeTallies, splitHits, type MeleeShape, type MeleeStrike } from '../procedures/multiple-melee';
import { orderMixteColumns } from '../procedures/order-mixte';
import { fireIntoMeleeClear, passThroughVictims, PASS_THROUGH_INCHES } from '../procedures/pass-through';
import { baseOf, supportFactor, supportIn } from '../procedures/support';
import { chargeAspect, chargeAspects, flankStrike, turnToFace, type Aspect } from '../procedures/flank';
import { baseDistance } from '../../geometry/base';
import { resolveHits, resultCode, totalAdjustment, type AdjustFactor, type ResultCase } from '../procedures/results';
import { evadeInches } from '../procedures/regroup';
import { hitEffect, riskScore } from '../procedures/generals';
import type { Reaction } from '../orders';
import { isArtillery, isLineFormation, isTarget, liveUnits, otherSide, phasingSide, withUnit, type AnrtCharge, type AnrtState, type AnrtUnit, IF_EVADED, type IfEvaded } from '../state';
import { CAUGHT_EVADERS, gunnersSafe, type Evader } from '../tables/evades';
import { gunnersShareFate, overrun, sanctuaryOf, spikeByStanders } from './guns';
import { GENERAL_HIT_EFFECT } from '../tables/generals';
import type { FireTarget, MeleeArm, MeleeLine, MusketryFirer } from '../tables/vocabulary';
import { fmt, inFront, normalMove } from './common';
import { need, qrsValue, type Thrower } from './gm';
import { applyMorale, testMorale, WITH_UNIT_INCHES } from './morale';
import { chargedCase, ifEvadedKey, mayOpportunityChargeUnit, opportunityReach, opportunityTargets, responsesTo } from './responses';
import { buildingsOf, coverOf } from '../terrain';
import { regimentalHits } from '../tables/characteristics';
import { followParents, isRegimental, loseGuns, syncRegimental } from './regimental';
import { evadeRoute } from './evade';
import { afterEvade, haltPoint, pursuitDisorders, uncoveredBy } from './evaded';
import { afterMelee, joinPlace, pursuitJoin, recallPursuit } from './pursuit';
import { legsMeet, pursuitPath } from './pursuit-path';
import { relievedBy, stepBackBehind, STEP_BACK_GAP_INCHES } from './relief';
import { blockedByMovedFriends, enemyInTheWay, movedByMorale } from './charge-path';
import { land, stepBackWithdrawal } from './withdraw';
import { carriedThisPhase, followCaptors } from './prolong';

/**
 * The second half of a side's phase, after the other side's responses (§I L20-31): charges with
 * their responses (§X), fire — the non-moving side first (L30, A-7) — melee (§XI), morale
 * (§XII), cavalry recall, risk to generals (§XIII). Every result comes from the QRS as entered
 * or, where a cell is empty, from the GM (gm.ts). Pure but for the Thrower's dice.
 */

interface Ctx {
  s: AnrtState; events: GameEvent[]; hitBy: Map<string, 'fire' | 'melee'>; readonly th: Thrower;
  /** Each firer's die for its first target this fire step (regimental guns use their parent's, L1091). */
  fireDie?: Map<string, number>;
  /** Units that failed an emergency square's test this phase: meleed now, their regimental guns are lost (L1104). */
  squareFailed?: Set<string>;
  /** Units in contact as fire opens, and the overlappers of a multiple melee (L555, L691). */
  engaged: ReadonlySet<string>; overlappers: ReadonlySet<string>;
  /** Hits of fire into melees, counted as melee losses (L559). */
  firedInto: Record<string, number>;
  /** Where each charger started this phase (cavalry rallying back, ANRT-W1). */
  origins?: ReadonlyMap<string, Point>;
  /** Each charge's aspect at its start, `charger>target` (§XI L839-841, procedures/flank.ts); pursuits add theirs. */
  aspects?: Map<string, Aspect>;
  /** Units charged this phase, which have answered their charge: not "uncovered" again (L421, ANRT-E2). */
  answered?: Set<string>;
  /** Pursuers of evaders who turned (L419): disordered as the melee phase begins, with the reason. */
  disorderAtMelee?: Map<string, string>;
  /** Cavalry that took its L896 test after winning a melee (or its L412 test after an evade): the recall does not test it again. */
  recalled?: Set<string>;
  /** Melees still to be fought this phase, and those fought (a pursuit may meet either, ANRT-P7). */
  pending: Pair[][]; done: Pair[][];
  /** Units that have fought a melee this phase (L902: a pursuer's second melee). */
  fought: Set<string>;
  /** Targets that evaded this phase: where from and to, and whether sheltered (a second charger follows the same evade). */
  evaded?: Map<string, { start: Point; end: Point; sheltered: boolean }>;
  /** Pursuers of evaders whose pursuit met a unit already charged this phase (L421, L656-691, ANRT-E6): settled once every charge is in. */
  joiners?: { a: string; d: string; aspect: Aspect; ifEvaded?: IfEvaded; how?: 'charge' }[];
  /** `joinPursuers` has run: a charger meeting a unit already charged joins its melee as a pursuit does (ANRT-W20). */
  joinersSettled?: boolean;
  /** The other side's responses as posted: an uncovered unit's standing choice (L421, ANRT-E2). */
  responses?: Readonly<Record<string, string>>;
  /** Units that charged, were charged or made their opportunity charge this phase: none opportunity charges a pursuer (ANRT-P9). */
  busy?: Set<string>;
  /** Every charge of the phase, those made on pursuers (ANRT-P9) appended as they go in: the cavalry recall reads it. */
  made?: AnrtCharge[];
  /** A pursuit ended free (phases/pursuit.ts): opportunity charges on the pursuer (ANRT-P9). */
  pursued?: (id: string) => void;
}

const CONTACT_GAP = 0.5;

function hit(c: Ctx, id: string, n: number, cause: 'fire' | 'melee', rule: string, why: string): void {
  const u = c.s.units[id];
  if (!u || u.gone || n <= 0) return;
  const hits = Math.max(0, u.hits - n);
  // The last hit's cause decides the size lost after the battle (§XVIII L1129-1131): melee and caught evaders are in contact.
  c.s = withUnit(c.s, { ...u, hits, gone: hits === 0, ...(hits === 0 ? { lastHit: cause === 'melee' ? 'contact' as const : 'other' as const } : {}) });
  c.events.push({ kind: 'loss', rule, unit: id, amount: u.hits - hits, measure: 'hits', remaining: hits, cause: why });
  if (hits === 0) c.events.push({ kind: 'removed', rule: 'ANRT L210', unit: id, at: u.at, reason: 'lost all its hits' });
  c.hitBy.set(id, c.hitBy.get(id) === 'melee' ? 'melee' : cause);
}

const moveTo = (c: Ctx, id: string, to: Point, rule: string, why: string, facing?: number): void => {
  const u = c.s.units[id]!;
  c.s = withUnit(c.s, { ...u, at: to, ...(facing !== undefined ? { facing } : {}) });
  c.events.push({ kind: 'move', rule, unit: id, from: u.at, to, path: [u.at, to], ...(facing !== undefined ? { facing } : {}), stopped: why });
};

const line = (s: AnrtState, u: AnrtUnit): MeleeLine => {
  if (buildingsOf(s, u)) return 'BUILDINGS';
  if (isArtillery(u)) return 'ARTILLERY';
  if (u.arm === 'cavalry') return u.formation === 'line' ? 'CAV LINE' : u.formation === 'skirmish' ? 'SKIRMISH' : 'CAV COL';
  // ANRT-RL3: a reinforced line defends on its own row (the project's name); cavalry charging it is L858's (procedures/flank.ts).
  return u.formation === 'line' ? 'LINE' : u.formation === 'reinforced-line' ? 'REINFORCED LINE' : u.formation === 'masse' ? 'MASSE' : u.formation === 'square' ? 'SQUARE' : u.formation === 'skirmish' ? 'SKIRMISH' : 'COL';
};
const meleeArm = (u: AnrtUnit): MeleeArm => (isArtillery(u) ? 'artillery' : u.formation === 'skirmish' ? 'skirmish' : u.arm === 'cavalry' ? 'cavalry' : 'infantry');
const target = (s: AnrtState, u: AnrtUnit): FireTarget => (buildingsOf(s, u) ? 'buildings' : isArtillery(u) ? 'artillery' : u.arm === 'cavalry' ? 'cavalry' : u.formation === 'limbered' || u.formation === 'unlimbered' ? 'column' : u.formation);

/** A unit fighting from woods, orchards or works strikes with the QRS "in cover" adjustment (ANRT-T11); buildings have their own melee line. */
const inCover = (s: AnrtState, u: AnrtUnit): AdjustFactor[] => { const cv = coverOf(s, u); return cv === 'soft' || cv === 'hard' ? ['melee:in-cover'] : []; };

const classFactors = (u: AnrtUnit, kind: 'fire' | 'melee'): AdjustFactor[] => {
  const f: AdjustFactor[] = [];
  if (u.cls === 'elite') f.push(kind === 'fire' ? 'elite-fire' : 'melee:elite');
  else if (u.cls !== 'average') f.push(`${kind}:${u.cls}` as AdjustFactor);
  if (u.disordered) f.push(kind === 'fire' ? 'fire:firer-disordered' : 'melee:disordered');
  if (u.size === 'large') f.push(kind === 'fire' ? 'fire:firer-large' : 'melee:large');
  if (u.size === 'small' || u.size === 'very-small') f.push(kind === 'fire' ? 'fire:firer-small' : 'melee:small');
  return f;
};

/** Hits of one result (§VIII L463-490). */
function strike(c: Ctx, a: AnrtUnit, d: AnrtUnit, rc: ResultCase, factors: readonly AdjustFactor[], rule: string, what: string, die?: SharedDie): number {
  const code = need(resultCode(c.s.settings.qrs, rc, c.s.rulings, `${a.id}>${d.id}`, c.s.turn));
  const adj = need(totalAdjustment(c.s.settings.qrs, factors, c.s.rulings));
  let ev: GameEvent | null = null;
  let reused = false;
  const roll = (): number => {
    // L511: pass-through fire uses "the same initial dice score for both effects".
    if (die?.face !== undefined) { reused = true; return die.face; }
    const t = c.th.throw(1, rule, what, a.id); ev = t.event;
    if (die) die.face = t.faces[0]!;
    return t.faces[0]!;
  };
  const r = resolveHits(code, adj, c.s.settings.adjust.capHits, roll, d.hits);
  c.events.push({ kind: 'note', rule, text: `${what}: ${a.id} → ${d.id}, code ${code}${adj ? ` ${adj > 0 ? '+' : ''}${adj}` : ''} → ${r.hits} hit(s)${reused && !what.includes('L1091') ? ` (the same D6, ${r.d6})` : ''}` });
  if (ev) c.events.push(ev);
  return r.hits;
}

/** The D6 a fire shares with its pass-through effect (L511). */
interface SharedDie { face?: number }

/** ANRT-F2 (§IX L515): how far from the original target a secondary target may stand. */
export const SECONDARY_TARGET_INCHES = 2;

/**
 * One unit's fire at the nearest enemy in its front arc and range (§IX; ANRT-T6: the target its
 * player chose, else the nearest), at a secondary target when the text allows one (ANRT-F2), into
 * a melee where L555-557 allow it, and through to the formed units behind (L511-513).
 */
function fireOf(c: Ctx, u: AnrtUnit, moved: ReadonlySet<string>): { target: string; hits: number }[] {
  if (u.gone || u.abandoned || u.routed || c.engaged.has(u.id) || u.arm === 'cavalry' || u.formation === 'march-column' || u.formation === 'limbered') return [];
  if (c.s.toGround?.[u.id] === c.s.turn) return []; // L204: gone to ground in hard cover, its pip unpaid
  const gun = isArtillery(u);
  const reach = gun
    ? Math.max(qrsValue(c.s, `artCan.range.${u.gun ?? 'medium'}`, `Canister reach of ${u.gun ?? 'medium'} guns`, 'ANRT §IX L1091', [0, 60]), qrsValue(c.s, `artLong.range.${u.gun ?? 'medium'}`, `Long range of ${u.gun ?? 'medium'} guns`, 'ANRT §IX L1091', [0, 60]))
    : qrsValue(c.s, 'musketry.range.long', 'Musketry long range', 'ANRT §IX', [0, 60]);
  // Each enemy's distance measured once (range first: it rules out most of the table cheaply).
  const near: { e: AnrtUnit; d: number }[] = [];
  for (const e of liveUnits(c.s)) {
    if (e.side === u.side) continue;
    const d = distance(u.at, e.at);
    if (d <= reach && isTarget(e) && inFront(u, e.at) && (!c.engaged.has(e.id) || mayFireIntoMelee(c, u, e, reach))) near.push({ e, d });
  }
  const open = near.sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id)).map((x) => x.e);
  // The target its player chose, if it is still in the arc and range; else the nearest (ANRT-T6).
  const t = open.find((e) => e.id === c.s.fireTargets[u.id]) ?? open[0];
  if (!t) return [];
  const intoMelee = c.engaged.has(t.id);
  const die: SharedDie = {};
  const out = [{ target: t.id, hits: shot(c, u, t, moved, intoMelee ? 'into-melee' : 'primary', die) }];
  if (die.face !== undefined) (c.fireDie ??= new Map()).set(u.id, die.face);
  // §IX L515: "Units firing at column or square to their front may also fire at one other column
  // or square within 2" of the original target and still in range as a secondary target", at −3 (L490).
  if (!intoMelee && isColumnOrSquare(t)) {
    const second = open.filter((e) => e.id !== t.id && !c.engaged.has(e.id) && isColumnOrSquare(e) && distance(e.at, t.at) <= SECONDARY_TARGET_INCHES + 1e-6)
      .sort((a, b) => distance(a.at, t.at) - distance(b.at, t.at) || a.id.localeCompare(b.id))[0];
    if (second) out.push({ target: second.id, hits: shot(c, u, second, moved, 'secondary') });
  } else if (!intoMelee) {
    // L517 (ANRT-M11): at an order mixte's line, the nearest of its columns is a secondary target,
    // if the firer's arc and range reach it — the firer's nearest first, as L517 says "the nearest column".
    const mixte = orderMixteColumns(t, liveUnits(c.s));
    const second = open.filter((e) => mixte.includes(e.id) && !c.engaged.has(e.id))[0];
    if (second) out.push({ target: second.id, hits: shot(c, u, second, moved, 'order-mixte') });
  }
  for (const v of passingThrough(c, u, t, reach)) out.push({ target: v.id, hits: shot(c, u, v, moved, 'pass-through', die) });
  return out;
}

/**
 * L555-557: units in melee in line or skirmish order are fired at only when they overlap in a
 * multiple melee (L691); in column, masse, square or towns, they may be — in both cases only if the
 * firer's arc covers no friendly unit (ANRT-M8: its line of fire to the target touches no friend).
 */
function mayFireIntoMelee(c: Ctx, u: AnrtUnit, e: AnrtUnit, reach: number): boolean {
  const exposed = (!isArtillery(e) && (e.formation === 'column' || e.formation === 'masse' || e.formation === 'square')) || buildingsOf(c.s, e) !== undefined
    || ((isLineFormation(e.formation) || e.formation === 'skirmish') && c.overlappers.has(e.id));
  return exposed && distance(u.at, e.at) <= reach && fireIntoMeleeClear(u.at, e.at, liveUnits(c.s).filter((f) => f.side === u.side && f.id !== u.id));
}

/**
 * Pass-through fire (L511-513, ANRT-M9, M10): musketry or canister at skirmishers strikes the first
 * formed enemy behind them; long-range artillery every formed enemy within 2" (field) or 3" (heavy
 * guns) behind the target's front. Formed: not skirmishers, not routed; not in melee, not abandoned.
 */
function passingThrough(c: Ctx, u: AnrtUnit, t: AnrtUnit, reach: number): AnrtUnit[] {
  const gun = isArtillery(u);
  const can = gun ? qrsValue(c.s, `artCan.range.${u.gun ?? 'medium'}`, `Canister reach of ${u.gun ?? 'medium'} guns`, 'ANRT §IX L1091', [0, 60]) : 0;
  const canister = gun && distance(u.at, t.at) <= can;
  const screen = t.formation === 'skirmish' && (!gun || canister);
  if (!screen && !(gun && !canister)) return [];
  // Behind skirmishers the canister carries as far as canister range (L511), musketry its long range.
  const mode = screen ? { kind: 'screen' as const, reach: gun ? can : reach } : { kind: 'long' as const, depth: u.gun === 'heavy' ? PASS_THROUGH_INCHES.heavy : PASS_THROUGH_INCHES.field };
  // Centre distances first (no footprint is more than 3" from its centre): the few that can be behind.
  const near = (e: AnrtUnit): boolean => (mode.kind === 'screen' ? distance(u.at, e.at) <= mode.reach + 1e-6 : distance(t.at, e.at) <= mode.depth + 6);
  const formed = liveUnits(c.s).filter((e) => e.side !== u.side && e.id !== t.id && near(e) && isTarget(e) && !e.routed && e.formation !== 'skirmish' && !c.engaged.has(e.id));
  if (!formed.length) return [];
  const ids = passThroughVictims(u.at, t, formed, mode);
  return ids.map((id) => c.s.units[id]!);
}

/** A formed column or square as §IX L515 means it (the fire target class: columns of every kind, masse, limbered guns are not). */
const isColumnOrSquare = (e: AnrtUnit): boolean => !isArtillery(e) && e.arm !== 'cavalry' && (e.formation === 'column' || e.formation === 'masse' || e.formation === 'square');

type ShotKind = 'primary' | 'secondary' | 'order-mixte' | 'into-melee' | 'pass-through' | 'regimental';
const SHOT_RULE: Record<Exclude<ShotKind, 'primary'>, { rule: string; label: string }> = {
  secondary: { rule: 'ANRT §IX L515, L490', label: ', secondary target (−3)' },
  'order-mixte': { rule: 'ANRT §IX L517, L490', label: ', order mixte\'s column as secondary target (−3)' },
  'into-melee': { rule: 'ANRT §IX L557, L490', label: ', into a melee (secondary target −3)' },
  'pass-through': { rule: 'ANRT §IX L511-513', label: ', pass-through (QRS pass-through)' },
  regimental: { rule: 'ANRT §IX L1091', label: '' },
};

/** One shot of `u` at `t` (§IX): its table by arm and range, its adjustments, its hits. */
function shot(c: Ctx, u: AnrtUnit, t: AnrtUnit, moved: ReadonlySet<string>, kind: ShotKind, die?: SharedDie): number {
  const gun = isArtillery(u);
  const d = distance(u.at, t.at);
  const factors = classFactors(u, 'fire');
  if (moved.has(u.id)) factors.push('fire:firer-moved');
  // Cover (L535): woods and orchards soft, fortifications hard; buildings have their own target row.
  const cover = coverOf(c.s, t);
  if (cover === 'soft' || cover === 'hard') factors.push(`fire:target-in-${cover}-cover`);
  if (kind === 'secondary' || kind === 'order-mixte' || kind === 'into-melee') factors.push('secondary-target');
  if (kind === 'pass-through') factors.push('fire:pass-through');
  let rc: ResultCase;
  if (gun) {
    const can = qrsValue(c.s, `artCan.range.${u.gun ?? 'medium'}`, `Canister reach of ${u.gun ?? 'medium'} guns`, 'ANRT §IX L1091', [0, 60]);
    rc = { table: d <= can ? 'artCan' : 'artLong', gun: u.gun ?? 'medium', target: target(c.s, t) };
  } else {
    const close = qrsValue(c.s, 'musketry.range.close', 'Musketry close range', 'ANRT §IX', [0, 60]);
    rc = { table: 'musketry', range: d <= close ? 'close' : 'long', firer: buildingsOf(c.s, u) ? 'buildings' : u.formation as MusketryFirer, target: target(c.s, t) };
  }
  const extra = kind === 'primary' ? null : SHOT_RULE[kind];
  c.events.push({ kind: 'engagement', rule: extra ? extra.rule.split(',')[0]! : 'ANRT §IX', id: `fire:${c.s.turn}:${u.id}${extra ? `:${t.id}` : ''}`, sides: [{ side: u.side, units: [u.id], dice: 0, modifiers: [] }, { side: t.side, units: [t.id], dice: 0, modifiers: [] }], bombardment: gun, pools: false, at: t.at });
  return strike(c, u, t, rc, factors, extra ? extra.rule : gun ? 'ANRT §IX L1091' : 'ANRT §IX', `${gun ? 'artillery' : 'musketry'} at ${fmt(d)}${kind === 'regimental' ? `, the parent's die (${die?.face}, L1091)` : extra ? extra.label : ''}`, die);
}

/**
 * Regimental guns fire with their parent (§XVII L1087-1091): at the parent's target, or if the
 * parent has none in range at the nearest enemy directly to the parent's front (ANRT-T2's arc)
 * within the guns' own QRS range; ART CAN or ART LONG with the parent's die when it fired, and
 * one hit at most. A target beyond the guns' reach is not fired at (ANRT-R4).
 */
function regimentalFire(c: Ctx, b: AnrtUnit, parentTarget: string | undefined, moved: ReadonlySet<string>): { target: string; hits: number }[] {
  const p = b.parent ? c.s.units[b.parent] : undefined;
  if (!p || p.gone || b.gone || b.stowed || b.routed || b.formation === 'limbered' || c.engaged.has(b.id)) return [];
  const gun = b.gun ?? 'light';
  const reach = Math.max(qrsValue(c.s, `artCan.range.${gun}`, `Canister reach of ${gun} guns`, 'ANRT §IX L1091', [0, 60]), qrsValue(c.s, `artLong.range.${gun}`, `Long range of ${gun} guns`, 'ANRT §IX L1091', [0, 60]));
  const named = parentTarget ? c.s.units[parentTarget] : undefined;
  const t = named ?? liveUnits(c.s).filter((e) => e.side !== b.side && isTarget(e) && !c.engaged.has(e.id) && inFront(p, e.at) && distance(b.at, e.at) <= reach + 1e-6)
    .sort((x, y) => distance(b.at, x.at) - distance(b.at, y.at) || x.id.localeCompare(y.id))[0];
  if (!t || t.gone || distance(b.at, t.at) > reach + 1e-6) return [];
  const parentDie = named ? c.fireDie?.get(p.id) : undefined;
  const raw = shot(c, b, t, moved, parentDie !== undefined ? 'regimental' : 'primary', parentDie !== undefined ? { face: parentDie } : undefined);
  const hits = regimentalHits(raw);
  if (hits < raw) c.events.push({ kind: 'note', rule: 'ANRT §XVII L1091', text: `${b.id}: regimental guns inflict one hit at most (not ${raw}).` });
  return [{ target: t.id, hits }];
}

/** Fire of one side; with A-7 `sequential` its hits land before the next side fires. */
function fireSide(c: Ctx, side: string, moved: ReadonlySet<string>): { target: string; hits: number }[] {
  const out: { target: string; hits: number }[] = [];
  const units = liveUnits(c.s).filter((x) => x.side === side).sort((a, b) => a.id.localeCompare(b.id));
  const guns = new Map(units.flatMap((x) => (x.parent ? [[x.parent, x.id] as const] : [])));
  for (const u of units) {
    if (isRegimental(u)) continue;
    const shots = fireOf(c, c.s.units[u.id]!, moved);
    out.push(...shots);
    // Its regimental guns fire next, at its target with its die (L1087-1091).
    const b = guns.get(u.id);
    if (b) out.push(...regimentalFire(c, c.s.units[b]!, shots[0]?.target, moved));
  }
  return out;
}

/** Fire's hits land; those on units in melee count as melee losses (L559). */
function fireLands(c: Ctx, shots: readonly { target: string; hits: number }[]): void {
  for (const f of shots) {
    hit(c, f.target, f.hits, 'fire', 'ANRT §IX', 'fire');
    if (c.engaged.has(f.target) && f.hits > 0) c.firedInto[f.target] = (c.firedInto[f.target] ?? 0) + f.hits;
  }
}

/** A charge goes in, after the charger's morale and the target's response (§X). Returns the pair in contact, if any. */
function charge(c: Ctx, ch: AnrtCharge, reaction: Reaction | undefined, uncovered = false): { a: string; d: string; counter: boolean } | null {
  const a0 = c.s.units[ch.unit];
  const t0 = c.s.units[ch.target];
  if (!a0 || !t0 || a0.gone || t0.gone) return null;
  if (t0.abandoned) { c.events.push({ kind: 'note', rule: 'ANRT §XVI', text: `${ch.unit} finds ${ch.target}'s guns already abandoned and does not charge.` }); return null; }
  if (!uncovered) {
    c.events.push({ kind: 'note', rule: ch.kind === 'opportunity' ? 'ANRT §VII L424' : 'ANRT §X', text: `${ch.unit} ${ch.kind === 'opportunity' ? 'opportunity-charges' : 'charges'} ${ch.target}.` });
    // The charger tests morale (§I L20 "declare charges and test morale"); pursuers of evaders (L421) have tested already.
    const m = testMorale(c.s, a0, 'charge', c.th, [], t0);
    c.events.push(...m.events);
    if (m.result !== 'pass' && m.result !== 'fight-on' && m.result !== 'pursue' && m.result !== 'disorder') {
      const r = applyMorale(c.s, a0.id, m.result); c.s = r.s; c.events.push(...r.events, { kind: 'note', rule: 'ANRT §X', text: `${a0.id} does not charge home (${m.result}).` });
      return null;
    }
    if (m.result === 'disorder') { const r = applyMorale(c.s, a0.id, 'disorder'); c.s = r.s; c.events.push(...r.events); }
  }
  const a = c.s.units[a0.id]!;
  // ANRT-W11: friends that withdrew, routed or evaded into the path since it was posted stop the charge behind them (L381-395, L961).
  const blocked = uncovered ? null : blockedByMovedFriends(c.s, a, t0, movedByMorale(c.events));
  // ANRT-W18: an enemy now in the path (it withdrew, routed or evaded into it) is hit instead, if met before such a friend (L400, L421).
  const inWay = uncovered ? null : enemyInTheWay(c.s, a, t0);
  if (inWay && !(blocked && blocked.along <= inWay.along)) return hitInTheWay(c, a, t0, inWay.enemy, ch, inWay.before);
  if (blocked) {
    moveTo(c, a.id, blocked.before, 'ANRT §VII L381-395, L961', `halts behind ${blocked.friend.id}, which came into its path (ANRT-W11)`);
    c.events.push({ kind: 'note', rule: 'ANRT §VII L381-395', text: `${a.id}'s charge at ${t0.id} is stopped: ${blocked.friend.id} now stands in its path and ${blocked.why}; it halts behind it and does not go in.` });
    return null;
  }
  const allowed = responsesTo(t0, a);
  const response = reaction && allowed.includes(reaction) ? reaction : allowed[0]!;
  const reach = normalMove(c.s, a) ?? distance(a.at, t0.at);
  let volleyed = false;
  if (response === 'gunners-evade') { gunnersEvade(c, a, t0, reach); return null; }
  if (response === 'evade' || response === 'evade-on') {
    // A target that has evaded one charger this phase does not evade again: the next follows the same evade.
    const prior = c.evaded?.get(t0.id);
    if (prior) {
      c.events.push({ kind: 'note', rule: 'ANRT §X L402', text: `${t0.id} has already evaded; ${a.id} follows its evade.` });
      if (prior.sheltered || t0.routed) { moveTo(c, a.id, haltPoint(a.at, prior.start, reach), 'ANRT §X L413', t0.routed ? 'the evaders are already caught; the chargers halt where the evade started' : 'the evaders are sheltered; the chargers halt where the evade started'); return null; }
      return chargersAfterEvade(c, a, { ...t0, at: prior.start }, reach, ch.ifEvaded);
    }
    const evader: Evader = isArtillery(t0) ? (t0.arm === 'horse-artillery' ? 'limbered-horse-artillery' : 'limbered-foot-artillery') : t0.arm === 'cavalry' ? 'skirmish-cavalry' : 'skirmish-infantry';
    const dice = evader === 'limbered-horse-artillery' || evader === 'skirmish-cavalry' ? 2 : 1;
    const roll = c.th.throw(dice, 'ANRT §X L574-613', 'evade', t0.id);
    const inches = evadeInches(evader, roll.faces);
    c.events.push({ ...roll.event, tableRow: `evades ${fmt(inches)}` });
    // L402: directly away, or behind formed friends or into cover when nearer than the enemy (ANRT-W8).
    // ANRT-E3: `evade` halts at the refuge, `evade-on` runs the whole move (the player's choice, L402 "may halt").
    const route = evadeRoute(c.s, t0, a, inches, response === 'evade');
    // L404: evaders end facing their opponents; off the table they are removed, as withdrawers are (ANRT-E7).
    c.s = land(c.s, t0, route.path, bearing(route.to, a.at), 'ANRT §X L402', route.why, {}, c.events);
    (c.evaded ??= new Map()).set(t0.id, { start: t0.at, end: route.to, sheltered: route.sheltered || route.offTable });
    if (route.sheltered || route.offTable) {
      moveTo(c, a.id, haltPoint(a.at, t0.at, reach), 'ANRT §X L413', route.offTable ? 'the evaders have left the table (ANRT-E7); the chargers halt where the evade started' : 'the evaders are sheltered; the chargers halt where the evade started');
      return null;
    }
    return chargersAfterEvade(c, a, t0, reach, ch.ifEvaded);
  }
  if (response === 'square') {
    const sq = testMorale(c.s, t0, 'emergency-square', c.th, ['charged-by-cavalry'], a);
    c.events.push(...sq.events);
    c.s = { ...c.s, opportunityDebt: { ...c.s.opportunityDebt, [t0.division]: (c.s.opportunityDebt[t0.division] ?? 0) + 1 } };
    if (sq.result === 'pass' || sq.result === 'fight-on') {
      c.s = withUnit(c.s, { ...c.s.units[t0.id]!, formation: 'square' });
      c.events.push({ kind: 'status', rule: 'ANRT §X L595', unit: t0.id, status: 'square', on: true, reason: 'emergency square' });
    } else { (c.squareFailed ??= new Set()).add(t0.id); const r = applyMorale(c.s, t0.id, sq.result); c.s = r.s; c.events.push(...r.events); }
  } else if (response === 'volley') {
    // L588 (ANRT-F3): a morale test to fire a volley and countercharge 1"; passed, the volley is
    // close musketry by cavalry at the chargers (§IX "Cavalry Firing") and the countercharge meets
    // them; failed, the result applies and the unit meets the charge without the countercharge.
    const v = testMorale(c.s, t0, 'volley-and-countercharge', c.th, [], a);
    c.events.push(...v.events);
    if (v.result === 'pass' || v.result === 'fight-on') {
      volleyed = true;
      const hits = strike(c, t0, a, { table: 'musketry', range: 'close', firer: 'cavalry', target: target(c.s, a) }, classFactors(t0, 'fire'), 'ANRT §X L588', 'volley');
      hit(c, a.id, hits, 'fire', 'ANRT §X L588', `volley of ${t0.id}`);
      if (c.s.units[a.id]!.gone) return null;
    } else {
      const r = applyMorale(c.s, t0.id, v.result); c.s = r.s; c.events.push(...r.events);
    }
  } else if (response === 'stand') {
    const kase = chargedCase(t0, a);
    // L567 "line charged by column" (a reinforced line is a line, ANRT-RL2); L597 "when they are in line or reinforced line": others fire and fight untested.
    const tests = (kase === 'infantry-by-infantry' && isLineFormation(t0.formation) && a.formation === 'column') || (kase === 'infantry-by-cavalry' && isLineFormation(t0.formation));
    if (tests) {
      const r0 = testMorale(c.s, t0, 'charge-response', c.th, a.arm === 'cavalry' ? ['charged-by-cavalry'] : [], a);
      c.events.push(...r0.events);
      if (r0.result !== 'pass' && r0.result !== 'fight-on') { const r = applyMorale(c.s, t0.id, r0.result); c.s = r.s; c.events.push(...r.events); }
    }
  }
  const t = c.s.units[t0.id]!;
  if (t.gone || t.routed || distance(a.at, t.at) > reach + 1e-6) {
    const to = distance(a.at, t.at) <= reach ? t.at : add(a.at, scale(headingVector(bearing(a.at, t.at)), reach));
    moveTo(c, a.id, to, 'ANRT §X', t.gone || t.routed ? 'takes the ground' : 'falls short');
    return null;
  }
  // ANRT-M6b: front edge to the face it strikes, touching (L656), so fire into the melee is judged on real ground (L555-557, M8).
  const slot = contactSlot(t, a, c.aspects?.get(`${a.id}>${t.id}`) ?? chargeAspect(a, t));
  moveTo(c, a.id, slot.at, 'ANRT §X', `in contact with ${t.id}`, slot.facing);
  return { a: a.id, d: t.id, counter: response === 'countercharge' || (volleyed && !t.disordered) };
}

/**
 * ANRT-W18: the charge of `a` at `t0` meets `e`, an enemy that came into its path during the
 * resolution (validation refuses a path an enemy already screens). As L421's uncovered unit, `e`
 * "responds as if it were the target of the charge": with its player's answer posted in the
 * responses window if it has one that fits, else skirmishers and limbered guns evade and others
 * take their first response (ANRT-E2); the chargers' charge test is not taken again.
 * ANRT-W20: an `e` that has answered a charge this phase already (its own, or an earlier charge
 * it came in the way of) does not answer again: the chargers halt where their path meets it
 * (`before`) and are one more charger of it (L656-691), settled as ANRT-E6's pursuers are — in
 * `joinPursuers` once every charge is in (admitted beside its chargers in contact and placed as
 * ANRT-M6 says, else paired off), or, for a charge that goes in after the melees (ANRT-P9), as a
 * pursuit meeting a melee does (`pursuitMelee`, ANRT-P7/P8).
 */
function hitInTheWay(c: Ctx, a: AnrtUnit, t0: AnrtUnit, e: AnrtUnit, ch: AnrtCharge, before: Point): { a: string; d: string; counter: boolean } | null {
  const answered = (c.answered ??= new Set());
  if (answered.has(e.id)) {
    const from = a.at;
    moveTo(c, a.id, before, 'ANRT §VII L400, L421; ANRT-W20', `its charge at ${t0.id} meets ${e.id}, already charged this phase`);
    c.events.push({ kind: 'note', rule: 'ANRT §XI L656-691; ANRT-W20', text: `${a.id}'s charge at ${t0.id} meets ${e.id}, now in its path and already charged this phase: ${e.id} does not answer again; ${a.id} is one more charger of it (L656-691).` });
    if (c.joinersSettled) { pursuitMelee(c, a.id, e.id, from); return null; }
    (c.joiners ??= []).push({ a: a.id, d: e.id, aspect: chargeAspect({ ...a, at: from }, e), how: 'charge', ...(ch.ifEvaded ? { ifEvaded: ch.ifEvaded } : {}) });
    return null;
  }
  answered.add(e.id);
  c.events.push({ kind: 'note', rule: 'ANRT §VII L400, L421; ANRT-W18', text: `${a.id}'s charge at ${t0.id} meets ${e.id}, now in its path: ${e.id} responds as if it were the target of the charge.` });
  const standing = c.responses?.[e.id] as Reaction | undefined;
  const own = standing !== undefined && responsesTo(e, a).includes(standing);
  return charge(c, { ...ch, target: e.id }, own ? standing : 'evade', true);
}

/**
 * The chargers whose target evaded out of shelter (§VII L408-419, ANRT-E1, phases/evaded.ts):
 * catch the evaders (L620), halt where the evade started, rally back from there, or pursue.
 */
function chargersAfterEvade(c: Ctx, a: AnrtUnit, t0: AnrtUnit, reach: number, choice?: IfEvaded): { a: string; d: string; counter: boolean } | null {
  const end = c.s.units[t0.id]!.at;
  const passed = c.s.settings.evade?.cavalry ?? 'rally-back';
  if (choice) c.events.push({ kind: 'note', rule: 'ANRT §VII L408-416; ANRT-E4', text: `${a.id}'s orders, should its target evade: ${choice}.` });
  // A catch needs the checked path to reach the evaders (ANRT-P4, P6); else they out-distanced the chargers.
  const first = afterEvade(a, t0.at, end, reach, CONTACT_GAP, undefined, passed, true, choice);
  const canCatch = first.kind !== 'catch' || reaches(pursuitPath(c.s, a, first.to, reach, first.to), first.to);
  let plan = canCatch ? first : afterEvade(a, t0.at, end, reach, CONTACT_GAP, undefined, passed, false, choice);
  if (plan.kind === 'test') {
    const m = testMorale(c.s, a, 'cavalry-win-melee', c.th, [], t0);
    c.events.push(...m.events);
    (c.recalled ??= new Set()).add(a.id);
    plan = afterEvade(a, t0.at, end, reach, CONTACT_GAP, m.result, passed, canCatch, choice);
  }
  switch (plan.kind) {
    case 'halt': moveTo(c, a.id, plan.to, 'ANRT §VII L410-414', 'halts where the evade started'); return null;
    case 'rally-back':
      moveTo(c, a.id, haltPoint(a.at, t0.at, reach), 'ANRT §VII L414', 'reaches where the evade started');
      moveTo(c, a.id, plan.to, 'ANRT §VII L414', 'rallies back (ANRT-E1)');
      return null;
    case 'test': return null;
    default: break;
  }
  // ANRT-E1, P6: the pursuit's path is checked as a charge's — ground it may not enter, friends
  // passed or gone round (phases/pursuit-path.ts); it catches only if it reaches the evaders.
  const route = pursuitPath(c.s, a, plan.to, reach, plan.to);
  const path = route.path;
  const caught = plan.kind === 'catch' && reaches(route, plan.to);
  // L419: the largest change of direction along the pursuit, from the charge's heading (a way round turns too).
  const charged = bearing(a.at, t0.at);
  const turn = path.slice(1).reduce((m, q, i) => (distance(path[i]!, q) > 1e-9 ? Math.max(m, Math.abs(angleDifference(charged, bearing(path[i]!, q)))) : m), 0);
  if (pursuitDisorders(a, turn)) {
    (c.disorderAtMelee ??= new Map()).set(a.id, `pursued evaders turning ${Math.round(turn)}° in ${a.formation} (L419)`);
    c.events.push({ kind: 'note', rule: 'ANRT §VII L419', text: `${a.id} changed direction ${Math.round(turn)}° in ${a.formation} to pursue: disordered at the start of the melee phase.` });
  }
  if (route.skirted) c.events.push({ kind: 'note', rule: 'ANRT §VII L381-395; ANRT-P6', text: `${a.id}'s pursuit goes round ${route.skirted}, which it may not pass.` });
  const turned = turn > 1e-6 ? ` turning ${Math.round(turn)}°` : '';
  // L421 (ANRT-E2): a unit the evaders uncovered on the pursuit's path answers as the charge's target.
  const answered = (c.answered ??= new Set());
  answered.add(t0.id);
  // The first enemy along the pursuit; one charged this phase (it has answered its own charge) is met as a further charger of it (ANRT-E6).
  const passedBy = new Set([t0.id, ...(c.evaded?.keys() ?? [])]);
  const hits = path.slice(1).reduce<AnrtUnit | undefined>((f, q, i) => f ?? uncoveredBy(c.s, a, path[i]!, q, reach, passedBy), undefined);
  if (hits && answered.has(hits.id)) {
    const before = legsMeet(c.s, a, path, (o) => o.id === hits.id)[0]?.pathBefore ?? path;
    movePath(c, a.id, before, 'ANRT §VII L421', `pursues${turned} into ${hits.id}, already charged this phase`);
    (c.joiners ??= []).push({ a: a.id, d: hits.id, aspect: chargeAspect({ ...a, at: before[before.length - 2] ?? a.at }, hits), ...(choice ? { ifEvaded: choice } : {}) });
    return null;
  }
  const u = hits;
  if (u) {
    answered.add(u.id);
    c.events.push({ kind: 'note', rule: 'ANRT §VII L421', text: `${a.id}, pursuing ${t0.id}, would hit ${u.id}, which the evaders uncovered: ${u.id} responds as if it were the target of the charge.` });
    // No window opens mid-resolution (ANRT-E2): its player's standing choice posted in the
    // responses window if it has one, else skirmishers and limbered guns evade (L402, L574-617)
    // and others take their first response (stand and test). The chargers keep their if-evaded.
    const standing = c.responses?.[u.id] as Reaction | undefined;
    const own = standing !== undefined && responsesTo(u, a).includes(standing);
    if (own) c.events.push({ kind: 'note', rule: 'ANRT §VII L421; ANRT-E2', text: `${u.id} answers as its player chose should it be uncovered: ${standing}.` });
    return charge(c, { unit: a.id, target: u.id, kind: 'declared', ...(choice ? { ifEvaded: choice } : {}) }, own ? standing : 'evade', true);
  }
  const why = route.stopped ? `; ${route.stopped}` : '';
  if (caught) {
    // L620: evaders who do not out-distance the chargers take one hit and are routed.
    // ANRT-M6b: the pursuit ends front edge to front edge with the caught evaders (L656), not ½" from their centre.
    const t = c.s.units[t0.id]!;
    const last = path[path.length - 2] ?? a.at;
    const slot = contactSlot(t, { ...a, at: last }, chargeAspect({ ...a, at: last }, t), last);
    movePath(c, a.id, [...path.slice(0, -1), slot.at], 'ANRT §VII L416, L620', `pursues${turned} and catches the evaders`, slot.facing);
    hit(c, t.id, CAUGHT_EVADERS.hits, 'melee', 'ANRT L620', 'caught evading');
    const tt = c.s.units[t.id]!;
    if (!tt.gone) { c.s = withUnit(c.s, { ...tt, routed: true, disordered: true }); c.events.push({ kind: 'status', rule: 'ANRT L620', unit: t.id, status: 'routed', on: true, reason: 'caught evading' }); }
  } else {
    movePath(c, a.id, path, 'ANRT §VII L416', `pursues the evaders${turned}${why}`);
  }
  return null;
}

/** Whether a pursuit's path ends at `to`. */
const reaches = (r: { path: readonly Point[] }, to: Point): boolean => distance(r.path[r.path.length - 1]!, to) < 1e-6;

/** A move along a path of one or more legs, facing the way the last leg runs. */
function movePath(c: Ctx, id: string, path: readonly Point[], rule: string, why: string, face?: number): void {
  const u = c.s.units[id]!;
  const to = path[path.length - 1]!;
  const from = path[path.length - 2] ?? u.at;
  const facing = face ?? (distance(from, to) > 1e-9 ? bearing(from, to) : u.facing);
  c.s = withUnit(c.s, { ...u, at: to, facing });
  c.events.push({ kind: 'move', rule, unit: id, from: u.at, to, path: [...path], facing, stopped: why });
}

/**
 * A gunners' evade (L406, L583): the gunners fire at their chargers at canister range, normal
 * effect, then run for the nearest friendly unit or ground the chargers cannot enter (ANRT-G2); a D6 by the distance (`gunnersSafe`,
 * A-9), −1 if the chargers started within half their move. Safe, they shelter there; caught, they
 * take one hit and rout (L620). Either way the chargers overrun the guns (§XVI L1057).
 */
function gunnersEvade(c: Ctx, a: AnrtUnit, b: AnrtUnit, reach: number): void {
  const close = distance(a.at, b.at) <= reach / 2 + 1e-6;
  const hits = strike(c, b, a, { table: 'artCan', gun: b.gun ?? 'medium', target: target(c.s, a) }, classFactors(b, 'fire'), 'ANRT L406', 'gunners fire at canister range before they evade');
  hit(c, a.id, hits, 'fire', 'ANRT L406', `canister of ${b.id}'s gunners`);
  if (c.s.units[a.id]!.gone) { c.events.push({ kind: 'note', rule: 'ANRT L406', text: `${b.id}'s gunners stay with their guns: the chargers are destroyed.` }); return; }
  const refuge = sanctuaryOf(c.s, b, a);
  const r = c.th.throw(1, 'ANRT L406', 'gunners\' evade', b.id);
  const safe = refuge !== null && gunnersSafe(r.faces[0]!, refuge.inches, close);
  c.events.push({ ...r.event, tableRow: refuge ? `${safe ? 'safe' : 'caught'}: ${refuge.name} ${fmt(refuge.inches)} away${close ? ', chargers started close (−1)' : ''}` : 'caught: no friendly unit on the table' });
  // ANRT-M6b: the chargers meet the guns front edge to front edge, as a single melee's charger (L656).
  const slot = contactSlot(b, a, c.aspects?.get(`${a.id}>${b.id}`) ?? chargeAspect(a, b));
  moveTo(c, a.id, slot.at, 'ANRT L406', `overruns ${b.id}'s guns`, slot.facing);
  if (!safe) {
    hit(c, b.id, CAUGHT_EVADERS.hits, 'melee', 'ANRT L620', 'gunners caught evading');
    const bb = c.s.units[b.id]!;
    if (bb.gone) return;
    c.s = withUnit(c.s, { ...bb, routed: true });
    c.events.push({ kind: 'status', rule: 'ANRT L620', unit: b.id, status: 'routed', on: true, reason: 'gunners caught evading' });
  }
  const o = overrun(c.s, b.id, a.id, safe ? refuge!.unit?.id ?? null : null, c.th, safe && !refuge!.unit ? refuge!.name : undefined);
  c.s = o.s; c.events.push(...o.events);
}

/** A battery routed in melee with its victor in contact leaves its guns overrun where they stood (§XVI L1057, ANRT-G1). */
function meleeOverrun(c: Ctx, gunsId: string, by: string, gunsAt: Point): void {
  const g = c.s.units[gunsId]!; const v = c.s.units[by]!;
  if (!isArtillery(g) || g.gone || !g.routed || v.gone || v.routed) return;
  const o = overrun(c.s, gunsId, by, null, c.th);
  c.s = o.s; c.events.push(...o.events);
  const left = c.s.units[gunsId]!;
  if (o.fate === 'left' && distance(left.at, gunsAt) > 1e-6) {
    c.s = withUnit(c.s, { ...left, at: gunsAt });
    c.events.push({ kind: 'note', rule: 'ANRT §XVI', text: `${gunsId}'s gunners fled; the guns stand where they were overrun.` });
  }
}

interface Pair { a: string; d: string; counter: boolean }

/**
 * One melee (§XI L640-653), single or multiple (L654-691, L831): every unit strikes at once — a
 * unit with several opponents throws once and divides its hits (ANRT-M7) — then each unit's hits
 * inflicted against all it suffered, fire into the melee included (L559), give its outcome:
 * disorder, and morale for the draw and the loser; then the winners advance or pursue (L890-902,
 * phases/pursuit.ts). `second`: a pursuer's second melee (L902).
 */
function melee(c: Ctx, group: readonly Pair[]): void {
  const alive = (id: string): boolean => { const u = c.s.units[id]; return !!u && !u.gone; };
  const ids: string[] = [];
  const opponents = new Map<string, string[]>();
  for (const p of group) {
    for (const [me, them] of [[p.a, p.d], [p.d, p.a]] as const) {
      if (!ids.includes(me)) ids.push(me);
      opponents.set(me, [...(opponents.get(me) ?? []), them]);
    }
  }
  const fighting = ids.filter((id) => alive(id) && opponents.get(id)!.some(alive));
  if (!fighting.length) return;
  c.done.push([...group]);
  // L902: pursuers who fought a melee earlier this phase fight their second.
  const second = new Set(fighting.filter((id) => c.fought.has(id)));
  for (const id of fighting) c.fought.add(id);
  // L1104: a battalion meleed right after a failed (disordered) emergency square loses its regimental guns.
  for (const id of fighting) if (c.squareFailed?.has(id)) { const r = loseGuns(c.s, id, `${id} meleed after a disordered emergency square (L1104)`); c.s = r.s; c.events.push(...r.events); }
  const charging = new Set(group.flatMap((p) => (p.counter ? [p.a, p.d] : [p.a])));
  const units = Object.fromEntries(fighting.map((id) => [id, c.s.units[id]!]));
  const sides = [...new Set(fighting.map((id) => units[id]!.side))].map((side) => ({ side, units: fighting.filter((id) => units[id]!.side === side), dice: 0, modifiers: [] }));
  const where = units[group[0]!.d] ?? units[fighting[0]!]!;
  c.events.push({ kind: 'engagement', rule: group.length > 1 ? 'ANRT §XI L654-691' : 'ANRT §XI', id: `melee:${c.s.turn}:${group.length > 1 ? fighting.join(':') : `${group[0]!.a}:${group[0]!.d}`}`, sides, pools: false, at: where.at });
  const strikes: MeleeStrike[] = [];
  for (const id of fighting) {
    const u = units[id]!;
    const os = opponents.get(id)!.filter((o) => units[o] !== undefined);
    const first = units[os[0]!]!;
    const sp = supportFactor(supportIn(c.s, u));
    const fl = flankStrike(c.s, c.aspects, group, u, first);
    const factors: AdjustFactor[] = [...classFactors(u, 'melee'), ...(charging.has(id) ? ['melee:charging' as const] : []), ...inCover(c.s, u), ...(sp ? [`melee:${sp}` as const] : []), ...(fl.struckFrom ? ['melee:flank-or-rear' as const] : [])];
    if (fl.struckFrom) c.events.push({ kind: 'note', rule: 'ANRT §XI L839-846', text: `${id} is charged in the ${fl.struckFrom} by ${first.id} and fights back with the flank-or-rear adjustment.` });
    if (fl.why) c.events.push({ kind: 'note', rule: 'ANRT §XI L852-865', text: `${id} strikes ${first.id} on the ${fl.why}.` });
    const n = strike(c, u, first, { table: 'melee', attacker: meleeArm(u), line: fl.line ?? line(c.s, first) }, factors, os.length > 1 ? 'ANRT §XI L831-837' : 'ANRT §XI', os.length > 1 ? `melee against ${os.join(' and ')} (one throw, hits divided, ANRT-M7)` : 'melee');
    for (const x of splitHits(n, os)) strikes.push({ from: id, to: x.to, hits: x.hits });
  }
  for (const x of strikes) hit(c, x.to, x.hits, 'melee', 'ANRT §XI', `meleed by ${x.from}`);
  const fired = Object.fromEntries(fighting.filter((id) => c.firedInto[id]).map((id) => [id, c.firedInto[id]!]));
  const credit = Object.fromEntries(Object.keys(fired).map((id) => [id, opponents.get(id)!.find((o) => units[o] !== undefined)!]));
  const tallies = meleeTallies(fighting, strikes, fired, credit);
  for (const me of fighting) {
    const u = c.s.units[me]!;
    if (u.gone) continue;
    const o = tallies[me]!;
    const byFire = fired[me] ?? 0;
    const forUs = Object.entries(credit).filter(([, to]) => to === me).reduce((n, [t]) => n + fired[t]!, 0);
    c.events.push({ kind: 'note', rule: byFire || forUs ? 'ANRT §XI L640-653, §IX L559' : 'ANRT §XI L640-653', text: `${me}: ${o.result} (${o.inflicted} hit(s) inflicted${forUs ? `, ${forUs} of them by its side's fire into the melee` : ''}, ${o.suffered} suffered${byFire ? `, ${byFire} of them by fire into the melee` : ''}).` });
    if (o.disordered && !u.disordered) { c.s = withUnit(c.s, { ...u, disordered: true }); c.events.push({ kind: 'status', rule: 'ANRT L646', unit: me, status: 'disordered', on: true, reason: `melee ${o.result}` }); }
    if (o.testsMorale) {
      const foe = c.s.units[opponents.get(me)!.find((x) => units[x] !== undefined)!]!;
      const m = testMorale(c.s, c.s.units[me]!, o.result === 'draw' ? 'melee-draw' : 'melee-loss', c.th, [], foe);
      c.events.push(...m.events);
      // The enemy in the melee caused it (L955, L966); a charger may rally back to its start (ANRT-W1).
      const r = applyMorale(c.s, me, m.result, c.origins?.get(me), foe.at); c.s = r.s; c.events.push(...r.events);
      // L1114: a withdraw result in a melee (or a rout) loses the battalion's regimental guns.
      if (m.result === 'withdraw' || m.result === 'rout') { const l = loseGuns(c.s, me, `${me} ${m.result === 'rout' ? 'routed' : 'withdrew'} from a melee (L1114)`); c.s = l.s; c.events.push(...l.events); }
    }
  }
  const face = turnToFace(c.s, c.aspects, group, units, (id) => tallies[id]?.result);
  if (face) moveTo(c, face.unit, c.s.units[face.unit]!.at, 'ANRT §XI L848', 'turns to face its opponent after drawing a flank or rear melee (not an advance)', face.facing);
  const overrun = new Set<string>();
  for (const p of group) {
    for (const [guns, by] of [[p.d, p.a], [p.a, p.d]] as const) {
      if (overrun.has(guns) || !units[guns] || !units[by]) continue;
      const before = c.events.length;
      meleeOverrun(c, guns, by, units[guns]!.at);
      if (c.events.length > before) overrun.add(guns);
    }
  }
  const won = new Set(fighting.filter((id) => tallies[id]!.result === 'win'));
  afterMelee(c, { attackers: [...charging], opponents, before: units, won, second }, (a, d, from) => pursuitMelee(c, a, d, from));
}

/** The opponents `id` still stands in contact with from melees fought this phase (neither gone, routed, nor moved apart). */
function inContactWith(c: Ctx, id: string): string[] {
  const me = c.s.units[id]!;
  const out = new Set<string>();
  for (const p of c.done.flat()) {
    const o = p.a === id ? p.d : p.d === id ? p.a : undefined;
    const u = o ? c.s.units[o] : undefined;
    if (!u || u.gone || u.routed || u.side === me.side) continue;
    if (baseDistance(baseOf(me), baseOf(u)) <= CONTACT_GAP + 1e-6) out.add(u.id);
  }
  return [...out];
}

/**
 * A melee a pursuit starts (§XI L898, L900; ANRT-P7), as the rules' melees are: an enemy already
 * in a melee this phase — one still to be fought, or one fought that left it in contact — is met
 * as multiple melees are (L656-691): the pursuer goes in only if the exceptions admit it beside the
 * enemy's opponents (`admitChargers`: columns 2" apart on a line, L663; two overlappers of a unit
 * with no flank supports, L691 — supports from procedures/support.ts), all placed as ANRT-M6 says;
 * it then fights in that melee (still to be fought) or against that enemy now (fought: the others
 * have had their round). Not admitted, it is "paired off" (L656): it halts in contact and does not
 * fight. An enemy in no melee fights it alone. Its aspect (L841) is read from where its pursuit started.
 */
function pursuitMelee(c: Ctx, a: string, d: string, from: Point): void {
  const p = c.s.units[a]!; const e = c.s.units[d]!;
  (c.aspects ??= new Map()).set(`${a}>${d}`, chargeAspect({ ...p, at: from }, e));
  const group = c.pending.find((g) => g.some((q) => q.a === d || q.d === d));
  const opps = group ? [...new Set(group.flatMap((q) => (q.a === d ? [q.d] : q.d === d ? [q.a] : [])))] : inContactWith(c, d);
  const j = pursuitJoin(c.s, p, e, opps.map((id) => c.s.units[id]!));
  if (j.kind === 'alone') { melee(c, [{ a, d, counter: false }]); return; }
  if (j.kind === 'paired-off') { c.events.push({ kind: 'note', rule: 'ANRT §XI L656, L691', text: j.why }); return; }
  if (!group) {
    // ANRT-P8: a melee already fought — its units stay where it left them; the pursuer alone is placed, where there is room.
    const at = joinPlace(c.s, p, e, j, opps.map((id) => c.s.units[id]!));
    if (!at) { c.events.push({ kind: 'note', rule: 'ANRT §XI L656; ANRT-P8', text: `${a} meets ${d}, already in melee with ${opps.join(', ')}, but finds no room on its face beside them (their melee fought, they are not moved): ${a} is paired off, halts in contact and does not fight (ANRT-P8).` }); return; }
    moveTo(c, a, at.at, j.shape === 'columns-on-line' ? 'ANRT §XI L663' : 'ANRT §XI L691', `beside ${opps.join(', ')}, whose melee with ${d} is fought (ANRT-P8)`, at.facing);
    c.events.push({ kind: 'note', rule: j.shape === 'columns-on-line' ? 'ANRT §XI L663; ANRT-P7, P8' : 'ANRT §XI L691; ANRT-P7, P8', text: `${a}'s pursuit joins the melee against ${d} (${j.shape === 'columns-on-line' ? 'columns on a line' : 'overlapping a unit with no flank supports'}); ${opps.join(', ')} already fought and keep their ground: ${a} fights ${d} alone.` });
    melee(c, [{ a, d, counter: false }]);
    return;
  }
  for (const slot of j.slots) moveTo(c, slot.id, slot.at, j.shape === 'columns-on-line' ? 'ANRT §XI L663' : 'ANRT §XI L691', j.shape === 'columns-on-line' ? `column 2" from the next, against ${d}'s front` : `overlapping a flank of ${d}`, slot.facing);
  c.events.push({ kind: 'note', rule: j.shape === 'columns-on-line' ? 'ANRT §XI L663; ANRT-P7' : 'ANRT §XI L691; ANRT-P7', text: `${a}'s pursuit joins the melee against ${d} (${j.shape === 'columns-on-line' ? 'columns on a line' : 'overlapping a unit with no flank supports'}).` });
  if (group) group.push({ a, d, counter: false });
  else melee(c, [{ a, d, counter: false }]);
}

/**
 * Pursuers of evaders who met a unit already charged this phase (L421, ANRT-E6), and chargers that
 * met one in their path (ANRT-W20), once every charge is in: it has answered its own charge and
 * does not answer again. With its charger(s) in contact
 * the pursuers are one more charger of it (L656-691): they go in only if `admitChargers` admits
 * them beside every charger in contact (L663 columns 2" apart on a line, L691 two overlappers of a
 * unit with no flank supports), all then placed as ANRT-M6 says (`shapes`); otherwise they are
 * "paired off" (L656) and halt where their pursuit met it, fighting no melee. With no charger in
 * contact (its charger fell short or did not charge home), it answers the pursuers as an uncovered
 * unit does (ANRT-E2). Gone, routed or evaded meanwhile, the pursuers halt where they are.
 */
function joinPursuers(c: Ctx, met: readonly Pair[], shapes: Map<string, Exclude<MeleeShape, 'single'>>): Pair[] {
  const out = [...met];
  for (const j of c.joiners ?? []) {
    const a = c.s.units[j.a]; const t = c.s.units[j.d];
    // ANRT-W20: a charge that met a unit already charged (hitInTheWay) is settled here as a pursuit is.
    const what = j.how === 'charge' ? 'charge' : 'pursuit'; const rule = j.how === 'charge' ? 'ANRT-E6, W20' : 'ANRT-E6';
    if (!a || a.gone || a.routed) continue;
    if (!t || t.gone || t.routed || c.evaded?.has(t.id)) { c.events.push({ kind: 'note', rule: 'ANRT §VII L421', text: `${j.a} halts: ${j.d} is no longer there to meet.` }); continue; }
    const others = out.filter((p) => p.d === t.id && p.a !== a.id).map((p) => c.s.units[p.a]!).filter((o) => !o.gone && !o.routed);
    if (!others.length) {
      c.events.push({ kind: 'note', rule: `ANRT §VII L421; ${rule}`, text: `${j.d} has no charger in contact: it answers ${j.a}'s ${what} as an uncovered unit (ANRT-E2).` });
      const standing = c.responses?.[t.id] as Reaction | undefined;
      const p = charge(c, { unit: a.id, target: t.id, kind: 'declared', ...(j.ifEvaded ? { ifEvaded: j.ifEvaded } : {}) }, standing !== undefined && responsesTo(t, a).includes(standing) ? standing : 'evade', true);
      if (p) out.push(p);
      continue;
    }
    const adm = admitChargers(t, supportIn(c.s, t).flankSupported, [...others, a]);
    if (adm.shape !== 'single' && adm.admitted.includes(a.id) && others.every((o) => adm.admitted.includes(o.id))) {
      shapes.set(t.id, adm.shape);
      out.push({ a: a.id, d: t.id, counter: false });
      c.events.push({ kind: 'note', rule: `ANRT §XI ${adm.shape === 'columns-on-line' ? 'L663' : 'L691'}; ${rule}`, text: `${j.a}'s ${what} joins the melee against ${j.d} beside ${others.map((o) => o.id).join(', ')} (${adm.shape === 'columns-on-line' ? 'columns on a line' : 'overlapping a unit with no flank supports'}).` });
      continue;
    }
    const why = adm.refused.find((r) => r.id === a.id)?.why ?? `${j.d} is already met front to front (L656)`;
    c.events.push({ kind: 'note', rule: `ANRT §XI L656, L691; ${rule}`, text: `${j.a}'s ${what} meets ${j.d}, already in contact with ${others.map((o) => o.id).join(', ')}: ${why}; ${j.a} is paired off and halts there without fighting.` });
  }
  c.joinersSettled = true;
  return out;
}

/**
 * ANRT-P9 (L318, L426): a pursuit (§XI L896-900) is a move in the opponent's phase, so the pursuer,
 * its pursuit ended free, may be opportunity charged where it stands by a unit of the side
 * not moving whose player posted `/react opportunity` as its standing answer (no window opens
 * mid-resolution; a silent player makes none, as in the responses window) — one that has not
 * charged, been charged or made its opportunity charge this phase, with the pursuer directly in
 * front within its normal move along a path a charge may take (`mayOpportunityChargeUnit`, ANRT-W9),
 * the nearest first. The charge goes in at once as any opportunity charge (the charge test, the
 * path re-checked against friends moved since, ANRT-W11/W19, the pursuer's "otherwise" answer,
 * §X), its melee fought at once; −1 pip next phase (L325); its cavalry recall as any charger's.
 */
function opportunityOnPursuit(c: Ctx, id: string): void {
  const p = c.s.units[id];
  if (!p || p.gone || p.routed || p.side !== phasingSide(c.s)) return;
  const busy = (c.busy ??= new Set());
  const ready = liveUnits(c.s).filter((u) => u.side !== p.side && c.responses?.[u.id] === 'opportunity' && !busy.has(u.id) && !c.fought.has(u.id) && !c.answered?.has(u.id))
    .flatMap((u) => { const reach = opportunityReach(c.s, u); return reach !== undefined && mayOpportunityChargeUnit(c.s, u, p, reach) ? [u] : []; })
    .sort((a, b) => distance(a.at, p.at) - distance(b.at, p.at) || a.id.localeCompare(b.id));
  const u = ready[0];
  if (!u) return;
  busy.add(u.id);
  const ifEvaded = ifEvadedOf(c.responses ?? {}, u.id);
  const ch: AnrtCharge = { unit: u.id, target: id, kind: 'opportunity', ...(ifEvaded ? { ifEvaded } : {}) };
  (c.made ??= []).push(ch);
  c.origins = new Map([...(c.origins ?? []), [u.id, u.at]]);
  c.s = { ...c.s, opportunityDebt: { ...c.s.opportunityDebt, [u.division]: (c.s.opportunityDebt[u.division] ?? 0) + 1 } };
  c.events.push({ kind: 'note', rule: u.arm === 'cavalry' ? 'ANRT §VII L318, L426; ANRT-P9' : 'ANRT §VII L318, L428; ANRT-P9, O1', text: `${id}'s pursuit ends directly in front of ${u.id}, within its normal move${u.arm === 'cavalry' ? '' : ', its flank or rear to it'}: ${u.id}, ready to opportunity charge, charges it.` });
  const pair = charge(c, ch, undefined);
  if (!pair) return;
  c.engaged = new Set([...c.engaged, pair.a, pair.d]);
  melee(c, [pair]);
}

/** ANRT-E8: an opportunity charger's L408-416 choice, posted with its `/react` (turn.ts keys it by `ifEvadedKey`). */
function ifEvadedOf(responses: Readonly<Record<string, string>>, unit: string): IfEvaded | undefined {
  const v = responses[ifEvadedKey(unit)];
  return (IF_EVADED as readonly string[]).includes(v ?? '') ? (v as IfEvaded) : undefined;
}

/**
 * Several chargers of one target (§XI L656-691): those the exceptions admit go in (ANRT-M4, M5),
 * the rest do not charge; `shapes` says how each multiply-charged target is met.
 */
function admitCharges(c: Ctx, charges: readonly AnrtCharge[]): { kept: AnrtCharge[]; shapes: Map<string, Exclude<MeleeShape, 'single'>> } {
  const byTarget = new Map<string, AnrtCharge[]>();
  for (const ch of charges) byTarget.set(ch.target, [...(byTarget.get(ch.target) ?? []), ch]);
  const refused = new Set<AnrtCharge>();
  const shapes = new Map<string, Exclude<MeleeShape, 'single'>>();
  for (const [tid, chs] of byTarget) {
    const t = c.s.units[tid];
    if (chs.length < 2 || !t || t.gone) continue;
    // L389 (ANRT-CL2): a second line of an expert brigade relieving the first is no second charger (L656).
    if (chs.length === 2 && relievedBy(c.s, c.s.units[chs[1]!.unit]!, t, [c.s.units[chs[0]!.unit]!], c.s.units, new Set(chs.map((ch) => ch.unit)))?.id === chs[0]!.unit) continue;
    const a = admitChargers(t, supportIn(c.s, t).flankSupported, chs.map((ch) => c.s.units[ch.unit]!));
    if (a.shape !== 'single') shapes.set(tid, a.shape);
    for (const r of a.refused) {
      refused.add(chs.find((ch) => ch.unit === r.id)!);
      c.events.push({ kind: 'note', rule: 'ANRT §XI L656', text: `${r.id} does not charge ${tid}: ${r.why}; units are paired off front to front.` });
    }
  }
  return { kept: charges.filter((ch) => !refused.has(ch)), shapes };
}

/**
 * L389 (ANRT-CL2, CL3): each charger in contact that relieves a line of its brigade (one that
 * charged the same target before it this phase, or stood in contact with it) takes its place: the
 * relieved line leaves the melee and steps back behind it.
 */
function relieve(c: Ctx, pairs: readonly Pair[], before: AnrtState['units'], charging: ReadonlySet<string>, multiple: ReadonlyMap<string, unknown>): Pair[] {
  let out = [...pairs];
  for (const p of pairs) {
    const b = c.s.units[p.a]; const t = c.s.units[p.d];
    // A target L663 or L691 admitted several chargers against is a multiple melee, not a relief.
    if (!b || !t || b.gone || !out.includes(p) || multiple.has(p.d)) continue;
    const earlier = out.slice(0, out.indexOf(p)).filter((q) => q.d === p.d).map((q) => c.s.units[q.a]!);
    const a = relievedBy(c.s, b, t, earlier, before, charging);
    if (!a || a.gone) continue;
    out = out.filter((q) => !(q.a === a.id && q.d === t.id));
    // Out of the melee and behind the line that relieved it: no cavalry recall of its own (ANRT-CL3).
    (c.recalled ??= new Set()).add(a.id);
    // ANRT-CL4: the step back is a withdrawal through the relieving line (L389), checked as withdrawals are (L958-961).
    c.events.push({ kind: 'note', rule: 'ANRT §VII L389', text: `${b.id} charges into the melee and replaces ${a.id} against ${t.id} (the brigade's expertise, ANRT-CL2); ${a.id} steps back behind it (${STEP_BACK_GAP_INCHES}" behind, the project's gap, ANRT-CL3) as a withdrawal through it (ANRT-CL4).` });
    const back = stepBackWithdrawal(c.s, b, a, t);
    c.s = back.s; c.events.push(...back.events);
  }
  return out;
}

/** The chargers of a multiple melee stand where the exception puts them (ANRT-M6); overlappers are marked for L555. */
function arrange(c: Ctx, pairs: readonly Pair[], shapes: ReadonlyMap<string, Exclude<MeleeShape, 'single'>>): Set<string> {
  const overlappers = new Set<string>();
  for (const [tid, shape] of shapes) {
    const t = c.s.units[tid]!;
    const chargers = pairs.filter((p) => p.d === tid).map((p) => c.s.units[p.a]!).filter((u) => !u.gone);
    if (chargers.length < 2 || t.gone) continue;
    for (const slot of meleeSlots(t, shape, chargers)) moveTo(c, slot.id, slot.at, shape === 'columns-on-line' ? 'ANRT §XI L663' : 'ANRT §XI L691', shape === 'columns-on-line' ? `column 2" from the next, against ${tid}'s front` : `overlapping a flank of ${tid}`, slot.facing);
    if (shape === 'flank-overlap') for (const u of chargers) overlappers.add(u.id);
  }
  return overlappers;
}

/** Pairs in contact through shared units fight one melee (L831). */
function meleeGroups(pairs: readonly Pair[]): Pair[][] {
  const groups: Pair[][] = [];
  for (const p of pairs) {
    const joined = groups.filter((g) => g.some((q) => q.a === p.a || q.a === p.d || q.d === p.a || q.d === p.d));
    const merged = [...joined.flat(), p];
    for (const g of joined) groups.splice(groups.indexOf(g), 1);
    groups.push(merged);
  }
  return groups.map((g) => [...g].sort((x, y) => pairs.indexOf(x) - pairs.indexOf(y)));
}

/** Risk to generals (§XIII L983-1012): with a unit that took hits, the QRS score; a hit's effect on a second D6. */
function riskToGenerals(c: Ctx): void {
  for (const g of Object.values(c.s.generals).filter((x) => x.alive).sort((a, b) => a.id.localeCompare(b.id))) {
    const hitUnit = [...c.hitBy.entries()].find(([id]) => { const u = c.s.units[id]; return u && u.side === g.side && distance(u.at, g.at) <= WITH_UNIT_INCHES; });
    if (!hitUnit) continue;
    const score = need(riskScore(c.s.settings.qrs, hitUnit[1], c.s.rulings, g.id, c.s.turn));
    const r = c.th.throw(1, 'ANRT §XIII L983', 'risk to generals', g.id);
    c.events.push({ ...r.event, tableRow: r.faces[0]! >= score ? `hit (needs ${score})` : `safe (needs ${score})` });
    if (r.faces[0]! < score) continue;
    const e = c.th.throw(1, 'ANRT §XIII L998-1012', 'hit on a general', g.id);
    const effect = hitEffect(e.faces[0]!);
    const row = GENERAL_HIT_EFFECT.find((x) => x.effect === effect)!;
    c.events.push({ ...e.event, tableRow: `${effect} (${row.line})` });
    c.events.push({ kind: 'general', rule: `ANRT §XIII ${row.line}`, general: g.id, what: effect, detail: `with ${hitUnit[0]}, which took hits from ${hitUnit[1]}` });
    c.s = { ...c.s, generals: { ...c.s.generals, [g.id]: { ...g, alive: false } } };
  }
}

/** The phase after the responses: charges, fire, melee, morale, recall, risk. */
export function resolveCombat(s0: AnrtState, responses: Readonly<Record<string, string>>, th: Thrower): { s: AnrtState; events: GameEvent[] } {
  const c: Ctx = { s: s0, events: [], hitBy: new Map(), th, engaged: new Set(), overlappers: new Set(), firedInto: {}, pending: [], done: [], fought: new Set(), responses };
  const mover = phasingSide(s0);
  const charges: AnrtCharge[] = [...s0.charges];
  // Opportunity charges (§VII L424-430): the nearest eligible enemy; −1 pip next phase (L325).
  for (const u of liveUnits(s0).filter((x) => x.side !== mover && responses[x.id] === 'opportunity').sort((a, b) => a.id.localeCompare(b.id))) {
    const t = opportunityTargets(s0, u)[0];
    if (!t) continue; // ANRT-P9: no target yet, its answer stands ready for a pursuer
    const ifEvaded = ifEvadedOf(responses, u.id);
    charges.push({ unit: u.id, target: t.id, kind: 'opportunity', ...(ifEvaded ? { ifEvaded } : {}) });
    c.s = { ...c.s, opportunityDebt: { ...c.s.opportunityDebt, [u.division]: (c.s.opportunityDebt[u.division] ?? 0) + 1 } };
  }
  const { kept, shapes } = admitCharges(c, charges);
  c.busy = new Set(charges.flatMap((ch) => [ch.unit, ch.target]));
  c.made = [...kept];
  c.pursued = (id) => opportunityOnPursuit(c, id);
  const origins = new Map(kept.map((ch) => [ch.unit, s0.units[ch.unit]!.at]));
  c.answered = new Set(kept.map((ch) => ch.target));
  const met = kept.map((ch) => charge(c, ch, responses[ch.target] as Reaction | undefined)).filter((p): p is NonNullable<typeof p> => p !== null);
  const pairs = relieve(c, joinPursuers(c, met, shapes), s0.units, new Set(kept.map((ch) => ch.unit)), shapes);
  c.origins = origins;
  c.aspects = chargeAspects(s0, kept);
  for (const j of c.joiners ?? []) if (!c.aspects.has(`${j.a}>${j.d}`)) c.aspects.set(`${j.a}>${j.d}`, j.aspect);
  c.overlappers = arrange(c, pairs, shapes);
  c.engaged = new Set(pairs.flatMap((p) => [p.a, p.d]));
  // Emergency squares formed, units routed by the charges: their regimental guns taken off or lost (L1095-1114).
  const rg = syncRegimental(c.s); c.s = rg.s; c.events.push(...rg.events);
  // L1083 (ANRT-R9): regimental guns in contact go with their battalion's charge (or its answer's move).
  const fc = followParents(s0, c.s, new Set(), 'goes with its battalion\'s charge'); c.s = fc.s; c.events.push(...fc.events);
  const afterCharges = c.s;
  // Fire: the non-moving side first (L30); A-7 sequential: its hits land before the mover fires.
  const moved = new Set(s0.moves.map((m) => m.unit));
  const before = c.s;
  const first = fireSide(c, otherSide(s0, mover), moved);
  if (!s0.settings.fire.sequential) {
    // Simultaneous: the mover fires from the state before the non-mover's hits.
    const after = c.s; c.s = before;
    const second = fireSide(c, mover, moved);
    c.s = after;
    fireLands(c, [...first, ...second]);
  } else {
    fireLands(c, first);
    fireLands(c, fireSide(c, mover, moved));
  }
  // L419: pursuers of evaders who changed direction are disordered as the melee phase begins.
  for (const [id, why] of c.disorderAtMelee ?? []) {
    const u = c.s.units[id];
    if (!u || u.gone || u.disordered) continue;
    c.s = withUnit(c.s, { ...u, disordered: true });
    c.events.push({ kind: 'status', rule: 'ANRT §VII L419', unit: id, status: 'disordered', on: true, reason: why });
  }
  c.pending = meleeGroups(pairs);
  // One at a time: a pursuit may join a melee still to be fought (ANRT-P7).
  for (let g = c.pending.shift(); g; g = c.pending.shift()) melee(c, g);
  // L406: sheltering gunners share their host's result; L1065: units standing with overrun guns spike them.
  const shared = gunnersShareFate(c.s); c.s = shared.s; c.events.push(...shared.events);
  const spiked = spikeByStanders(c.s, mover, new Set([...moved, ...charges.map((ch) => ch.unit)])); c.s = spiked.s; c.events.push(...spiked.events);
  // Cavalry recall: cavalry that charged and is still formed tests; "rally back" returns it whence it came.
  // Opportunity charges made on pursuers (ANRT-P9) are appended as they go in, during this loop too.
  for (const ch of c.made) {
    const u = c.s.units[ch.unit];
    if (!u || u.gone || u.routed || u.arm !== 'cavalry' || c.recalled?.has(u.id)) continue;
    const m = testMorale(c.s, u, 'cavalry-recall', th);
    c.events.push(...m.events);
    // L896-900: "pursue" is a pursuit (after a target that broke before contact), never a disorder (ANRT-P3).
    if (m.result === 'pursue') { recallPursuit(c, u.id, ch.target, (a, d, from) => pursuitMelee(c, a, d, from)); continue; }
    const r = applyMorale(c.s, u.id, m.result, origins.get(u.id)); c.s = r.s; c.events.push(...r.events);
  }
  riskToGenerals(c);
  const rg2 = syncRegimental(c.s); c.s = rg2.s; c.events.push(...rg2.events);
  // L1083 (ANRT-R9): …and with its advance or pursuit after the melee.
  const fm = followParents(afterCharges, c.s, new Set(), 'goes with its battalion\'s advance or pursuit'); c.s = fm.s; c.events.push(...fm.events);
  // ANRT-G7: taken guns go along with their holder's charge, advance or pursuit within one prolong move this phase; else (or routed, destroyed) they are left spiked.
  const pr = followCaptors(c.s, carriedThisPhase(c.s, s0.moves, c.events)); c.s = pr.s; c.events.push(...pr.events);
  return { s: c.s, events: c.events };
}
