import type { GmQuestion } from '../../contract';
import { ResultCodeSchema } from '../tables/qrs';
import type { Qrs } from '../tables/qrs';
import { adjustResult, hitsOf, TEXT_FIRE_ADJUSTMENTS, type Adjusted } from '../tables/results';
import { type FireFactor, type FireTarget, type Gun, type MeleeArm, type MeleeFactor, type MeleeLine, type MusketryFirer, type MusketryRange, RESULT_CODES, type ResultCode } from '../tables/vocabulary';
import { fromTable, numberAnswers, type Need, type Rulings } from './ask';

/**
 * Fire and melee results (§VIII-§XI): the QRS cell for the case, or the GM's ruling of the code;
 * then the text's adjustment (L486-490) on A-2's ladder.
 */

/** The codes the GM may rule (§VIII L467-479). */
export const CODE_ANSWERS: GmQuestion['answers'] = [
  ...RESULT_CODES.map((c) => ({ value: c, label: c })),
  ...[2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `${n} (hit on ${n}+)` })),
];

const readCode = (answer: string): ResultCode => ResultCodeSchema.parse(answer);

/** Which table cell a fire or melee case reads. */
export type ResultCase =
  | { readonly table: 'musketry'; readonly range: MusketryRange; readonly firer: MusketryFirer; readonly target: FireTarget }
  | { readonly table: 'artCan' | 'artLong'; readonly gun: Gun; readonly target: FireTarget }
  | { readonly table: 'melee'; readonly attacker: MeleeArm; readonly line: MeleeLine };

const TABLE_NAMES = { musketry: 'musketry', artCan: 'ART CAN', artLong: 'ART LONG', melee: 'melee' } as const;

/** The QRS cell of a case ('melee.cavalry.MASSE'). */
export function caseCell(c: ResultCase): string {
  switch (c.table) {
    case 'musketry': return `musketry.results.${c.range}.${c.firer}.${c.target}`;
    case 'artCan': case 'artLong': return `${c.table}.results.${c.gun}.${c.target}`;
    case 'melee': return `melee.${c.attacker}.${c.line}`;
  }
}

/** The unadjusted code of a case; `subject` names who for the GM ("4e Hussards vs 1/95th"). */
export function resultCode(qrs: Qrs, c: ResultCase, rulings: Rulings, subject: string, turn: number): Need<ResultCode> {
  const cell = caseCell(c);
  const what = c.table === 'melee' ? `${c.attacker} against the ${c.line} line` : c.table === 'musketry' ? `${c.firer} at ${c.target}, ${c.range} range` : `${c.gun} guns at ${c.target}`;
  return fromTable(qrs, cell, rulings, {
    id: `anrt/${turn}/${cell}/${subject}`,
    question: `${TABLE_NAMES[c.table]} table (QRS, not in the text): ${subject} — ${what}. Which result code (before adjustments)?`,
    rule: 'ANRT §VIII L463-490; QRS missing (DIGEST A-1)',
    answers: CODE_ANSWERS,
  }, readCode);
}

/** Hits of a code after its adjustments; the D6 is rolled only when the ladder leaves a second hit to chance. */
export function resolveHits(code: ResultCode, adjustment: number, cap: number, roll: () => number, eliminateHits: number): { adjusted: Adjusted; d6: number | null; hits: number } {
  const adjusted = adjustResult(code, adjustment, cap);
  const d6 = adjusted.kind === 'hits' && adjusted.extraOn !== null ? roll() : null;
  return { adjusted, d6, hits: hitsOf(adjusted, d6, eliminateHits) };
}

/** A named dice adjustment: the two the text prints (L490), or a QRS fire/melee factor. */
export type AdjustFactor = 'elite-fire' | 'secondary-target' | `fire:${FireFactor}` | `melee:${MeleeFactor}`;

/**
 * The cumulative adjustment of `factors` (L486-490): the text's own, then the QRS cells
 * (`fireAdjust.*`, `meleeAdjust.*`); an empty cell asks the GM for its value.
 */
export function totalAdjustment(qrs: Qrs, factors: readonly AdjustFactor[], rulings: Rulings): Need<number> {
  let total = 0;
  for (const f of factors) {
    if (f === 'elite-fire') { total += TEXT_FIRE_ADJUSTMENTS.elite.delta; continue; }
    if (f === 'secondary-target') { total += TEXT_FIRE_ADJUSTMENTS.secondaryTarget.delta; continue; }
    const [kind, name] = f.split(':') as ['fire' | 'melee', string];
    const cell = kind === 'fire' ? `fireAdjust.${name}` : `meleeAdjust.${name}`;
    const v = fromTable<number>(qrs, cell, rulings, {
      id: `anrt/adjust/${cell}`,
      question: `The ${kind} dice adjustment "${name}" (QRS, not in the text): how much is it?`,
      rule: 'ANRT §VIII L486-490; QRS missing (DIGEST A-1)',
      answers: numberAnswers(-6, 6),
    }, Number);
    if (v.kind === 'ask') return v;
    total += v.value;
  }
  return { kind: 'value', value: total, from: 'qrs' };
}
