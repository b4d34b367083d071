import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../../lib/result';
import { HOUR } from './duration';
import { type PaceSpec, paceSpecSchema, parsePace } from './pace';

/** Window kinds a GM commonly paces apart from the rest (issue 4: "per window type"). */
export const WINDOW_KINDS = ['orders', 'movement'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

/**
 * Paces per window type. Keys besides `default` are a window kind (`orders`, applying to
 * every ruleset's orders phase) or a full phase id (`dram/orders`, that ruleset only).
 */
export type Paces = { readonly default: PaceSpec } & { readonly [kind: string]: PaceSpec | undefined };

/** Used when a game's settings name no default: the issue's example and the options' default. */
export const DEFAULT_PACE: PaceSpec = { kind: 'duration', ms: 24 * HOUR };

// 'default', 'orders', 'dram/orders': lower-case words, at most one slash.
const KEY = /^[a-z][a-z0-9-]*(?:\/[a-z][a-z0-9-]*)?$/;

/** Paces as stored JSON (objects, not text). */
export const pacesSchema = z.record(z.string().regex(KEY), paceSpecSchema).refine((r) => r['default'] !== undefined, 'a default pace').transform((r) => r as Paces);

/**
 * Reads the GM's pace strings per window type (`{ default: '24h', 'dram/orders': 'daily
 * 20:00 Europe/Paris' }`). The first bad entry fails the whole record, its message naming
 * the key; a missing default is DEFAULT_PACE.
 */
export function parsePaces(raw: Readonly<Record<string, string>>): Result<Paces, Problem> {
  const out: Record<string, PaceSpec> = { default: DEFAULT_PACE };
  for (const [key, text] of Object.entries(raw)) {
    if (!KEY.test(key)) return err({ code: 'pace/invalid', message: `${JSON.stringify(key)} is not a window type.`, hint: `Use default, ${WINDOW_KINDS.join(', ')} or a phase id such as dram/orders.` });
    const spec = parsePace(text);
    if (!spec.ok) return err({ ...spec.error, message: `${key}: ${spec.error.message}` });
    out[key] = spec.value;
  }
  return ok(out as Paces);
}

/**
 * The pace for a window: the exact phase id (`dram/orders`), then its kind after the slash
 * (`orders`), then the default. A bare kind may be passed too.
 */
export function paceFor(paces: Paces, windowKind: string): PaceSpec {
  const kind = windowKind.slice(windowKind.lastIndexOf('/') + 1);
  return paces[windowKind] ?? paces[kind] ?? paces.default;
}
