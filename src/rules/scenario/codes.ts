import type { z } from 'zod';

/** Stable error codes: tests and adapters rely on them, so only ever add to this list. */
export const SCENARIO_ERROR_CODES = [
  'scenario/yaml-syntax',
  'scenario/missing',
  'scenario/wrong-type',
  'scenario/unknown-field',
  'scenario/bad-value',
  'scenario/out-of-range',
  'scenario/bad-format',
  'scenario/bad-id',
  'scenario/bad-point',
  'scenario/bad-place',
  'scenario/duplicate-id',
  'scenario/unknown-ref',
  'scenario/unknown-landmark',
  'scenario/not-deployed',
  'scenario/deployed-twice',
  'scenario/off-table',
  'scenario/too-few-points',
  'scenario/wrong-geometry',
  'scenario/crossing-off-line',
  'scenario/colour-clash',
  'scenario/strength',
  'scenario/level-mismatch',
  'scenario/bad-order',
  'scenario/missing-sources',
  'scenario/sides-mismatch',
  'scenario/scale-mismatch',
  'scenario/file-mismatch',
  'scenario/unreadable',
  'scenario/invalid',
] as const;
/** One of the stable scenario error codes. */
export type ScenarioErrorCode = (typeof SCENARIO_ERROR_CODES)[number];

/**
 * What our own zod issues carry in `params`, so the loader can report a stable code and a hint.
 * `at: 'key'` points the error at the key (`frnech:`) rather than at its value; `related` is a
 * second place the message refers to ("first used at line 12").
 */
export interface IssueParams {
  readonly code: ScenarioErrorCode;
  readonly hint: string;
  readonly at?: 'key';
  readonly related?: IssuePath;
}

/** A path as zod records it. */
export type IssuePath = readonly PropertyKey[];

/** Options of `report`. */
export interface ReportOptions {
  readonly at?: 'key';
  readonly related?: IssuePath;
}

/** Add one of our issues to a zod refinement context, at `path` below the current value. */
export function report(ctx: z.RefinementCtx, path: IssuePath, code: ScenarioErrorCode, message: string, hint: string, opts: ReportOptions = {}): void {
  const params: IssueParams = { code, hint, ...opts };
  ctx.addIssue({ code: 'custom', path: [...path], message, params: { ...params } });
}
