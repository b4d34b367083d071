import { z } from 'zod';
import { formatSettingValue, settingsKit, type DottedKey, type SettingInfoBase } from '../settings-kit';
import { ROUNDING_MODES } from './tables/rounding';
import { GROUNDS, WEATHERS } from './tables/vocabulary';

/**
 * NW house rulings (DIGEST §3(e) N-1…N-33) as ONE zod schema. Keys are the DIGEST config keys
 * without the `nw.` prefix, camelCased (`nw.fet.row10_12_roll9` → `fet.row10To12Roll9`,
 * `nw.combined_arms.includes_attached_artillery` → `combinedArms.includesAttachedArtillery`);
 * values are the DIGEST values in kebab-case (`lowest_listed` → `lowest-listed`). Every default
 * is the DIGEST proposal. Rulings the DIGEST marks "not configurable" are the constants in
 * `NW_FIXED_RULINGS`. The README in this folder maps every ruling.
 */

/** Results of the Fire Affects Table (NW chart L722), named once here and in tables/artillery.ts. */
const FIRE_RESULT = z.enum(['desultory', 'effective', 'damaging', 'horrendous', 'destructive']);

/** A group of settings; absent → every member takes its default (zod 4 `prefault` parses `{}`). */
// The cast: every member has a default, so `{}` is a valid input, which the generic cannot see.
const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).readonly().prefault({} as never);

