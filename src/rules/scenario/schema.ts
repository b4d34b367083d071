import { z } from 'zod';
import { AREA_KINDS, LINE_KINDS, POINT_KINDS, TERRAIN_KINDS, type TerrainFeature } from '../geometry/types';
import { checkScenario } from './checks';
import { report } from './codes';
import { clockSchema, colourSchema, dateSchema, facingSchema, idSchema, placeSchema, pointSchema, textSchema } from './fields';
import { finalize } from './finalize';
import type { ScenarioProfile } from './profiles';
import type { Scenario, Unit } from './types';
import { ARMS, GENERAL_LEVELS, GRADES, GUN_WEIGHTS, OFFICER_CORPS, RULESET_IDS } from './vocabulary';

/**
 * The scenario file's structure (assets/scenarios/README.md describes it for authors). Objects
 * are strict so that a misspelt key is an error, not a silently ignored line. Cross-field
 * checks (checks.ts) run once the structure is sound; `finalize` then resolves every place.
 */

const meta = z.strictObject({
  id: idSchema,
  name: textSchema,
  date: dateSchema,
  ruleset: z.enum(RULESET_IDS),
  historical: z.boolean(),
  description: textSchema,
  sources: z.array(textSchema).default([]),
  scale: z.strictObject({ inchesPerMile: z.number().positive().optional(), yardsPerInch: z.number().positive().optional() }),
  turnMinutes: z.number().int().min(1).max(24 * 60),
  firstTurn: clockSchema,
  turns: z.number().int().min(1).max(100),
});

const GEOMETRY_OF = {
  area: { field: 'polygon', kinds: AREA_KINDS as readonly string[], example: 'polygon: [[0, 0], [6, 0], [6, 4]]' },
  line: { field: 'line', kinds: LINE_KINDS as readonly string[], example: 'line: [[0, 12], [36, 12]]' },
  point: { field: 'at', kinds: POINT_KINDS as readonly string[], example: 'at: [18, 12]' },
} as const;
type Shape = keyof typeof GEOMETRY_OF;
const shapeOf = (kind: string): Shape => (AREA_KINDS as readonly string[]).includes(kind) ? 'area' : (LINE_KINDS as readonly string[]).includes(kind) ? 'line' : 'point';

const terrain = z
  .strictObject({
    id: idSchema,
    kind: z.enum(TERRAIN_KINDS),
    name: textSchema.optional(),
    polygon: z.array(pointSchema).optional(),
    line: z.array(pointSchema).optional(),
    at: pointSchema.optional(),
    level: z.number().int().min(0).max(20).optional(),
    width: z.number().positive().optional(),
    crosses: idSchema.optional(),
    blocksLos: z.boolean().optional(),
    difficult: z.boolean().optional(),
  })
  .superRefine((t, ctx) => {
    const shape = shapeOf(t.kind);
    const want = GEOMETRY_OF[shape];
    if (t[want.field] === undefined) report(ctx, ['kind'], 'scenario/wrong-geometry', `a ${t.kind} is drawn as ${shape === 'point' ? 'a point' : `a ${want.field}`}, but '${want.field}' is missing`, `Add ${want.example}.`);
    for (const other of Object.values(GEOMETRY_OF)) {
      if (other.field !== want.field && t[other.field] !== undefined) report(ctx, [other.field], 'scenario/wrong-geometry', `a ${t.kind} cannot have '${other.field}'`, `${t.kind} is drawn with '${want.field}'; '${other.field}' is for ${other.kinds.join(', ')}.`, { at: 'key' });
    }
    const minimum = shape === 'area' ? 3 : 2;
    const points = shape === 'area' ? t.polygon : t.line;
    if (shape !== 'point' && points && points.length < minimum) report(ctx, [want.field], 'scenario/too-few-points', `a ${shape === 'area' ? 'polygon' : 'line'} needs at least ${minimum} points, this one has ${points.length}`, `Give the ${shape === 'area' ? 'corners of the area in order around it' : 'points along the line from one end to the other'}.`);
    const allowed: Record<Shape, readonly string[]> = { area: ['level', 'blocksLos', 'difficult'], line: ['width', 'blocksLos', 'difficult'], point: ['crosses', 'width'] };
    for (const key of ['level', 'width', 'crosses', 'blocksLos', 'difficult'] as const) {
      if (t[key] !== undefined && !allowed[shape].includes(key)) report(ctx, [key], 'scenario/wrong-geometry', `'${key}' does not apply to a ${t.kind}`, `A ${t.kind} may have: ${allowed[shape].join(', ')}.`, { at: 'key' });
    }
  })
  .transform((t): TerrainFeature => {
    const common = { id: t.id, ...(t.name !== undefined && { name: t.name }) };
    const flags = { ...(t.blocksLos !== undefined && { blocksLos: t.blocksLos }), ...(t.difficult !== undefined && { difficult: t.difficult }) };
    const kind = t.kind;
    if (isKind(kind, AREA_KINDS)) return { ...common, kind, polygon: t.polygon ?? [], ...(t.level !== undefined && { level: t.level }), ...flags };
    if (isKind(kind, LINE_KINDS)) return { ...common, kind, line: t.line ?? [], ...(t.width !== undefined && { width: t.width }), ...flags };
    return { ...common, kind: kind as (typeof POINT_KINDS)[number], at: t.at ?? { x: 0, y: 0 }, ...(t.crosses !== undefined && { crosses: t.crosses }), ...(t.width !== undefined && { width: t.width }) };
  });

