import { z } from 'zod';
import { formatSettingValue, settingsKit, type DottedKey, type SettingInfoBase } from '../settings-kit';

/**
 * B&P house rulings (DIGEST §4(e) B-1…B-17) and the engine's own rulings for gaps the text leaves
 * (BP-n, README "Tables, procedures and settings") as ONE zod schema. Keys are the DIGEST config
 * keys without `bp.`, as two-level camelCase (`bp.building.row8` → `building.row8`,
 * `bp.terrain_bonus_to` → `terrain.bonusTo`); values kebab-case. Every default is the DIGEST
 * proposal; the BP-n defaults are ours, each recorded in the README with the line it resolves.
 */

/** A group of settings; absent → every member takes its default (zod 4 `prefault` parses `{}`). */
// The cast: every member has a default, so `{}` is a valid input, which the generic cannot see.
const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).readonly().prefault({} as never);

const inches = z.number().min(0).max(48);

/** The schema: `BpSettingsSchema.parse({})` gives the defaults; any subset overrides them. */
export const BpSettingsSchema = z
  .strictObject({
    sequence: group({
      /** B-1: who moves first (no initiative rule in the text). */
      firstPlayer: z.enum(['scenario', 'rolloff-each-turn', 'alternate']).default('rolloff-each-turn'),
    }),
    melee: group({
      /** B-2: equal products (L127 prints no tie). */
      tie: z.enum(['reroll', 'both-lose-quarter', 'defender-wins']).default('reroll'),
      /** B-3: the winner's loss is ½ of the loser's unrounded casualty points, of its rounded points, or of the points of the figures it removed. */
      rounding: z.enum(['unrounded', 'rounded-points', 'removed-figures']).default('unrounded'),
      /** BP-9: casualty points turn into figures at the side's points per figure in this melee, or at its table value. */
      pointsPerFigure: z.enum(['effective', 'table']).default('effective'),
    }),
    terrain: group({
      /** B-4: who takes the "+1 pt / +1 to roll" terrain rows (L150-155). */
      bonusTo: z.enum(['defender', 'attacker']).default('defender'),
    }),
    building: group({
      /** B-5: row 8 of the Building Melee Results (L193) as printed, or as no effect. */
      row8: z.enum(['attacker-eliminated', 'no-effect']).default('attacker-eliminated'),
      /** B-6: "+1 to defender die" per defender casualty (L198), with only the attacker rolling. */
      defenderCasualtyMod: z.enum(['attacker-roll-plus', 'attacker-roll-minus', 'none']).default('attacker-roll-plus'),
    }),
    art: group({
      /** B-7: round shot rolls one D6 per figure, or per stand, the stick touches (L93). */
      roundshotUnit: z.enum(['figure', 'stand']).default('figure'),
      /** B-8: the defended-position thresholds (L101) apply to round shot too. */
      coverAppliesRoundshot: z.boolean().default(true),
      /** BP-4: the stick's width, in stand widths (L93 prints only its depth, four ranks). */
      stickWidthStands: z.number().min(0.25).max(4).default(1),
      /** BP-4: which stands the canister triangle (L82) counts: every stand it touches, or stands whose centre lies inside. */
      canisterStands: z.enum(['touched', 'centre-inside']).default('touched'),
    }),
    rout: group({
      /** B-10: inches a routing unit falls back (L167: "Infantry … would run 9""). */
      infantryInches: inches.default(9),
      /** B-10: cavalry rout distance. */
      cavalryInches: inches.default(12),
      /** B-10: artillery crew rout distance. */
      artilleryInches: inches.default(9),
    }),
    recovery: group({
      /** B-11: which move periods advance halt → reforming → effective (L167-169). */
      clock: z.enum(['own', 'every']).default('own'),
    }),
    disruption: group({
      /** B-16: "may not advance for one turn" (L167) ends after the unit's next own move, or after a full turn (two move periods). */
      lasts: z.enum(['next-own-move', 'full-turn']).default('next-own-move'),
    }),
    control: group({
      /** B-12: the turns B-class units roll (L206 "every other turn"); `even-turns-carry` keeps an even turn's result for the next odd turn. */
      bSchedule: z.enum(['even-turns', 'odd-turns', 'even-turns-carry']).default('even-turns'),
    }),
    command: group({
      /** B-14: "must roll a 12 with the dice" (L202): 2D6 = 12, or a D12 = 12. */
      killDice: z.enum(['2d6', '1d12']).default('2d6'),
    }),
    fire: group({
      /** BP-1: stands of a column that fire a volley (L73: "only the lead stands"): the column's front rank. */
      columnLeadStands: z.number().int().min(1).max(4).default(2),
      /** BP-2: stands of a square that fire (L175: "Only the side being attacked may fire"): one face. */
      squareFaceStands: z.number().int().min(1).max(4).default(1),
    }),
    casualties: group({
      /** BP-3: figures come off the rearmost (or, in line, the outer-flank) stand first; a stand goes when empty. */
      standRemoval: z.enum(['rear-first', 'front-first']).default('rear-first'),
      /**
       * BP-21: round shot and canister hits come off the stands the stick or triangle touched
       * (L93, L99), so a stand in the middle of a line can fall and leave a hole (L113); or, as
       * other fire, in the BP-3 order.
       */
      artilleryHits: z.enum(['stands-hit', 'stand-order']).default('stands-hit'),
    }),
    returnFire: group({
      /** BP-5: "A unit issuing return fire may not move" (L131): for the rest of the opponent's move period, or also its own next move. */
      noMove: z.enum(['rest-of-opponent-move', 'through-next-own-move']).default('rest-of-opponent-move'),
    }),
    pursuit: group({
      /**
       * BP-17: "If the unit is pursued by infantry or cavalry, the retreat must continue" (L171).
       * Pursued: an enemy infantry or cavalry unit moves nearer to it and ends its move with its
       * front centre within this many inches of it (default 6", musket range L80).
       */
      withinInches: inches.default(6),
    }),
    optional: group({
      /** Optional Control (L206): classes A/B/C dice for movement. */
      control: z.boolean().default(false),
      /** Optional Green Troops (L208): −1 on morale, melee and fire for green units. */
      greenTroops: z.boolean().default(false),
      /** Command figures (L200-202, a main-body rule "if used in the game"): on unless a game switches them off. */
      commandFigures: z.boolean().default(true),
    }),
  })
  .readonly();