/** The schema: `NwSettingsSchema.parse({})` gives the defaults; any subset overrides them. */
export const NwSettingsSchema = z
  .strictObject({
    rounding: group({
      /** N-4: how ".1-.5 down, .6+ up" treats x.51-x.59. */
      mode: z.enum(ROUNDING_MODES).default('tenths'),
    }),
    fet: group({
      /** N-1: the gap at a modified 9 on the 10-12 fire-point row. */
      row10To12Roll9: z.enum(['damaging', 'horrendous']).default('damaging'),
      /** N-2: a modified roll below the lowest printed value on a row. */
      belowRange: z.enum(['lowest-listed', 'desultory']).default('lowest-listed'),
    }),
    fp: group({
      /** N-3: round the summed fire points, or each battery's before summing. */
      roundOn: z.enum(['sum', 'per-battery']).default('sum'),
      /** N-3: a total of exactly ½ (or below 1) uses the "½" row. */
      halfRow: z.boolean().default(true),
    }),
    fire: group({
      /** N-5: apply the chart-only "−1 Target is an artillery unit" (L749). */
      targetArtilleryMod: z.boolean().default(true),
    }),
    evasion: group({
      /** N-6: which evasion column medium cavalry attackers use. */
      mediumCav: z.enum(['infantry-heavy', 'other']).default('infantry-heavy'),
    }),
    combinedArms: group({
      /** N-7: attached artillery counts toward combined arms. */
      includesAttachedArtillery: z.boolean().default(false),
    }),
    combat: group({
      /** N-8: "+1 Defender vulnerable": +1 to the attacker, or −1 to the defender. */
      vulnerableBonusTo: z.enum(['attacker', 'defender-penalty']).default('attacker'),
      /** N-30: the French infantry attack bonus needs French infantry as the dominant attacker, or any attacker. */
      frenchInfantryBonus: z.enum(['dominant', 'any-attacker']).default('dominant'),
    }),
    outnumbered: group({
      /** N-9: the outnumbered scale beyond 3:1. */
      scale: z.enum(['floor-ratio', 'capped-at-3']).default('floor-ratio'),
    }),
    crt: group({
      /** N-10: units retreating a full move from combat are disordered. */
      retreatImpliesDisorder: z.boolean().default(true),
      /** N-11: how many consecutive Desperate struggle re-rolls ('unbounded' = until not 0). */
      zeroLoopMax: z.union([z.literal('unbounded'), z.number().int().min(1).max(100)]).default('unbounded'),
    }),
    finalFire: group({
      /** N-13: which final-fire results stop the attack. */
      stopsOn: z
        .array(FIRE_RESULT)
        .readonly()
        .transform((a) => [...new Set(a)] as readonly z.output<typeof FIRE_RESULT>[])
        .default(['horrendous', 'destructive']),
    }),
    skirmish: group({
      /** N-14: "twice the value" means at least twice (gte) or exactly twice (eq). */
      double: z.enum(['gte', 'eq']).default('gte'),
    }),
    labels: group({
      /** N-15: a scenario label that differs from the Fatigue chart. */
      validate: z.enum(['warn', 'error', 'off']).default('warn'),
    }),
    road: group({
      /** N-17: the road bonus is added before the maneuver fraction is applied. */
      bonusBeforeFraction: z.boolean().default(true),
      /** MV-27: the bonus (and the vulnerability it brings) is taken only when the plain allowance falls short. */
      bonusOnlyWhenNeeded: z.boolean().default(true),
    }),
    reaction: group({
      /** N-19: who is the attacker after a reaction countercharge. */
      counterchargeAttacker: z.enum(['phasing', 'reacting']).default('phasing'),
      /** RX-3: an enemy that did not move, closer inside the zone, bars reacting past it to a farther mover. */
      closerUnmovedBlocks: z.boolean().default(true),
    }),
    independent: group({
      /** N-21: independent brigades are always in the CinC's range, or measured to him. */
      range: z.enum(['always', 'measured']).default('always'),
      /** MV-12: with `range: measured`, the distance to the CinC that counts as in range. */
      measuredRangeInches: z.number().min(0).max(48).default(12),
    }),
    command: group({
      /** N-22: what a "valid command path (in inches)" is. */
      path: z.enum(['straight-line', 'referee']).default('straight-line'),
    }),
    battlefield: group({
      /** NT-41: the weather the scenario's special rules set for the battle (§7.2 fog ranges, rain fire modifier, §9.51 fog hinders visibility). */
      weather: z.enum(WEATHERS).default('clear'),
      /** NT-41: the ground (§9.4 mud doubles movement costs; mud modifies evasion). */
      ground: z.enum(GROUNDS).default('normal'),
      /**
       * WX-1: a scenario's special rules that change weather, ground or visibility by turn (§9.4,
       * §9.51 L309 "Visibility hindrances will be listed in scenarios special rules"): each entry
       * holds from its turn until a later one changes it; `twilight: true` is one more hindrance.
       */
      changes: z.array(z.strictObject({
        fromTurn: z.number().int().min(1),
        weather: z.enum(WEATHERS).optional(),
        ground: z.enum(GROUNDS).optional(),
        twilight: z.boolean().optional(),
      }).readonly()).readonly().default([]),
    }),
    optional: group({
      /** Optional rule §1.0-2.0 (L603-619): campaign pursuit and final losses after the battle. Off unless the game opts in. */
      pursuit: z.boolean().default(false),
      /** Optional rule §3.0 (L620-622): howitzer batteries (`special: howitzer`) fire over friendly and enemy units. Off: ordinary batteries. */
      howitzers: z.boolean().default(false),
      /** Optional rule §4.0 (L624-626): British rocket batteries (`special: rocket`). Off: ordinary batteries of their label. */
      rockets: z.boolean().default(false),
    }),
    pursuit: group({
      /** N-25: dice from the light-cavalry ratio: 1 + floor((ratio − 1) / 0.5), or 1 + floor(ratio − 1). */
      dice: z.enum(['half-steps', 'whole-steps']).default('half-steps'),
      /** N-25: only Light-weight cavalry counts as "light cavalry". */
      lightOnly: z.boolean().default(true),
    }),
    data: group({
      /** N-32: import only cleanly aligned national/officer rating rows. */
      importStrict: z.boolean().default(true),
    }),
  })
  .readonly();

/** Every NW house ruling in force for one game. */
export type NwSettings = z.output<typeof NwSettingsSchema>;

