import type { Qrs } from '../tables/qrs';
import { halvedForKilledGeneral, REGROUP, TEXT_PIP_ADJUSTMENTS } from '../tables/command';
import type { PipFactor } from '../tables/vocabulary';
import { numberAnswers, type Need, type Rulings } from './ask';

/**
 * Divisional command pips (§VI L255-289): the D6 (halved, rounded up, after the divisional
 * general was killed, L271), the text's own adjustments (ADCs +1 each, L258; opportunity charges
 * and emergency squares −1 each, L325) and the QRS factors the state gives (per brigade, half-
 * strength brigades, replacement general, attached general). A QRS factor that is empty asks the
 * GM for the division's pips.
 */
export interface PipFacts {
  readonly d6: number;
  readonly divisionalGeneralKilled: boolean;
  readonly adcsArrived: number;
  readonly opportunityActions: number;
  /** How many times each QRS factor applies (brigades: their count; half-strength brigades: theirs). */
  readonly factors: Readonly<Partial<Record<PipFactor, number>>>;
  /** The division's regrouping brigade, if declared (L285): the throw is spent on hits. */
  readonly regrouping: boolean;
}

export interface Pips {
  readonly pips: number;
  /** Hits the regroup throw removes (L285), 0 if none. */
  readonly regroupHits: number;
  /** Each term, for the narrative. */
  readonly terms: readonly string[];
}

export function commandPips(qrs: Qrs, f: PipFacts, rulings: Rulings, division: string, turn: number): Need<Pips> {
  const d6 = f.divisionalGeneralKilled ? halvedForKilledGeneral(f.d6) : f.d6;
  const regroup = f.regrouping ? REGROUP.find((r) => r.d6 === d6) : undefined;
  const base = regroup ? regroup.pipsLeft : d6;
  const terms = [regroup ? `regroup throw ${d6}: ${regroup.hitsRemoved} hit(s) regrouped, ${regroup.pipsLeft} pips left (L285)` : `D6 ${f.d6}${f.divisionalGeneralKilled ? ` halved to ${d6} (L271)` : ''}`];
  let pips = base;
  if (f.adcsArrived) { pips += f.adcsArrived * TEXT_PIP_ADJUSTMENTS.adcArrival.pips; terms.push(`+${f.adcsArrived} ADC (L258)`); }
  if (f.opportunityActions) { pips += f.opportunityActions * TEXT_PIP_ADJUSTMENTS.opportunityAction.pips; terms.push(`−${f.opportunityActions} opportunity charges/emergency squares (L325)`); }
  const missing: string[] = [];
  for (const [factor, times] of Object.entries(f.factors) as [PipFactor, number][]) {
    if (!times) continue;
    const per = qrs.pips?.adjust?.[factor];
    if (per === undefined) { missing.push(factor); continue; }
    pips += per * times;
    terms.push(`${per * times >= 0 ? '+' : ''}${per * times} ${factor}${times > 1 ? ` ×${times}` : ''} (QRS)`);
  }
  const out = { regroupHits: regroup?.hitsRemoved ?? 0, terms };
  if (!missing.length) return { kind: 'value', value: { ...out, pips: Math.max(0, pips) }, from: 'qrs' };
  const id = `anrt/${turn}/pips/${division}`;
  const ruled = rulings[id];
  if (ruled !== undefined) return { kind: 'value', value: { ...out, pips: Number(ruled), terms: [...terms, `the GM ruled ${ruled} pips in all (${missing.join(', ')} not on the entered QRS)`] }, from: 'gm' };
  return {
    kind: 'ask',
    question: {
      id,
      question: `Command pips of ${division} (QRS factors ${missing.join(', ')} not entered): so far ${terms.join('; ')} = ${pips} before those factors. How many pips in all?`,
      rule: 'ANRT §VI L263; QRS missing (DIGEST A-1)',
      answers: numberAnswers(0, 12),
    },
  };
}
