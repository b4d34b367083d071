import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import { BP_FIXED_RULINGS, type BpSettings } from '../settings';
import { COMMAND_FIGURE, GREEN_TROOPS } from '../tables/command-control';
import { FLANK_OR_REAR_ROW, SQUARE_ROW, TERRAIN_ROWS, unitRow } from '../tables/morale-points';
import { DISRUPTED } from '../tables/rout';
import { unitTypeOf } from '../tables/vocabulary';
import { assertUnit, commandCounts, greenCounts, namedModifier, signed } from './common';
import type { BpUnitInput, MeleeInput, Procedure } from './types';

/**
 * P6/P7 Melee (B&P L127-135, L117, L175, L202; DIGEST §4(b)). Each side rolls a D6 and multiplies
 * it by its points (figures × points per figure, L127); the higher product wins. The loser removes
 * ¼ of its points as casualties, rounded up, and the rest routs; the winner loses ½ of the loser's
 * casualty points, rounded down (L127-129; rounding detail HR B-3 `melee.rounding`). Ties: HR B-2
 * (`melee.tie`). Worked example L133: A 9 × 2 = 18 × 5 = 90 vs B 18 × 6 = 108 → A −3, B −1.
 */

export const MELEE_RULE = 'B&P L127';

/** One increment to a side's points per figure, with the line that prints it. */
export interface PointPart {
  readonly label: string;
  readonly perFigure: number;
  readonly ref: string;
}

/** A side's points per figure in this melee: its table row, then each increment that applies. */
export function meleePointParts(side: 'attacker' | 'defender', input: MeleeInput, settings: BpSettings): PointPart[] {
  const u = side === 'attacker' ? input.attacker : input.defender;
  const row = unitRow(unitTypeOf(u));
  const parts: PointPart[] = [{ label: row.label, perFigure: row.points, ref: `B&P L${row.line}` }];
  // L175: a square against cavalry adds 1 per figure (line 3, guard 4); against infantry, no increments.
  if (side === 'defender' && u.arm === 'infantry' && u.formation === 'square' && input.attacker.arm === 'cavalry') {
    parts.push({ label: 'Inf in Square vs cavalry', perFigure: SQUARE_ROW.points, ref: 'B&P L146, L175' });
  }
  if (side === 'attacker' && (input.direction === 'flank' || input.direction === 'rear')) {
    parts.push({ label: `attacking in ${input.direction}`, perFigure: FLANK_OR_REAR_ROW.points, ref: 'B&P L117, L147-149' });
  }
  const pos = input.defenderPosition ?? 'open';
  if (pos !== 'open' && settings.terrain.bonusTo === side) {
    const t = TERRAIN_ROWS[pos];
    parts.push({ label: pos === 'defended' ? 'uphill / wood / stream' : 'higher than 1 contour / works / wide stream', perFigure: t.points, ref: `B&P L${t.lines}; HR B-4` });
  }
  if (commandCounts(u, settings)) parts.push({ label: 'command figure within 4"', perFigure: COMMAND_FIGURE.pointsPerFigure, ref: 'B&P L202' });
  return parts;
}

/** A side's melee die modifiers: command +1 (L202), disrupted −1 (L167), green −1 (L208). */
export function meleeDieModifiers(u: BpUnitInput, settings: BpSettings): Modifier[] {
  const mods: Modifier[] = [];
  if (commandCounts(u, settings)) mods.push(namedModifier('command figure within 4"', COMMAND_FIGURE.meleeDie, 'B&P L202'));
  if (u.disrupted) mods.push(namedModifier('disrupted', DISRUPTED.melee, 'B&P L167'));
  if (greenCounts(u, settings)) mods.push(namedModifier('green troops', GREEN_TROOPS.melee, 'B&P L208'));
  return mods;
}

/** The casualties of a decided melee (HR B-3), in figures. */
export interface MeleeCasualties {
  /** ¼ of the loser's points (exact: a multiple of ¼). */
  readonly loserCasualtyPoints: number;
  readonly loserFigures: number;
  /** The winner's casualty points after rounding down. */
  readonly winnerCasualtyPoints: number;
  readonly winnerFigures: number;
}

/**
 * B&P L127-129 with HR B-3: the loser loses ceil(¼ points / its points per figure) figures; the
 * winner floor(½ × (the loser's casualty points, per `rounding`)) points, as whole figures of its
 * own (rounded down, "in the winner's favor"). Integer arithmetic on quarters and eighths only.
 */
