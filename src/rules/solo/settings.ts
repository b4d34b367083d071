import { z } from 'zod';
import { formatSettingValue, settingsKit, type DottedKey, type SettingInfoBase } from '../settings-kit';

/**
 * Kuryakin house rulings (DIGEST §2(e) K-1…K-19, §6 `kur.*`) and the engine's own rulings for
 * gaps the text leaves (KS-n, README "Every ruling taken") as ONE zod schema. Keys are the DIGEST
 * keys without `kur.`, as two-level camelCase (`kur.queue.charged_slot` → `queue.chargedSlot`);
 * values kebab-case. The lost tables (Control Rating, base moves, ranges and the artillery table,
 * the D10 morale chart, Grade A levels, division/corps control modifiers) are settings whose
 * defaults are DIGEST's placeholders: `SOLO_SETTING_INFO[key].placeholder` marks them, and the
 * narrative labels every number read from one ("placeholder", README).
 */

const group = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).readonly().prefault({} as never);
const mm = z.number().int().min(0).max(5000);
const pct = z.number().int().min(0).max(200);
const d6Range = z.number().int().min(1).max(6);

/** K-1 placeholder: D6 → Control Rating grade (the D8 must come under it, L6). */
const CrRow = z.strictObject({ from: d6Range, to: d6Range, label: z.string().min(1).max(40), grade: z.number().int().min(1).max(9) });
/** K-4 placeholder: one row of the lost artillery range table (L14-15). */
const ArtilleryBand = z.strictObject({
  band: z.enum(['canister', 'ball-short', 'ball-long']),
  maxMm: mm,
  dice: z.enum(['1d6', '2d6']),
  deduction: z.number().int().min(-6).max(6),
  saveFrom: z.number().int().min(2).max(7),
});
/** K-5 placeholder: one row of the lost D10 morale result chart (L23-24). */
const D10Row = z.strictObject({
  from: z.number().int().min(1).max(10),
  to: z.number().int().min(1).max(10),
  result: z.enum(['rout', 'retire', 'halt', 'shaken']),
  chits: z.number().int().min(0).max(6),
});
/** K-7: a chance card supplied by the campaign. */
const ChanceCard = z.strictObject({
  name: z.string().min(1).max(60),
  effect: z.enum(['add-disorder', 'remove-disorder', 'extra-move-die', 'force-morale-test', 'steady', 'none']),
  text: z.string().max(300).default(''),
});

const tiles = <T extends z.ZodTypeAny>(row: T, what: string) =>
  z.array(row).min(1).max(12).refine((rows) => covers(rows as unknown as { from: number; to: number }[]), { message: `${what}: rows must run from 1 upward, each from ≤ to, without gap or overlap` });
function covers(rows: readonly { from: number; to: number }[]): boolean {
  let next = 1;
  for (const r of rows) { if (r.from !== next || r.to < r.from) return false; next = r.to + 1; }
  return true;
}

