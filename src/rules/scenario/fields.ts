import { z } from 'zod';
import type { Point } from '../geometry/types';
import { report } from './codes';
import { COMPASS, type CompassPoint } from './vocabulary';

/** Small field schemas every part of the scenario shares. Each failure says what to write instead. */

/** Ids are what players type in commands: lower case, digits and single hyphens ("iii-corps"). */
export const ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The value as a short quoted snippet for a message. */
export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

export const idSchema = z.string().superRefine((s, ctx) => {
  if (!ID_PATTERN.test(s)) {
    const better = s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').replace(/^(\d)/, 'x$1');
    report(ctx, [], 'scenario/bad-id', `${show(s)} is not a valid id`, `Ids are lower-case letters, digits and single hyphens, starting with a letter${better ? `, e.g. '${better}'` : ''}.`);
  }
});

export const textSchema = z.string().trim().min(1);

/** [x, y] or {x, y}: the two ways a human writes a point. */
export function asPoint(v: unknown): Point | undefined {
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (Array.isArray(v)) return v.length === 2 && finite(v[0]) && finite(v[1]) ? { x: v[0], y: v[1] } : undefined;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    return keys.length === 2 && finite(o.x) && finite(o.y) ? { x: o.x, y: o.y } : undefined;
  }
  return undefined;
}

const POINT_HINT = 'Write a point as [12, 8] or {x: 12, y: 8}: inches east of the west edge, then inches north of the south edge.';

export const pointSchema = z.unknown().transform((v, ctx): Point => {
  const p = asPoint(v);
  if (p) return p;
  if (v === undefined || v === null) report(ctx, [], 'scenario/missing', 'a point is required here', POINT_HINT);
  else report(ctx, [], 'scenario/bad-point', `${show(v)} is not a point`, POINT_HINT);
  return z.NEVER;
});

/** A place as written: coordinates, or a name (a landmark, or a grid reference such as "F7") resolved later. */
export type RawPlace = { readonly kind: 'point'; readonly at: Point } | { readonly kind: 'named'; readonly text: string };

const PLACE_HINT = 'Give coordinates [x, y] in inches, a landmark name from map.landmarks, or a grid reference such as F7.';

export const placeSchema = z.unknown().transform((v, ctx): RawPlace => {
  if (typeof v === 'string' && v.trim() !== '') return { kind: 'named', text: v.trim() };
  const p = asPoint(v);
  if (p) return { kind: 'point', at: p };
  if (v === undefined || v === null) report(ctx, [], 'scenario/missing', 'a place is required here', PLACE_HINT);
  else report(ctx, [], 'scenario/bad-place', `${show(v)} is not a place`, PLACE_HINT);
  return z.NEVER;
});

const FACING_HINT = `Give compass degrees from 0 up to (not including) 360, 0 = north, 90 = east; or one of ${Object.keys(COMPASS).join(', ')}.`;

/** Compass degrees in [0, 360), or a compass word. */
export const facingSchema = z.unknown().transform((v, ctx): number => {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 360) return v;
  if (typeof v === 'string' && v.toUpperCase() in COMPASS) return COMPASS[v.toUpperCase() as CompassPoint];
  if (v === undefined || v === null) report(ctx, [], 'scenario/missing', 'a facing is required here', FACING_HINT);
  else report(ctx, [], typeof v === 'number' ? 'scenario/out-of-range' : 'scenario/bad-value', `${show(v)} is not a facing`, FACING_HINT);
  return z.NEVER;
});

/** "#1f4e9c" or "#14a": normalised to six lower-case digits. */
export const colourSchema = z.unknown().transform((v, ctx): string => {
  const hint = 'Write a colour as "#rrggbb" in quotes (unquoted, YAML reads # as the start of a comment), e.g. "#1f4e9c".';
  const m = typeof v === 'string' ? /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v.trim()) : null;
  if (!m) {
    if (v === undefined || v === null) report(ctx, [], 'scenario/missing', 'a colour is required here (an unquoted #… is a YAML comment)', hint);
    else report(ctx, [], 'scenario/bad-format', `${show(v)} is not a hex colour`, hint);
    return z.NEVER;
  }
  const hex = m[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
});

/** "14:30": a 24-hour clock time. */
export const clockSchema = z.string().superRefine((s, ctx) => {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s)) report(ctx, [], 'scenario/bad-format', `${show(s)} is not a clock time`, 'Write the time of turn 1 as "HH:MM" on a 24-hour clock, quoted, e.g. "14:30".');
});

/** An ISO date "1815-06-16" (YAML 1.2 keeps it a string). */
export const dateSchema = z.string().superRefine((s, ctx) => {
  if (!z.iso.date().safeParse(s).success) report(ctx, [], 'scenario/bad-format', `${show(s)} is not a date`, 'Write the date of the battle as YYYY-MM-DD, e.g. 1815-06-16.');
});
