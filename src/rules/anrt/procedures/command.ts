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

/**
 * The pips a division gets from a die. An empty QRS factor is a QRS number like any other
 * (ANRT-T1): the GM rules it once for the game (`anrt/qrs/pips.adjust.<factor>`), so the pips of
 * any die the corps commander might allocate follow without asking again (L21).
 */
export function commandPips(qrs: Qrs, f: PipFacts, rulings: Rulings, division: string, _turn: number): Need<Pips> {
  const d6 = f.divisionalGeneralKilled ? halvedForKilledGeneral(f.d6) : f.d6;
  const regroup = f.regrouping ? REGROUP.find((r) => r.d6 === d6) : undefined;
  const base = regroup ? regroup.pipsLeft : d6;
  const terms = [regroup ? `regroup throw ${d6}: ${regroup.hitsRemoved} hit(s) regrouped, ${regroup.pipsLeft} pips left (L285)` : `D6 ${f.d6}${f.divisionalGeneralKilled ? ` halved to ${d6} (L271)` : ''}`];
  let pips = base;
  if (f.adcsArrived) { pips += f.adcsArrived * TEXT_PIP_ADJUSTMENTS.adcArrival.pips; terms.push(`+${f.adcsArrived} ADC (L258)`); }
  if (f.opportunityActions) { pips += f.opportunityActions * TEXT_PIP_ADJUSTMENTS.opportunityAction.pips; terms.push(`−${f.opportunityActions} opportunity charges/emergency squares (L325)`); }
  let ruled = false;
  for (const [factor, times] of Object.entries(f.factors) as [PipFactor, number][]) {
    if (!times) continue;
    const id = `anrt/qrs/pips.adjust.${factor}`;
    let per = qrs.pips?.adjust?.[factor];
    if (per === undefined && rulings[id] !== undefined) { per = Number(rulings[id]); ruled = true; }
    if (per === undefined) {
      return {
        kind: 'ask',
        question: {
          id,
          question: `Command pips of ${division}: the QRS adjustment "${factor}" (applies ×${times}) is not entered. How many pips does it add (negative: deduct) each time, for the rest of the game? So far: ${terms.join('; ')}.`,
          rule: 'ANRT §VI L263; QRS missing (DIGEST A-1)',
          answers: numberAnswers(-6, 6),
        },
      };
    }
    pips += per * times;
    terms.push(`${per * times >= 0 ? '+' : ''}${per * times} ${factor}${times > 1 ? ` ×${times}` : ''} (${ruled && qrs.pips?.adjust?.[factor] === undefined ? 'the GM ruled' : 'QRS'})`);
  }
  return { kind: 'value', value: { regroupHits: regroup?.hitsRemoved ?? 0, terms, pips: Math.max(0, pips) }, from: ruled ? 'gm' : 'qrs' };
}
