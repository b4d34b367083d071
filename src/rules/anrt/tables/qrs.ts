import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import {
  FIRE_FACTORS, FIRE_TARGETS, GUNS, MELEE_ARMS, MELEE_FACTORS, MELEE_LINES, MORALE_FACTORS, MORALE_RESULTS, MORALE_TESTS, MOVERS, MUSKETRY_FIRERS,
  MUSKETRY_RANGES, PIP_ACTIONS, PIP_FACTORS, RESULT_CODES, type ResultCode,
} from './vocabulary';

/**
 * The Quick Reference Sheet the text keeps referring to ("see QRS", L195 L237 L292 L460 L905
 * L983) and does not contain (DIGEST A-1). Never invented: the GM enters it, whole (a tables
 * file, `/game ruling key:qrs value:stand-in` for the project's stand-in) or cell by cell
 * (`/game ruling key:qrs.melee.cavalry.MASSE value:2X`). Every part is optional: a part left
 * empty is asked of the GM when a procedure needs it (settings `tables.mode: gm`), or refused
 * before the start (`tables.mode: entered`: every cell must be there).
 *
 * Shape: nested records keyed by the vocabulary, so one dotted key reaches one cell.
 */

const inches = z.number().min(0).max(60);
const pips = z.number().int().min(-6).max(6);
const adjust = z.number().int().min(-6).max(6);
/** A D6 score needed (2-6), or 7 for "never". */
const score = z.number().int().min(1).max(7);

/** A result code as typed: "x+", " 2X", "4" and 4 all read. */
export const ResultCodeSchema: z.ZodType<ResultCode> = z.preprocess(
  (v) => (typeof v === 'string' ? (/^\s*[2-6]\s*$/.test(v) ? Number(v) : v.trim().toUpperCase()) : v),
  z.union([z.enum(RESULT_CODES), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)], {
    error: () => `a result code: ${RESULT_CODES.join(', ')}, or the D6 score needed for one hit (2-6) (§VIII L463-478)`,
  }),
) as z.ZodType<ResultCode>;

const byEnum = <K extends readonly [string, ...string[]], V extends z.ZodType>(keys: K, value: V) => z.partialRecord(z.enum(keys), value);

/** One morale band: a modified D6 total at least `min` gives `result` (the highest band reached counts). */
const MoraleBand = z.strictObject({ min: z.number().int().min(-10).max(20), result: z.enum(MORALE_RESULTS) });

export const QrsSchema = z.strictObject({
  /** Normal move in inches per arm and formation; "general speed" is `general` (L255). */
  movement: byEnum(MOVERS, inches).optional(),
  /** The command box centred on the brigade commander (L243). */
  commandBox: z.strictObject({ frontInches: inches, depthInches: inches }).optional(),
  pips: z.strictObject({
    /** Pips per action (L266). */
    cost: byEnum(PIP_ACTIONS, z.number().int().min(0).max(6)).optional(),
    /** Adjustments of the divisional command D6 (L263). */
    adjust: byEnum(PIP_FACTORS, pips).optional(),
  }).optional(),
  /** Musketry by range band: firer formation → target → code, and the bands' reach in inches. */
  musketry: z.strictObject({
    range: byEnum(MUSKETRY_RANGES, inches).optional(),
    results: byEnum(MUSKETRY_RANGES, byEnum(MUSKETRY_FIRERS, byEnum(FIRE_TARGETS, ResultCodeSchema))).optional(),
  }).optional(),
  /** ART CAN (L1091): canister reach per gun and gun → target → code. */
  artCan: z.strictObject({ range: byEnum(GUNS, inches).optional(), results: byEnum(GUNS, byEnum(FIRE_TARGETS, ResultCodeSchema)).optional() }).optional(),
  /** ART LONG (L1091). */
  artLong: z.strictObject({ range: byEnum(GUNS, inches).optional(), results: byEnum(GUNS, byEnum(FIRE_TARGETS, ResultCodeSchema)).optional() }).optional(),
  /** Fire dice adjustments beyond the two the text prints (L488-490). */
  fireAdjust: byEnum(FIRE_FACTORS, adjust).optional(),
  /** The melee table: the attacking arm → the line its opponent defends on → code (§XI). */
  melee: byEnum(MELEE_ARMS, byEnum(MELEE_LINES, ResultCodeSchema)).optional(),
  meleeAdjust: byEnum(MELEE_FACTORS, adjust).optional(),
  /** The morale table: per test, bands of the modified D6 (highest `min` reached wins). */
  morale: z.strictObject({
    bands: byEnum(MORALE_TESTS, z.array(MoraleBand).min(1).max(8)).optional(),
    adjust: byEnum(MORALE_FACTORS, adjust).optional(),
  }).optional(),
  /** Risk to generals from fire or melee (L983): the D6 score that hits a general with a unit that took hits. */
  risk: z.strictObject({ fire: score, melee: score }).partial().optional(),
});
export type Qrs = z.infer<typeof QrsSchema>;

