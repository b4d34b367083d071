import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../../lib/result';
import type { SettingLine } from '../plugin';
import { formatSettingValue, settingsKit, type DottedKey } from '../settings-kit';
import { describeQrs, parseQrs, QrsSchema, QRS_TABLES, type Qrs } from './tables/qrs';
import { STAND_IN_QRS } from './tables/stand-in';

/**
 * ANRT house rulings (DIGEST §5(e) A-1…A-12, §6) as one zod schema, keys the DIGEST's without
 * `anrt.`; and the QRS the GM enters (tables/qrs.ts), kept beside them as `qrs`.
 */

const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).readonly().prefault({} as never);

export const AnrtRulingsSchema = z
  .strictObject({
    tables: group({
      /** a complete QRS before the start ("entered"), or the GM rules every result an empty cell leaves open ("gm"). */
      mode: z.enum(['gm', 'entered']).default('gm'),
    }),
    adjust: group({
      /** the most hits one adjusted result inflicts. */
      capHits: z.number().int().min(2).max(3).default(2),
    }),
    initiative: group({
      /** A-3: the C-in-Cs' initiative die (L12 names none). */
      die: z.enum(['d6', 'd10']).default('d6'),
      /** a draw on the first turn (L12: "the order is the same as the previous turn"). */
      firstTurnDraw: z.enum(['reroll', 'scenario']).default('reroll'),
    }),
    size: group({
      /** at most this many figures is very small (L86: "less than 200 men (four figures)"). */
      verySmallMaxFigures: z.number().int().min(1).max(10).default(4),
      /** at most this many figures is small (L81: "less than 450 men (eight figures)"). */
      smallMaxFigures: z.number().int().min(2).max(14).default(8),
      /** at least this many figures is large (L77: "750 or more men (15 figures)"). */
      largeMinFigures: z.number().int().min(9).max(40).default(15),
    }),
    half: group({
      /** "lost half their hits" (L201) for odd totals: ceil (5 → 3 lost) or floor (5 → 2 lost). */
      rule: z.enum(['ceil', 'floor']).default('ceil'),
    }),
    replacement: group({
      /** §VI for divisional and brigade commanders, §XIII for the others; or one rule for all. */
      timing: z.enum(['split', 'section-vi', 'section-xiii']).default('split'),
    }),
    command: group({
      /** ANRT-C1: ADCs of each corps or army commander (L258: "a varying number"; the scenario's number when it gives one). */
      adcs: z.number().int().min(0).max(6).default(2),
    }),
    fire: group({
      /** the non-mover's fire results are applied before the mover fires (L30). */
      sequential: z.boolean().default(true),
      /**
       * ANRT-F1: the non-moving side chooses its fire targets in the responses window, which then
       * opens whenever one of its units has two or more targets; false: it fires at the nearest
       * and the window opens only for charges (fewer windows).
       */
      nonMoverChooses: z.boolean().default(true),
    }),
    withdraw: group({
      /**
       * ANRT-W1 (L955 "Withdrawing cavalry may rally back instead"): cavalry that charged this phase
       * and must withdraw rallies back to where its charge started (`rally-back`), or withdraws a
       * move back from the enemy (`withdraw`). A game setting, so no window opens mid-resolution.
       */
      cavalry: z.enum(['rally-back', 'withdraw']).default('rally-back'),
    }),
    evade: group({
      /**
       * ANRT-E1 (L414 "they may either halt at the point where the evade started or rally back
       * from that point"): cavalry that passed its "cavalry win melee" test after its target
       * evaded out of reach. A game setting, so no window opens mid-resolution.
       */
      cavalry: z.enum(['rally-back', 'halt']).default('rally-back'),
    }),
    pursuit: group({
      /**
       * ANRT-P1 (L892 "may advance up to 1""): infantry attackers who defeat all their melee
       * opponents take the ground the defenders held (`take-ground`), or stand where they fought
       * (`stand`). A game setting, so no window opens mid-resolution; a building is always occupied (L894).
       */
      advance: z.enum(['take-ground', 'stand']).default('take-ground'),
    }),
    melee: group({
      /**
       * ANRT-M16 (L846 "In a one-on-one flank and rear melee situation the target fights back
       * receiving the melee dice adjustment"; L663, L691 "frontally"): in a multiple melee the
       * target strikes without it (`one-on-one`, the text), or with it when the opponent it strikes
       * first charged it from a flank or the rear (`first-opponent`, a house option).
       */
      flankInMultiple: z.enum(['one-on-one', 'first-opponent']).default('one-on-one'),
    }),
    guns: group({
      /**
       * ANRT-G5, G7 (L1065 "may be automatically spiked, or prepared for prolong in subsequent
       * moves"): an undisordered unit that stood a move in contact with abandoned enemy guns spikes
       * them (`spike`) or prepares them for prolong (`prolong`): it then takes them along. A game
       * setting, so no window opens mid-resolution.
       */
      stood: z.enum(['spike', 'prolong']).default('spike'),
    }),
  })
  .readonly();