/** The schema: `SoloSettingsSchema.parse({})` gives the defaults; any subset overrides them. */
export const SoloSettingsSchema = z
  .strictObject({
    generals: group({
      /** K-1 PLACEHOLDER: the lost Control Rating table (D6 → grade). */
      crTable: tiles(CrRow, 'generals.crTable').refine((r) => r.at(-1)!.to === 6, { message: 'generals.crTable must reach 6' }).default([
        { from: 1, to: 2, label: 'Poor', grade: 4 },
        { from: 3, to: 4, label: 'Average', grade: 6 },
        { from: 5, to: 6, label: 'Good', grade: 8 },
      ]),
      /** KS-1: a national variation (L7) shifts the rating one step (CR: the grade ±1), or the D6 that generates it. */
      nationalShift: z.enum(['rating', 'roll']).default('rating'),
      /** KS-42: how far a general rides in his side's activation, mm (the text prints no general's move). */
      moveMm: mm.default(300),
    }),
    control: group({
      /** K-2 PLACEHOLDER: a division commander within 300 mm adds this to the brigadier's grade. */
      divMod: z.number().int().min(-3).max(3).default(1),
      /** K-2 PLACEHOLDER: a corps commander within 300 mm adds this to the brigadier's grade. */
      corpsMod: z.number().int().min(-3).max(3).default(1),
    }),
    move: group({
      /** K-3 PLACEHOLDER: base move per kind, mm (the D8/D12 cm are added to it). */
      baseMm: z.strictObject({ infantry: mm, infantryColumn: mm, footArtillery: mm, cavalry: mm, horseArtillery: mm }).default({ infantry: 150, infantryColumn: 200, footArtillery: 100, cavalry: 300, horseArtillery: 250 }),
      /** K-13: a 0 on the marked die under a Below Average brigadier stays 0, or becomes +1. */
      zeroWithBelowAverage: z.enum(['stays-zero', 'plus-one']).default('stays-zero'),
      /** KS-3: a swerve into another unit stops short and both take D3 'D' (L11 collision), or passes through. */
      swerveCollision: z.enum(['stop-short-and-disorder', 'ignore']).default('stop-short-and-disorder'),
      /** KS-37: the straight move stops short at the first base in its way (the player places it, L9: no collision), or collides (D3 'D' each, L11). */
      pathBlocked: z.enum(['stop-short', 'stop-short-and-disorder']).default('stop-short'),
      /** KS-35: the text prints no terrain effect on movement: each mm in difficult ground costs this many mm of the move (1 = none). */
      difficultCost: z.number().min(1).max(4).default(2),
    }),
    ranges: group({
      /** K-4 PLACEHOLDER: musket (and skirmish, KS-4) short range, mm. */
      musketShortMm: mm.default(100),
      /** K-4 PLACEHOLDER: musket long range, mm. */
      musketLongMm: mm.default(200),
      /** K-4 PLACEHOLDER: the lost artillery range table, nearest band first. */
      artillery: z.array(ArtilleryBand).min(1).max(6).default([
        { band: 'canister', maxMm: 300, dice: '2d6', deduction: 0, saveFrom: 6 },
        { band: 'ball-short', maxMm: 600, dice: '1d6', deduction: 0, saveFrom: 5 },
        { band: 'ball-long', maxMm: 1000, dice: '1d6', deduction: -1, saveFrom: 4 },
      ]),
    }),
    morale: group({
      /** K-6 PLACEHOLDER: Grade A morale BPL (L22 prints B, C, D). */
      bplA: pct.default(90),
      /** K-5 PLACEHOLDER: the lost D10 result chart for a failed test; the first two rows need rallying (L24). */
      d10Chart: tiles(D10Row, 'morale.d10Chart').refine((r) => r.at(-1)!.to === 10, { message: 'morale.d10Chart must reach 10' }).default([
        { from: 1, to: 2, result: 'rout', chits: 2 },
        { from: 3, to: 4, result: 'retire', chits: 1 },
        { from: 5, to: 7, result: 'halt', chits: 1 },
        { from: 8, to: 10, result: 'shaken', chits: 1 },
      ]),
      /** K-5 PLACEHOLDER: the lost "Reasons for Testing" (L20-21). */
      triggers: z.array(z.enum(['charged', 'lost-melee', 'friend-routs-within-300', 'fire-casualties'])).max(4).default(['charged', 'lost-melee', 'friend-routs-within-300', 'fire-casualties']),
      /** K-5 PLACEHOLDER: the share of its figures a unit must lose to one activation's fire to test, %. */
      fireCasualtyPercent: z.number().int().min(1).max(100).default(10),
      /** K-18: "each casualty −3%" counts this turn's casualties, or all. */
      casualtyScope: z.enum(['turn', 'cumulative']).default('turn'),
      /** KS-5: the text has no rally procedure (L24 names one): a routing or retiring unit rallies on a morale test at its card, or never. */
      rally: z.enum(['morale-test', 'never']).default('morale-test'),
      /** KS-29 PLACEHOLDER: how far a rout move goes, in the unit's base moves (L11 "each move of Rout"; the distance is lost with the D10 chart). */
      routMoves: z.number().min(0).max(4).default(1),
      /** KS-29 PLACEHOLDER: how far a retire move goes, in base moves (K-5: "retire a full move"). */
      retireMoves: z.number().min(0).max(4).default(1),
      /** KS-30: a rout makes for the side's own table edge, or goes away from the enemy that caused it (as a retire does). */
      routWay: z.enum(['own-edge', 'away-from-enemy']).default('own-edge'),
      /** KS-37: a rout or retire move stops at the first base in its way, both taking D3 'D' (L11 collision), or passes through. */
      flightCollision: z.enum(['stop-short-and-disorder', 'pass-through']).default('stop-short-and-disorder'),
    }),
    charge: group({
      /** K-6 PLACEHOLDER: Grade A charge-test BPL (L26 prints B, C, D). */
      bplA: pct.default(85),
      /** KS-6: L19 (cavalry charge home only on a failed infantry test) against L28 (−50% vs steady infantry). */
      cavalryVsSteadyInfantry: z.enum(['test-at-minus-50', 'halt']).default('test-at-minus-50'),
    }),
    chargeHome: group({
      /** K-17: cavalry failing charge home halt short and take +1 'D'. */
      cavalryFail: z.enum(['halt-short-plus-1d', 'retire']).default('halt-short-plus-1d'),
      /** K-17: D class infantry failing charge home take the D10 morale result, or halt and volley like A-C. */
      classDFail: z.enum(['d10', 'halt-and-volley']).default('d10'),
      /** K-17: how far short the cavalry halt, mm. */
      haltShortMm: mm.default(100),
    }),
    queue: group({
      /** K-10: a charged unit acts right after its charger (4.5), or at the card + 2.5 of the example (6.5). */
      chargedSlot: z.enum(['after-charger', 'literal-plus-2-5']).default('after-charger'),
    }),
    chance: group({
      /** K-7: the lost chance deck; empty switches chance cards off. */
      deck: z.array(ChanceCard).max(54).default([]),
      /** K-19 / L3: played by the holder between actions (or at a charge or morale interrupt), or at random. */
      timing: z.enum(['between-actions', 'random']).default('between-actions'),
    }),
    fire: group({
      /** K-8: the volley die (L12 "1D6", L14 "the D4 results"). */
      volleyDie: z.enum(['d6', 'd4']).default('d6'),
      /** KS-7: who takes the 'D' for a round of firing (L11): the firer, the target, or both. */
      disorderTo: z.enum(['firer', 'target', 'both']).default('firer'),
      /** KS-39: a volley's firing arc, degrees in all (L12 "a firing arc of 45°"), half each side of straight ahead. */
      volleyArcDeg: z.number().min(0).max(180).default(45),
      /** KS-39: a battery's firing arc, degrees in all (the text prints none: as a volley's). */
      artilleryArcDeg: z.number().min(0).max(180).default(45),
    }),
    melee: group({
      /** K-11: points per figure for cavalry other than light (L17 prints only light = 1). */
      cavPoints: z.strictObject({ medium: z.number().min(0.5).max(4), heavy: z.number().min(0.5).max(4), cuirassier: z.number().min(0.5).max(4) }).default({ medium: 1.5, heavy: 2, cuirassier: 2 }),
      /** K-12: dice per 5 points, the remainder rounded up or down. */
      dice: z.enum(['ceil', 'floor']).default('ceil'),
      /** K-12: the modifiers apply once to the total, or to each die. */
      modifiersOn: z.enum(['total', 'per-die']).default('total'),
      /** K-12: half an odd total: the .5 settled with percentage dice (50%), or dropped. */
      half: z.enum(['percentage', 'down']).default('percentage'),
    }),
    d100: group({
      /** K-14: "below the final figure" is strictly below, or at most. */
      compare: z.enum(['lt', 'le']).default('lt'),
    }),
    optional: group({
      /** L29: officers, musicians and standard bearers ("most of these rules assume … these people"). */
      specialFigures: z.boolean().default(true),
    }),
    figures: group({
      /** KS-19: ranks of a line (its front rank fires and takes the hits, L12, L14). */
      lineRanks: z.number().int().min(1).max(4).default(2),
      /** KS-19: figures abreast in a column's front rank (L14: "officers leading a column are in much greater danger"). */
      columnFrontage: z.number().int().min(1).max(12).default(6),
    }),
    victory: group({
      /** KS-8: no victory rule: a side whose routed or destroyed units reach this % of its units at the end of a turn loses. */
      breakPercent: z.number().int().min(1).max(100).default(50),
      /** KS-25: no victory rule: after the last turn the side with the smaller share of units routing or gone wins, or it is a draw. */
      atLastTurn: z.enum(['fewer-broken', 'draw']).default('fewer-broken'),
    }),
  })
  .readonly();