function isKind<K extends string>(kind: string, kinds: readonly K[]): kind is K {
  return (kinds as readonly string[]).includes(kind);
}

const landmark = z.strictObject({ name: textSchema, at: pointSchema, aliases: z.array(textSchema).default([]) });

const map = z.strictObject({
  table: z.strictObject({ width: z.number().positive(), height: z.number().positive() }),
  gridCell: z.number().positive(),
  terrain: z.array(terrain).default([]),
  landmarks: z.array(landmark).default([]),
});

const side = z.strictObject({ id: idSchema, name: textSchema, colour: colourSchema, commander: idSchema });

const openRecord = z.record(z.string(), z.unknown());
type Rules = Readonly<Record<string, unknown>>;

const count = z.number().int().min(0);
const composition = z.strictObject({ infantry: count.default(0), lightCavalry: count.default(0), heavyCavalry: count.default(0), guns: count.default(0) });

/** What each arm must have some of, so `arm: infantry` with only cavalry is caught. */
const ARM_NEEDS: Record<string, readonly ('infantry' | 'lightCavalry' | 'heavyCavalry' | 'guns')[]> = {
  infantry: ['infantry'],
  'light-cavalry': ['lightCavalry'],
  'medium-cavalry': ['lightCavalry', 'heavyCavalry'],
  'heavy-cavalry': ['heavyCavalry'],
  artillery: ['guns'],
  'horse-artillery': ['guns'],
};

function unitSchema(profile: ScenarioProfile) {
  const rules = (profile.unitRules ?? openRecord) as z.ZodType<Rules>;
  return z
    .strictObject({
      id: idSchema,
      name: textSchema,
      arm: z.enum(ARMS),
      sp: z.number().int().min(1).max(30).optional(),
      composition: composition.optional(),
      grade: z.enum(GRADES).optional(),
      officers: z.enum(OFFICER_CORPS).optional(),
      gunWeight: z.enum(GUN_WEIGHTS).optional(),
      rules: rules.optional(),
      note: textSchema.optional(),
    })
    .superRefine((u, ctx) => checkStrength(u, ctx))
    .transform((u): Unit => ({
      id: u.id,
      name: u.name,
      arm: u.arm,
      strength: u.composition
        ? { kind: 'historical', composition: u.composition, grade: u.grade!, officers: u.officers!, ...(u.gunWeight && { gunWeight: u.gunWeight }) }
        : { kind: 'sp', sp: u.sp! },
      rules: u.rules ?? {},
      ...(u.note !== undefined && { note: u.note }),
    }));
}

type RawUnit = { arm: string; sp?: number | undefined; composition?: z.output<typeof composition> | undefined; grade?: string | undefined; officers?: string | undefined; gunWeight?: string | undefined };