/** Every B&P house ruling in force for one game. */
export type BpSettings = z.output<typeof BpSettingsSchema>;

/** A setting's dotted key, e.g. 'building.row8'. */
export type BpSettingKey = DottedKey<BpSettings>;

/** The DIGEST proposals (DIGEST §4(e), §6) and our BP-n defaults. */
export const BP_SETTINGS_DEFAULTS: BpSettings = BpSettingsSchema.parse({});

/** What a `/game settings` command prints for one setting. */
export interface BpSettingInfo extends SettingInfoBase {
  readonly key: BpSettingKey;
  /** The DIGEST config key this setting implements ('(engine ruling, README)' for BP-n). */
  readonly digestKey: string;
}

/** One line per setting, in schema order. */
export const BP_SETTING_INFO: Readonly<Record<BpSettingKey, Omit<BpSettingInfo, 'key'>>> = {
  'sequence.firstPlayer': { ruling: 'B-1', digestKey: 'bp.first_player', allowed: 'scenario, rolloff-each-turn, alternate', explanation: 'Who moves first each turn: as the scenario says, a D6 roll-off every turn (high roll chooses), or alternating.' },
  'melee.tie': { ruling: 'B-2', digestKey: 'bp.melee.tie', allowed: 'reroll, both-lose-quarter, defender-wins', explanation: 'Equal melee products: both re-roll, both lose ¼ of their points (nobody routs), or the defender wins.' },
  'melee.rounding': { ruling: 'B-3', digestKey: 'bp.melee.rounding', allowed: 'unrounded, rounded-points, removed-figures', explanation: 'Loser: ¼ of its points, figures rounded up. Winner: ½ of the loser\'s unrounded casualty points, of those points rounded up, or of the points of the figures removed; rounded down.' },
  'melee.pointsPerFigure': { ruling: 'BP-9', digestKey: '(engine ruling, README)', allowed: 'effective, table', explanation: 'Casualty points become figures at the side\'s points per figure in this melee (with square, flank, terrain, command points) or at its Morale and Point Table value.' },
  'terrain.bonusTo': { ruling: 'B-4', digestKey: 'bp.terrain_bonus_to', allowed: 'defender, attacker', explanation: 'The uphill / wood / stream (+1 pt, +1 to roll) and higher / works / wide stream (+2) rows go to the defender, or to the attacker.' },
  'building.row8': { ruling: 'B-5', digestKey: 'bp.building.row8', allowed: 'attacker-eliminated, no-effect', explanation: 'Building melee row 8: the attacking stand is eliminated (as printed, L193), or nothing happens.' },
  'building.defenderCasualtyMod': { ruling: 'B-6', digestKey: 'bp.building.def_casualty_mod', allowed: 'attacker-roll-plus, attacker-roll-minus, none', explanation: 'Each existing defender casualty: +1 to the attacking stand\'s roll, −1 to it, or nothing.' },
  'art.roundshotUnit': { ruling: 'B-7', digestKey: 'bp.art.roundshot_unit', allowed: 'figure, stand', explanation: 'Round shot rolls one D6 per figure the stick touches, or one per stand (a hit then removes one figure).' },
  'art.coverAppliesRoundshot': { ruling: 'B-8', digestKey: 'bp.art.cover_applies_roundshot', allowed: 'true, false', explanation: 'A target in a defended (1-2) or very strong (1) position is harder to hit by round shot too, not only by canister.' },
  'art.stickWidthStands': { ruling: 'BP-4', digestKey: '(engine ruling, README)', allowed: 'stand widths, 0.25-4', explanation: 'Width of the round-shot stick, in stand widths; it reaches up to four ranks deep (L93).' },
  'art.canisterStands': { ruling: 'BP-4', digestKey: '(engine ruling, README)', allowed: 'touched, centre-inside', explanation: 'The canister triangle (60°, to 6") counts every figure of each stand it touches, or only stands whose centre is inside.' },
  'rout.infantryInches': { ruling: 'B-10', digestKey: 'bp.rout.distance', allowed: 'inches, 0-48', explanation: 'How far routing infantry falls back (the text\'s example: 9"); no road bonus.' },
  'rout.cavalryInches': { ruling: 'B-10', digestKey: 'bp.rout.distance', allowed: 'inches, 0-48', explanation: 'How far routing cavalry falls back; no road bonus.' },
  'rout.artilleryInches': { ruling: 'B-10', digestKey: 'bp.rout.distance', allowed: 'inches, 0-48', explanation: 'How far a routing artillery crew falls back (the gun is lost, L103).' },
  'recovery.clock': { ruling: 'B-11', digestKey: 'bp.recovery.clock', allowed: 'own, every', explanation: 'Halt → reforming → combat effective advance on the unit\'s own move periods, or on every move period.' },
  'disruption.lasts': { ruling: 'B-16', digestKey: '(DIGEST B-16, configurable)', allowed: 'next-own-move, full-turn', explanation: 'Disruption ends after the unit\'s next own move period, or after a full turn (two move periods).' },
  'control.bSchedule': { ruling: 'B-12', digestKey: 'bp.control.b_schedule', allowed: 'even-turns, odd-turns, even-turns-carry', explanation: 'Optional control: B-class units roll on even turns (odd turns full), on odd turns, or on even turns with the result kept for the next turn.' },
  'command.killDice': { ruling: 'B-14', digestKey: '(DIGEST B-14, configurable)', allowed: '2d6, 1d12', explanation: 'A command figure is killed by fire or assault on 2D6 = 12 (one roll per fire or assault on its stand), or on a D12 = 12.' },
  'fire.columnLeadStands': { ruling: 'BP-1', digestKey: '(engine ruling, README)', allowed: 'whole number 1-4', explanation: 'How many lead stands of a column volley (the column\'s front rank).' },
  'fire.squareFaceStands': { ruling: 'BP-2', digestKey: '(engine ruling, README)', allowed: 'whole number 1-4', explanation: 'How many stands of a square fire (the face being attacked).' },
  'casualties.standRemoval': { ruling: 'BP-3', digestKey: '(engine ruling, README)', allowed: 'rear-first, front-first', explanation: 'Figures come off the last stand listed (rear of a column, outer flank of a line) first, or the first; a stand is removed when empty.' },
  'casualties.artilleryHits': { ruling: 'BP-21', digestKey: '(engine ruling, README)', allowed: 'stands-hit, stand-order', explanation: 'Round shot and canister hits come off the stands they touched (a line can be holed in its middle, L113), or in the stand-removal order like other fire.' },
  'returnFire.noMove': { ruling: 'BP-5', digestKey: '(engine ruling, README)', allowed: 'rest-of-opponent-move, through-next-own-move', explanation: 'A unit that returned fire may not move for the rest of the opponent\'s move period, or also in its own next move.' },
  'pursuit.withinInches': { ruling: 'BP-17', digestKey: '(engine ruling, README)', allowed: 'inches, 0-48', explanation: 'A routed, halted or reforming unit is pursued (L171: its retreat continues, the halt starts again) when an enemy infantry or cavalry unit moves nearer to it and ends within this many inches of it.' },
  'optional.control': { ruling: 'BP-10', digestKey: '(optional rule L206)', allowed: 'true, false', explanation: 'Play the optional Control rule: B and C units dice for full or half movement.' },
  'optional.greenTroops': { ruling: 'BP-10', digestKey: '(optional rule L208)', allowed: 'true, false', explanation: 'Play the optional Green Troops rule: −1 on morale, melee and fire die rolls for units marked green.' },
  'optional.commandFigures': { ruling: 'BP-10', digestKey: '(main rule L200-202, "if used")', allowed: 'true, false', explanation: 'Command figures give +1 morale, +1 melee die and +1 point per figure within 4".' },
};

