import type { Modifier } from './entry';
import { evaluate, parseExpression, type DiceExpression, type RollResult } from './expression';
import { derivedRng, seedKey } from './derive';
import type { Rng } from './rng';

/** Why the rules roll: shown in the narrative and stored in the audit trail. */
export interface RollRequest {
  /** e.g. "DRAM §4 initiative, I Corps". */
  readonly purpose: string;
  readonly modifiers?: readonly Modifier[];
  /** The table row the total hit, when the caller knows it at roll time. */
  readonly tableRow?: string;
}

/** One roll as the rules core sees it: every die, the modifiers and the final total. */
export interface RolledDice {
  readonly result: RollResult;
  readonly modifiers: readonly Modifier[];
  /** Dice total plus every modifier. */
  readonly total: number;
  /** Audit reference once stored (e.g. 'audit:42'); absent for unaudited dice. */
  readonly ref?: string;
}

/**
 * The small interface the rules core takes its randomness through. Tests script exact
 * faces; games replay a phase from a stored seed; the bot's implementation also appends
 * every roll to the audit trail (src/services/audited-dice.ts).
 */
export interface Dice {
  roll(expression: string, request: RollRequest): RolledDice;
}

const astCache = new Map<string, DiceExpression>();

/** Parse a rules-supplied expression; a bad one is a programming error, not a user error. */
export function compileExpression(expression: string): DiceExpression {
  let ast = astCache.get(expression);
  if (!ast) {
    const parsed = parseExpression(expression);
    if (!parsed.ok) throw new Error(`Invalid dice expression in rules code: "${expression}": ${parsed.error.message}`);
    ast = parsed.value;
    if (astCache.size < 1000) astCache.set(expression, ast);
  }
  return ast;
}

export function rollWith(rng: Rng, expression: string, request: RollRequest): RolledDice {
  const result = evaluate(compileExpression(expression), rng);
  const modifiers = request.modifiers ?? [];
  return { result, modifiers, total: result.total + modifiers.reduce((s, m) => s + m.value, 0) };
}

/** Dice that replay an epoch: roll k uses index startIndex + k, exactly as the audited dice did. */
export function seededDice(seedHex: string, startIndex = 0): Dice & { readonly nextIndex: number } {
  let next = startIndex;
  // The key made once (at the first roll, where a bad seed has always thrown): derive.ts keeps
  // the HMAC pads per key object, so every later roll reuses them.
  let key: Buffer | undefined;
  return {
    get nextIndex() {
      return next;
    },
    roll(expression, request) {
      key ??= seedKey(seedHex);
      return rollWith(derivedRng(key, next++), expression, request);
    },
  };
}

/**
 * Dice for tests: each die shows the next scripted FACE (not index), in roll order. A face
 * the die does not have, or running out of script, throws so a wrong test fails loudly.
 */
export function scriptedDice(faces: readonly number[]): Dice & { readonly remaining: number; readonly log: RolledDice[] } {
  let i = 0;
  const log: RolledDice[] = [];
  return {
    get remaining() {
      return faces.length - i;
    },
    log,
    roll(expression, request) {
      const ast = compileExpression(expression);
      const rng = faceRng(ast, () => {
        if (i >= faces.length) throw new Error(`scriptedDice: script exhausted after ${faces.length} faces (rolling ${expression} for ${request.purpose})`);
        return faces[i++]!;
      });
      const r = rollWith(rng, expression, request);
      log.push(r);
      return r;
    },
  };
}

/** An Rng that turns wanted faces into indices, knowing which die of the expression is next. */
function faceRng(ast: DiceExpression, nextFace: () => number): Rng {
  const dieFaceLists: (readonly number[])[] = [];
  for (const t of ast.terms) {
    if (t.term.kind !== 'dice') continue;
    const faces = t.term.die.kind === 'standard' ? Array.from({ length: t.term.die.sides }, (_, k) => k + 1) : t.term.die.faces;
    for (let k = 0; k < t.term.count; k++) dieFaceLists.push(faces);
  }
  let d = 0;
  return {
    uniformInt(n) {
      const faces = dieFaceLists[d++];
      const want = nextFace();
      const idx = faces ? faces.indexOf(want) : -1;
      if (idx < 0 || idx >= n) throw new Error(`scriptedDice: a die with faces [${faces?.join(',')}] cannot show ${want}`);
      return idx;
    },
  };
}
