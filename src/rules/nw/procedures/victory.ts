import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import { facesOf, ruleRoll } from '../../roll';
import type { GameEvent } from '../../events';
import type { NwSettings } from '../settings';
import { victoryLevel, type VictoryLevel } from '../tables/fatigue';
import { FINAL_LOSS_REGAIN, PURSUIT_BATTERY_SP, PURSUIT_MODIFIERS, pursuitDice, pursuitDie } from '../tables/optional';
import { nwRound } from '../tables/rounding';
import { assertInteger, type CavalryWeight } from '../tables/vocabulary';
import { modifierTotal, tableModifiers, type Procedure } from './common';

/**
 * Victory — NW §13.0 L437-439: both armies break the same turn → draw; one breaks → marginal
 * victory for the other, decisive if he can pursue (the broken army has FEWER light-cavalry s.p.;
 * s.p. of spent units not counted); neither → scenario conditions, else draw.
 * Pursuit and final losses — Optional §1.0-2.0 L605-618 (DIGEST N11; HR N-25, NT-5, NT-6).
 */

export const VICTORY_RULE = 'NW §13.0';
export const PURSUIT_RULE = 'NW Optional §1.0';
export const FINAL_LOSS_RULE = 'NW Optional §2.0';

/** A cavalry unit still on the table, for the light-cavalry count. */
export interface PursuitCavalry {
  readonly unit: string;
  readonly weight: CavalryWeight;
  /** Current s.p. */
  readonly sp: number;
  /** Spent units' s.p. are not counted (L439). */
  readonly spent?: boolean;
}

/** Light-cavalry s.p. (L439): not spent; Light weight only, or Light and Medium (HR N-25 `pursuit.lightOnly`). */
export function lightCavalrySp(cavalry: readonly PursuitCavalry[], settings: NwSettings): number {
  return cavalry.reduce((s, c) => {
    assertInteger(c.sp, `s.p. of ${c.unit}`);
    const light = c.weight === 'light' || (!settings.pursuit.lightOnly && c.weight === 'medium');
    return s + (light && !c.spent && c.sp > 0 ? c.sp : 0);
  }, 0);
}

export interface ArmyState {
  readonly side: string;
  /** From `checkArmyBreak`, this turn or before. */
  readonly broken: boolean;
  /** Its cavalry units left on the table. */
  readonly cavalry: readonly PursuitCavalry[];
}

export interface VictoryInput {
  readonly a: ArmyState;
  readonly b: ArmyState;
  /** Neither broke: the scenario's victory conditions, if it has any. */
  readonly scenarioWinner?: string | null;
}

export interface VictoryResult {
  readonly winner: string | null;
  readonly loser: string | null;
  /** 'scenario' = neither broke and the scenario names a winner; without one, a draw. */
  readonly level: VictoryLevel | 'scenario';
  /** The winner may pursue (the broken army has fewer light-cavalry s.p.). */
  readonly pursuit: boolean;
  readonly lightCavalrySp: { readonly a: number; readonly b: number };
}

/** §13.0 L437-439: who won, and how well. */
export function assessVictory(input: VictoryInput, settings: NwSettings): Procedure<VictoryResult> {
  const sp = { a: lightCavalrySp(input.a.cavalry, settings), b: lightCavalrySp(input.b.cavalry, settings) };
  const winnerKey = input.a.broken ? 'b' : 'a';
  const loserKey = winnerKey === 'a' ? 'b' : 'a';
  const v = victoryLevel(input.a.broken, input.b.broken, sp[winnerKey], sp[loserKey]);
  let result: VictoryResult;
  let text: string;
  if (v.level === 'draw') {
    result = { winner: null, loser: null, level: 'draw', pursuit: false, lightCavalrySp: sp };
    text = `${input.a.side} and ${input.b.side} both broke: a draw`;
  } else if (v.level === 'scenario') {
    const w = input.scenarioWinner ?? null;
    if (w !== null && w !== input.a.side && w !== input.b.side) throw new RangeError(`NW victory: scenario winner ${w} is neither side`);
    const l = w === null ? null : w === input.a.side ? input.b.side : input.a.side;
    result = { winner: w, loser: l, level: w === null ? 'draw' : 'scenario', pursuit: false, lightCavalrySp: sp };
    text = w === null ? 'neither army broke and no scenario conditions decide: a draw' : `neither army broke: ${w} wins on the scenario's conditions`;
  } else {
    const winner = input[winnerKey].side;
    const loser = input[loserKey].side;
    const pursuit = v.level === 'decisive';
    result = { winner, loser, level: v.level, pursuit, lightCavalrySp: sp };
    text = `${loser} broke: ${v.level} victory for ${winner} (light cavalry ${sp[winnerKey]} s.p. against ${sp[loserKey]}${pursuit ? ': he pursues' : ': no pursuit'})`;
  }
  return { result, events: [{ kind: 'note', rule: `${VICTORY_RULE} L437-439`, text }] };
}

export type PursuitCondition = (typeof PURSUIT_MODIFIERS)[number]['condition'];