/** The house rulings in force. */
export type AnrtRulings = z.output<typeof AnrtRulingsSchema>;
/** Every ANRT setting of one game: the rulings and the QRS as entered. */
export type AnrtSettings = AnrtRulings & { readonly qrs: Qrs };
type Key = DottedKey<AnrtRulings>;

/** The whole settings record: the rulings and the QRS as entered. */
export const AnrtSettingsSchema = z.intersection(AnrtRulingsSchema, z.object({ qrs: QrsSchema })) as unknown as z.ZodType<AnrtSettings>;

export const ANRT_RULINGS_DEFAULTS: AnrtRulings = AnrtRulingsSchema.parse({});

const INFO: Readonly<Record<Key, { ruling: string; allowed: string; explanation: string }>> = {
  'tables.mode': { ruling: 'A-1', allowed: 'gm, entered', explanation: 'The QRS is missing from the text: "entered" requires every table before the start; "gm" asks the GM (/game answer) whenever a needed table cell is empty.' },
  'adjust.capHits': { ruling: 'A-2', allowed: '2, 3', explanation: 'Most hits one adjusted result (X, X+, 2X, number) inflicts on the hit ladder.' },
  'initiative.die': { ruling: 'A-3', allowed: 'd6, d10', explanation: 'The die each C-in-C throws for initiative.' },
  'initiative.firstTurnDraw': { ruling: 'A-8', allowed: 'reroll, scenario', explanation: 'A draw on turn 1, when there is no previous order: throw again, or the scenario\'s first side moves first.' },
  'size.verySmallMaxFigures': { ruling: 'A-4', allowed: 'figures, 1-10', explanation: 'Very small: at most this many figures (or 2 pieces, one gun).' },
  'size.smallMaxFigures': { ruling: 'A-4', allowed: 'figures, 2-14', explanation: 'Small: at most this many figures (or 3-4 pieces).' },
  'size.largeMinFigures': { ruling: 'A-4', allowed: 'figures, 9-40', explanation: 'Large: at least this many figures (or 10-12 pieces).' },
  'half.rule': { ruling: 'A-5', allowed: 'ceil, floor', explanation: 'Half the hits of an odd total: rounded up (5 hits: 3 lost is half) or down.' },
  'replacement.timing': { ruling: 'A-6', allowed: 'split, section-vi, section-xiii', explanation: 'When fallen generals are replaced: §VI for division and brigade, §XIII for the rest (split), or one rule for all.' },
  'command.adcs': { ruling: 'ANRT-C1', allowed: '0-6', explanation: 'ADCs each corps or army commander has (L258 says "a varying number"): each that reaches a divisional general adds a pip.' },
  'fire.sequential': { ruling: 'A-7', allowed: 'true, false', explanation: 'The non-mover\'s fire takes effect before the mover fires back.' },
  'withdraw.cavalry': { ruling: 'ANRT-W1', allowed: 'rally-back, withdraw', explanation: 'Cavalry that charged and must withdraw (L955): rally back to where its charge started, or withdraw a move back from the enemy.' },
  'evade.cavalry': { ruling: 'ANRT-E1', allowed: 'rally-back, halt', explanation: 'Cavalry whose target evaded out of its reach and that passed its "cavalry win melee" test (L414): rally back to where its charge started, or halt where the evade started.' },
  'pursuit.advance': { ruling: 'ANRT-P1', allowed: 'take-ground, stand', explanation: 'Infantry attackers who defeat all their melee opponents (L892): advance up to 1" onto the ground the defenders held, or stand where they fought.' },
  'melee.flankInMultiple': { ruling: 'ANRT-M16', allowed: 'one-on-one, first-opponent', explanation: 'The flank-or-rear melee adjustment in a multiple melee (L846 names one-on-one melees only): never (one-on-one), or when the unit\'s first opponent charged it from a flank or the rear (first-opponent).' },
  'guns.stood': { ruling: 'ANRT-G7', allowed: 'spike, prolong', explanation: 'A unit that stood a move undisordered in contact with abandoned enemy guns (L1065): spike them, or prepare them for prolong and take them along in its later moves.' },
  'fire.nonMoverChooses': { ruling: 'ANRT-F1', allowed: 'true, false', explanation: 'The non-moving side picks its fire targets in the responses window, opened whenever a unit has two or more; false: it fires at the nearest and the window opens only for charges.' },
};

