import { err, ok, type Problem, type Result } from '../../lib/result';
import { fatigueLevels, MAX_UNIT_SP, MIN_UNIT_SP, type FatigueLevels } from './tables/fatigue';
import { presenceBonus } from './tables/initiative';
import {
  CAVALRY_WEIGHTS, QUALITIES, QUALITY_LABELS, SKILL_CODES, SKILLS,
  type CavalryWeight, type Quality, type Skill, type SkValue,
} from './tables/vocabulary';
import {
  capitalise, fromRoman, LABEL_EXAMPLES, LABEL_PROBLEM_CODES, MAX_CORPS, problem, splitFields, squash, toRoman,
} from './labels-shared';

export { LABEL_EXAMPLES, LABEL_PROBLEM_CODES, MAX_CORPS } from './labels-shared';
export * from './labels-artillery';
export * from './labels-general';

/**
 * NW labels: brigade labels (NW §2.0 "Unit Labels" L29-37), commander labels (§2.0 L40,
 * Ch.II §3.1 L551-555, §3.2 L569) and CinC labels (§2.0 L41, Ch.II §3.1 L549); artillery
 * labels (§2.0 L31) are in ./labels-artillery and general/ADC labels (§2.0 L38) in
 * ./labels-general, both re-exported from here.
 * Parsers are forgiving about spacing, letter case and inch marks; formatters print the
 * canonical form, which reproduces the text's own examples character for character.
 * Rulings taken here are NT-11..NT-17 in ./README.md (NT-18.. for the other two files).
 */

/** An infantry or cavalry brigade's label, NW §2.0 L33-37 (`1B/1/IV SK1 7/5/3 Vet`). */
export interface UnitLabel {
  /** Brigade number: the `1` of `1B` (L33). */
  readonly brigade: number;
  /** Division number: the middle field (L33). */
  readonly division: number;
  /** Corps number, from the Roman numeral (L33: `IV`). */
  readonly corps: number;
  /** Corps written with a trailing `C`: a cavalry corps (L34: `1B/1/IC` = "1st Cavalry Corp"; NT-11). */
  readonly cavalryCorps: boolean;
  /** Cavalry weight; printed only for cavalry (L34), so null means infantry (NT-12). */
  readonly weight: CavalryWeight | null;
  /** Skirmish value; SK0 is not printed (L35). */
  readonly sk: SkValue;
  /** Mixed infantry/cavalry brigade, printed `(MX)` (L36). */
  readonly mixed: boolean;
  /** Fresh/worn/spent s.p. levels (L37, Ch.II §2.6 L500-504); null when the label omits them (NT-13). */
  readonly levels: FatigueLevels | null;
  /** Quality class, abbreviated `Vet`, `LN`… (L37, L47); null when omitted (NT-13). */
  readonly quality: Quality | null;
}

/** A corps or wing commander's label, NW §2.0 L40 (`Ney (V), III Corp, G,14"`). */
export interface CommanderLabel {
  /** The commander's name as printed. */
  readonly name: string;
  /** Marked `(V)`: "Bravest of the Brave" (Ch.II §3.2 L569). */
  readonly valorous: boolean;
  /** The command he is in charge of, as printed (`III Corp`). */
  readonly command: string;
  /** Skill rating: the Maneuver Table column his units use in range (Ch.II §3.1 L551). */
  readonly skill: Skill;
  /** Command range in inches; a multiple of ½" (Ch.II §3.1 L553-555; NT-3). */
  readonly rangeInches: number;
}

/** An army CinC's label, NW §2.0 L41 (`Napoleon,E,+4`). */
export interface CinCLabel {
  /** The CinC's name as printed. */
  readonly name: string;
  /** Command quality (Ch.II §3.1 L539-547). */
  readonly skill: Skill;
  /** Whether this is Napoleon, who gets +1 presence (Ch.II §3.1 L549; NT-16). */
  readonly isNapoleon: boolean;
  /** Presence ("influence") bonus: always `presenceBonus(skill, isNapoleon)`. */
  readonly presence: number;
}