export function meleeCasualties(loserPoints: number, loserPointsPerFigure: number, winnerPointsPerFigure: number, rounding: BpSettings['melee']['rounding']): MeleeCasualties {
  for (const [n, what] of [[loserPoints, 'loser points'], [loserPointsPerFigure, 'loser points per figure'], [winnerPointsPerFigure, 'winner points per figure']] as const) {
    if (!Number.isInteger(n) || n < (what === 'loser points' ? 0 : 1)) throw new RangeError(`B&P melee L127: ${what} must be a whole number, not ${n}`);
  }
  const loserFigures = Math.ceil(loserPoints / (4 * loserPointsPerFigure));
  const winnerCasualtyPoints =
    rounding === 'unrounded' ? Math.floor(loserPoints / 8) : rounding === 'rounded-points' ? Math.floor(Math.ceil(loserPoints / 4) / 2) : Math.floor((loserFigures * loserPointsPerFigure) / 2);
  return { loserCasualtyPoints: loserPoints / 4, loserFigures, winnerCasualtyPoints, winnerFigures: Math.floor(winnerCasualtyPoints / winnerPointsPerFigure) };
}

/** One unit's share of its side's melee losses (several units in one melee, L107, BP-23). */
export interface MeleeUnitLoss {
  readonly unit: string;
  readonly points: number;
  readonly figuresLost: number;
}

/** One side of a decided melee. */
export interface MeleeSideResult {
  /** Every unit of the side, the lead first, with its losses (one entry without supports). */
  readonly units: readonly MeleeUnitLoss[];
  readonly unit: string;
  /** Points per figure in this melee (table row + increments). */
  readonly pointsPerFigure: number;
  readonly points: number;
  /** The last round's die, natural and modified, and its product. */
  readonly face: number;
  readonly modifiedDie: number;
  readonly product: number;
  readonly figuresLost: number;
  /** The loser's remainder routs (L127); a square that loses routs (L175). */
  readonly routs: boolean;
}

/** What a melee decided. `winner` is null when a tie was settled by `both-lose-quarter`. */
export interface MeleeResult {
  readonly winner: 'attacker' | 'defender' | null;
  readonly attacker: MeleeSideResult;
  readonly defender: MeleeSideResult;
  /** Ties re-rolled (HR B-2 `reroll`). */
  readonly rerolls: number;
}

const describeParts = (parts: readonly PointPart[]): string => parts.map((p, i) => (i === 0 ? `${p.label} ${p.perFigure}` : `${p.label} ${signed(p.perFigure)}`)).join(' ');

