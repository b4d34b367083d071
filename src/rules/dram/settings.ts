import { z } from 'zod';
import { formatSettingValue, settingsKit, type DottedKey, type SettingInfoBase } from '../settings-kit';
import { CASUALTY_CELL_KEYS, DIE_FACES, type DieFace } from './tables/vocabulary';

/**
 * DRAM house rulings (DIGEST §1(e) D-1…D-22) as ONE zod schema. Keys are the DIGEST config
 * keys without the `dram.` prefix, camelCased (`dram.move.wagons_A` → `move.wagonsA`); values
 * are the DIGEST values in the project's kebab-case (`half_up` → `half-up`, `force_D` →
 * `force-D`; the README maps each). Every default is the DIGEST proposal. Rulings the DIGEST
 * marks "not configurable" are fixed constants below (`DRAM_FIXED_RULINGS`). The README in this
 * folder lists every ruling.
 */

const face = z.literal(DIE_FACES);
/** A set of D6 faces, normalised to ascending order without repeats. */
const faces = z
  .array(face)
  .readonly()
  .transform((a): readonly DieFace[] => [...new Set(a)].sort((x, y) => x - y));

/** A group of settings; absent → every member takes its default (zod 4 `prefault` parses `{}`). */
// The cast: every member has a default, so `{}` is a valid input, which the generic cannot see.
const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).readonly().prefault({} as never);

/** The schema: `DramSettingsSchema.parse({})` gives the defaults; any subset overrides them. */
export const DramSettingsSchema = z
  .strictObject({
    casualty: group({
      /** D-1: what the "•" glyph in the casualty table (DRAM §8 L128-130) means. */
      bullet: z.union([z.literal('none'), faces.refine((f) => f.length > 0)]).default('none'),
      /** D-2: per-cell overrides of the casualty table, keyed own/enemy order ('D/M'). */
      cells: z.partialRecord(z.enum(CASUALTY_CELL_KEYS), faces).readonly().default(() => ({})),
    }),
    initiative: group({
      /** D-3: initiative ties between corps (DRAM §4 L60 is silent). */
      ties: z.enum(['reroll', 'simultaneous', 'side-with-lower-total-first']).default('reroll'),
    }),
    move: group({
      /** D-4: the blank wagons 'A' cell (DRAM §7 L102). */
      wagonsA: z.union([z.literal('forbidden'), z.literal(0), z.literal(1)]).default('forbidden'),
      /** D-17: a good road through difficult terrain cancels the halving. */
      roadOverridesDifficult: z.boolean().default(true),
      /**
       * How players move on Discord (issue 4): 'plotted' — one movement window, moves executed
       * in initiative order; 'live' — an initiative window, then one short window per initiative
       * rank, so each rank moves seeing where the earlier ranks ended.
       */
      windows: z.enum(['plotted', 'live']).default('plotted'),
    }),
    sp: group({
      /** D-5: rounding of the summed SP fractions (DRAM §10 L179-209 is silent). */
      rounding: z.enum(['half-up', 'floor', 'nearest-half-down']).default('half-up'),
      /** D-5: the least SP a stand can be rated at. */
      min: z.number().int().min(0).max(6).default(1),
      /** D-5: which stands take the troop-grade and officer-corps modifiers. */
      modsApplyTo: z.enum(['all', 'infantry-and-cavalry', 'infantry']).default('all'),
    }),
    ap: group({
      /** D-6: AP is a budget refreshed every turn (DRAM §5 L64 is silent). */
      perTurn: z.boolean().default(true),
    }),
    orders: group({
      /** D-7: the cost of a written order (DRAM §5 L77 gives none). */
      writtenCost: z.enum(['as-chit', 'flat-1']).default('as-chit'),
      /** D-10: a stand on 'R' with an enemy within 1 mile is forced to 'D' in phase 2. */
      reserveContact: z.enum(['force-D', 'keep']).default('force-D'),
    }),
    los: group({
      /** D-9: what "direct line of sight" (DRAM §5 L66) means on the table. */
      model: z.enum(['scenario-terrain', 'referee', 'always-clear']).default('scenario-terrain'),
    }),
    combat: group({
      /** D-13: who allocates losses among several stands of one side. */
      alloc: z.enum(['owner', 'auto-largest']).default('owner'),
      /** D-14: does the target of artillery fire at range pass dice back? */
      artilleryReply: z.enum(['artillery-only', 'always', 'never']).default('artillery-only'),
    }),
    prepared: group({
      /** D-16: the period over which prepared defences ignore a stand's first loss (DRAM §8 L133). */
      firstLossScope: z.enum(['turn', 'game']).default('turn'),
    }),
    generals: group({
      /** D-18: the least CR and AP a wounded general can fall to. */
      floor: z.number().int().min(0).max(6).default(0),
      /**
       * D-19: "he may be replaced by a subordinate general" (DRAM §6 L90). The DIGEST leaves the
       * choice to play; the engine needs a default: the ablest subordinate steps up, or nobody.
       */
      promotion: z.enum(['ablest', 'none']).default('ablest'),
      /**
       * DE-15: "CR may be used to assist subordinate units" (DRAM §6 L81; §8 L133 "one of his
       * subordinate divisions' stands"): a general joins only stands of the corps under him
       * (`subordinates`), or any friendly stand (`any`).
       */
      crAssists: z.enum(['subordinates', 'any']).default('subordinates'),
    }),
    reorg: group({
      /** DIGEST §1(a) phase 6: re-organisation is attempted automatically (opt-out). */
      auto: z.boolean().default(true),
    }),
  })
  .readonly();

