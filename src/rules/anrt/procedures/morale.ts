import type { GmQuestion } from '../../contract';
import type { Qrs } from '../tables/qrs';
import { MORALE_RESULTS, type MoraleFactor, type MoraleResult, type MoraleTest } from '../tables/vocabulary';
import { type Need, type Rulings } from './ask';

/**
 * A morale test (§XII L905-930; the table is on the QRS): the D6 with the QRS adjustments the
 * state gives, read against the test's bands. An empty band list or a missing adjustment asks the
 * GM for the result of this roll.
 */
export const MORALE_ANSWERS: GmQuestion['answers'] = MORALE_RESULTS.map((r) => ({ value: r, label: r.replace('-', ' ') }));

/** A morale adjustment the text prints (national characteristics, §XV): added to the QRS ones, not a QRS cell. */
export interface Printed { readonly delta: number; readonly label: string }

export function moraleResult(qrs: Qrs, test: MoraleTest, d6: number, factors: readonly MoraleFactor[], rulings: Rulings, subject: string, turn: number, printed: readonly Printed[] = []): Need<MoraleResult> & { readonly total?: number } {
  const bands = qrs.morale?.bands?.[test];
  const adjust = factors.map((f) => qrs.morale?.adjust?.[f]);
  if (bands && adjust.every((a) => a !== undefined)) {
    const total = d6 + adjust.reduce<number>((n, a) => n + a!, 0) + printed.reduce((n, p) => n + p.delta, 0);
    const band = [...bands].sort((a, b) => b.min - a.min).find((b) => total >= b.min) ?? bands.reduce((lo, b) => (b.min < lo.min ? b : lo));
    return { kind: 'value', value: band.result, from: 'qrs', total };
  }
  const id = `anrt/${turn}/morale/${test}/${subject}`;
  const ruled = rulings[id];
  if (ruled !== undefined && (MORALE_RESULTS as readonly string[]).includes(ruled)) return { kind: 'value', value: ruled as MoraleResult, from: 'gm' };
  return {
    kind: 'ask',
    question: {
      id,
      question: `Morale test "${test}" (QRS, not in the text): ${subject} threw ${d6}${factors.length ? ` with ${factors.join(', ')}` : ''}${printed.length ? `${factors.length ? ' and' : ' with'} ${printed.map((p) => `${p.label} ${p.delta > 0 ? '+' : ''}${p.delta}`).join(', ')}` : ''}. The result?`,
      rule: 'ANRT §XII L905; QRS missing (DIGEST A-1)',
      answers: MORALE_ANSWERS,
    },
  };
}