/** P6/P7: fight one melee to a result. */
export function melee(input: MeleeInput, settings: BpSettings, dice: Dice): Procedure<MeleeResult> {
  assertUnit(input.attacker, 'melee');
  assertUnit(input.defender, 'melee');
  if (input.attacker.figures < 1 || input.defender.figures < 1) throw new RangeError('B&P melee L107: both sides need at least one figure in contact');
  if (input.attacker.arm === 'infantry' && input.defender.arm === 'cavalry') throw new RangeError('B&P L119: infantry cannot charge cavalry');
  const sides = (['attacker', 'defender'] as const).map((side) => {
    const u = input[side];
    const parts = meleePointParts(side, input, settings);
    const ppf = parts.reduce((s, p) => s + p.perFigure, 0);
    // L107: each unit in the melee counts its figures at its own points (its row, its direction).
    const supports = (side === 'attacker' ? input.attackerSupports ?? [] : input.defenderSupports ?? []).map((x) => {
      assertUnit(x.unit, 'melee');
      const sub: MeleeInput = side === 'attacker' ? { ...input, attacker: x.unit, direction: (x as { direction?: MeleeInput['direction'] }).direction ?? 'front' } : { ...input, defender: x.unit };
      const sp = meleePointParts(side, sub, settings);
      return { u: x.unit, ppf: sp.reduce((s, p) => s + p.perFigure, 0), tablePpf: sp[0]!.perFigure };
    });
    const members = [{ u, ppf, tablePpf: parts[0]!.perFigure }, ...supports].map((m) => ({ ...m, points: m.u.figures * m.ppf }));
    const points = members.reduce((a, m) => a + m.points, 0);
    return { side, u, parts, ppf, points, members, tablePpf: parts[0]!.perFigure, mods: meleeDieModifiers(u, settings) };
  });
  const [att, def] = sides as [(typeof sides)[number], (typeof sides)[number]];
  const events: GameEvent[] = [];
  let rerolls = 0;
  for (;;) {
    const rolls = [att, def].map((s) => {
      const r = ruleRoll(dice, '1d6', { rule: MELEE_RULE, purpose: `melee ${s.side} (${describeParts(s.parts)} per figure)`, subject: s.u.name, modifiers: s.mods });
      const modifiedDie = r.rolled.total;
      const face = modifiedDie - s.mods.reduce((a, m) => a + m.value, 0);
      // BP-11: a die modified below 0 counts 0, as a volley's (HR B-9).
      const product = Math.max(BP_FIXED_RULINGS.dieFloor, modifiedDie) * s.points;
      return { r, face, modifiedDie, product };
    });
    const [ra, rd] = rolls as [(typeof rolls)[number], (typeof rolls)[number]];
    const cmp = `${att.u.name} ${Math.max(0, ra.modifiedDie)} × ${att.points} = ${ra.product} vs ${def.u.name} ${Math.max(0, rd.modifiedDie)} × ${def.points} = ${rd.product}`;
    if (ra.product === rd.product && settings.melee.tie === 'reroll') {
      events.push(ra.r.event(`${cmp}: tie, both re-roll (HR B-2)`), rd.r.event(`${cmp}: tie, both re-roll (HR B-2)`));
      if (++rerolls > BP_FIXED_RULINGS.meleeRerollGuard) throw new Error(`B&P melee: ${rerolls} ties in a row; the dice source is broken`);
      continue;
    }
    const ppfFor = (s: typeof att) => (settings.melee.pointsPerFigure === 'effective' ? s.ppf : s.tablePpf);
    // BP-23: a side of several units shares its casualty points in proportion to each unit's
    // points, each share in that unit's own figures; a lone unit takes them all, as before.
    const share = (s: typeof att, casualtyPoints: number, lone: number, up: boolean): MeleeUnitLoss[] => s.members.map((m) => {
      if (s.members.length === 1) return { unit: m.u.name, points: m.points, figuresLost: Math.min(lone, m.u.figures) };
      const perFig = settings.melee.pointsPerFigure === 'effective' ? m.ppf : m.tablePpf;
      const x = (casualtyPoints * m.points) / s.points / perFig;
      const n = up ? Math.ceil(x - 1e-9) : Math.floor(x + 1e-9);
      return { unit: m.u.name, points: m.points, figuresLost: Math.min(n, m.u.figures) };
    });
    const side = (s: typeof att, r: typeof ra, figuresLost: number, routs: boolean, units: MeleeUnitLoss[]): MeleeSideResult => ({
      units, unit: s.u.name, pointsPerFigure: s.ppf, points: s.points, face: r.face, modifiedDie: r.modifiedDie, product: r.product,
      figuresLost: units[0]!.figuresLost, routs,
    });
    if (ra.product === rd.product && settings.melee.tie === 'both-lose-quarter') {
      const la = meleeCasualties(att.points, ppfFor(att), ppfFor(def), settings.melee.rounding).loserFigures;
      const ld = meleeCasualties(def.points, ppfFor(def), ppfFor(att), settings.melee.rounding).loserFigures;
      const ua = share(att, att.points / 4, la, true);
      const ud = share(def, def.points / 4, ld, true);
      const sum = (u: MeleeUnitLoss[]) => u.reduce((a, x) => a + x.figuresLost, 0);
      const row = `${cmp}: tie, both lose ¼ of their points (HR B-2): ${att.u.name} −${sum(ua)}, ${def.u.name} −${sum(ud)} figures; nobody routs`;
      events.push(ra.r.event(row), rd.r.event(row));
      return { result: { winner: null, attacker: side(att, ra, la, false, ua), defender: side(def, rd, ld, false, ud), rerolls }, events };
    }
    const winner: 'attacker' | 'defender' = ra.product > rd.product ? 'attacker' : 'defender';
    const [w, l] = winner === 'attacker' ? [att, def] : [def, att];
    const cas = meleeCasualties(l.points, ppfFor(l), ppfFor(w), settings.melee.rounding);
    const lu = share(l, cas.loserCasualtyPoints, cas.loserFigures, true);
    const wu = share(w, cas.winnerCasualtyPoints, cas.winnerFigures, false);
    const figs = (u: MeleeUnitLoss[], lone: number) => { const n = u.length > 1 ? u.reduce((a, x) => a + x.figuresLost, 0) : lone; return `${n} figure${n === 1 ? '' : 's'}${u.length > 1 ? ` (${u.map((x) => `${x.unit} ${x.figuresLost}`).join(', ')}, BP-23)` : ''}`; };
    const tie = ra.product === rd.product ? ' tie → defender wins (HR B-2);' : '';
    const row =
      `${cmp}:${tie} ${w.u.name} wins. ${l.u.name} loses ¼ × ${l.points} = ${cas.loserCasualtyPoints} pts → ${figs(lu, cas.loserFigures)} ` +
      `and routs (L127); ${w.u.name} loses ${cas.winnerCasualtyPoints} pts → ${figs(wu, cas.winnerFigures)} (L129, HR B-3 ${settings.melee.rounding})`;
    events.push(ra.r.event(row), rd.r.event(row));
    const [ua, ud] = winner === 'attacker' ? [wu, lu] : [lu, wu];
    return { result: { winner, attacker: side(att, ra, ua[0]!.figuresLost, winner !== 'attacker', ua), defender: side(def, rd, ud[0]!.figuresLost, winner !== 'defender', ud), rerolls }, events };
  }
}
