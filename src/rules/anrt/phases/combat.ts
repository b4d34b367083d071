import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { add, bearing, distance, headingVector, scale } from '../../geometry/vector';
import { meleeOutcome } from '../procedures/melee';
import { resolveHits, resultCode, totalAdjustment, type AdjustFactor, type ResultCase } from '../procedures/results';
import { evadeInches } from '../procedures/regroup';
import { hitEffect, riskScore } from '../procedures/generals';
import type { Reaction } from '../orders';
import { isArtillery, isManned, liveUnits, otherSide, phasingSide, withUnit, type AnrtCharge, type AnrtState, type AnrtUnit } from '../state';
import { CAUGHT_EVADERS, gunnersSafe, type Evader } from '../tables/evades';
import { gunnersShareFate, overrun, sanctuaryOf, spikeByStanders } from './guns';
import { GENERAL_HIT_EFFECT } from '../tables/generals';
import type { FireTarget, MeleeArm, MeleeLine, MusketryFirer } from '../tables/vocabulary';
import { fmt, inFront, normalMove } from './common';
import { need, qrsValue, type Thrower } from './gm';
import { applyMorale, testMorale, WITH_UNIT_INCHES } from './morale';
import { chargedCase, opportunityTargets, responsesTo } from './responses';
import { buildingsOf, coverOf } from '../terrain';
import { evadeRoute } from './evade';

/**
 * The second half of a side's phase, after the other side's responses (§I L20-31): charges with
 * their responses (§X), fire — the non-moving side first (L30, A-7) — melee (§XI), morale
 * (§XII), cavalry recall, risk to generals (§XIII). Every result comes from the QRS as entered
 * or, where a cell is empty, from the GM (gm.ts). Pure but for the Thrower's dice.
 */

interface Ctx { s: AnrtState; events: GameEvent[]; hitBy: Map<string, 'fire' | 'melee'>; readonly th: Thrower; origins?: ReadonlyMap<string, Point> }

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
  return u.formation === 'line' ? 'LINE' : u.formation === 'masse' ? 'MASSE' : u.formation === 'square' ? 'SQUARE' : u.formation === 'skirmish' ? 'SKIRMISH' : 'COL';
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
function strike(c: Ctx, a: AnrtUnit, d: AnrtUnit, rc: ResultCase, factors: readonly AdjustFactor[], rule: string, what: string): number {
  const code = need(resultCode(c.s.settings.qrs, rc, c.s.rulings, `${a.id}>${d.id}`, c.s.turn));
  const adj = need(totalAdjustment(c.s.settings.qrs, factors, c.s.rulings));
  let ev: GameEvent | null = null;
  const r = resolveHits(code, adj, c.s.settings.adjust.capHits, () => { const t = c.th.throw(1, rule, what, a.id); ev = t.event; return t.faces[0]!; }, d.hits);
  c.events.push({ kind: 'note', rule, text: `${what}: ${a.id} → ${d.id}, code ${code}${adj ? ` ${adj > 0 ? '+' : ''}${adj}` : ''} → ${r.hits} hit(s)` });
  if (ev) c.events.push(ev);
  return r.hits;
}

/** ANRT-F2 (§IX L515): how far from the original target a secondary target may stand. */
export const SECONDARY_TARGET_INCHES = 2;

/**
 * One unit's fire at the nearest enemy in its front arc and range (§IX; ANRT-T6: the target its
 * player chose, else the nearest), and at a secondary target when the text allows one (ANRT-F2).
 */
