import { err, ok, type Problem, type Result } from '../../lib/result';
import { fromRoman, LABEL_EXAMPLES, LABEL_PROBLEM_CODES, problem, squash, toRoman } from './labels-shared';

/**
 * General labels, NW §2.0 L38: "designates him to either be an 'ADC' or a subordinate of a
 * specific command. ADC or 1/IV Corps." `1/IV Corp` is "the 1st division of IV Corp" (§9.0 L225);
 * an ADC attaches to any unit of the army (§4.0 L57, Ch.II §3.3 L575). In a traditional-division
 * army a general is assigned to a brigade (Ch.II §3.3 L575), written as the brigade's id (NT-20).
 */

/** Where a general belongs: army ADC, a division (`1/IV Corps`) or a brigade (`1B/1/IV`; NT-20). */
export type GeneralLabel =
  | { readonly kind: 'adc' }
  | { readonly kind: 'division'; readonly division: number; readonly corps: number; readonly cavalryCorps: boolean }
  | {
    readonly kind: 'brigade'; readonly brigade: number; readonly division: number;
    readonly corps: number; readonly cavalryCorps: boolean;
  };

const ADC_RE = /^a\.?\s?d\.?\s?c\.?(?:'?s)?$/iu;
const DIVISION_RE = /^(\d{1,2})\/([IVX]+)(C?)(?:\s+corps?\.?)?$/iu;
const BRIGADE_RE = /^(\d{1,2})B\/(\d{1,2})\/([IVX]+)(C?)$/iu;
const SWAPPED_RE = /^([IVX]+)C?\/\d{1,2}(?:\s+corps?\.?)?$/iu;

/**
 * Parses a general's label (NW §2.0 L38): `ADC` (also `adc`, `A.D.C.`), or division/corps as in
 * `1/IV Corps` (`Corp`, `Corps` or neither; `1/IC` for a cavalry corps as in L34, NT-11), or a
 * brigade id `1B/1/IV` for a general of a traditional division (NT-20).
 */
export function parseGeneralLabel(raw: string): Result<GeneralLabel, Problem> {
  const fail = (code: string, what: string) => err(problem(code, 'General', raw, what, LABEL_EXAMPLES.general));
  const text = squash(raw).replace(/\s*\/\s*/gu, '/');
  if (text === '') return fail(LABEL_PROBLEM_CODES.syntax, 'it is empty');
  if (ADC_RE.test(text)) return ok({ kind: 'adc' });
  if (SWAPPED_RE.test(text)) return fail(LABEL_PROBLEM_CODES.order, 'the division comes before the corps: 1/IV Corps (NW §2.0 L38)');
  const div = DIVISION_RE.exec(text);
  const bde = div ? null : BRIGADE_RE.exec(text);
  const m = div ?? bde;
  if (!m) return fail(LABEL_PROBLEM_CODES.syntax, 'a general is either ADC or division/corps such as 1/IV Corps (NW §2.0 L38)');
  const [numeral = '', c = ''] = div ? [div[2], div[3]] : [bde?.[3], bde?.[4]];
  const corps = fromRoman(numeral.toUpperCase());
  if (corps === null) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(numeral)} is not a Roman numeral I-XXXIX`);
  const numbers = (div ? [div[1]] : [bde?.[1], bde?.[2]]).map(Number);
  if (numbers.some((n) => n < 1)) return fail(LABEL_PROBLEM_CODES.range, 'brigade and division numbers start at 1');
  const cavalryCorps = c !== '';
  if (div) return ok({ kind: 'division', division: numbers[0] as number, corps, cavalryCorps });
  return ok({ kind: 'brigade', brigade: numbers[0] as number, division: numbers[1] as number, corps, cavalryCorps });
}

/** Prints a general's label as the text does (NW §2.0 L38: `ADC`, `1/IV Corps`; a cavalry corps `1/IC`, NT-20). */
export function formatGeneralLabel(g: GeneralLabel): string {
  switch (g.kind) {
    case 'adc': return 'ADC';
    case 'division': return `${g.division}/${toRoman(g.corps)}${g.cavalryCorps ? 'C' : ' Corps'}`;
    case 'brigade': return `${g.brigade}B/${g.division}/${toRoman(g.corps)}${g.cavalryCorps ? 'C' : ''}`;
  }
}

/** Whether a general may attach to a brigade (§9.0 L225, Ch.II §3.3 L575): ADCs to any, others to their own division or brigade. */
export function generalMayAttach(
  g: GeneralLabel,
  unit: { readonly brigade: number; readonly division: number; readonly corps: number; readonly cavalryCorps: boolean },
): boolean {
  if (g.kind === 'adc') return true;
  const sameDivision = g.division === unit.division && g.corps === unit.corps && g.cavalryCorps === unit.cavalryCorps;
  return sameDivision && (g.kind === 'division' || g.brigade === unit.brigade);
}