const kit = settingsKit({ label: 'ANRT', schema: AnrtRulingsSchema, defaults: ANRT_RULINGS_DEFAULTS, info: INFO });

/** The settings of a new game: DIGEST defaults and an empty QRS (the GM rules each needed result). */
export const ANRT_SETTINGS_DEFAULTS: AnrtSettings = { ...ANRT_RULINGS_DEFAULTS, qrs: {} };

/**
 * Parse a game's settings: the rulings through the kit, and `qrs` — an object, or "stand-in" for
 * the project's example tables (assets/anrt/qrs-stand-in.yaml) — through the QRS schema, complete
 * when `tables.mode` is "entered".
 */
export function parseAnrtSettings(overrides: unknown): Result<AnrtSettings, Problem> {
  if (overrides === undefined || overrides === null) return ok(ANRT_SETTINGS_DEFAULTS);
  if (typeof overrides !== 'object' || Array.isArray(overrides)) return err({ code: 'settings/not-an-object', message: 'ANRT settings must be an object of key → value.', hint: `Known keys: ${kit.keys.join(', ')}, qrs.` });
  const { qrs: rawQrs, ...rest } = overrides as Record<string, unknown>;
  const rulings = kit.parse(rest);
  if (!rulings.ok) return rulings;
  const qrs = parseQrs(rawQrs === 'stand-in' ? STAND_IN_QRS : rawQrs, rulings.value.tables.mode === 'entered');
  if (!qrs.ok) return qrs;
  return ok({ ...rulings.value, qrs: qrs.value });
}

/** /game settings: every ruling, then one line per QRS table with how much of it is entered. */
export function describeAnrtSettings(settings: AnrtSettings): SettingLine[] {
  const rulings = kit.describe(settings).map((d) => ({ key: d.key, value: d.value, default: d.default, ruling: d.ruling, allowed: d.allowed }));
  const counts = describeQrs(settings.qrs);
  const tables = QRS_TABLES.map((t, i) => {
    const entered = settings.qrs[t] !== undefined;
    const standIn = entered && JSON.stringify(settings.qrs[t]) === JSON.stringify(STAND_IN_QRS[t]);
    return { key: `qrs.${t}`, value: `${counts[i]!.slice(t.length + 2)}${standIn ? " — the project's stand-in, not the author's" : ''}`, default: 'empty', ruling: 'A-1', allowed: 'stand-in, or cells such as qrs.melee.cavalry.MASSE = 2X' };
  });
  return [...rulings, ...tables];
}

export { formatSettingValue };