// ---------------------------------------------------------------------------------------------
// Skill letters (shared by commander and CinC labels)

const SKILL_WORDS: Readonly<Record<string, Skill>> = Object.fromEntries(
  SKILLS.flatMap((s) => [[s, s], [SKILL_CODES[s].toLowerCase(), s]] as const),
);

/** `E`, `g`, `Good`… → skill (§2.0 L40-41 print the letter; the words are tolerated). */
const readSkill = (s: string): Skill | null => SKILL_WORDS[s.toLowerCase().replace(/\.$/u, '')] ?? null;

// ---------------------------------------------------------------------------------------------
// Unit labels (NW §2.0 L33-37)

/** The §2.0 L33 order of the fields after the id. */
const UNIT_FIELDS = ['weight', 'sk', 'mixed', 'levels', 'quality'] as const;
type UnitField = (typeof UNIT_FIELDS)[number];

const QUALITY_WORDS: Readonly<Record<string, Quality>> = Object.fromEntries(
  QUALITIES.flatMap((q) => [[q, q], [QUALITY_LABELS[q].toLowerCase(), q]] as const),
);

const UNIT_ID_RE = /^(\d{1,2})B\/(\d{1,2})\/([IVX]+)(C?)$/iu;
const LEVEL_RE = /^(\d{1,2})\/(\d{1,2}|-)\/(\d{1,2}|-)$/u;

/** Which field a token is, with its value; null if it is none of them. */
function readUnitToken(tok: string):
  | { field: 'weight'; value: CavalryWeight } | { field: 'sk'; value: number } | { field: 'mixed' }
  | { field: 'levels'; value: FatigueLevels } | { field: 'quality'; value: Quality } | null {
  const low = tok.toLowerCase();
  const weight = CAVALRY_WEIGHTS.find((w) => w === low);
  if (weight) return { field: 'weight', value: weight };
  const sk = /^sk(\d+)$/u.exec(low);
  if (sk) return { field: 'sk', value: Number(sk[1]) };
  if (low === '(mx)' || low === 'mx') return { field: 'mixed' };
  const lv = LEVEL_RE.exec(tok);
  if (lv) {
    const n = (x: string | undefined): number | null => (x === undefined || x === '-' ? null : Number(x));
    return { field: 'levels', value: { fresh: Number(lv[1]), worn: n(lv[2]), spent: n(lv[3]) } };
  }
  const quality = QUALITY_WORDS[low.replace(/\.$/u, '')];
  if (quality) return { field: 'quality', value: quality };
  return null;
}

/** Why a set of levels is impossible, or null (Ch.II §2.2 L486, §2.6 L500-519). */
function levelsProblem(l: FatigueLevels): string | null {
  if (l.fresh < MIN_UNIT_SP || l.fresh > MAX_UNIT_SP) return `a brigade starts with ${MIN_UNIT_SP}-${MAX_UNIT_SP} s.p. (Ch.II §2.2 L486), not ${l.fresh}`;
  const below = [l.worn, l.spent].filter((x): x is number => x !== null);
  if (below.length === 0) return 'a unit needs a worn or a spent level (Ch.II §2.6 L500)';
  const seq = [l.fresh, ...below];
  for (let i = 1; i < seq.length; i++) {
    const cur = seq[i] as number;
    if (cur < 1 || cur >= (seq[i - 1] as number)) return `fresh/worn/spent must fall, each at least 1 (Ch.II §2.6 L500-504), not ${formatLevels(l)}`;
  }
  return null;
}

const formatLevels = (l: FatigueLevels): string => `${l.fresh}/${l.worn ?? '-'}/${l.spent ?? '-'}`;

/**
 * Parses a brigade label (NW §2.0 L33-37): `<n>B/<div>/<corps>` then, in this order and each
 * optional, cavalry weight (L34), `SK1`/`SK2` (L35), `(MX)` (L36), `fresh/worn/spent` and a
 * quality (L37). Accepts the roster's trailing full stop (`Vet.`, L47), `-` for a level the
 * chart leaves blank (HR N-12), any case and spacing.
 */
