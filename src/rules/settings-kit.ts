import type { z } from 'zod';
import { err, ok, type Problem, type Result } from '../lib/result';

/**
 * The machinery every ruleset's house-ruling settings share: dotted keys (`group.leaf`) over a
 * two-level zod schema, a printable line per key for /game settings, and a parser whose
 * problems name the key and its allowed values. A ruleset supplies its schema, defaults and
 * one info line per key; its own settings.ts keeps the rulings themselves.
 */

/** Dotted keys of a two-level settings object, e.g. 'casualty.bullet'. */
export type DottedKey<S> = { [G in keyof S]: `${G & string}.${keyof S[G] & string}` }[keyof S];

/** What /game settings prints for one key (rulesets may add fields, e.g. the DIGEST key). */
export interface SettingInfoBase {
  /** DIGEST ruling id, e.g. 'D-1' or 'N-4'. */
  readonly ruling: string;
  readonly allowed: string;
  readonly explanation: string;
}

/** Formats a setting value for a chat message ('none', '[5,6]', 'tenths', 'true'). */
export const formatSettingValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export function settingsKit<S extends object, I extends SettingInfoBase>(spec: {
  /** How messages name the ruleset: 'DRAM', 'NW'. */
  readonly label: string;
  readonly schema: z.ZodType<S>;
  readonly defaults: S;
  readonly info: Readonly<Record<DottedKey<S>, I>>;
}) {
  type Key = DottedKey<S>;
  const keys = Object.keys(spec.info) as readonly Key[];
  const isKnownKey = (k: string): k is Key => (keys as readonly string[]).includes(k);

  /** Reads one setting by its dotted key. */
  const settingValue = (settings: S, key: Key): unknown => {
    const [g, leaf] = (key as string).split('.') as [string, string];
    return ((settings as Record<string, unknown>)[g] as Record<string, unknown>)[leaf];
  };

  /** One printable line per setting: key, info, default and current value, in schema order. */
  const describe = (current: S = spec.defaults) =>
    keys.map((key) => ({
      key,
      ...spec.info[key],
      default: formatSettingValue(settingValue(spec.defaults, key)),
      value: formatSettingValue(settingValue(current, key)),
    }));

  function describeIssue(issue: z.core.$ZodIssue, input: unknown): { code: string; line: string }[] {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && path.length <= 1) {
      return issue.keys.map((k) => {
        const key = [...path, k].join('.');
        const near = keys.filter((known) => known.startsWith(`${path[0] ?? k}.`));
        return { code: 'settings/unknown-key', line: `Unknown ${spec.label} setting '${key}'. Known keys: ${(near.length ? near : keys).join(', ')}.` };
      });
    }
    const key = path.slice(0, 2).join('.');
    if (isKnownKey(key)) {
      const given = formatSettingValue(valueAt(input, path.slice(0, 2)));
      const detail = issue.code === 'unrecognized_keys' ? ` (no such entry: ${issue.keys.join(', ')})` : path.length > 2 ? ` (at ${path.slice(2).join('.')})` : '';
      return [{ code: 'settings/bad-value', line: `Setting '${key}' cannot be ${given}${detail}: allowed values are ${spec.info[key].allowed}.` }];
    }
    const inGroup = keys.filter((k) => k.startsWith(`${key}.`));
    return [{ code: 'settings/bad-value', line: `'${key}' is a group of ${spec.label} settings (${inGroup.join(', ')}); give it an object.` }];
  }

  /**
   * Parses partial overrides, nested (`{ move: { wagonsA: 1 } }`) or dotted
   * (`{ 'move.wagonsA': 1 }`), over the defaults. Problems name the key and its allowed values.
   */
  function parse(overrides: unknown): Result<S, Problem> {
    if (overrides === undefined || overrides === null) return ok(spec.defaults);
    if (typeof overrides !== 'object' || Array.isArray(overrides)) {
      return err({ code: 'settings/not-an-object', message: `${spec.label} settings must be an object of key → value.`, hint: `Known keys: ${keys.join(', ')}` });
    }
    const input = expandDottedKeys(overrides as Record<string, unknown>);
    const parsed = spec.schema.safeParse(input);
    if (parsed.success) return ok(parsed.data);
    const problems = parsed.error.issues.flatMap((issue) => describeIssue(issue, input));
    const first = problems[0] ?? { code: 'settings/bad-value', line: `Invalid ${spec.label} settings.` };
    return err({ code: first.code, message: problems.map((p) => p.line).join('\n'), hint: 'Use /game settings to list every key with its allowed values.' });
  }

  return { keys, settingValue, describe, parse };
}

function expandDottedKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const dot = k.indexOf('.');
    if (dot < 0) {
      const prev = out[k];
      out[k] = isPlainObject(prev) && isPlainObject(v) ? { ...v, ...prev } : v;
      continue;
    }
    const g = k.slice(0, dot);
    const prev = out[g];
    out[g] = { ...(isPlainObject(prev) ? prev : {}), [k.slice(dot + 1)]: v };
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const valueAt = (o: unknown, path: readonly string[]): unknown => path.reduce<unknown>((v, k) => (isPlainObject(v) ? v[k] : undefined), o);