/** Every DRAM house ruling in force for one game. */
export type DramSettings = z.output<typeof DramSettingsSchema>;

/** A setting's dotted key, e.g. 'casualty.bullet'. */
export type DramSettingKey = DottedKey<DramSettings>;

/** The DIGEST proposals (DIGEST §1(e), §6). */
export const DRAM_SETTINGS_DEFAULTS: DramSettings = DramSettingsSchema.parse({});

/** What a `/game settings` command prints for one setting. */
export interface DramSettingInfo extends SettingInfoBase {
  readonly key: DramSettingKey;
}

/** One line per setting, in schema order. */
export const DRAM_SETTING_INFO: Readonly<Record<DramSettingKey, Omit<DramSettingInfo, 'key'>>> = {
  'casualty.bullet': { ruling: 'D-1', allowed: 'none, or a list of die faces 1-6 such as [6]', explanation: 'What the "•" cells of the casualty table (D/M, R/R, R/M, A/R) inflict.' },
  'casualty.cells': { ruling: 'D-2', allowed: 'a map of own/enemy cells (e.g. "D/R") to lists of die faces 1-6', explanation: 'Per-cell overrides of the casualty table; they win over the bullet ruling.' },
  'initiative.ties': { ruling: 'D-3', allowed: 'reroll, simultaneous, side-with-lower-total-first', explanation: 'Corps with equal initiative dice re-roll among themselves (keeping their place among the others).' },
  'move.wagonsA': { ruling: 'D-4', allowed: 'forbidden, 0, 1', explanation: "The blank wagons 'A' rate: wagons may not take 'A' orders, or move 0 or 1 mile." },
  'move.roadOverridesDifficult': { ruling: 'D-17', allowed: 'true, false', explanation: 'A good road through difficult terrain cancels the halving.' },
  'move.windows': { ruling: 'DE-14', allowed: 'plotted, live', explanation: 'Plotted: one movement window, executed in initiative order. Live: one short window per initiative rank.' },
  'sp.rounding': { ruling: 'D-5', allowed: 'half-up, floor, nearest-half-down', explanation: 'How the summed SP fractions are rounded to a whole SP.' },
  'sp.min': { ruling: 'D-5', allowed: 'a whole number 0-6', explanation: 'The least SP a stand is rated at after modifiers.' },
  'sp.modsApplyTo': { ruling: 'D-5', allowed: 'all, infantry-and-cavalry, infantry', explanation: 'Which stands take the troop-grade and officer modifiers (the gun modifier only ever applies to stands with guns).' },
  'ap.perTurn': { ruling: 'D-6', allowed: 'true, false', explanation: 'A general\'s AP is a budget spent in phase 7 and refreshed every turn.' },
  'orders.writtenCost': { ruling: 'D-7', allowed: 'as-chit, flat-1', explanation: 'A written order costs like a chit (1 AP, +1 out of sight, +1 beyond 2 miles) or a flat 1 AP; range ≤ AP miles.' },
  'orders.reserveContact': { ruling: 'D-10', allowed: 'force-D, keep', explanation: "A stand on 'R' with an enemy within 1 mile is changed to 'D' in phase 2." },
  'los.model': { ruling: 'D-9', allowed: 'scenario-terrain, referee, always-clear', explanation: 'Line of sight for order costs: scenario terrain that blocks it (referee may override), referee only, or always clear.' },
  'combat.alloc': { ruling: 'D-13', allowed: 'owner, auto-largest', explanation: 'Who spreads a side\'s losses over its stands (if the owner does not, the largest stand takes them).' },
  'combat.artilleryReply': { ruling: 'D-14', allowed: 'artillery-only, always, never', explanation: "Whether a stand fired on at range passes dice back: only if it is artillery on 'A' orders within ½ mile of the firer, always, or never." },
  'prepared.firstLossScope': { ruling: 'D-16', allowed: 'turn, game', explanation: 'Prepared defences ignore the first loss per stand each turn, or once per game.' },
  'generals.floor': { ruling: 'D-18', allowed: 'a whole number 0-6', explanation: 'The least CR and AP a wounded general can fall to; an AP-0 general cannot issue orders.' },
  'generals.promotion': { ruling: 'D-19', allowed: 'ablest, none', explanation: 'When a wing or army general departs, his ablest subordinate replaces him (AP = max(own, predecessor − 1)), or the post stays vacant.' },
  'generals.crAssists': { ruling: 'DE-15', allowed: 'subordinates, any', explanation: 'Which stands a general may join to add his CR in combat: only those of the corps under him (DRAM §6 L81, §8 L133), or any friendly stand.' },
  'reorg.auto': { ruling: 'DIGEST §1(a) phase 6', allowed: 'true, false', explanation: "Eligible 'R' stands attempt re-organisation automatically (false: owners must ask)." },
};

