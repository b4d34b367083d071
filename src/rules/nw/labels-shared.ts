import type { Problem } from '../../lib/result';

/**
 * What every NW label parser shares: problem codes, the text's examples (used as hints), and the
 * small readers for spacing, Roman numerals and comma-separated fields. The public names are
 * re-exported from ./labels; the helpers are internal to the label modules.
 */

/** Stable problem codes of the label parsers. */
export const LABEL_PROBLEM_CODES = {
  /** Not the shape of a label at all, or a field that cannot be read. */
  syntax: 'nw/label-syntax',
  /** A known field out of the §2.0 L33 order, or given twice. */
  order: 'nw/label-order',
  /** A number outside what the rules allow (SK 0-2, s.p. 2-12, fatigue not decreasing…). */
  range: 'nw/label-range',
  /** A CinC's printed presence bonus disagrees with his skill (Ch.II §3.1 L549). */
  presence: 'nw/label-presence',
  /** Fatigue levels that differ from the Fatigue Level Chart (HR N-15: a warning by default). */
  chart: 'nw/label-chart',
} as const;

/** The text's examples, used as hints (NW §2.0 L31, L37, L38, L40, L41). */
export const LABEL_EXAMPLES = {
  unit: '1B/1/IV SK1 7/5/3 Vet',
  artillery: 'IV Corp, 6 lb, Horse',
  general: '1/IV Corps',
  commander: 'Ney (V), III Corp, G,14"',
  cinc: 'Napoleon,E,+4',
} as const;

/** @internal A label problem: the message quotes the label, the hint shows the text's example. */
export const problem = (code: string, kind: string, label: string, what: string, example: string): Problem => ({
  code,
  message: `${kind} label ${JSON.stringify(label)}: ${what}.`,
  hint: `Write it like ${example}`,
});

/** @internal Collapse runs of whitespace (incl. NBSP) and trim. */
export const squash = (s: string): string => s.replace(/\s+/gu, ' ').trim();

/** @internal `horse` → `Horse`. */
export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const ROMAN_RE = /^(X{0,3})(IX|IV|V?I{0,3})$/u;
const ROMAN_DIGITS: readonly (readonly [number, string])[] = [[10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];

/** @internal Canonical Roman numeral 1-39 → number, else null. */
export function fromRoman(s: string): number | null {
  if (s === '' || !ROMAN_RE.test(s)) return null;
  let n = 0;
  let rest = s;
  for (const [v, d] of ROMAN_DIGITS) while (rest.startsWith(d)) { n += v; rest = rest.slice(d.length); }
  return n;
}

/** @internal Number 1-39 → canonical Roman numeral. */
export function toRoman(n: number): string {
  let s = '';
  let rest = n;
  for (const [v, d] of ROMAN_DIGITS) while (rest >= v) { s += d; rest -= v; }
  return s;
}

/** Highest corps number a label may carry (three X's: the canonical numerals the parser reads). */
export const MAX_CORPS = 39;

/** @internal The fields of a comma-separated label, spacing squashed; typographic commas accepted. */
export const splitFields = (raw: string): string[] => squash(raw).replace(/，/gu, ',').split(',').map((f) => f.trim());
