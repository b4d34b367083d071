import type { Dice } from '../../../dice/dice';
import type { GmQuestion } from '../../contract';
import type { RollEvent } from '../../events';
import { ruleRoll, facesOf } from '../../roll';
import type { Need } from '../procedures/ask';
import { numberAnswers } from '../procedures/ask';
import { qrsCell } from '../tables/qrs';
import type { AnrtState } from '../state';

/**
 * How a resolution stops for the GM (DIGEST A-1, `tables.mode: gm`): a procedure returns a
 * `Need`; `need()` unwraps it or throws `AskGm`, which the turn catches and turns into a window
 * the GM owes (`PhaseInfo.gm`). The dice the interrupted resolution threw are kept (`Thrower`)
 * and given back in the same order when it runs again with the GM's answer, so no die is ever
 * thrown twice for one result (ANRT-T1).
 */
export class AskGm extends Error {
  constructor(readonly question: GmQuestion) { super(question.question); }
}

export function need<T>(n: Need<T>): T {
  if (n.kind === 'ask') throw new AskGm(n.question);
  return n.value;
}

/** D6s for a resolution, replaying `memo` (the dice of an interrupted run) before throwing new ones. */
export class Thrower {
  private k = 0;
  readonly thrown: number[][] = [];
  constructor(private readonly dice: Dice, private readonly memo: readonly (readonly number[])[]) {}

  throw(n: number, rule: string, purpose: string, subject: string): { faces: number[]; event: RollEvent } {
    const expression = `${n}d6`;
    const kept = this.memo[this.k++];
    if (kept && kept.length === n) {
      this.thrown.push([...kept]);
      return { faces: [...kept], event: { kind: 'roll', rule, purpose, subject, expression, faces: [...kept], modifiers: [], total: kept.reduce((a, b) => a + b, 0), tableRow: 'thrown before the GM ruled' } };
    }
    const r = ruleRoll(this.dice, expression, { rule, purpose, subject });
    const faces = facesOf(r.rolled);
    this.thrown.push(faces);
    return { faces, event: r.event() };
  }
}

/**
 * A single QRS number (a movement distance, a pip cost, a range): the entered cell, else the GM's
 * ruling for the cell (kept for the game), else a question for the GM.
 */
export function qrsNumber(s: AnrtState, cell: string, what: string, rule: string, range: [number, number]): Need<number> {
  const v = qrsCell(s.settings.qrs, cell);
  if (typeof v === 'number') return { kind: 'value', value: v, from: 'qrs' };
  const id = `anrt/qrs/${cell}`;
  const ruled = s.rulings[id];
  if (ruled !== undefined) return { kind: 'value', value: Number(ruled), from: 'gm' };
  return { kind: 'ask', question: { id, question: `${what} (QRS ${cell}, not in the text): what value?`, rule: `${rule}; QRS missing (DIGEST A-1)`, answers: numberAnswers(range[0], range[1]) } };
}

/** A QRS number that must be known now; a gap throws AskGm. */
export const qrsValue = (s: AnrtState, cell: string, what: string, rule: string, range: [number, number]): number => need(qrsNumber(s, cell, what, rule, range));

/** Whether a QRS number is known (entered or ruled) without asking. */
export function qrsKnown(s: AnrtState, cell: string): number | undefined {
  const n = qrsNumber(s, cell, '', '', [0, 0]);
  return n.kind === 'value' ? n.value : undefined;
}