const kit = settingsKit({ label: 'B&P', schema: BpSettingsSchema, defaults: BP_SETTINGS_DEFAULTS, info: BP_SETTING_INFO });

/** The keys, in schema order. */
export const BP_SETTING_KEYS = kit.keys;
/** Reads one setting by its dotted key. */
export const bpSettingValue = kit.settingValue;
/** One printable line per setting: key, default, allowed values, ruling id, explanation (and the current value). */
export const describeBpSettings = kit.describe;
/** Parses partial overrides (nested or dotted keys) over the defaults; problems name the key and its allowed values. */
export const parseBpSettings = kit.parse;
export { formatSettingValue };

/**
 * Rulings the DIGEST marks NOT configurable, and engine rulings without an alternative worth a
 * setting. Procedures read them from here; the README lists each with its line.
 */
export const BP_FIXED_RULINGS = {
  /** B-9: a modified volley die below 0 counts 0 (no hits). BP-11: so does a melee die. */
  dieFloor: 0,
  /** B-13: a charge uses the normal move for the formation; one stand's contact brings in the whole unit. */
  chargeUsesNormalMove: true,
  /** B-15: return fire is resolved after the phasing volley's casualties come off (L133: 9 figures fire back). */
  returnFireAfterCasualties: true,
  /** B-17: a crew below 3 takes 1 move to transfer and 1 to integrate (L97). */
  crewReinforceMoves: 2,
  /** BP-12: a square charged by infantry tests on its line/guard row (L175: "a regular infantry melee"), not on 4. */
  squareVsInfantryUsesRegularRow: true,
  /** BP-13: melee ties with `reroll` stop after this many re-rolls in a row (a guard against a broken dice source). */
  meleeRerollGuard: 1000,
} as const;