/** Strength is EITHER `sp` OR `composition` + `grade` + `officers` (+ `gunWeight` with guns): DRAM §10. */
function checkStrength(u: RawUnit, ctx: z.RefinementCtx): void {
  const hist = 'Give either sp: 3, or composition: {infantry: 4200, guns: 8} with grade, officers and gunWeight (DRAM §10).';
  if (u.sp !== undefined && u.composition !== undefined) return report(ctx, ['sp'], 'scenario/strength', 'a unit has either sp or a composition, not both', 'Keep the composition (the SP is calculated from it) or keep sp, and delete the other.', { at: 'key' });
  if (u.sp === undefined && u.composition === undefined) return report(ctx, [], 'scenario/strength', 'this unit has no strength', hist);
  if (u.sp !== undefined) {
    for (const key of ['grade', 'officers', 'gunWeight'] as const) {
      if (u[key] !== undefined) report(ctx, [key], 'scenario/strength', `'${key}' only goes with a composition: with sp given outright it would be ignored`, 'Delete it, or replace sp with a composition.', { at: 'key' });
    }
    return;
  }
  const c = u.composition!;
  if (u.grade === undefined) report(ctx, [], 'scenario/strength', 'a unit given by composition needs a grade', `Add grade: one of ${GRADES.join(', ')} (DRAM §10).`);
  if (u.officers === undefined) report(ctx, [], 'scenario/strength', 'a unit given by composition needs officers', `Add officers: one of ${OFFICER_CORPS.join(', ')} (DRAM §10).`);
  if (c.guns > 0 && u.gunWeight === undefined) report(ctx, ['composition', 'guns'], 'scenario/strength', `${c.guns} guns but no gunWeight`, `Add gunWeight: heavy (mostly 12pdr+), medium (8-9pdr) or light (mostly 6pdr or lighter).`);
  if (c.guns === 0 && u.gunWeight !== undefined) report(ctx, ['gunWeight'], 'scenario/strength', 'gunWeight without guns', 'Add the guns to the composition, or delete gunWeight.', { at: 'key' });
  const needs = ARM_NEEDS[u.arm] ?? [];
  if (c.infantry + c.lightCavalry + c.heavyCavalry + c.guns === 0) report(ctx, ['composition'], 'scenario/strength', 'the composition is empty', hist);
  else if (needs.length > 0 && needs.every((k) => c[k] === 0)) report(ctx, ['arm'], 'scenario/strength', `an ${u.arm} unit with no ${needs.join(' or ')} in its composition`, 'Check the arm and the composition: one of them is wrong.');
}

function generalSchema(profile: ScenarioProfile) {
  const rules = profile.generalRules ? (profile.generalRules as z.ZodType<Rules>) : openRecord.optional();
  return z.strictObject({ id: idSchema, name: textSchema, level: z.enum(GENERAL_LEVELS), rules, note: textSchema.optional() });
}

const wing = z.strictObject({ id: idSchema, name: textSchema, general: idSchema });

function armySchema(profile: ScenarioProfile) {
  const corps = z.strictObject({ id: idSchema, name: textSchema, general: idSchema, wing: idSchema.optional(), divisions: z.array(unitSchema(profile)).min(1) });
  return z.strictObject({ army: textSchema, generals: z.array(generalSchema(profile)).min(1), wings: z.array(wing).default([]), corps: z.array(corps).min(1) });
}

const deployment = z.strictObject({
  unit: idSchema.optional(),
  general: idSchema.optional(),
  at: placeSchema,
  facing: facingSchema.optional(),
  order: z.string().optional(),
});

const reinforcement = z.strictObject({
  units: z.array(idSchema).default([]),
  generals: z.array(idSchema).default([]),
  turn: z.number().int().min(1),
  at: placeSchema,
  facing: facingSchema,
  order: z.string().optional(),
  condition: textSchema.optional(),
});

const objective = z.strictObject({
  id: idSchema,
  name: textSchema.optional(),
  landmark: textSchema.optional(),
  area: idSchema.optional(),
  radius: z.number().positive().optional(),
  side: z.string(),
  points: z.number().int().min(1),
});

const victory = z.strictObject({
  objectives: z.array(objective).default([]),
  collapse: z.array(z.strictObject({ side: idSchema, standsLostPercent: z.number().gt(0).max(100) })).default([]),
  draw: z.strictObject({ margin: z.number().int().min(0), note: textSchema.optional() }),
});

/** The structure alone, before cross-field checks. */
export function structureSchema(profile: ScenarioProfile) {
  return z.strictObject({
    meta,
    map,
    sides: z.array(side).min(2),
    orderOfBattle: z.record(z.string(), armySchema(profile)),
    deployment: z.array(deployment).default([]),
    reinforcements: z.array(reinforcement).default([]),
    victory,
    rulings: openRecord.default({}),
  });
}

/** A scenario file as structured data, checked field by field but not yet across fields. */
export type ScenarioDoc = z.output<ReturnType<typeof structureSchema>>;

/** The whole schema for one ruleset's profile: structure, cross-field checks, then resolution into a `Scenario`. */
export function scenarioSchema(profile: ScenarioProfile): z.ZodType<Scenario> {
  return structureSchema(profile)
    .superRefine((doc, ctx) => checkScenario(doc, ctx, profile))
    .transform((doc) => finalize(doc));
}
