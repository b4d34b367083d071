import { z } from 'zod';
import { AREA_KINDS, LINE_KINDS, POINT_KINDS, SETTLEMENTS, TERRAIN_KINDS, type TerrainFeature } from '../geometry/types';
import { report } from './codes';
import { idSchema, pointSchema, textSchema } from './fields';

/**
 * A terrain feature as authors write it: one flat mapping whose `kind` decides which geometry
 * it needs (an area's `polygon`, a line's `line`, a crossing's `at`) and which flags apply.
 * One flat shape, rather than a zod union, so that a wrong field gets one clear message.
 */

const GEOMETRY_OF = {
  area: { field: 'polygon', kinds: AREA_KINDS as readonly string[], example: 'polygon: [[0, 0], [6, 0], [6, 4]]' },
  line: { field: 'line', kinds: LINE_KINDS as readonly string[], example: 'line: [[0, 12], [36, 12]]' },
  point: { field: 'at', kinds: POINT_KINDS as readonly string[], example: 'at: [18, 12]' },
} as const;
type Shape = keyof typeof GEOMETRY_OF;
const shapeOf = (kind: string): Shape => (AREA_KINDS as readonly string[]).includes(kind) ? 'area' : (LINE_KINDS as readonly string[]).includes(kind) ? 'line' : 'point';

/** One terrain feature, checked for the geometry its kind is drawn with, then narrowed to a `TerrainFeature`. */
export const terrainSchema = z
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
    settlement: z.enum(SETTLEMENTS).optional(),
  })
  .superRefine((t, ctx) => {
    const shape = shapeOf(t.kind);
    const want = GEOMETRY_OF[shape];
    const wrong = Object.values(GEOMETRY_OF).filter((g) => g.field !== want.field && t[g.field] !== undefined);
    for (const other of wrong) {
      const instead = t[want.field] === undefined ? `is drawn with '${want.field}', not '${other.field}'` : `cannot have '${other.field}' as well as '${want.field}'`;
      report(ctx, [other.field], 'scenario/wrong-geometry', `a ${t.kind} ${instead}`, `'${other.field}' is for ${other.kinds.join(', ')}. Write ${want.example}.`, { at: 'key' });
    }
    if (t[want.field] === undefined && wrong.length === 0) report(ctx, ['kind'], 'scenario/wrong-geometry', `a ${t.kind} is drawn with '${want.field}', which is missing`, `Add ${want.example}.`);
    const minimum = shape === 'area' ? 3 : 2;
    const points = shape === 'area' ? t.polygon : t.line;
    if (shape !== 'point' && points && points.length < minimum) report(ctx, [want.field], 'scenario/too-few-points', `a ${shape === 'area' ? 'polygon' : 'line'} needs at least ${minimum} points, this one has ${points.length}`, `Give the ${shape === 'area' ? 'corners of the area in order around it' : 'points along the line from one end to the other'}.`);
    const allowed: Record<Shape, readonly string[]> = { area: ['level', 'blocksLos', 'difficult'], line: ['width', 'blocksLos', 'difficult'], point: ['crosses', 'width'] };
    for (const key of ['level', 'width', 'crosses', 'blocksLos', 'difficult'] as const) {
      if (t[key] !== undefined && !allowed[shape].includes(key)) report(ctx, [key], 'scenario/wrong-geometry', `'${key}' does not apply to a ${t.kind}`, `A ${t.kind} may have: ${allowed[shape].join(', ')}.`, { at: 'key' });
    }
    if (t.settlement !== undefined && t.kind !== 'built-up') report(ctx, ['settlement'], 'scenario/wrong-geometry', `'settlement' does not apply to a ${t.kind}`, "Only a built-up area says what it is: settlement: village or settlement: town.", { at: 'key' });
  })
  .transform((t, ctx): TerrainFeature => {
    if (ctx.issues.length > 0) return z.NEVER;
    // The refinement above guarantees each shape's geometry field, so the fallbacks never apply.
    const common = { id: t.id, ...(t.name !== undefined && { name: t.name }) };
    const flags = { ...(t.blocksLos !== undefined && { blocksLos: t.blocksLos }), ...(t.difficult !== undefined && { difficult: t.difficult }) };
    const kind = t.kind;
    if (isKind(kind, AREA_KINDS)) return { ...common, kind, polygon: t.polygon ?? [], ...(t.level !== undefined && { level: t.level }), ...flags, ...(t.settlement !== undefined && { settlement: t.settlement }) };
    if (isKind(kind, LINE_KINDS)) return { ...common, kind, line: t.line ?? [], ...(t.width !== undefined && { width: t.width }), ...flags };
    return { ...common, kind: kind as (typeof POINT_KINDS)[number], at: t.at ?? { x: 0, y: 0 }, ...(t.crosses !== undefined && { crosses: t.crosses }), ...(t.width !== undefined && { width: t.width }) };
  });

function isKind<K extends string>(kind: string, kinds: readonly K[]): kind is K {
  return (kinds as readonly string[]).includes(kind);
}