/** Every cell of a complete QRS, as dotted paths under `qrs.` ('melee.cavalry.MASSE'). */
export function qrsCells(): string[] {
  const cells: string[] = [];
  for (const m of MOVERS) cells.push(`movement.${m}`);
  cells.push('commandBox');
  for (const a of PIP_ACTIONS) cells.push(`pips.cost.${a}`);
  for (const f of PIP_FACTORS) cells.push(`pips.adjust.${f}`);
  for (const r of MUSKETRY_RANGES) cells.push(`musketry.range.${r}`);
  for (const r of MUSKETRY_RANGES) for (const f of MUSKETRY_FIRERS) for (const t of FIRE_TARGETS) cells.push(`musketry.results.${r}.${f}.${t}`);
  for (const table of ['artCan', 'artLong'] as const) {
    for (const g of GUNS) cells.push(`${table}.range.${g}`);
    for (const g of GUNS) for (const t of FIRE_TARGETS) cells.push(`${table}.results.${g}.${t}`);
  }
  for (const f of FIRE_FACTORS) cells.push(`fireAdjust.${f}`);
  for (const a of MELEE_ARMS) for (const l of MELEE_LINES) cells.push(`melee.${a}.${l}`);
  for (const f of MELEE_FACTORS) cells.push(`meleeAdjust.${f}`);
  for (const t of MORALE_TESTS) cells.push(`morale.bands.${t}`);
  for (const f of MORALE_FACTORS) cells.push(`morale.adjust.${f}`);
  cells.push('risk.fire', 'risk.melee');
  return cells;
}

/** Cells already read, per sheet (a sheet is never mutated; every fire, melee and morale test reads several). */
const cellCache = new WeakMap<Qrs, Map<string, unknown>>();

/** The value at a dotted path, or undefined. */
export function qrsCell(qrs: Qrs, path: string): unknown {
  let m = cellCache.get(qrs);
  if (!m) { m = new Map(); cellCache.set(qrs, m); }
  if (m.has(path)) return m.get(path);
  const v = path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), qrs);
  m.set(path, v);
  return v;
}

/** The cells still empty, in table order. */
export const qrsGaps = (qrs: Qrs): string[] => qrsCells().filter((c) => qrsCell(qrs, c) === undefined);

/** The tables of the sheet, for echoing what is entered ("musketry: 144 of 146 cells"). */
export const QRS_TABLES = ['movement', 'commandBox', 'pips', 'musketry', 'artCan', 'artLong', 'fireAdjust', 'melee', 'meleeAdjust', 'morale', 'risk'] as const;

/** "movement: 16/16 · melee: 3/40 (empty: GM rules)…": what is entered, per table. */
export function describeQrs(qrs: Qrs): string[] {
  const cells = qrsCells();
  return QRS_TABLES.map((t) => {
    const mine = cells.filter((c) => c === t || c.startsWith(`${t}.`));
    const have = mine.filter((c) => qrsCell(qrs, c) !== undefined).length;
    return `${t}: ${have}/${mine.length}${have === mine.length ? '' : have === 0 ? ' (empty: the GM rules each result)' : ' (gaps: the GM rules those)'}`;
  });
}

/**
 * Parse a QRS as entered (a tables file's content, or the settings' `qrs`): every problem names
 * the cell and what it takes. `complete` (tables.mode entered) also refuses any empty cell.
 */
export function parseQrs(raw: unknown, complete: boolean): Result<Qrs, Problem> {
  const parsed = QrsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 5).map((i) => {
      const at = `qrs.${i.path.map(String).join('.')}`;
      if (i.code === 'unrecognized_keys') return `${at}: unknown ${i.keys.map((k) => `'${k}'`).join(', ')} — known here: ${knownAt(i.path.map(String)).join(', ') || '(none)'}`;
      return `${at}: ${i.message}`;
    });
    return err({ code: 'qrs/invalid', message: `The tables (QRS) are not valid: ${lines.join('; ')}.`, hint: 'Fix the cell named, e.g. /game ruling key:qrs.melee.cavalry.MASSE value:2X. The example file assets/anrt/qrs-stand-in.yaml shows every table.' });
  }
  if (complete) {
    const gaps = qrsGaps(parsed.data);
    if (gaps.length) {
      return err({
        code: 'qrs/missing-rows',
        message: `tables.mode is "entered" but ${gaps.length} cell(s) of the QRS are empty: ${gaps.slice(0, 6).map((g) => `qrs.${g}`).join(', ')}${gaps.length > 6 ? ', …' : ''}.`,
        hint: `Enter them (/game ruling key:qrs.${gaps[0]} value:…), load the stand-in (/game ruling key:qrs value:stand-in), or let the GM rule empty cells (/game ruling key:tables.mode value:gm).`,
      });
    }
  }
  return ok(parsed.data);
}

/** The keys allowed at a path of the sheet, for the hint of an unknown key. */
function knownAt(path: readonly string[]): string[] {
  const depth = path.length;
  const prefix = path.join('.');
  return [...new Set(qrsCells().filter((c) => depth === 0 || c.startsWith(`${prefix}.`)).map((c) => c.split('.')[depth]!).filter(Boolean))];
}

