import { angleDifference, bearing } from '../geometry/vector';
import type { BotGeneral, BotOption } from '../plugin';
import { sideOfSeat, type SoloGame } from './game';
import type { SoloAction } from './orders';
import { chanceFits, chanceTargetKind } from './phases/chance';
import { formationsFor } from './phases/formation';
import { artilleryBand, fireLegality, musketBand } from './procedures/fire';
import { pointsPerFigure } from './procedures/melee';
import { baseMoveMm, mayReform } from './procedures/move';
import type { SoloSettings } from './settings';
import { distanceMm, onTable, unitById, type SoloUnit } from './state';
import { MM_PER_CM, MOVE_DIE, MOVE_DIE_FACES } from './tables/movement';
import { armOf } from './tables/vocabulary';
import { againstOf, sideUp, windowUnits } from './turn';

/**
 * The bot general's candidates in a Kuryakin game (issue 13; the doctrine is shared,
 * src/rules/bot/doctrine.ts; NOT part of Kuryakin's rules). For each unit the open window's
 * cards activate (L8), in card order: reform when it has 'D' (L11), charge an enemy within sure
 * reach (KS-21) with its odds in melee points (L16-19), fire at each enemy in range (L12-16, K-4
 * placeholder ranges), unlimber a battery with a target in range or form line near the enemy
 * (L9-10), and advance straight ahead on the nearest enemy ahead (L9: moves are straight ahead).
 * A unit charged out of turn (L8) is offered only its charger. Nothing here decides legality:
 * `act` does, and refuses what the rules forbid.
 */

/** Enemies "ahead": within this angle of the unit's facing (it can only move straight ahead, L9). */
const AHEAD_DEG = 45;

/** The marked die's worst face, mm (L9: dK8 ±3 cm, dK12 ±5 cm): a charge within base − this always reaches (KS-21). */
const worstFaceMm = (u: SoloUnit) => -Math.min(...MOVE_DIE_FACES[MOVE_DIE[u.type]].faces) * MM_PER_CM;

/** Melee points a unit brings (L16-19: figures × points a figure, K-11). */
const meleePoints = (u: SoloUnit, settings: SoloSettings) => u.figures * pointsPerFigure(u.type, settings);

/**
 * The odds of a charge: own melee points over the target's. Doctrine, not rule: a square charged
 * by cavalry counts three times (it holds unless it breaks, L19, L23), and a routing or retiring
 * target counts half.
 */
export function chargeOdds(charger: SoloUnit, target: SoloUnit, settings: SoloSettings): number {
  let defence = meleePoints(target, settings);
  if (target.formation === 'square' && armOf(charger.type) === 'cavalry') defence *= 3;
  if (target.motion === 'routing' || target.motion === 'retiring') defence /= 2;
  return defence > 0 ? meleePoints(charger, settings) / defence : Infinity;
}

/** The range at which a unit can hurt: the artillery table's longest band, or long musket range (K-4 placeholders). */
function reachOfFire(u: SoloUnit, settings: SoloSettings): number {
  if (armOf(u.type) === 'artillery') return settings.ranges.artillery.at(-1)!.maxMm;
  return fireLegality(u, 0).ok ? settings.ranges.musketLongMm : 0;
}

/** How far to go straight ahead to come within `standoff` of `e` (0 if it never comes closer). */
export function advanceToward(u: SoloUnit, e: SoloUnit, standoff: number): number {
  const d = distanceMm(u.at, e.at);
  const theta = (angleDifference(u.facing, bearing(u.at, e.at)) * Math.PI) / 180;
  const along = d * Math.cos(theta);
  const across = Math.abs(d * Math.sin(theta));
  if (along <= 0) return 0;
  const m = across < standoff ? along - Math.sqrt(standoff * standoff - across * across) : along;
  return Math.max(0, Math.floor(m));
}

/** Where the doctrine halts an advance: infantry within short musket range; cavalry within sure charge reach; guns within ball range. */
function standoffOf(u: SoloUnit, settings: SoloSettings): number {
  const arm = armOf(u.type);
  if (arm === 'cavalry') return Math.max(50, baseMoveMm(u.type, u.formation, settings) - worstFaceMm(u) - 20);
  if (arm === 'artillery') return (settings.ranges.artillery[1] ?? settings.ranges.artillery[0]!).maxMm * 0.9;
  return settings.ranges.musketShortMm * 0.9;
}

