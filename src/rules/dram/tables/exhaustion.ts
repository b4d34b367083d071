import { assertDieFace } from './vocabulary';

/** The three results of an exhaustion test (DRAM §3 L51-54). */
export const EXHAUSTION_RESULTS = ['carry-on', 'no-advance', 'fall-back'] as const;
/** The result of an exhaustion test. */
export type ExhaustionResult = (typeof EXHAUSTION_RESULTS)[number];

/**
 * DRAM §3 L49-54: roll one die ("a dice"), no modifiers, compare with current SP.
 * [OCR] "until or- der changed" de-hyphenated.
 */
export const EXHAUSTION_TABLE = [
  { die: '<', result: 'carry-on', text: 'No effect, carry on as normal' },
  { die: '=', result: 'no-advance', text: 'No advance towards enemy this turn' },
  { die: '>', result: 'fall-back', text: "Immediately adopt 'D' orders and fall back one full move per turn until order changed by a general" },
] as const satisfies readonly { die: '<' | '=' | '>'; result: ExhaustionResult; text: string }[];

/** DRAM §3 L49: the first test comes when SP "first falls to 50% or less" of the start value. */
export const EXHAUSTION_THRESHOLD = { num: 1, den: 2 } as const;

/** Why a stand must test this turn. */
export type ExhaustionTrigger = 'first-half-strength' | 'later-losses';

/** A stand's facts for the exhaustion trigger. */
export interface ExhaustionFacts {
  readonly startSp: number;
  readonly currentSp: number;
  /** The first (≤ 50%) test has already been taken. */
  readonly firstTestTaken: boolean;
  /** SP lost since the last exhaustion phase. */
  readonly tookLosses: boolean;
}

/**
 * DRAM §3 L49: test "when a stand's SP rating first falls to 50% or less of its starting
 * value, and on any subsequent turn on which it takes losses". 50% compared exactly in
 * integers (current × 2 ≤ start). After the first test, every turn with losses tests,
 * even if re-organisation has lifted the stand above half (the text does not exempt it).
 */
export function exhaustionTrigger(f: ExhaustionFacts): ExhaustionTrigger | null {
  if (!f.firstTestTaken) {
    return f.currentSp * EXHAUSTION_THRESHOLD.den <= f.startSp * EXHAUSTION_THRESHOLD.num ? 'first-half-strength' : null;
  }
  return f.tookLosses ? 'later-losses' : null;
}

/** DRAM §3 L51-54: die < SP carry on; = no advance this turn; > adopt 'D' and fall back. */
export function exhaustionResult(die: number, currentSp: number): ExhaustionResult {
  assertDieFace(die, 'exhaustion test');
  if (!Number.isInteger(currentSp)) throw new RangeError(`DRAM exhaustion test: SP must be a whole number, not ${currentSp}`);
  return die < currentSp ? 'carry-on' : die === currentSp ? 'no-advance' : 'fall-back';
}