/** A setting's dotted key, e.g. 'fet.row10To12Roll9'. */
export type NwSettingKey = DottedKey<NwSettings>;

/** The DIGEST proposals (DIGEST §3(e), §6). */
export const NW_SETTINGS_DEFAULTS: NwSettings = NwSettingsSchema.parse({});

/** What a `/game settings` command prints for one setting. */
export interface NwSettingInfo extends SettingInfoBase {
  readonly key: NwSettingKey;
  /** The DIGEST config key this setting implements. */
  readonly digestKey: string;
}

/** One line per setting, in schema order. */
export const NW_SETTING_INFO: Readonly<Record<NwSettingKey, Omit<NwSettingInfo, 'key'>>> = {
  'rounding.mode': { ruling: 'N-4', digestKey: 'nw.rounding.mode', allowed: 'tenths, half-down', explanation: 'NW rounding ".1-.5 down, .6+ up": truncate to tenths first (4.55 → 4), or round up strictly above one half (4.55 → 5).' },
  'fet.row10To12Roll9': { ruling: 'N-1', digestKey: 'nw.fet.row10_12_roll9', allowed: 'damaging, horrendous', explanation: 'A modified 9 on the 10-12 fire-point row (printed 6-8 | 10+) is Damaging or Horrendous.' },
  'fet.belowRange': { ruling: 'N-2', digestKey: 'nw.fet.below_range', allowed: 'lowest-listed, desultory', explanation: 'A modified roll below the lowest printed value takes the lowest printed result on that row, or Desultory.' },
  'fp.roundOn': { ruling: 'N-3', digestKey: 'nw.fp.round_on', allowed: 'sum, per-battery', explanation: 'Fire points of batteries firing together are summed unrounded and then rounded, or rounded per battery.' },
  'fp.halfRow': { ruling: 'N-3', digestKey: 'nw.fp.half_row', allowed: 'true, false', explanation: 'A fire-point total of exactly ½ uses the "½" row (false: rounds down to 0, no fire).' },
  'fire.targetArtilleryMod': { ruling: 'N-5', digestKey: 'nw.fire.target_artillery_mod', allowed: 'true, false', explanation: 'Apply "−1 Target is an artillery unit", printed only in the chart (L749).' },
  'evasion.mediumCav': { ruling: 'N-6', digestKey: 'nw.evasion.medium_cav', allowed: 'infantry-heavy, other', explanation: 'Medium cavalry attacking a battery uses the infantry/heavy column (chart L676) or the other-cavalry column (§8.5 L206).' },
  'combinedArms.includesAttachedArtillery': { ruling: 'N-7', digestKey: 'nw.combined_arms.includes_attached_artillery', allowed: 'true, false', explanation: 'Combined arms = infantry and cavalry on the same side of a combat; optionally attached artillery counts as the second arm.' },
  'combat.vulnerableBonusTo': { ruling: 'N-8', digestKey: 'nw.combat.vulnerable_bonus_to', allowed: 'attacker, defender-penalty', explanation: '"+1 Defender vulnerable" is +1 to the attacker\'s roll, or −1 to the defender\'s.' },
  'combat.frenchInfantryBonus': { ruling: 'N-30', digestKey: '(none in DIGEST; N-30 marked configurable)', allowed: 'dominant, any-attacker', explanation: 'The +1 French infantry attacking needs French infantry as the dominant attacker, or any attacking unit.' },
  'outnumbered.scale': { ruling: 'N-9', digestKey: 'nw.outnumbered.scale', allowed: 'floor-ratio, capped-at-3', explanation: 'Outnumbered by s.p.: −1 at 3:2, then −floor(ratio) from 2:1 (unbounded), or capped at −3.' },
  'crt.retreatImpliesDisorder': { ruling: 'N-10', digestKey: 'nw.crt.retreat_implies_disorder', allowed: 'true, false', explanation: 'A unit retreating a full move from combat is disordered.' },
  'crt.zeroLoopMax': { ruling: 'N-11', digestKey: 'nw.crt.zero_loop_max', allowed: 'unbounded, or a whole number 1-100', explanation: 'How many Desperate struggle re-rolls in a row before the combat stops.' },
  'finalFire.stopsOn': { ruling: 'N-13', digestKey: 'nw.final_fire.stops_on', allowed: 'a list of desultory, effective, damaging, horrendous, destructive', explanation: 'Final-fire results that stop the attack (the attacker must retreat).' },
  'skirmish.double': { ruling: 'N-14', digestKey: 'nw.skirmish.double', allowed: 'gte, eq', explanation: 'The skirmish "twice the target" result needs at least twice (gte) or exactly twice (eq).' },
  'labels.validate': { ruling: 'N-15', digestKey: 'nw.labels.validate', allowed: 'warn, error, off', explanation: 'The scenario label wins; warn (or refuse) when it differs from the Fatigue Level Chart.' },
  'road.bonusBeforeFraction': { ruling: 'N-17', digestKey: 'nw.road.bonus_before_fraction', allowed: 'true, false', explanation: 'The road bonus (up to 6") is added to the allowance before the maneuver fraction applies.' },
  'road.bonusOnlyWhenNeeded': { ruling: 'MV-27', digestKey: '(engine ruling, README)', allowed: 'true, false', explanation: 'A unit marching on the road takes the +6" bonus, and becomes vulnerable, only when its plain allowance is not enough (false: whenever the whole move qualifies).' },
  'reaction.counterchargeAttacker': { ruling: 'N-19', digestKey: 'nw.reaction.countercharge_attacker', allowed: 'phasing, reacting', explanation: 'After a countercharge the phasing unit stays the attacker (or the reacting cavalry becomes it).' },
  'reaction.closerUnmovedBlocks': { ruling: 'RX-3', digestKey: '(engine ruling, README)', allowed: 'true, false', explanation: 'A closer enemy in the reaction zone that did not move bars reacting past it to one that did (NW §10.1 L351).' },
  'independent.range': { ruling: 'N-21', digestKey: 'nw.independent.range', allowed: 'always, measured', explanation: 'An independent brigade is always in range of the CinC\'s command quality, or must be measured.' },
  'independent.measuredRangeInches': { ruling: 'MV-12', digestKey: '(engine ruling, README)', allowed: 'inches, 0-48', explanation: 'With independent.range measured: an independent brigade this close to its CinC is in range.' },
  'command.path': { ruling: 'N-22', digestKey: 'nw.command.path', allowed: 'straight-line, referee', explanation: 'Command range is a straight line from the commander to the unit\'s nearest point (referee may override), or referee-only.' },
  'battlefield.weather': { ruling: 'NT-41', digestKey: '(scenario special rules, §9.51)', allowed: 'clear, fog, rain, snow', explanation: 'The battle\'s weather: fog shortens skirmish ranges, visibility (24" − 6") and command ranges (−3"); rain gives the −1 fire modifier.' },
  'battlefield.ground': { ruling: 'NT-41', digestKey: '(scenario special rules, §9.4)', allowed: 'normal, mud', explanation: 'Mud doubles movement costs once (not obstacles) and hampers evasion.' },
  'battlefield.changes': { ruling: 'WX-1', digestKey: '(scenario special rules, §9.4, §9.51 L309)', allowed: 'a list of { fromTurn, weather?, ground?, twilight? }', explanation: 'Weather, ground and twilight that change by turn: each entry holds from its turn on until a later entry changes it. Twilight hinders visibility like fog (−6" of sight, −3" of command range); fog and twilight together count twice.' },
  'optional.pursuit': { ruling: 'N11', digestKey: 'DIGEST §3(b) N11', allowed: 'true, false', explanation: 'Play the optional campaign pursuit and final-losses rules after the battle (L603-619).' },
  'optional.howitzers': { ruling: 'N11', digestKey: 'DIGEST §3(b) N11', allowed: 'true, false', explanation: 'Howitzer batteries (special: howitzer) fire over friendly and enemy units; terrain still blocks (Optional §3.0 L620-622). Off: ordinary batteries of their label.' },
  'optional.rockets': { ruling: 'N11', digestKey: 'DIGEST §3(b) N11', allowed: 'true, false', explanation: 'Rocket batteries (special: rocket) fire over enemy units to 12", roll their fire points (1d6, 2d6 vs cavalry), move as horse, have no final fire and are overrun when they fail to evade (Optional §4.0 L624-626). Off: ordinary batteries of their label.' },
  'pursuit.dice': { ruling: 'N-25', digestKey: 'nw.pursuit.*', allowed: 'half-steps, whole-steps', explanation: 'Pursuit dice: 1 + floor((ratio − 1)/0.5) (3:2 → 2, 2:1 → 3), or 1 + floor(ratio − 1).' },
  'pursuit.lightOnly': { ruling: 'N-25', digestKey: 'nw.pursuit.*', allowed: 'true, false', explanation: 'Only Light-weight cavalry counts as "light cavalry" for pursuit (false: light and medium).' },
  'data.importStrict': { ruling: 'N-32', digestKey: 'nw.data.import_strict', allowed: 'true, false', explanation: 'Import only cleanly aligned national/officer rating rows; garbled cells stay unset.' },
};