function unitOptions(g: SoloGame, u: SoloUnit, enemies: readonly SoloUnit[]): BotOption<SoloAction>[] {
  const settings = g.settings;
  const out: BotOption<SoloAction>[] = [];
  const byDistance = [...enemies].sort((a, b) => distanceMm(u.at, a.at) - distanceMm(u.at, b.at));
  const against = againstOf(g, u.id);
  const arm = armOf(u.type);
  // Only a unit that may fire now is offered targets (L14: formed cavalry never, a limbered battery not yet).
  const mayFire = arm === 'artillery' ? u.formation === 'unlimbered' : fireLegality(u, u.movedFraction).ok;
  const mm = (e: SoloUnit) => Math.round(distanceMm(u.at, e.at));
  const charge = (e: SoloUnit, why: string) => {
    const odds = chargeOdds(u, e, settings);
    out.push({ intent: 'charge', piece: u.id, action: { kind: 'charge', unit: u.id, target: e.id }, weight: odds, why: `${u.name}: charge ${e.name} — ${why}odds ${odds.toFixed(1)}:1 in melee points, ${mm(e)} mm` });
  };
  const fire = (e: SoloUnit, why: string) => out.push({ intent: 'fire', piece: u.id, action: { kind: 'fire', unit: u.id, target: e.id }, weight: mm(e), why: `${u.name}: fire at ${e.name} — ${why}${mm(e)} mm` });
  if (against) {
    // L8: a charged unit acts out of turn only against its charger.
    const c = unitById(g, against);
    if (arm !== 'artillery' && u.movedFraction === 0) charge(c, 'its charger, ');
    if (mayFire) fire(c, 'its charger, ');
    return out;
  }
  if (u.disorder > 0 && mayReform(u.casualtiesThisTurn) && u.movedFraction === 0) {
    out.push({ intent: 'reform', piece: u.id, action: { kind: 'reform', unit: u.id }, weight: u.disorder, why: `${u.name}: reform (${u.disorder} 'D')` });
  }
  if (arm !== 'artillery' && u.movedFraction === 0 && u.motion !== 'retiring') {
    const sure = baseMoveMm(u.type, u.formation, settings) - worstFaceMm(u);
    for (const e of byDistance.filter((x) => distanceMm(u.at, x.at) <= sure)) charge(e, 'charge within sure reach, ');
  }
  const inRange = (e: SoloUnit) => (arm === 'artillery' ? artilleryBand(distanceMm(u.at, e.at), settings) : musketBand(distanceMm(u.at, e.at), settings)) !== null;
  if (mayFire) for (const e of byDistance.filter(inRange)) fire(e, 'closest legal target, ');
  const nearest = byDistance[0];
  if (arm === 'artillery' && nearest && !u.formationChange) {
    const d = distanceMm(u.at, nearest.at);
    if (u.formation === 'limbered' && d <= reachOfFire(u, settings)) out.push({ intent: 'formation', piece: u.id, action: { kind: 'formation', unit: u.id, formation: 'unlimbered' }, weight: d, why: `${u.name}: unlimber — ${nearest.name} in range, ${Math.round(d)} mm` });
    if (u.formation === 'unlimbered' && d > reachOfFire(u, settings)) out.push({ intent: 'formation', piece: u.id, action: { kind: 'formation', unit: u.id, formation: 'limbered' }, weight: d, why: `${u.name}: limber up to advance — nearest enemy ${Math.round(d)} mm` });
  }
  if (arm === 'infantry' && u.formation === 'column' && !u.formationChange && nearest && formationsFor(g, u.id).includes('line')) {
    const d = distanceMm(u.at, nearest.at);
    if (d <= settings.ranges.musketLongMm + baseMoveMm(u.type, 'column', settings)) out.push({ intent: 'formation', piece: u.id, action: { kind: 'formation', unit: u.id, formation: 'line' }, weight: d, why: `${u.name}: form line to fire — ${nearest.name} ${Math.round(d)} mm` });
  }
  const ahead = byDistance.find((e) => Math.abs(angleDifference(u.facing, bearing(u.at, e.at))) <= AHEAD_DEG);
  if (ahead && u.movedFraction === 0 && !(arm === 'artillery' && u.formation === 'unlimbered')) {
    const go = advanceToward(u, ahead, standoffOf(u, settings));
    if (go >= 10) out.push({ intent: 'advance', piece: u.id, action: { kind: 'move', unit: u.id, to: String(go) }, weight: mm(ahead), why: `${u.name}: advance ${go} mm on ${ahead.name} (${mm(ahead)} mm ahead)` });
  }
  return out;
}

/** The side's chance card (K-19: between acts): on the first unit it fits — the enemy nearest our lines, or our unit that needs it most. */
function chanceOptions(g: SoloGame, side: string): BotOption<SoloAction>[] {
  const held = g.chance[side];
  if (!held || held.played || g.settings.chance.timing === 'random') return [];
  const kind = chanceTargetKind(held.card);
  if (kind === 'none') return [{ intent: 'chance', action: { kind: 'chance' }, weight: 0, why: `play the chance card "${held.card.name}"` }];
  const own = onTable(g).filter((u) => u.side === side);
  const enemy = onTable(g).filter((u) => u.side !== side);
  const nearOurs = (e: SoloUnit) => Math.min(...own.map((u) => distanceMm(u.at, e.at)));
  const pool = kind === 'enemy' ? [...enemy].sort((a, b) => nearOurs(a) - nearOurs(b)) : [...own].sort((a, b) => b.disorder - a.disorder);
  const mine = new Set(windowUnits(g));
  const fits = pool.filter((u) => chanceFits(held.card, u) === null && (held.card.effect !== 'extra-move-die' || mine.has(u.id)));
  const u = fits[0];
  return u ? [{ intent: 'chance', action: { kind: 'chance', unit: u.id }, weight: 0, why: `play the chance card "${held.card.name}" on ${u.name}` }] : [];
}

export const soloBot: BotGeneral<SoloGame, SoloAction> = {
  options(g, seat) {
    const side = sideOfSeat(g, seat);
    if (!side || g.ended || sideUp(g) !== side) return [];
    const enemies = onTable(g).filter((u) => u.side !== side);
    return [...chanceOptions(g, side), ...windowUnits(g).flatMap((id) => unitOptions(g, unitById(g, id), enemies))];
  },
};

