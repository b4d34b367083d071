import { z } from 'zod';
import { ROUNDING_MODES } from '../tables/rounding';
import { MORALE_LEVELS, NATIONALITIES, QUALITIES, SKILLS } from '../tables/vocabulary';
import { BUILD_NATIONS } from './command';

/**
 * The battalion-level source of `npx estafette nw-brigade` (format documented in
 * assets/sources/README.md). Strict: an unknown key is an error with a "did you mean".
 */

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/u, 'an id is lower-case letters, digits and dashes');
const men = z.number().int().positive();
const turn = z.number().int().min(1);

/** One line of battalions: `count` battalions (squadrons for cavalry) of one kind. */
export const battalionSchema = z.strictObject({
  name: z.string().min(1),
  count: z.number().int().min(1).default(1),
  quality: z.enum(QUALITIES),
  /** Jäger, Grenzer, Légère, Lights, Rifles (Ch.II §2.8 L527). */
  light: z.boolean().default(false),
  /** The SK of its National Unit Rating (BD-2). */
  sk: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  /** Men of the whole line (all `count` battalions); else the brigade's men are shared by battalions. */
  men: men.optional(),
  /** Where this figure comes from, when it differs from the file's sources. */
  source: z.string().optional(),
});

export const ARMS_BUILT = ['infantry', 'light-cavalry', 'medium-cavalry', 'heavy-cavalry'] as const;

export const brigadeSchema = z.strictObject({
  id,
  name: z.string().min(1),
  /** The `1` of the label's `1B` (NW §2.0 L33). */
  number: z.number().int().min(1),
  arm: z.enum(ARMS_BUILT),
  /** Men of the brigade when its battalions do not give theirs (or the division's share is not wanted). */
  men: men.optional(),
  /** Mixed brigade: infantry with a squadron or two, counted at infantry ratios (§2.4 L490). */
  mixed: z.boolean().default(false),
  /** Cossack, Yoruk, Bedouin, Arab or militia cavalry (§3.12 L565); scenario `rules.irregular`. */
  irregular: z.boolean().default(false),
  /** Armoured cavalry (cuirassiers; CRT −1 to fight them, §11.2); scenario `rules.armoured`. */
  armoured: z.boolean().default(false),
  /** NAT-1: a brigade of another nation than its army's (scenario `rules.nation`): its national modifiers. */
  nation: z.enum(NATIONALITIES).optional(),
  /** NAT-1, NAT-3: its patron, for the allied rows of the Movement Allowance Chart (L250-252); only with `nation`. */
  alliedTo: z.enum(['british', 'french']).optional(),
  arrives: turn.default(1),
  battalions: z.array(battalionSchema).min(1),
  note: z.string().optional(),
});

/** A battery attached to brigades (§2.5 L494): s.p., not a stand. */
export const attachedBatterySchema = z.strictObject({
  name: z.string().min(1),
  weight: z.enum(['light', 'medium']),
  /** The brigades that share it; default every infantry brigade of the division. */
  share: z.array(id).min(1).optional(),
});

export const divisionSchema = z.strictObject({
  number: z.number().int().min(1),
  name: z.string().min(1),
  /** Division total, shared over its brigades by battalions (BD-5) when a brigade gives no men. */
  men: men.optional(),
  /** Label corps when it differs from its command's (a brigade lent to another command, e.g. `2B/2/IC`). */
  corps: z.number().int().min(1).max(39).optional(),
  cavalryCorps: z.boolean().optional(),
  /** Round each brigade's share to this many men (the accounts' own precision). */
  roundMenTo: z.number().int().min(1).default(1),
  batteries: z.array(attachedBatterySchema).default([]),
  brigades: z.array(brigadeSchema).min(1),
});

/** A battery with its own stand (§2.7 L523): corps/army reserve, horse guns of cavalry. */
export const batteryStandSchema = z.strictObject({
  id,
  name: z.string().min(1),
  pounds: z.number().int().min(1).max(99),
  kind: z.enum(['foot', 'horse']),
  /** NAT-1: a battery of another nation than its army's (scenario `rules.nation`): its fire modifiers (L187-190). */
  nation: z.enum(NATIONALITIES).optional(),
  arrives: turn.default(1),
});

export const commanderSchema = z.strictObject({
  id,
  name: z.string().min(1),
  /** As printed on labels: the Officer Ratings name (NW §2.0 L40). */
  label: z.string().min(1).optional(),
  skill: z.enum(SKILLS),
  valorous: z.boolean().default(false),
  /** Traditional (division-based) army: §3.11 L561 range. */
  divisional: z.boolean().default(false),
});

export const commandSchema = z.strictObject({
  id,
  name: z.string().min(1),
  /** The corps as labels print it, e.g. "II Corp" (NW §2.0 L31). */
  label: z.string().min(1),
  /** Corps number for brigade labels (`1B/5/II`), and a cavalry corps (`IIIC`, L34). */
  corps: z.number().int().min(1).max(39),
  cavalryCorps: z.boolean().default(false),
  commander: commanderSchema,
  /** The wing it belongs to (the wing's range counts its units, L553). */
  wing: id.optional(),
  /** A corps of another morale level than its army (§4.0 L591). */
  morale: z.enum(MORALE_LEVELS).optional(),
  divisions: z.array(divisionSchema).default([]),
  batteries: z.array(batteryStandSchema).default([]),
});

export const wingSchema = z.strictObject({ id, name: z.string().min(1), label: z.string().min(1), commander: commanderSchema, morale: z.enum(MORALE_LEVELS).optional() });

export const sideSchema = z.strictObject({
  id,
  name: z.string().min(1),
  nation: z.enum(BUILD_NATIONS),
  morale: z.enum(MORALE_LEVELS),
  cinc: z.strictObject({ id: id.optional(), name: z.string().min(1), skill: z.enum(SKILLS), napoleon: z.boolean().default(false) }),
  wings: z.array(wingSchema).default([]),
  commands: z.array(commandSchema).min(1),
});

export const buildSourceSchema = z.strictObject({
  /** The scenario this source builds (assets/scenarios/nw/<id>.yaml). */
  scenario: id.optional(),
  /** Where the strengths come from: page addresses or books (at least one). */
  sources: z.array(z.string().min(1)).min(1),
  rounding: z.enum(ROUNDING_MODES).default('tenths'),
  sides: z.array(sideSchema).min(1),
});

export type BuildSource = z.infer<typeof buildSourceSchema>;
export type SourceSide = BuildSource['sides'][number];
export type SourceCommand = SourceSide['commands'][number];
export type SourceDivision = SourceCommand['divisions'][number];
export type SourceBrigade = SourceDivision['brigades'][number];
export type SourceBattalion = SourceBrigade['battalions'][number];
export type SourceCommander = SourceCommand['commander'];