export interface PursuitInput {
  readonly winner: string;
  readonly loser: string;
  /** Light-cavalry s.p. (see `lightCavalrySp`, as `assessVictory` reports them). */
  readonly winnerLightCavalrySp: number;
  readonly loserLightCavalrySp: number;
  readonly conditions: readonly PursuitCondition[];
  /** s.p. each side lost in the battle, before pursuit (batteries as 2, damaged 1), for the final losses. */
  readonly winnerLostSp: number;
  readonly loserLostSp: number;
}

export interface FinalLosses {
  readonly lost: number;
  readonly regained: number;
  readonly final: number;
}

export interface PursuitResult {
  readonly inPlay: boolean;
  readonly dice: number;
  readonly faces: readonly number[];
  /** Each die after its modifiers, never below 1 (L609). */
  readonly dieResults: readonly number[];
  /** The per-die modifiers (L611-614). */
  readonly perDieModifiers: readonly Modifier[];
  /** Extra s.p. the loser loses (chosen by him; a battery 2 s.p., damaged 1). */
  readonly pursuitSp: number;
  /** Optional §2.0 L618, null when the optional rules are not in play. */
  readonly finalLosses: { readonly winner: FinalLosses; readonly loser: FinalLosses } | null;
}

/**
 * Optional §2.0 L618: the winner regains ⅓ of his lost s.p., the loser ½ (NW rounding, HR NT-6).
 * The loser's lost s.p. include the pursuit losses (HR: "once pursuit is over").
 */
export function finalLosses(winnerLostSp: number, loserLostSp: number, settings: NwSettings): { winner: FinalLosses; loser: FinalLosses } {
  const one = (lost: number, f: { num: number; den: number }): FinalLosses => {
    assertInteger(lost, 'lost s.p.');
    if (lost < 0) throw new RangeError(`NW final losses: negative loss ${lost}`);
    const regained = nwRound(lost * f.num, f.den, settings.rounding.mode);
    return { lost, regained, final: lost - regained };
  };
  return { winner: one(winnerLostSp, FINAL_LOSS_REGAIN.winner), loser: one(loserLostSp, FINAL_LOSS_REGAIN.loser) };
}

/**
 * Optional §1.0 L607-614 (HR N-25 `pursuit.dice`, NT-5): the winner rolls one d6 per level of
 * light-cavalry superiority; each die takes its modifiers and is never below 1; the sum is the
 * extra s.p. the loser loses. No dice when the winner has no superiority. The roll event carries
 * no modifiers (they are per die and floored); its tableRow names them.
 */
export function rollPursuit(input: PursuitInput, settings: NwSettings, dice: Dice): Procedure<PursuitResult> {
  const perDieModifiers = tableModifiers(PURSUIT_MODIFIERS, input.conditions);
  // The optional pursuit rule is a game setting (campaign games, L605).
  if (!settings.optional.pursuit) {
    return {
      result: { inPlay: false, dice: 0, faces: [], dieResults: [], perDieModifiers, pursuitSp: 0, finalLosses: null },
      events: [{ kind: 'note', rule: PURSUIT_RULE, text: 'the optional pursuit rule is not in play (campaign games only, L605)' }],
    };
  }
  const n = pursuitDice(input.winnerLightCavalrySp, input.loserLightCavalrySp, settings);
  const ratio = `${input.winnerLightCavalrySp}:${input.loserLightCavalrySp}`;
  const events: GameEvent[] = [];
  let faces: number[] = [];
  let dieResults: number[] = [];
  if (n === 0) {
    events.push({ kind: 'note', rule: `${VICTORY_RULE} L439`, text: `${input.winner} cannot pursue: light cavalry ${ratio}` });
  } else {
    const roll = ruleRoll(dice, `${n}d6`, { rule: PURSUIT_RULE, purpose: 'pursuit', subject: input.winner });
    faces = facesOf(roll.rolled);
    const per = modifierTotal(perDieModifiers);
    dieResults = faces.map((f) => pursuitDie(f, per));
    const sum = dieResults.reduce((s, x) => s + x, 0);
    const mods = perDieModifiers.length ? `, per die ${perDieModifiers.map((m) => m.label).join(', ')} (never below 1) → ${dieResults.join(', ')}` : '';
    events.push(roll.event(`L609: light cavalry ${ratio} → ${n}d6 (HR N-25 ${settings.pursuit.dice})${mods}: ${input.loser} loses ${sum} s.p.`));
    events.push({ kind: 'note', rule: `${PURSUIT_RULE} L609`, text: `${input.loser} loses ${sum} more s.p. to pursuit, chosen by ${input.loser} (a battery counts ${PURSUIT_BATTERY_SP.full} s.p., ${PURSUIT_BATTERY_SP.damaged} if damaged)` });
  }
  const pursuitSp = dieResults.reduce((s, x) => s + x, 0);
  const fl = finalLosses(input.winnerLostSp, input.loserLostSp + pursuitSp, settings);
  events.push({
    kind: 'note', rule: `${FINAL_LOSS_RULE} L618`,
    text: `final losses: ${input.winner} lost ${fl.winner.lost} s.p., regains ${fl.winner.regained} (⅓) → ${fl.winner.final}; ${input.loser} lost ${fl.loser.lost} s.p., regains ${fl.loser.regained} (½) → ${fl.loser.final}`,
  });
  return { result: { inPlay: true, dice: n, faces, dieResults, perDieModifiers, pursuitSp, finalLosses: fl }, events };
}
