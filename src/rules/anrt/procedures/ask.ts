import type { GmQuestion } from '../../contract';
import { qrsCell, type Qrs } from '../tables/qrs';

/**
 * A value a procedure needs from the QRS: there (`value`), or the GM is asked (`ask`, a
 * `GmQuestion` the turn puts in `PhaseInfo.gm`; the answer comes back through `resolve`). Never
 * invented (DIGEST A-1).
 */
export type Need<T> = { readonly kind: 'value'; readonly value: T; readonly from: 'qrs' | 'gm' } | { readonly kind: 'ask'; readonly question: GmQuestion };

/** A ruling the GM already gave for this question id in this resolution, if any. */
export type Rulings = Readonly<Record<string, string>>;

/**
 * The QRS cell at `cell`, else the GM's ruling already given for `question.id` (read with
 * `read`), else a question for the GM.
 */
export function fromTable<T>(qrs: Qrs, cell: string, rulings: Rulings, question: GmQuestion, read: (answer: string) => T): Need<T> {
  const v = qrsCell(qrs, cell);
  if (v !== undefined) return { kind: 'value', value: v as T, from: 'qrs' };
  const ruled = rulings[question.id];
  if (ruled !== undefined) return { kind: 'value', value: read(ruled), from: 'gm' };
  return { kind: 'ask', question };
}

/** Numbers the GM may answer, as answers. */
export const numberAnswers = (from: number, to: number): GmQuestion['answers'] =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i)).map((v) => ({ value: v, label: v }));