const kit = settingsKit({ label: 'DRAM', schema: DramSettingsSchema, defaults: DRAM_SETTINGS_DEFAULTS, info: DRAM_SETTING_INFO });

/** The keys, in schema order. */
export const DRAM_SETTING_KEYS = kit.keys;
/** Reads one setting by its dotted key. */
export const settingValue = kit.settingValue;
/** One printable line per setting: key, default, allowed values, DIGEST id, explanation (and the current value). */
export const describeSettings = kit.describe;
/** Parses partial overrides (nested or dotted keys) over the defaults; problems name the key and its allowed values. */
export const parseDramSettings = kit.parse;
export { formatSettingValue };

/**
 * Rulings the DIGEST marks NOT configurable that still need a value (DIGEST §1(e)). The
 * procedures read them from here so a reader finds each in one place.
 */
export const DRAM_FIXED_RULINGS = {
  /** D-8: measured general → nearest point of the target; d ≤ 2 mi base cost, 2 < d ≤ 4 +1 AP, chits impossible beyond 4. */
  orderBands: { baseMaxMiles: 2, surchargeMaxMiles: 4, surchargeAp: 1 },
  /** D-11: an exhausted stand falls back one full 'D'-rate move per turn, by the shortest path away from the nearest enemy stand. */
  exhaustFallback: 'full-D-move-away-from-nearest-enemy',
  /** D-12: "no advance towards enemy" = may not end the move nearer to any enemy stand than it started. */
  noAdvance: 'not-nearer-any-enemy',
  /** D-15: unit modifiers apply per qualifying stand, each general adds his CR once, a pool ≤ 0 rolls no dice. */
  combatModifierScope: { unitModifiers: 'per-stand', generalCr: 'once-per-general', leastPool: 0 },
  /** D-19: promotion of a subordinate is optional; his vacated corps gets a staff replacement (CR 0 / AP 1). */
  promotion: 'optional-vacated-corps-gets-staff',
  /** D-20: no retreat rule; stands stay in contact until one side moves away in a later movement phase. */
  contactPersists: true,
  /** D-21: a 0-SP stand is removed by any contact with an enemy on 'D' or 'A' made during that turn. */
  zeroSpContact: 'any-contact-this-turn',
  /** D-22: two sections are numbered 10 in the text; cosmetic, we cite them by line. */
  duplicateSection10: 'cite-by-line',
} as const;