const kit = settingsKit({ label: 'NW', schema: NwSettingsSchema, defaults: NW_SETTINGS_DEFAULTS, info: NW_SETTING_INFO });

/** The keys, in schema order. */
export const NW_SETTING_KEYS = kit.keys;
/** Reads one setting by its dotted key. */
export const settingValue = kit.settingValue;
/** One printable line per setting: key, default, allowed values, DIGEST id, explanation (and the current value). */
export const describeSettings = kit.describe;
/** Parses partial overrides (nested or dotted keys) over the defaults; problems name the key and its allowed values. */
export const parseNwSettings = kit.parse;
export { formatSettingValue };

/**
 * Rulings the DIGEST marks NOT configurable that still need a value (DIGEST §3(e)), plus the
 * NT-n rulings found while transcribing (see README). Procedures read them from here.
 */
export const NW_FIXED_RULINGS = {
  /** N-12: a "-" cell in the Fatigue Level Chart is a state never entered. */
  fatigueDashNeverEntered: true,
  /** N-16: Worn matters only for reaction (−1); maneuver, combat and rally ignore it. */
  wornOnlyAffectsReaction: true,
  /** N-18: routed units neither roll nor move in the maneuver phase. */
  routedDoNotManeuver: true,
  /** N-20: the −4 for squares goes on the attacking cavalry's roll (chart L789). */
  squaresPenaltyOn: 'attacking-cavalry',
  /** N-24: a unit's fatigue loss never exceeds its destroyed value (Spent ½ then destroyed = 1; Guard ×2 for the army). */
  fatigueLossCappedAtDestroyed: true,
  /** N-26: the rally "+1 V commander or CinC" does not stack; V and CinC do stack for maneuver. */
  rallyLeaderBonusStacks: false,
  /** N-27: each V commander's +1 combat bonus goes to at most one combat per combat phase. */
  valorousCombatsPerPhase: 1,
  /** N-28: a suppressed foot battery that fired is halved AND takes −1 maneuver. */
  suppressedFootArtilleryBothPenalties: true,
  /** N-29: duplicate section numbers (10.1, 11.7) are cited by title. */
  duplicateSections: 'cite-by-title',
  /** N-31: attached artillery never rolls to evade (§8.6 L219). */
  attachedArtilleryEvades: false,
  /** N-33: reaction eligibility uses §10 (zone 6" heavy / 8" other = ½ allowance). */
  reactionEligibility: 'section-10',
} as const;
