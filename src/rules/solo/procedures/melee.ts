import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import { SOLO_FIXED_RULINGS, type SoloSettings } from '../settings';
import { CAVALRY_MELEE_MODIFIERS, INFANTRY_MELEE_MODIFIERS, LIGHT_CAVALRY_POINTS, MELEE_SAVE_FROM, POINTS_PER_DIE, SKIRMISHERS_INFLICT, type MeleeSaver } from '../tables/melee';
import { armOf, type UnitType } from '../tables/vocabulary';
import { casualtiesByFigure, type CasualtyResult, type Marked } from './casualties';
import { modifiersFrom, wholeByPercentile } from './common';
import type { Procedure, SoloUnitInput } from './types';

/**
 * K13-K15 melee (KUR L16-20): one round. Each side counts points for its fighting figures, rolls
 * 1D6 per 5 points (K-12), adds its modifiers once (K-12), and half the total (skirmishers half
 * again, L17, L19) are potential casualties on the enemy, each saved by the enemy's column (L16,
 * L18, L20) and placed by figure. The side taking the most casualties is the loser and tests
 * morale (L16, L18); the phase runs the D3 further rounds (`furtherRounds`).
 */

/** Which kind of melee, from the two arms (gun crews fight as infantry, KS-15). */
export type MeleeKind = 'infantry-vs-infantry' | 'cavalry-vs-cavalry' | 'cavalry-vs-infantry';
const fightsAs = (t: UnitType): 'infantry' | 'cavalry' => (armOf(t) === 'cavalry' ? 'cavalry' : 'infantry');
/** The kind of melee between two units. */
export function meleeKind(a: UnitType, b: UnitType): MeleeKind {
  const x = fightsAs(a);
  const y = fightsAs(b);
  return x === y ? (x === 'infantry' ? 'infantry-vs-infantry' : 'cavalry-vs-cavalry') : 'cavalry-vs-infantry';
}

/** K-11: melee points per figure (infantry 1, L16, L19; light cavalry 1, L17; others the setting). */
export function pointsPerFigure(t: UnitType, settings: SoloSettings): number {
  if (fightsAs(t) === 'infantry' || t === 'light-cav') return LIGHT_CAVALRY_POINTS.points;
  const p = settings.melee.cavPoints;
  return t === 'medium-cav' ? p.medium : t === 'cuirassier' ? p.cuirassier : p.heavy;
}

/** One side of a melee round. */
export interface MeleeSide {
  readonly unit: SoloUnitInput;
  /** Figures that fight this round: first four ranks in contact (L16) / front rank in round 1 of cavalry (L18) / all later (L16, L18) / all in cavalry vs infantry (L19). */
  readonly fighting: number;
  /** Its figures the enemy's hits can fall on (L16 "counting all eligible victims"). */
  readonly eligible: number;
  readonly marked?: readonly Marked[];
  /** It hit an enemy standing (L17, L19). */
  readonly hitEnemyStanding?: boolean;
  /** It attacks the enemy's flank or rear (L19, cavalry). */
  readonly flankOrRear?: boolean;
}

/** KS-14: the modifiers a side takes — infantry rows (L17) for infantry, cavalry rows (L19) for cavalry. */
export function meleeModifiers(side: MeleeSide, settings: SoloSettings): Modifier[] {
  const u = side.unit;
  if (fightsAs(u.type) === 'infantry') {
    return modifiersFrom(INFANTRY_MELEE_MODIFIERS, { 'hit-enemy-standing': !!side.hitEnemyStanding, 'class-a-or-b': u.class === 'A' || u.class === 'B', 'class-d': u.class === 'D', 'own-disorder': u.disorder }, settings);
  }
  return modifiersFrom(CAVALRY_MELEE_MODIFIERS, { 'class-d': u.class === 'D', 'hit-enemy-standing': !!side.hitEnemyStanding, 'flank-or-rear': !!side.flankOrRear, 'own-disorder': u.disorder }, settings);
}

/** L16, L18, L20: the save a receiver takes against an attacker's kind. */
export function meleeSave(receiver: UnitType, attacker: UnitType): { from: number; key: MeleeSaver } {
  const kind = meleeKind(receiver, attacker);
  const cuir = receiver === 'cuirassier';
  const key: MeleeSaver = kind === 'infantry-vs-infantry' ? 'infantry-vs-infantry'
    : kind === 'cavalry-vs-cavalry' ? (cuir ? 'cuirassier-vs-cavalry' : 'cavalry-vs-cavalry')
    : fightsAs(receiver) === 'infantry' ? 'infantry-vs-cavalry' : cuir ? 'cuirassier-vs-infantry' : 'cavalry-vs-infantry';
  return { from: MELEE_SAVE_FROM[key].from, key };
}