function fireOf(c: Ctx, u: AnrtUnit, engaged: ReadonlySet<string>, moved: ReadonlySet<string>): { target: string; hits: number }[] {
  if (u.gone || u.abandoned || u.routed || engaged.has(u.id) || u.arm === 'cavalry' || u.formation === 'march-column' || u.formation === 'limbered') return [];
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
    if (d <= reach && isManned(e) && !engaged.has(e.id) && inFront(u, e.at)) near.push({ e, d });
  }
  const open = near.sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id)).map((x) => x.e);
  // The target its player chose, if it is still in the arc and range; else the nearest (ANRT-T6).
  const t = open.find((e) => e.id === c.s.fireTargets[u.id]) ?? open[0];
  if (!t) return [];
  const out = [{ target: t.id, hits: shot(c, u, t, moved, false) }];
  // §IX L515: "Units firing at column or square to their front may also fire at one other column
  // or square within 2" of the original target and still in range as a secondary target", at −3 (L490).
  if (isColumnOrSquare(t)) {
    const second = open.filter((e) => e.id !== t.id && isColumnOrSquare(e) && distance(e.at, t.at) <= SECONDARY_TARGET_INCHES + 1e-6)
      .sort((a, b) => distance(a.at, t.at) - distance(b.at, t.at) || a.id.localeCompare(b.id))[0];
    if (second) out.push({ target: second.id, hits: shot(c, u, second, moved, true) });
  }
  return out;
}

/** A formed column or square as §IX L515 means it (the fire target class: columns of every kind, masse, limbered guns are not). */
const isColumnOrSquare = (e: AnrtUnit): boolean => !isArtillery(e) && e.arm !== 'cavalry' && (e.formation === 'column' || e.formation === 'masse' || e.formation === 'square');

/** One shot of `u` at `t` (§IX): its table by arm and range, its adjustments, its hits. */
function shot(c: Ctx, u: AnrtUnit, t: AnrtUnit, moved: ReadonlySet<string>, secondary: boolean): number {
  const gun = isArtillery(u);
  const d = distance(u.at, t.at);
  const factors = classFactors(u, 'fire');
  if (moved.has(u.id)) factors.push('fire:firer-moved');
  // Cover (L535): woods and orchards soft, fortifications hard; buildings have their own target row.
  const cover = coverOf(c.s, t);
  if (cover === 'soft' || cover === 'hard') factors.push(`fire:target-in-${cover}-cover`);
  if (secondary) factors.push('secondary-target');
  let rc: ResultCase;
  if (gun) {
    const can = qrsValue(c.s, `artCan.range.${u.gun ?? 'medium'}`, `Canister reach of ${u.gun ?? 'medium'} guns`, 'ANRT §IX L1091', [0, 60]);
    rc = { table: d <= can ? 'artCan' : 'artLong', gun: u.gun ?? 'medium', target: target(c.s, t) };
  } else {
    const close = qrsValue(c.s, 'musketry.range.close', 'Musketry close range', 'ANRT §IX', [0, 60]);
    rc = { table: 'musketry', range: d <= close ? 'close' : 'long', firer: buildingsOf(c.s, u) ? 'buildings' : u.formation as MusketryFirer, target: target(c.s, t) };
  }
  c.events.push({ kind: 'engagement', rule: secondary ? 'ANRT §IX L515' : 'ANRT §IX', id: `fire:${c.s.turn}:${u.id}${secondary ? `:${t.id}` : ''}`, sides: [{ side: u.side, units: [u.id], dice: 0, modifiers: [] }, { side: t.side, units: [t.id], dice: 0, modifiers: [] }], bombardment: gun, pools: false, at: t.at });
  return strike(c, u, t, rc, factors, secondary ? 'ANRT §IX L515, L490' : gun ? 'ANRT §IX L1091' : 'ANRT §IX', `${gun ? 'artillery' : 'musketry'} at ${fmt(d)}${secondary ? ', secondary target (−3)' : ''}`);
}

/** Fire of one side; with A-7 `sequential` its hits land before the next side fires. */
function fireSide(c: Ctx, side: string, engaged: ReadonlySet<string>, moved: ReadonlySet<string>): { target: string; hits: number }[] {
  const out: { target: string; hits: number }[] = [];
  for (const u of liveUnits(c.s).filter((x) => x.side === side).sort((a, b) => a.id.localeCompare(b.id))) {
    out.push(...fireOf(c, c.s.units[u.id]!, engaged, moved));
  }
  return out;
}

