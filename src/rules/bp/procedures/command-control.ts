import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import type { BpSettings } from '../settings';
import { COMMAND_FIGURE, controlResult } from '../tables/command-control';
import type { CommandFigureKillInput, ControlInput, Procedure } from './types';

/**
 * P9 command figure kill (B&P L202, HR B-14), P11 optional Control (L206, HR B-12), and the B-1
 * first-player roll-off.
 */

export const COMMAND_RULE = 'B&P L202';
export const CONTROL_RULE = 'B&P L206';
export const FIRST_PLAYER_RULE = 'HR B-1';

/** P9: "the attacking unit must roll a 12 with the dice" — one roll per fire or assault on the command figure's stand (HR B-14). */
export function commandFigureKill(input: CommandFigureKillInput, settings: BpSettings, dice: Dice): Procedure<{ readonly total: number; readonly killed: boolean }> {
  const expr = settings.command.killDice;
  const r = ruleRoll(dice, expr, { rule: COMMAND_RULE, purpose: `command figure ${input.commander} hit? (HR B-14 ${expr})`, subject: input.by });
  const total = r.rolled.total;
  const killed = total === COMMAND_FIGURE.killedOn;
  return { result: { total, killed }, events: [r.event(killed ? `${total}: ${input.commander} killed` : `${total} ≠ 12: ${input.commander} unharmed`)] };
}

/** What a Control roll decided for this turn. */
export interface ControlResult {
  /** A die was rolled this turn. */
  readonly rolled: boolean;
  readonly face?: number;
  readonly move: 'full' | 'half';
  /** Why ("A never rolls", "B rolls on even turns", …). */
  readonly reason: string;
}

/** Whether a B-class unit rolls this turn (HR B-12). */
export function bRollsOnTurn(turn: number, schedule: BpSettings['control']['bSchedule']): boolean {
  return schedule === 'odd-turns' ? turn % 2 === 1 : turn % 2 === 0;
}

/**
 * P11: at the start of the unit's move. A never rolls (full); B rolls on the turns HR B-12 says
 * (otherwise full, or with `even-turns-carry` the previous even turn's result); C rolls every turn.
 * 1-3 full move, 4-6 half (L206). With the optional rule off, every unit moves full, unrolled.
 */
export function controlRoll(input: ControlInput, settings: BpSettings, dice: Dice): Procedure<ControlResult> {
  if (!Number.isInteger(input.turn) || input.turn < 1) throw new RangeError(`B&P L206: turn must be a whole number ≥ 1, not ${input.turn}`);
  if (!settings.optional.control) return { result: { rolled: false, move: 'full', reason: 'optional Control rule not in play' }, events: [] };
  const schedule = settings.control.bSchedule;
  if (input.controlClass === 'A') return { result: { rolled: false, move: 'full', reason: 'class A moves full distances at all times (L206)' }, events: [] };
  if (input.controlClass === 'B' && !bRollsOnTurn(input.turn, schedule)) {
    const carried = schedule === 'even-turns-carry' ? input.previousBResult : undefined;
    const move = carried ?? 'full';
    return { result: { rolled: false, move, reason: carried ? `class B keeps turn ${input.turn - 1}'s result (HR B-12 ${schedule})` : `class B does not roll on turn ${input.turn} (HR B-12 ${schedule})` }, events: [] };
  }
  const r = ruleRoll(dice, '1d6', { rule: CONTROL_RULE, purpose: `control, class ${input.controlClass}, turn ${input.turn}`, subject: input.unit });
  const face = r.rolled.total;
  const move = controlResult(face);
  const events: GameEvent[] = [r.event(move === 'full' ? `${face}: 1-3 full move` : `${face}: 4-6 half move`)];
  return { result: { rolled: true, face, move, reason: `class ${input.controlClass} rolls${input.controlClass === 'B' ? ` (HR B-12 ${schedule})` : ' every turn'}` }, events };
}

/** Who moves first this turn, or who chooses. */
export interface FirstPlayerResult {
  /** The side that moves first, when the rules decide it. */
  readonly first: string | null;
  /** With a roll-off: the side that rolled high and chooses who moves first (player input). */
  readonly chooser: string | null;
  readonly how: BpSettings['sequence']['firstPlayer'];
}

/**
 * HR B-1 (`sequence.firstPlayer`): the text has no initiative rule (L24). `scenario`: the
 * scenario's first side every turn; `alternate`: the scenario's first side on odd turns, the other
 * on even turns; `rolloff-each-turn`: a D6 roll-off, whose winner chooses.
 */
export function firstPlayer(input: { readonly turn: number; readonly sides: readonly [string, string]; readonly scenarioFirst: string }, settings: BpSettings, dice: Dice): Procedure<FirstPlayerResult> {
  const [a, b] = input.sides;
  if (input.scenarioFirst !== a && input.scenarioFirst !== b) throw new RangeError(`B&P HR B-1: scenarioFirst must be ${a} or ${b}, not ${input.scenarioFirst}`);
  if (!Number.isInteger(input.turn) || input.turn < 1) throw new RangeError(`B&P HR B-1: turn must be a whole number ≥ 1, not ${input.turn}`);
  const how = settings.sequence.firstPlayer;
  if (how === 'scenario') return { result: { first: input.scenarioFirst, chooser: null, how }, events: [] };
  if (how === 'alternate') {
    const other = input.scenarioFirst === a ? b : a;
    return { result: { first: input.turn % 2 === 1 ? input.scenarioFirst : other, chooser: null, how }, events: [] };
  }
  const r = firstPlayerRollOff(input.sides, dice);
  return { result: { first: null, chooser: r.result.chooser, how }, events: r.events };
}

/** HR B-1 roll-off: each side rolls a D6, high roll chooses who moves first; ties re-roll. */
export function firstPlayerRollOff(sides: readonly [string, string], dice: Dice): Procedure<{ readonly chooser: string; readonly rerolls: number }> {
  const events: GameEvent[] = [];
  for (let rerolls = 0; rerolls < 1000; rerolls++) {
    const [a, b] = sides.map((s) => ruleRoll(dice, '1d6', { rule: FIRST_PLAYER_RULE, purpose: 'roll-off: who moves first', subject: s })) as [ReturnType<typeof ruleRoll>, ReturnType<typeof ruleRoll>];
    const [ta, tb] = [a.rolled.total, b.rolled.total];
    const row = ta === tb ? `${ta} = ${tb}: re-roll` : `${ta > tb ? sides[0] : sides[1]} rolls high and chooses`;
    events.push(a.event(row), b.event(row));
    if (ta !== tb) return { result: { chooser: ta > tb ? sides[0] : sides[1], rerolls }, events };
  }
  throw new Error('B&P roll-off: 1000 ties in a row; the dice source is broken');
}