export function parseUnitLabel(raw: string): Result<UnitLabel, Problem> {
  const fail = (code: string, what: string) => err(problem(code, 'Unit', raw, what, LABEL_EXAMPLES.unit));
  const norm = squash(raw)
    .replace(/\s*\/\s*/gu, '/') // "7 / 5 / 3"
    .replace(/[–—−]/gu, '-') // typographic dashes in "6/3/–"
    .replace(/\bsk\s+(\d)/giu, 'SK$1') // "SK 1"
    .replace(/\(\s*mx\s*\)/giu, '(MX)');
  if (norm === '') return fail(LABEL_PROBLEM_CODES.syntax, 'it is empty');
  const [idTok = '', ...rest] = norm.split(' ');
  const id = UNIT_ID_RE.exec(idTok);
  if (!id) return fail(LABEL_PROBLEM_CODES.syntax, `it must start with brigade/division/corps such as 1B/1/IV (NW §2.0 L33), not ${JSON.stringify(idTok)}`);
  const brigade = Number(id[1]);
  const division = Number(id[2]);
  const corps = fromRoman((id[3] ?? '').toUpperCase());
  if (corps === null) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(id[3])} is not a Roman numeral I-${toRoman(MAX_CORPS)}`);
  if (brigade < 1 || division < 1) return fail(LABEL_PROBLEM_CODES.range, 'brigade and division numbers start at 1');

  let weight: CavalryWeight | null = null;
  let sk: SkValue = 0;
  let mixed = false;
  let levels: FatigueLevels | null = null;
  let quality: Quality | null = null;
  let last = -1;
  const seen = new Set<UnitField>();
  for (const tok of rest) {
    const t = readUnitToken(tok);
    if (!t) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(tok)} is not a weight, SK value, (MX), fresh/worn/spent or quality`);
    const at = UNIT_FIELDS.indexOf(t.field);
    if (seen.has(t.field)) return fail(LABEL_PROBLEM_CODES.order, `${t.field} is given twice`);
    if (at < last) return fail(LABEL_PROBLEM_CODES.order, `${JSON.stringify(tok)} is out of order: weight, SK, (MX), fresh/worn/spent, quality (NW §2.0 L33-37)`);
    seen.add(t.field);
    last = at;
    switch (t.field) {
      case 'weight': weight = t.value; break;
      case 'sk':
        if (t.value !== 0 && t.value !== 1 && t.value !== 2) return fail(LABEL_PROBLEM_CODES.range, `SK${t.value}: skirmish values are 0-2 (NW §7.1 L87-91)`);
        sk = t.value;
        break;
      case 'mixed': mixed = true; break;
      case 'levels': {
        const why = levelsProblem(t.value);
        if (why) return fail(LABEL_PROBLEM_CODES.range, why);
        levels = t.value;
        break;
      }
      case 'quality': quality = t.value; break;
    }
  }
  return ok({ brigade, division, corps, cavalryCorps: id[4] !== '', weight, sk, mixed, levels, quality });
}

/** Prints a brigade label in the text's form (NW §2.0 L37: `1B/1/IV SK1 7/5/3 Vet`); SK0 is left out (L35). */
export function formatUnitLabel(u: UnitLabel): string {
  const parts = [`${u.brigade}B/${u.division}/${toRoman(u.corps)}${u.cavalryCorps ? 'C' : ''}`];
  if (u.weight) parts.push(capitalise(u.weight));
  if (u.sk > 0) parts.push(`SK${u.sk}`);
  if (u.mixed) parts.push('(MX)');
  if (u.levels) parts.push(formatLevels(u.levels));
  if (u.quality) parts.push(QUALITY_LABELS[u.quality]);
  return parts.join(' ');
}

