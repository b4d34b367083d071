import type { z } from 'zod';
import type { Problem } from '../../lib/result';
import type { IssueParams, IssuePath, ScenarioErrorCode } from './codes';
import { show } from './fields';
import { didYouMean, listSome } from './names';

/** One problem in a scenario file, with where it is and how to fix it. */
export interface ScenarioError extends Problem {
  readonly code: ScenarioErrorCode;
  /** The file as the caller named it, or '<scenario>'. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** The field, as in `orderOfBattle.french.corps[2].divisions[0].sp`; '' for the whole file. */
  readonly path: string;
  readonly message: string;
  readonly hint: string;
}

/** `a.b[2].c`, with keys that are not plain words quoted: `rulings["dram.casualty.bullet"]`. */
export function formatPath(path: IssuePath): string {
  return path
    .map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : /^[A-Za-z_][\w-]*$/.test(String(seg)) ? `${i === 0 ? '' : '.'}${String(seg)}` : `[${JSON.stringify(String(seg))}]`))
    .join('');
}

/** "ligny.yaml:37:18 deployment[4].order: 'Atack' is not a dram order [scenario/bad-order]\n    Did you mean A (Attack)? …" */
export function formatScenarioError(e: ScenarioError): string {
  return `${e.file}:${e.line}:${e.column} ${e.path ? `${e.path}: ` : ''}${e.message} [${e.code}]\n    ${e.hint}`;
}

/** An error before its line is known: what the loader gets from a zod issue. */
export interface Unplaced {
  readonly code: ScenarioErrorCode;
  readonly path: IssuePath;
  readonly at?: 'key';
  readonly related?: IssuePath;
  readonly message: string;
  readonly hint: string;
}

/** The value at `path` in the raw YAML data, undefined when absent. */
export function valueAt(raw: unknown, path: IssuePath): unknown {
  let v = raw;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number', int: 'a whole number', string: 'text', boolean: 'true or false', array: 'a list', object: 'a mapping of keys to values', record: 'a mapping of keys to values',
};

const describeType = (v: unknown): string => (v === null ? 'nothing (null)' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : typeof v === 'string' ? `the text ${show(v)}` : `${typeof v} ${show(v)}`);

/** The last named key of a path ("turns" in meta.turns), for messages. */
const fieldName = (path: IssuePath): string => String([...path].reverse().find((s) => typeof s === 'string') ?? 'value');

/**
 * Turn zod issues into errors with stable codes and hints. Our own issues (checks.ts, fields.ts)
 * carry their code and hint in `params`; zod's built-in ones are translated here. `keysAt`
 * tells which keys an object at a path accepts, for "did you mean" on misspelt keys.
 */
export function fromIssues(issues: readonly z.core.$ZodIssue[], raw: unknown, keysAt: (path: IssuePath) => readonly string[]): Unplaced[] {
  return issues.flatMap((issue): Unplaced[] => {
    const path = issue.path;
    const value = valueAt(raw, path);
    const name = fieldName(path);
    switch (issue.code) {
      case 'custom': {
        const p = issue.params as IssueParams | undefined;
        if (p?.code) return [{ code: p.code, path, message: issue.message, hint: p.hint, ...(p.at && { at: p.at }), ...(p.related && { related: p.related }) }];
        return [{ code: 'scenario/invalid', path, message: issue.message, hint: 'Check this value against assets/scenarios/README.md.' }];
      }
      case 'unrecognized_keys': {
        const known = keysAt(path);
        return issue.keys.map((key) => ({
          code: 'scenario/unknown-field' as const,
          path: [...path, key],
          at: 'key' as const,
          message: `unknown field '${key}'`,
          hint: didYouMean(key, known, known.length > 0 ? `Fields allowed here: ${listSome(known, 12)}.` : 'Delete it.'),
        }));
      }
      case 'invalid_type': {
        const want = TYPE_WORDS[issue.expected] ?? issue.expected;
        if (value === undefined) return [{ code: 'scenario/missing', path, message: `'${name}' is required`, hint: `Add ${name}: with ${want}.` }];
        if (issue.expected === 'int' && typeof value === 'number') return [{ code: 'scenario/wrong-type', path, message: `${name} must be a whole number, not ${value}`, hint: `Round it: ${Math.round(value)}?` }];
        return [{ code: 'scenario/wrong-type', path, message: `${name} should be ${want}, not ${describeType(value)}`, hint: issue.expected === 'number' && typeof value === 'string' ? 'Write the number without quotes or units (inches are implied).' : `Give ${want} here.` }];
      }
      case 'invalid_value': {
        const values = issue.values.map(String);
        if (value === undefined) return [{ code: 'scenario/missing', path, message: `'${name}' is required`, hint: `Add ${name}: one of ${listSome(values, 12)}.` }];
        return [{ code: 'scenario/bad-value', path, message: `${show(value)} is not a valid ${name}`, hint: didYouMean(String(value), values, `Use one of: ${listSome(values, 12)}.`) + (values.length <= 12 && values.length > 1 ? ` (${values.join(', ')})` : '') }];
      }
      case 'too_small':
      case 'too_big': {
        const small = issue.code === 'too_small';
        const bound = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
        const inclusive = issue.inclusive !== false;
        if (issue.origin === 'array') return [{ code: small ? 'scenario/missing' : 'scenario/out-of-range', path, message: `${name} needs ${small ? 'at least' : 'at most'} ${bound} item${bound === 1 ? '' : 's'}`, hint: small ? `Add ${name === 'sides' ? 'the other side' : 'the missing entries'}.` : 'Remove some entries.' }];
        if (issue.origin === 'string') return [{ code: 'scenario/missing', path, message: `${name} is empty`, hint: `Write the ${name}.` }];
        const rel = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
        return [{ code: 'scenario/out-of-range', path, message: `${name} is ${show(value)}, but must be ${rel} ${bound}`, hint: `Give a ${name} ${rel} ${bound}.` }];
      }
      case 'invalid_format':
        return [{ code: 'scenario/bad-format', path, message: `${show(value)} is not a valid ${name}`, hint: issue.message }];
      case 'invalid_union':
        return [{ code: 'scenario/wrong-type', path, message: `${name} has the wrong shape (${describeType(value)})`, hint: 'Compare it with the same field in a shipped scenario.' }];
      default:
        return [{ code: 'scenario/invalid', path, message: `${name}: ${issue.message}`, hint: 'Check this value against assets/scenarios/README.md.' }];
    }
  });
}
