/**
 * Location errors: a stable code, a message naming what was typed, and a hint built from this
 * scenario (a real cell, real landmark names) listing what WOULD have been accepted.
 */
import { err, type Err } from '../../lib/result';
import { formatGridRef, gridShape } from './grid';
import type { LocationContext, LocationError, LocationErrorCode } from './types';

/** Longest text the parser reads: a chain of a few steps fits easily. */
export const MAX_LOCATION_LENGTH = 200;
/** Most steps in one chain ("wheel left 45 then forward 4\"" is two). */
export const MAX_STEPS = 8;

/** Example inputs this context accepts, for hints. */
export function acceptedExamples(ctx: Pick<LocationContext, 'table' | 'grid' | 'landmarks'>): string[] {
  const shape = gridShape(ctx);
  const cell = formatGridRef({ column: Math.max(1, Math.ceil(shape.columns / 2)), row: Math.max(1, Math.ceil(shape.rows / 2)) });
  const names = [...ctx.landmarks.map((l) => l.name)].sort((a, b) => a.localeCompare(b)).slice(0, 2);
  const first = names[0] ?? 'a landmark';
  const x = Math.round(ctx.table.width / 2);
  const y = Math.round(ctx.table.height / 2);
  return [
    cell,
    `${cell} NE`,
    `${cell}.9`,
    ...(names.length > 0 ? [`a landmark such as ${names.join(' or ')}`] : []),
    `${x},${y}`,
    'forward 1mi',
    'back 2"',
    'left 3"',
    `toward ${first} 1mi`,
    'wheel left 45',
    'wheel left 45 then forward 4"',
    'contact <enemy>',
  ];
}

/** "Try F7, F7 NE, …, or contact <enemy>." */
export function acceptedHint(accepted: readonly string[]): string {
  const head = accepted.slice(0, -1).join(', ');
  const last = accepted[accepted.length - 1] ?? '';
  return `Try ${head}${head ? ', or ' : ''}${last}.`;
}

/** A location error carrying the accepted forms for this context. */
export function locationError(
  ctx: Pick<LocationContext, 'table' | 'grid' | 'landmarks'>,
  code: LocationErrorCode,
  message: string,
  extra: { readonly hint?: string; readonly suggestions?: readonly string[]; readonly candidates?: readonly string[] } = {},
): Err<LocationError> {
  const accepted = acceptedExamples(ctx);
  const near = extra.suggestions && extra.suggestions.length > 0 ? `Did you mean ${extra.suggestions.join(' or ')}? ` : '';
  const hint = `${near}${extra.hint ? `${extra.hint} ` : ''}${acceptedHint(accepted)}`;
  return err({
    code, message, hint, accepted,
    ...(extra.suggestions ? { suggestions: extra.suggestions } : {}),
    ...(extra.candidates ? { candidates: extra.candidates } : {}),
  });
}

/** Quote the user's text on one line for a message. */
export const quote = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