/** The arm a brigade label implies: the weight is printed only for cavalry (NW §2.0 L34; NT-12). */
export const unitLabelArm = (u: UnitLabel): 'infantry' | 'cavalry' => (u.weight ? 'cavalry' : 'infantry');

/**
 * HR N-15: the printed levels are authoritative, but differing from the Fatigue Level Chart
 * (Ch.II §2.6 L506-519) deserves a warning (`labels.validate`). Null when they agree or the label
 * lacks levels or quality.
 */
export function unitLabelChartMismatch(u: UnitLabel): Problem | null {
  if (!u.levels || !u.quality) return null;
  const chart = fatigueLevels(u.levels.fresh, u.quality);
  if (!chart || (chart.worn === u.levels.worn && chart.spent === u.levels.spent)) return null;
  return {
    code: LABEL_PROBLEM_CODES.chart,
    message: `Unit label ${JSON.stringify(formatUnitLabel(u))}: the Fatigue Level Chart gives ${formatLevels(chart)} for ${u.levels.fresh} s.p. ${u.quality} (Ch.II §2.6 L506-519).`,
    hint: 'The printed label is used (HR N-15); set labels.validate to error to refuse it, or off to stay quiet.',
  };
}

// ---------------------------------------------------------------------------------------------
// Commander labels (NW §2.0 L40; Ch.II §3.1 L551-555, §3.2 L569)

const VALOUR_RE = /\(\s*v\s*\)/iu;
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M}\p{N} .'’-]*$/u;
/** Inches, with ASCII or typographic marks (", '', ″, ”, “) or a word, or none; ½ allowed (NT-3). */
const INCHES_RE = /^(\d{1,3})(?:(\.5|\.0)|\s*(½))?\s*(?:"|''|″|”|“|in\.?|inch(?:es)?)?$/iu;

/** Reads a name field, reporting why it is not one. */
function readName(field: string): { name: string } | { why: string } {
  if (field === '') return { why: 'the name is missing' };
  if (!NAME_RE.test(field)) return { why: `${JSON.stringify(field)} is not a name (letters, spaces, . ' -)` };
  return { name: field };
}

/**
 * Parses a commander's label (NW §2.0 L40): `name [(V)], command, skill, range"`. Commas
 * separate the four fields; spaces around them, the case of `(v)` and of the skill letter, and the
 * inch mark (", ″, ”, '', in) are all tolerated, as is a missing inch mark and a half-inch (NT-3).
 */
export function parseCommanderLabel(raw: string): Result<CommanderLabel, Problem> {
  const fail = (code: string, what: string) => err(problem(code, 'Commander', raw, what, LABEL_EXAMPLES.commander));
  const fields = splitFields(raw);
  if (fields.length !== 4) {
    return fail(LABEL_PROBLEM_CODES.syntax, `a commander label has 4 comma-separated fields (name, command, skill, range), not ${fields.length} (NW §2.0 L40)`);
  }
  const [who = '', command = '', skillTok = '', rangeTok = ''] = fields;
  const marks = who.match(new RegExp(VALOUR_RE.source, 'giu')) ?? [];
  if (marks.length > 1) return fail(LABEL_PROBLEM_CODES.order, '(V) is given twice');
  const valorous = marks.length === 1;
  if (valorous && !/\(\s*v\s*\)$/iu.test(who)) return fail(LABEL_PROBLEM_CODES.order, '(V) goes right after the name (NW §2.0 L40)');
  const name = readName(squash(who.replace(VALOUR_RE, '')));
  if ('why' in name) return fail(LABEL_PROBLEM_CODES.syntax, name.why);
  if (command === '') return fail(LABEL_PROBLEM_CODES.syntax, 'the command (e.g. III Corp) is missing');
  if (VALOUR_RE.test(command)) return fail(LABEL_PROBLEM_CODES.order, '(V) goes right after the name (NW §2.0 L40)');
  const skill = readSkill(skillTok);
  if (!skill) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(skillTok)} is not a skill: E, G, A or P (Ch.II §3.1 L539-547)`);
  const inches = INCHES_RE.exec(rangeTok);
  if (!inches) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(rangeTok)} is not a command range in inches such as 14"`);
  const rangeInches = Number(inches[1]) + (inches[2] === '.5' || inches[3] ? 0.5 : 0);
  if (rangeInches <= 0) return fail(LABEL_PROBLEM_CODES.range, 'a command range must be more than 0" (bases are 2-4", Ch.II §3.1 L555, §3.11 L561)');
  return ok({ name: name.name, valorous, command, skill, rangeInches });
}