/** What one side inflicted. */
export interface MeleeStrike {
  readonly points: number;
  readonly dice: number;
  readonly total: number;
  readonly potential: number;
}

function strike(side: MeleeSide, enemy: MeleeSide, settings: SoloSettings, dice: Dice, events: GameEvent[]): MeleeStrike {
  const points = side.fighting * pointsPerFigure(side.unit.type, settings);
  const n = settings.melee.dice === 'ceil' ? Math.ceil(points / POINTS_PER_DIE) : Math.floor(points / POINTS_PER_DIE);
  const mods = meleeModifiers(side, settings);
  const modifiers = settings.melee.modifiersOn === 'total' || n === 0 ? mods : mods.map((m) => ({ label: `${m.label} ×${n} dice`, value: m.value * n }));
  let total = 0;
  if (n > 0) {
    const r = ruleRoll(dice, `${n}d6`, { rule: 'KUR L16-20', purpose: `melee: ${points} points, 1D6 per ${POINTS_PER_DIE}`, subject: side.unit.name, modifiers });
    total = Math.max(SOLO_FIXED_RULINGS.dieFloor, r.rolled.total);
    events.push(r.event(`${total}`));
  } else {
    events.push({ kind: 'note', rule: 'KUR L16', text: `${side.unit.name}: no figures fighting, no dice` });
  }
  // L16 "1/2 total as potential casualties"; skirmishers "Inflict 1/2 casualties" (L17, L19).
  const den = side.unit.formation === 'skirmish' ? 2 * SKIRMISHERS_INFLICT.den : 2;
  const spec = { rule: 'KUR L16', purpose: `potential casualties (1/${den} of ${total})`, subject: enemy.unit.name };
  const potential = settings.melee.half === 'percentage' ? wholeByPercentile(dice, total, 1, den, spec) : { value: Math.floor(total / den), events: [] };
  events.push(...potential.events);
  return { points, dice: n, total, potential: potential.value };
}

/** One round's outcome. */
export interface MeleeRound {
  readonly kind: MeleeKind;
  readonly a: MeleeStrike & { readonly suffered: CasualtyResult };
  readonly b: MeleeStrike & { readonly suffered: CasualtyResult };
  /** The side taking the most casualties (L16, L18); null on equal losses (KS-16). */
  readonly loser: 'a' | 'b' | null;
}

/** K13-K15: one round of melee between `a` and `b`. Both take a 'D' for the round (L11). */
export function meleeRound(a: MeleeSide, b: MeleeSide, settings: SoloSettings, dice: Dice): Procedure<MeleeRound> {
  const events: GameEvent[] = [];
  const kind = meleeKind(a.unit.type, b.unit.type);
  const sa = strike(a, b, settings, dice, events);
  const sb = strike(b, a, settings, dice, events);
  const onB = casualtiesByFigure({ unit: b.unit.name, hits: sa.potential, eligible: b.eligible, saveFrom: meleeSave(b.unit.type, a.unit.type).from, marked: b.marked ?? [], rule: 'KUR L16-20' }, dice);
  events.push(...onB.events);
  const onA = casualtiesByFigure({ unit: a.unit.name, hits: sb.potential, eligible: a.eligible, saveFrom: meleeSave(a.unit.type, b.unit.type).from, marked: a.marked ?? [], rule: 'KUR L16-20' }, dice);
  events.push(...onA.events);
  const loser = onA.result.figures > onB.result.figures ? 'a' : onB.result.figures > onA.result.figures ? 'b' : null;
  events.push({ kind: 'note', rule: 'KUR L16', text: `${a.unit.name} loses ${onA.result.figures}, ${b.unit.name} loses ${onB.result.figures}: ${loser === null ? 'equal losses, no test (KS-16)' : `${(loser === 'a' ? a : b).unit.name} took the most and tests morale`}` });
  return { result: { kind, a: { ...sa, suffered: onA.result }, b: { ...sb, suffered: onB.result }, loser }, events };
}

/** L16, L18: the loser held — D3 further rounds this turn. */
export function furtherRounds(dice: Dice, subject: string): Procedure<number> {
  const r = ruleRoll(dice, 'd3', { rule: 'KUR L16', purpose: 'further rounds of melee (D3)', subject });
  return { result: r.rolled.total, events: [r.event(`${r.rolled.total} more round${r.rolled.total === 1 ? '' : 's'}`)] };
}