/** Every Kuryakin house ruling in force for one game. */
export type SoloSettings = z.output<typeof SoloSettingsSchema>;
/** A setting's dotted key, e.g. 'queue.chargedSlot'. */
export type SoloSettingKey = DottedKey<SoloSettings>;
/** The DIGEST proposals (§2(e), §6) and our KS-n defaults. */
export const SOLO_SETTINGS_DEFAULTS: SoloSettings = SoloSettingsSchema.parse({});

/** What /game settings prints for one setting. */
export interface SoloSettingInfo extends SettingInfoBase {
  /** The DIGEST config key this setting implements. */
  readonly digestKey: string;
  /** A number the author did not print (a lost table): labelled "placeholder" wherever used. */
  readonly placeholder: boolean;
}

const P = true;
/** One line per setting, in schema order. */
export const SOLO_SETTING_INFO: Readonly<Record<SoloSettingKey, SoloSettingInfo>> = {
  'generals.crTable': { ruling: 'K-1', digestKey: 'kur.generals.cr_table', allowed: 'rows {from,to,label,grade} tiling D6 1-6', explanation: 'PLACEHOLDER for the lost Control Rating table: D6 → grade; the brigadier passes with a D8 under it (L6).', placeholder: P },
  'generals.nationalShift': { ruling: 'KS-1', digestKey: '(engine ruling, README)', allowed: 'rating, roll', explanation: 'National variations (L7) move a rating one step (CR: grade ±1), or modify the D6 that generates it.', placeholder: false },
  'generals.moveMm': { ruling: 'KS-42', digestKey: '(engine ruling, README)', allowed: 'mm 0-5000', explanation: 'How far a general rides in one of his side\'s activations (/move); the text prints no general\'s move.', placeholder: false },
  'control.divMod': { ruling: 'K-2', digestKey: 'kur.control.div_mod', allowed: 'whole number −3..3', explanation: 'PLACEHOLDER: a division commander within 300 mm of the brigadier adds this to his grade (L6 omits the value).', placeholder: P },
  'control.corpsMod': { ruling: 'K-2', digestKey: 'kur.control.corps_mod', allowed: 'whole number −3..3', explanation: 'PLACEHOLDER: a corps commander within 300 mm of the brigadier adds this to his grade.', placeholder: P },
  'move.baseMm': { ruling: 'K-3', digestKey: 'kur.move.base_mm', allowed: '{infantry, infantryColumn, footArtillery, cavalry, horseArtillery} in mm', explanation: 'PLACEHOLDER base moves (the text gives only the D8/D12 centimetres, L9).', placeholder: P },
  'move.zeroWithBelowAverage': { ruling: 'K-13', digestKey: 'kur.move.zero_with_below_avg', allowed: 'stays-zero, plus-one', explanation: 'A 0 on the marked die under a Below Average brigadier has no "nearest extreme" (L9): it stays 0, or becomes +1.', placeholder: false },
  'move.swerveCollision': { ruling: 'KS-3', digestKey: '(engine ruling, README)', allowed: 'stop-short-and-disorder, ignore', explanation: 'A swerve that would hit another unit stops short and each unit takes D3 \'D\' (L11 collision), or is ignored.', placeholder: false },
  'move.pathBlocked': { ruling: 'KS-37', digestKey: '(engine ruling, README)', allowed: 'stop-short, stop-short-and-disorder', explanation: 'A straight move stops short at the first base in its way (the player places the move, L9), or also collides (D3 \'D\' each, L11).', placeholder: false },
  'move.difficultCost': { ruling: 'KS-35', digestKey: '(engine ruling, README)', allowed: 'number 1-4', explanation: 'The text prints no terrain effect on movement: each mm in difficult ground (woods, marsh, or terrain marked difficult) costs this many mm of the move.', placeholder: false },
  'ranges.musketShortMm': { ruling: 'K-4', digestKey: 'kur.ranges.*', allowed: 'mm 0-5000', explanation: 'PLACEHOLDER musket (and skirmisher) short range (L14 names short and long, not their distances).', placeholder: P },
  'ranges.musketLongMm': { ruling: 'K-4', digestKey: 'kur.ranges.*', allowed: 'mm 0-5000', explanation: 'PLACEHOLDER musket long range.', placeholder: P },
  'ranges.artillery': { ruling: 'K-4', digestKey: 'kur.ranges.*', allowed: 'bands {band, maxMm, dice, deduction, saveFrom}, nearest first', explanation: 'PLACEHOLDER for the lost artillery range table: reach, dice, Deductions column, save column (L14-15).', placeholder: P },
  'morale.bplA': { ruling: 'K-6', digestKey: 'kur.morale.bpl.A', allowed: '% 0-200', explanation: 'PLACEHOLDER Grade A morale level (L22 prints B 80, C 65, D 50).', placeholder: P },
  'morale.d10Chart': { ruling: 'K-5', digestKey: 'kur.morale.d10_chart', allowed: 'rows {from,to,result: rout|retire|halt|shaken, chits} tiling 1-10', explanation: 'PLACEHOLDER for the lost D10 chart of a failed morale test; the first two results need rallying (L24).', placeholder: P },
  'morale.triggers': { ruling: 'K-5', digestKey: 'kur.morale.triggers', allowed: 'any of charged, lost-melee, friend-routs-within-300, fire-casualties', explanation: 'PLACEHOLDER for the lost "Reasons for Testing" (L20-21).', placeholder: P },
  'morale.fireCasualtyPercent': { ruling: 'K-5', digestKey: 'kur.morale.triggers', allowed: '% 1-100', explanation: 'PLACEHOLDER: a unit losing this share of its figures to one activation\'s fire tests morale.', placeholder: P },
  'morale.casualtyScope': { ruling: 'K-18', digestKey: 'kur.morale.casualty_scope', allowed: 'turn, cumulative', explanation: '"Each casualty −3%" (L23) counts the casualties of this turn, or all since the start.', placeholder: false },
  'morale.rally': { ruling: 'KS-5', digestKey: '(engine ruling, README)', allowed: 'morale-test, never', explanation: 'No rally procedure survives (L24): a routing or retiring unit rallies by passing a morale test when its card comes up, or never.', placeholder: false },
  'morale.routMoves': { ruling: 'KS-29', digestKey: 'kur.morale.d10_chart', allowed: 'base moves 0-4', explanation: 'PLACEHOLDER: a routing unit flees this many of its base moves, at the result and at each card until it rallies (L11 "each move of Rout 2D"; the distance is lost).', placeholder: P },
  'morale.retireMoves': { ruling: 'KS-29', digestKey: 'kur.morale.d10_chart', allowed: 'base moves 0-4', explanation: 'PLACEHOLDER: a retiring unit falls back this many of its base moves, at the result and at each card until it rallies (K-5 "retire a full move"; L11 1D a move).', placeholder: P },
  'morale.routWay': { ruling: 'KS-30', digestKey: '(engine ruling, README)', allowed: 'own-edge, away-from-enemy', explanation: 'A routing unit makes for its own table edge, or flees away from the enemy that caused it (a retire always goes away from the enemy).', placeholder: false },
  'morale.flightCollision': { ruling: 'KS-37', digestKey: '(engine ruling, README)', allowed: 'stop-short-and-disorder, pass-through', explanation: 'A rout or retire move stops at the first base in its way and both take D3 \'D\' (L11 collision), or passes through.', placeholder: false },
  'charge.bplA': { ruling: 'K-6', digestKey: 'kur.charge.bpl.A', allowed: '% 0-200', explanation: 'PLACEHOLDER Grade A charge-test level (L26 prints B 75, C 65, D 55).', placeholder: P },
  'charge.cavalryVsSteadyInfantry': { ruling: 'KS-6', digestKey: '(engine ruling, README)', allowed: 'test-at-minus-50, halt', explanation: 'Cavalry whose target infantry held (L19 vs L28): test to charge home at −50%, or halt.', placeholder: false },
  'chargeHome.cavalryFail': { ruling: 'K-17', digestKey: 'kur.charge_home.fail', allowed: 'halt-short-plus-1d, retire', explanation: 'Cavalry failing charge home halt short and take +1 \'D\', or retire 100 mm.', placeholder: false },
  'chargeHome.classDFail': { ruling: 'K-17', digestKey: 'kur.charge_home.fail', allowed: 'd10, halt-and-volley', explanation: 'D class infantry failing charge home take the D10 morale result, or halt and volley like A-C (L28).', placeholder: false },
  'chargeHome.haltShortMm': { ruling: 'K-17', digestKey: 'kur.charge_home.fail', allowed: 'mm 0-5000', explanation: 'How far short of the target failed cavalry halt.', placeholder: false },
  'queue.chargedSlot': { ruling: 'K-10', digestKey: 'kur.queue.charged_slot', allowed: 'after-charger, literal-plus-2-5', explanation: 'A charged unit acts right after its charger (4.5), or at the charger\'s card + 2.5 as in the example (L8: #4 → 6.5).', placeholder: false },
  'chance.deck': { ruling: 'K-7', digestKey: 'kur.chance.deck', allowed: 'cards {name, effect, text}', explanation: 'The chance deck (its contents are lost, L3); empty turns chance cards off.', placeholder: false },
  'chance.timing': { ruling: 'K-19', digestKey: 'kur.chance.timing', allowed: 'between-actions, random', explanation: 'Chance cards are played by their holder between actions, or at random (L3 "or randomly if preferred").', placeholder: false },
  'fire.volleyDie': { ruling: 'K-8', digestKey: 'kur.fire.volley_die', allowed: 'd6, d4', explanation: 'Each volley rolls 1D6 (L12) or a D4 (L14 "the D4 results").', placeholder: false },
  'fire.disorderTo': { ruling: 'KS-7', digestKey: '(engine ruling, README)', allowed: 'firer, target, both', explanation: 'Who takes the \'D\' for a round of firing (L11): the firer, the target, or both.', placeholder: false },
  'fire.volleyArcDeg': { ruling: 'KS-39', digestKey: '(engine ruling, README)', allowed: 'degrees 0-180', explanation: 'Each volley\'s firing arc in all (L12 "45°"), from its own five figures\' stretch of the front, half each side of straight ahead.', placeholder: false },
  'fire.artilleryArcDeg': { ruling: 'KS-39', digestKey: '(engine ruling, README)', allowed: 'degrees 0-180', explanation: 'A battery\'s firing arc in all (the text prints none).', placeholder: false },
  'melee.cavPoints': { ruling: 'K-11', digestKey: 'kur.melee.cav_points', allowed: '{medium, heavy, cuirassier} points per figure 0.5-4', explanation: 'Melee points per cavalryman other than light (L17 prints light = 1).', placeholder: false },
  'melee.dice': { ruling: 'K-12', digestKey: 'kur.melee.*', allowed: 'ceil, floor', explanation: '1D6 per 5 points (L16): a part of 5 rounds up to a die, or is dropped.', placeholder: false },
  'melee.modifiersOn': { ruling: 'K-12', digestKey: 'kur.melee.*', allowed: 'total, per-die', explanation: 'Melee modifiers apply once to the total, or to each die.', placeholder: false },
  'melee.half': { ruling: 'K-12', digestKey: 'kur.melee.*', allowed: 'percentage, down', explanation: 'Half an odd total: the half casualty happens on d% ≤ 50, or is dropped.', placeholder: false },
  'd100.compare': { ruling: 'K-14', digestKey: 'kur.d100.compare', allowed: 'lt, le', explanation: 'A D100 test passes strictly below the final figure (L23 "below"), or at it too.', placeholder: false },
  'optional.specialFigures': { ruling: 'L29', digestKey: '(optional rule L29)', allowed: 'true, false', explanation: 'Play officers, musicians and standard bearers, with the modifiers for their loss.', placeholder: false },
  'figures.lineRanks': { ruling: 'KS-19', digestKey: '(engine ruling, README)', allowed: 'whole number 1-4', explanation: 'Ranks of a line: its front rank (figures ÷ ranks, rounded up) fires in fives and takes the hits.', placeholder: false },
  'figures.columnFrontage': { ruling: 'KS-19', digestKey: '(engine ruling, README)', allowed: 'whole number 1-12', explanation: 'Figures abreast at the head of a column (its front rank); a square shows a quarter of its figures on each face.', placeholder: false },
  'victory.breakPercent': { ruling: 'KS-8', digestKey: '(engine ruling, README)', allowed: '% 1-100', explanation: 'No victory rule survives: a side loses when this % of its units are routing or gone at the end of a turn.', placeholder: false },
  'victory.atLastTurn': { ruling: 'KS-25', digestKey: '(engine ruling, README)', allowed: 'fewer-broken, draw', explanation: 'No victory rule survives: after the last turn the side with the smaller share of units routing or gone wins (equal shares draw), or every unbroken end is a draw.', placeholder: false },
};