/** Prints a commander label exactly as the text spaces it (NW §2.0 L40: `Ney (V), III Corp, G,14"`; NT-15). */
export const formatCommanderLabel = (c: CommanderLabel): string =>
  `${c.name}${c.valorous ? ' (V)' : ''}, ${c.command}, ${SKILL_CODES[c.skill]},${c.rangeInches}"`;

// ---------------------------------------------------------------------------------------------
// CinC labels (NW §2.0 L41; Ch.II §3.1 L549)

/** Napoleon is recognised by name, any case, with or without the accent (NT-16). */
export const isNapoleonName = (name: string): boolean =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[\s.-]+/u).includes('napoleon');

const BONUS_RE = /^([+\-−–±]?)\s*(\d{1,2})$/u;

/**
 * Parses a CinC's label (NW §2.0 L41): `name, skill, ±presence`. The bonus must equal
 * +3/+2/+1/0 for E/G/A/P, plus 1 for Napoleon (Ch.II §3.1 L549, `presenceBonus`); a label that
 * says otherwise is refused with `nw/label-presence`. The bonus may be left off (NT-17).
 */
export function parseCinCLabel(raw: string): Result<CinCLabel, Problem> {
  const fail = (code: string, what: string) => err(problem(code, 'CinC', raw, what, LABEL_EXAMPLES.cinc));
  const fields = splitFields(raw);
  if (fields.length !== 2 && fields.length !== 3) {
    return fail(LABEL_PROBLEM_CODES.syntax, `a CinC label has 3 comma-separated fields (name, skill, presence bonus), not ${fields.length} (NW §2.0 L41)`);
  }
  const [who = '', skillTok = '', bonusTok] = fields;
  if (VALOUR_RE.test(who)) return fail(LABEL_PROBLEM_CODES.syntax, '(V) marks corps and wing commanders, not the CinC (Ch.II §3.2 L569)');
  const name = readName(who);
  if ('why' in name) return fail(LABEL_PROBLEM_CODES.syntax, name.why);
  const skill = readSkill(skillTok);
  if (!skill) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(skillTok)} is not a skill: E, G, A or P (Ch.II §3.1 L539-547)`);
  const isNapoleon = isNapoleonName(name.name);
  const presence = presenceBonus(skill, isNapoleon);
  if (bonusTok !== undefined) {
    const b = BONUS_RE.exec(bonusTok);
    if (!b) return fail(LABEL_PROBLEM_CODES.syntax, `${JSON.stringify(bonusTok)} is not a presence bonus such as +4`);
    const printed = (b[1] === '-' || b[1] === '−' || b[1] === '–' ? -1 : 1) * Number(b[2]);
    if (printed !== presence) {
      const why = `a${skill === 'excellent' || skill === 'average' ? 'n' : ''} ${capitalise(skill)} ${isNapoleon ? 'Napoleon' : 'CinC'} has presence ${formatBonus(presence)}, not ${formatBonus(printed)} (Ch.II §3.1 L549)`;
      return fail(LABEL_PROBLEM_CODES.presence, why);
    }
  }
  return ok({ name: name.name, skill, isNapoleon, presence });
}

const formatBonus = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** Prints a CinC label as the text does (NW §2.0 L41: `Napoleon,E,+4`); the bonus is recomputed from the skill. */
export const formatCinCLabel = (c: CinCLabel): string =>
  `${c.name},${SKILL_CODES[c.skill]},${formatBonus(presenceBonus(c.skill, c.isNapoleon))}`;