/** A charge goes in, after the charger's morale and the target's response (§X). Returns the pair in contact, if any. */
function charge(c: Ctx, ch: AnrtCharge, reaction: Reaction | undefined): { a: string; d: string; counter: boolean } | null {
  const a0 = c.s.units[ch.unit];
  const t0 = c.s.units[ch.target];
  if (!a0 || !t0 || a0.gone || t0.gone) return null;
  if (t0.abandoned) { c.events.push({ kind: 'note', rule: 'ANRT §XVI', text: `${ch.unit} finds ${ch.target}'s guns already abandoned and does not charge.` }); return null; }
  c.events.push({ kind: 'note', rule: ch.kind === 'opportunity' ? 'ANRT §VII L424' : 'ANRT §X', text: `${ch.unit} ${ch.kind === 'opportunity' ? 'opportunity-charges' : 'charges'} ${ch.target}.` });
  // The charger tests morale (§I L20 "declare charges and test morale").
  const m = testMorale(c.s, a0, 'charge', c.th);
  c.events.push(...m.events);
  if (m.result !== 'pass' && m.result !== 'fight-on' && m.result !== 'pursue' && m.result !== 'disorder') {
    const r = applyMorale(c.s, a0.id, m.result); c.s = r.s; c.events.push(...r.events, { kind: 'note', rule: 'ANRT §X', text: `${a0.id} does not charge home (${m.result}).` });
    return null;
  }
  if (m.result === 'disorder') { const r = applyMorale(c.s, a0.id, 'disorder'); c.s = r.s; c.events.push(...r.events); }
  const a = c.s.units[a0.id]!;
  const allowed = responsesTo(t0, a);
  const response = reaction && allowed.includes(reaction) ? reaction : allowed[0]!;
  const reach = normalMove(c.s, a) ?? distance(a.at, t0.at);
  let volleyed = false;
  if (response === 'gunners-evade') { gunnersEvade(c, a, t0, reach); return null; }
  if (response === 'evade') {
    const evader: Evader = isArtillery(t0) ? (t0.arm === 'horse-artillery' ? 'limbered-horse-artillery' : 'limbered-foot-artillery') : t0.arm === 'cavalry' ? 'skirmish-cavalry' : 'skirmish-infantry';
    const dice = evader === 'limbered-horse-artillery' || evader === 'skirmish-cavalry' ? 2 : 1;
    const roll = c.th.throw(dice, 'ANRT §X L574-613', 'evade', t0.id);
    const inches = evadeInches(evader, roll.faces);
    c.events.push({ ...roll.event, tableRow: `evades ${fmt(inches)}` });
    const away = bearing(a.at, t0.at);
    // L402: directly away, or behind formed friends or into cover when nearer than the enemy (ANRT-W8).
    const route = evadeRoute(c.s, t0, a, inches);
    moveTo(c, t0.id, route.to, 'ANRT §X L402', route.why, bearing(route.to, a.at)); // L404: evaders end facing their opponents
    const t = c.s.units[t0.id]!;
    if (route.sheltered) {
      const to = distance(a.at, t0.at) <= reach ? t0.at : add(a.at, scale(headingVector(away), reach));
      moveTo(c, a.id, to, 'ANRT §X L413', 'the evaders are sheltered; the chargers halt where the evade started');
      return null;
    }
    const gap = distance(a.at, t.at);
    if (gap <= reach) {
      // L620: evaders who do not out-distance the chargers take one hit and are routed.
      moveTo(c, a.id, add(t.at, scale(headingVector(away), -CONTACT_GAP)), 'ANRT §X', 'catches the evaders');
      hit(c, t.id, CAUGHT_EVADERS.hits, 'melee', 'ANRT L620', 'caught evading');
      const tt = c.s.units[t.id]!;
      if (!tt.gone) { c.s = withUnit(c.s, { ...tt, routed: true, disordered: true }); c.events.push({ kind: 'status', rule: 'ANRT L620', unit: t.id, status: 'routed', on: true, reason: 'caught evading' }); }
    } else {
      moveTo(c, a.id, add(a.at, scale(headingVector(away), reach)), 'ANRT §X', 'the enemy evaded');
    }
    return null;
  }
  if (response === 'square') {
    const sq = testMorale(c.s, t0, 'emergency-square', c.th, ['charged-by-cavalry']);
    c.events.push(...sq.events);
    c.s = { ...c.s, opportunityDebt: { ...c.s.opportunityDebt, [t0.division]: (c.s.opportunityDebt[t0.division] ?? 0) + 1 } };
    if (sq.result === 'pass' || sq.result === 'fight-on') {
      c.s = withUnit(c.s, { ...c.s.units[t0.id]!, formation: 'square' });
      c.events.push({ kind: 'status', rule: 'ANRT §X L595', unit: t0.id, status: 'square', on: true, reason: 'emergency square' });
    } else { const r = applyMorale(c.s, t0.id, sq.result); c.s = r.s; c.events.push(...r.events); }
  } else if (response === 'volley') {
    // L588 (ANRT-F3): a morale test to fire a volley and countercharge 1"; passed, the volley is
    // close musketry by cavalry at the chargers (§IX "Cavalry Firing") and the countercharge meets
    // them; failed, the result applies and the unit meets the charge without the countercharge.
    const v = testMorale(c.s, t0, 'volley-and-countercharge', c.th);
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
    const tests = (kase === 'infantry-by-infantry' && t0.formation === 'line' && a.formation === 'column') || kase === 'infantry-by-cavalry' && t0.formation !== 'square'; // L567, L597
    if (tests) {
      const r0 = testMorale(c.s, t0, 'charge-response', c.th, a.arm === 'cavalry' ? ['charged-by-cavalry'] : []);
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
  const dir = bearing(a.at, t.at);
  moveTo(c, a.id, add(t.at, scale(headingVector(dir), -CONTACT_GAP)), 'ANRT §X', `in contact with ${t.id}`, dir);
  return { a: a.id, d: t.id, counter: response === 'countercharge' || (volleyed && !t.disordered) };
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
  moveTo(c, a.id, add(b.at, scale(headingVector(bearing(a.at, b.at)), -CONTACT_GAP)), 'ANRT L406', `overruns ${b.id}'s guns`);
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

/** One melee (§XI L640-653): both strike at once, the outcome by hits, morale for the draw and the loser. */
function melee(c: Ctx, pair: { a: string; d: string; counter: boolean }): void {
  const a = c.s.units[pair.a]; const d = c.s.units[pair.d];
  if (!a || !d || a.gone || d.gone) return;
  c.events.push({ kind: 'engagement', rule: 'ANRT §XI', id: `melee:${c.s.turn}:${a.id}:${d.id}`, sides: [{ side: a.side, units: [a.id], dice: 0, modifiers: [] }, { side: d.side, units: [d.id], dice: 0, modifiers: [] }], pools: false, at: d.at });
  const byA = strike(c, a, d, { table: 'melee', attacker: meleeArm(a), line: line(c.s, d) }, [...classFactors(a, 'melee'), 'melee:charging', ...inCover(c.s, a)], 'ANRT §XI', 'melee');
  const byD = strike(c, d, a, { table: 'melee', attacker: meleeArm(d), line: line(c.s, a) }, [...classFactors(d, 'melee'), ...(pair.counter ? ['melee:charging' as const] : []), ...inCover(c.s, d)], 'ANRT §XI', 'melee');
  hit(c, d.id, byA, 'melee', 'ANRT §XI', `meleed by ${a.id}`);
  hit(c, a.id, byD, 'melee', 'ANRT §XI', `meleed by ${d.id}`);
  const places = { [a.id]: a.at, [d.id]: d.at };
  for (const [me, inflicted, suffered] of [[a.id, byA, byD], [d.id, byD, byA]] as const) {
    const u = c.s.units[me]!;
    if (u.gone) continue;
    const o = meleeOutcome(inflicted, suffered);
    c.events.push({ kind: 'note', rule: 'ANRT §XI L640-653', text: `${me}: ${o.result} (${inflicted} hit(s) inflicted, ${suffered} suffered).` });
    if (o.disordered && !u.disordered) { c.s = withUnit(c.s, { ...u, disordered: true }); c.events.push({ kind: 'status', rule: 'ANRT L646', unit: me, status: 'disordered', on: true, reason: `melee ${o.result}` }); }
    if (o.testsMorale) {
      const m = testMorale(c.s, c.s.units[me]!, o.result === 'draw' ? 'melee-draw' : 'melee-loss', c.th);
      c.events.push(...m.events);
      // The enemy in the melee caused it (L955, L966); a charger may rally back to its start (ANRT-W1).
      const r = applyMorale(c.s, me, m.result, c.origins?.get(me), c.s.units[me === a.id ? d.id : a.id]!.at); c.s = r.s; c.events.push(...r.events);
    }
  }
  meleeOverrun(c, d.id, a.id, places[d.id]!);
  meleeOverrun(c, a.id, d.id, places[a.id]!);
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
  const c: Ctx = { s: s0, events: [], hitBy: new Map(), th };
  const mover = phasingSide(s0);
  const charges: AnrtCharge[] = [...s0.charges];
  // Opportunity charges (§VII L424-430): the nearest eligible enemy; −1 pip next phase (L325).
  for (const u of liveUnits(s0).filter((x) => x.side !== mover && responses[x.id] === 'opportunity').sort((a, b) => a.id.localeCompare(b.id))) {
    const t = opportunityTargets(s0, u)[0];
    if (!t) continue;
    charges.push({ unit: u.id, target: t.id, kind: 'opportunity' });
    c.s = { ...c.s, opportunityDebt: { ...c.s.opportunityDebt, [u.division]: (c.s.opportunityDebt[u.division] ?? 0) + 1 } };
  }
  const origins = new Map(charges.map((ch) => [ch.unit, s0.units[ch.unit]!.at]));
  c.origins = origins;
  const pairs = charges.map((ch) => charge(c, ch, responses[ch.target] as Reaction | undefined)).filter((p): p is NonNullable<typeof p> => p !== null);
  const engaged = new Set(pairs.flatMap((p) => [p.a, p.d]));
  // Fire: the non-moving side first (L30); A-7 sequential: its hits land before the mover fires.
  const moved = new Set(s0.moves.map((m) => m.unit));
  const before = c.s;
  const first = fireSide(c, otherSide(s0, mover), engaged, moved);
  if (!s0.settings.fire.sequential) {
    // Simultaneous: the mover fires from the state before the non-mover's hits.
    const after = c.s; c.s = before;
    const second = fireSide(c, mover, engaged, moved);
    c.s = after;
    for (const f of [...first, ...second]) hit(c, f.target, f.hits, 'fire', 'ANRT §IX', 'fire');
  } else {
    for (const f of first) hit(c, f.target, f.hits, 'fire', 'ANRT §IX', 'fire');
    for (const f of fireSide(c, mover, engaged, moved)) hit(c, f.target, f.hits, 'fire', 'ANRT §IX', 'fire');
  }
  for (const p of pairs) melee(c, p);
  // L406: sheltering gunners share their host's result; L1065: units standing with overrun guns spike them.
  const shared = gunnersShareFate(c.s); c.s = shared.s; c.events.push(...shared.events);
  const spiked = spikeByStanders(c.s, mover, new Set([...moved, ...charges.map((ch) => ch.unit)])); c.s = spiked.s; c.events.push(...spiked.events);
  // Cavalry recall: cavalry that charged and is still formed tests; "rally back" returns it whence it came.
  for (const ch of charges) {
    const u = c.s.units[ch.unit];
    if (!u || u.gone || u.routed || u.arm !== 'cavalry') continue;
    const m = testMorale(c.s, u, 'cavalry-recall', th);
    c.events.push(...m.events);
    const r = applyMorale(c.s, u.id, m.result, origins.get(u.id)); c.s = r.s; c.events.push(...r.events);
  }
  riskToGenerals(c);
  return { s: c.s, events: c.events };
}
