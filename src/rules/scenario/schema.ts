import { z } from 'zod';
import { checkScenario } from './checks';
import { clockSchema, colourSchema, dateSchema, facingSchema, idSchema, placeSchema, pointSchema, textSchema } from './fields';
import { finalize } from './finalize';
import type { ScenarioProfile } from './profiles';
import { terrainSchema } from './terrain';
import type { Scenario } from './types';
import { armySchema } from './units';
import { RULESET_IDS } from './vocabulary';

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

const landmark = z.strictObject({ name: textSchema, at: pointSchema, aliases: z.array(textSchema).default([]) });

const map = z.strictObject({
  table: z.strictObject({ width: z.number().positive(), height: z.number().positive() }),
  gridCell: z.number().positive(),
  terrain: z.array(terrainSchema).default([]),
  landmarks: z.array(landmark).default([]),
});

const side = z.strictObject({ id: idSchema, name: textSchema, colour: colourSchema, commander: idSchema });

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
    rulings: z.record(z.string(), z.unknown()).default({}),
  });
}

/** A scenario file as structured data, checked field by field but not yet across fields. */
export type ScenarioDoc = z.output<ReturnType<typeof structureSchema>>;

/**
 * The whole schema for one ruleset's profile: structure, cross-field checks, then resolution
 * into a `Scenario`. The checks run only on a sound structure and the resolution only on a
 * checked one: zod would otherwise go on after "continuable" issues such as an unknown key.
 */
export function scenarioSchema(profile: ScenarioProfile): z.ZodType<Scenario> {
  return structureSchema(profile)
    .superRefine((doc, ctx) => checkScenario(doc, ctx, profile), { when: (payload) => payload.issues.length === 0 })
    .transform((doc, ctx) => (ctx.issues.length > 0 ? z.NEVER : finalize(doc)));
}