const kit = settingsKit({ label: 'Kuryakin', schema: SoloSettingsSchema, defaults: SOLO_SETTINGS_DEFAULTS, info: SOLO_SETTING_INFO });

/** The keys, in schema order. */
export const SOLO_SETTING_KEYS = kit.keys;
/** Reads one setting by its dotted key. */
export const soloSettingValue = kit.settingValue;
/** One printable line per setting. */
export const describeSoloSettings = kit.describe;
/** Parses partial overrides (nested or dotted keys) over the defaults. */
export const parseSoloSettings = kit.parse;
/** The settings that stand for lost tables: every number read from one is labelled "placeholder". */
export const SOLO_PLACEHOLDER_KEYS: readonly SoloSettingKey[] = SOLO_SETTING_KEYS.filter((k) => SOLO_SETTING_INFO[k].placeholder);
/** The label the narrative adds to a number read from a placeholder setting. */
export const placeholderLabel = (key: SoloSettingKey): string => `placeholder ${key} (not the author's)`;
export { formatSettingValue };

/**
 * Rulings the DIGEST marks NOT configurable, and engine rulings without an alternative worth a
 * setting. Procedures read them from here; the README lists each with its line.
 */
export const SOLO_FIXED_RULINGS = {
  /** K-9: Ύ/Ό are ¾ (short) and ¼ (long) — tables/fire.ts ACTUAL_HITS. */
  mojibakeFractions: '3/4 short, 1/4 long',
  /** K-15: a fraction f of a hit becomes a hit on d% ≤ f × 100. */
  fractionByPercentile: true,
  /** K-16: a formation change of 0 quarters or less is instant. */
  formationChangeFloor: 0,
  /** KS-2: a swerve (L9) shifts the unit D6 cm square to its facing, to its left (1) or right (6); it does not turn. */
  swerve: 'sideways',
  /** KS-9: a modified volley die or melee total below 0 counts 0. */
  dieFloor: 0,
  /** KS-10: the figure a hit strikes is picked on a D20 (ignoring faces over the count) up to 20 figures, on d% above. */
  pickDieSmall: 20,
  /** KS-11: a pick die re-rolled this many times in a row stops (a guard against a broken dice source). */
  pickRerollGuard: 200,
} as const;
