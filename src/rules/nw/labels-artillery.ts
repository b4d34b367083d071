import { err, ok, type Problem, type Result } from '../../lib/result';
import { ARTILLERY_KINDS, GUN_WEIGHTS, type ArtilleryKind, type GunWeight } from './tables/vocabulary';
import { capitalise, LABEL_EXAMPLES, LABEL_PROBLEM_CODES, problem, splitFields, squash } from './labels-shared';

/**
 * Artillery (battery) labels, NW §2.0 L31: "the batteries command, weight and whether is it
 * 'horse' or 'foot' artillery", e.g. `IV Corp, 6 lb, Horse`. Weight classes from the gun's
 * pounds follow §8.4 L180-183 (chart L715-718). Rulings NT-18 and NT-19 in ./README.md.
 */

/** A battery's label, NW §2.0 L31 (`IV Corp, 6 lb, Horse`). */
export interface ArtilleryLabel {
  /** The command the battery belongs to, as printed (`IV Corp`). */
  readonly command: string;
  /** Calibre in pounds (`6 lb`); null when the label prints the class instead (`Heavy`; NT-19). */
  readonly pounds: number | null;
  /** Weight class: from the pounds (§8.4 L180-183; NT-18) or as printed. */
  readonly weight: GunWeight;
  /** Foot or horse artillery (L31). */
  readonly kind: ArtilleryKind;
}

/** Largest calibre a label may print: a 2-digit number of pounds. */
export const MAX_GUN_POUNDS = 99;

/**
 * Weight class of a calibre (NW §8.4 L180-183: light 3-4 lb, medium 6-9 lb, heavy 10+ lb).
 * The chart's gaps are closed downwards (NT-18): anything under 6 lb is light.
 */
export function gunWeightForPounds(pounds: number): GunWeight {
  if (pounds >= 10) return 'heavy';
  if (pounds >= 6) return 'medium';
  return 'light';
}

/** `6 lb`, `6lb` (Ch.II §2.5 L496), `6 lbs`, `6-pdr`, `6 pounder`, `6#`, with an optional `(medium)`. */
const POUNDS_RE = /^(\d{1,3}(?:\.\d+)?)\s*-?\s*(?:lbs?\.?|pdrs?\.?|pounders?|#)(?:\s*\(\s*([a-z]+)\s*\))?$/iu;
const KIND_RE = /^(foot|horse)(?:\s+(?:artillery|art\.?|battery|guns?))?$/iu;

const readWeightWord = (s: string): GunWeight | null => GUN_WEIGHTS.find((w) => w === s.toLowerCase()) ?? null;
const readKind = (s: string): ArtilleryKind | null => {
  const m = KIND_RE.exec(s);
  return m ? (ARTILLERY_KINDS.find((k) => k === m[1]?.toLowerCase()) ?? null) : null;
};
const looksLikeWeight = (s: string): boolean => POUNDS_RE.test(s) || readWeightWord(s) !== null;

/**
 * Parses a battery's label (NW §2.0 L31): `command, weight, Foot|Horse`. The weight is a calibre
 * (`6 lb`, `6lb`, `6-pdr`…, optionally followed by its class, `6lb (medium)` as in Ch.II §2.5
 * L496, which must agree) or a class word for batteries without a calibre (NT-19). Spacing and case
 * are free; `Horse Artillery` and the like are read as `Horse`.
 */
export function parseArtilleryLabel(raw: string): Result<ArtilleryLabel, Problem> {
  const fail = (code: string, what: string) => err(problem(code, 'Artillery', raw, what, LABEL_EXAMPLES.artillery));
  const fields = splitFields(raw);
  if (fields.length !== 3) {
    return fail(LABEL_PROBLEM_CODES.syntax, `an artillery label has 3 comma-separated fields (command, weight, Foot or Horse), not ${fields.length} (NW §2.0 L31)`);
  }
  const [command = '', weightTok = '', kindTok = ''] = fields;
  const outOfOrder = () => fail(LABEL_PROBLEM_CODES.order, 'the fields go command, weight, Foot or Horse (NW §2.0 L31)');
  if (command === '') return fail(LABEL_PROBLEM_CODES.syntax, 'the command (e.g. IV Corp) is missing');
  if (looksLikeWeight(command) || readKind(command)) return outOfOrder();

  let pounds: number | null = null;
  let weight: GunWeight;
  const lb = POUNDS_RE.exec(weightTok);
  const word = readWeightWord(weightTok);
  if (lb) {
    pounds = Number(lb[1]);
    if (!Number.isInteger(pounds)) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(weightTok)}: calibres are whole pounds`);
    if (pounds < 1 || pounds > MAX_GUN_POUNDS) return fail(LABEL_PROBLEM_CODES.range, `a calibre is 1-${MAX_GUN_POUNDS} lb, not ${pounds}`);
    weight = gunWeightForPounds(pounds);
    if (lb[2] !== undefined) {
      const said = readWeightWord(lb[2]);
      if (!said) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(lb[2])} is not a gun weight: light, medium or heavy`);
      if (said !== weight) return fail(LABEL_PROBLEM_CODES.range, `${pounds} lb guns are ${weight}, not ${said} (NW §8.4 L180-183)`);
    }
  } else if (word) {
    weight = word;
  } else if (readKind(weightTok)) {
    return outOfOrder();
  } else {
    return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(weightTok)} is not a gun weight such as 6 lb (NW §8.4 L180-183)`);
  }

  const kind = readKind(kindTok);
  if (!kind) {
    if (looksLikeWeight(kindTok)) return outOfOrder();
    return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(kindTok)} is not Foot or Horse (NW §2.0 L31)`);
  }
  return ok({ command: squash(command), pounds, weight, kind });
}

/** Prints a battery label as the text does (NW §2.0 L31: `IV Corp, 6 lb, Horse`); a class word when there is no calibre. */
export const formatArtilleryLabel = (a: ArtilleryLabel): string =>
  `${a.command}, ${a.pounds === null ? capitalise(a.weight) : `${a.pounds} lb`}, ${capitalise(a.kind)}`;
