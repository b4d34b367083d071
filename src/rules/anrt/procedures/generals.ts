import type { Qrs } from '../tables/qrs';
import { CONTACT_RISK, generalHitEffect, type GeneralHitEffect } from '../tables/generals';
import { numberAnswers, type Need, type Rulings } from './ask';

/**
 * Risk to generals (§XIII L983-1015): contacted while alone (L990, in the text); with a unit that
 * took hits from fire or melee (the QRS `risk`, else the GM rules the score needed); the effect
 * of a hit on a second D6 (L998-1012).
 */
export function contactHit(by: 'cavalry' | 'infantry', d6: number): boolean {
  return d6 >= CONTACT_RISK.find((r) => r.by === by)!.hitOn;
}

/** The D6 score that hits a general with a unit hit by `cause` (QRS), or the GM's ruling of it. */
export function riskScore(qrs: Qrs, cause: 'fire' | 'melee', rulings: Rulings, general: string, turn: number): Need<number> {
  const v = qrs.risk?.[cause];
  if (v !== undefined) return { kind: 'value', value: v, from: 'qrs' };
  const id = `anrt/${turn}/risk/${cause}/${general}`;
  if (rulings[id] !== undefined) return { kind: 'value', value: Number(rulings[id]), from: 'gm' };
  return { kind: 'ask', question: { id, question: `Risk to generals from ${cause} (QRS, not in the text): ${general} is with a unit that took hits. What D6 score hits him (7: none)?`, rule: 'ANRT §XIII L983; QRS missing (DIGEST A-1)', answers: numberAnswers(2, 7) } };
}

export function hitEffect(d6: number): GeneralHitEffect {
  return generalHitEffect(d6);
}
