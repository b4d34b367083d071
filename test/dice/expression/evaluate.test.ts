import { describe, expect, it } from 'vitest';
import {
  dieFaces,
  evaluate,
  formatRoll,
  keptFlags,
  NAMED_DICE,
  parseExpression,
  type DiceExpression,
  type DiceTerm,
  type DiceTermResult,
  type RollResult,
} from '../../../src/dice/expression';
import { scriptedRng, type Rng } from '../../../src/dice/rng';

function parsed(text: string): DiceExpression {
  const r = parseExpression(text);
  if (!r.ok) throw new Error(`expected "${text}" to parse: ${r.error.message}`);
  return r.value;
}

/** Roll `text` with scripted Rng indices; the script must be used up exactly. */
function roll(text: string, indices: number[]): RollResult {
  const calls: number[] = [];
  const inner = scriptedRng(indices);
  const result = evaluate(parsed(text), { uniformInt: (n) => (calls.push(n), inner.uniformInt(n)) });
  expect(calls).toHaveLength(indices.length);
  return result;
}

const diceOf = (r: RollResult, i = 0) => r.terms[i] as DiceTermResult;
const facesAndKept = (r: RollResult, i = 0) => diceOf(r, i).dice.map((d) => (d.kept ? d.face : `~~${d.face}~~`));

describe('evaluate with scripted dice', () => {
  it('2d6+1d3-1: standard dice map index i to face i+1', () => {
    const r = roll('2d6+1d3-1', [3, 2, 1]);
    expect(r).toEqual({
      expression: '2d6+1d3-1',
      terms: [
        { kind: 'dice', sign: 1, notation: '2d6', sides: 6, dice: [{ face: 4, kept: true }, { face: 3, kept: true }], subtotal: 7 },
        { kind: 'dice', sign: 1, notation: '1d3', sides: 3, dice: [{ face: 2, kept: true }], subtotal: 2 },
        { kind: 'const', sign: -1, value: 1 },
      ],
      total: 8,
      min: 2,
      max: 14,
    });
    expect(formatRoll(r)).toBe('2d6 [4, 3] + 1d3 [2] − 1 = 8');
  });

  it('rolls term by term, die by die, one uniformInt(faceCount) per die', () => {
    const ns: number[] = [];
    const rng: Rng = { uniformInt: (n) => (ns.push(n), 0) };
    evaluate(parsed('1d4 + 2d6 - 3 + dF + d{5,6} + dK12 + d%'), rng);
    expect(ns).toEqual([4, 6, 6, 3, 2, 12, 100]);
  });

  it('4d6kh3 keeps the three highest', () => {
    const r = roll('4d6kh3', [5, 0, 3, 2]);
    expect(facesAndKept(r)).toEqual([6, '~~1~~', 4, 3]);
    expect(r.total).toBe(13);
    expect(formatRoll(r)).toBe('4d6kh3 [6, ~~1~~, 4, 3] = 13');
  });

  it('4d6dl1 drops the lowest', () => {
    expect(facesAndKept(roll('4d6dl1', [1, 0, 5, 0]))).toEqual([2, 1, 6, '~~1~~']);
  });

  it('2d20kh is advantage and 2d20kl1 disadvantage', () => {
    expect(roll('2d20kh', [3, 16]).total).toBe(17);
    expect(roll('2d20kl1', [3, 16]).total).toBe(4);
  });

  // Ties go to the earlier die: it is kept first (and so dropped last).
  it.each([
    ['3d6kh1', [4, 4, 1], [5, '~~5~~', '~~2~~']],
    ['3d6kl1', [1, 4, 1], [2, '~~5~~', '~~2~~']],
    ['3d6dh1', [4, 4, 1], [5, '~~5~~', 2]],
    ['3d6dl1', [1, 4, 1], [2, 5, '~~2~~']],
    ['4d6kh2', [2, 2, 2, 2], [3, 3, '~~3~~', '~~3~~']],
    ['2d6dl2', [5, 5], ['~~6~~', '~~6~~']],
  ] as const)('%s with ties: %j → %j', (text, indices, shown) => {
    expect(facesAndKept(roll(text, [...indices]))).toEqual(shown);
  });

  it('custom faces map index i to faces[i], and the result lists them', () => {
    const r = roll('1d{+1,+2,+3,0,0,-1,-2,-3}', [7]);
    expect(diceOf(r)).toEqual({ kind: 'dice', sign: 1, notation: '1d{1,2,3,0,0,-1,-2,-3}', faces: [1, 2, 3, 0, 0, -1, -2, -3], sides: 8, dice: [{ face: -3, kept: true }], subtotal: -3 });
    expect(r.total).toBe(-3);
  });

  it('standard dice carry no faces list (the stored shape omits it)', () => {
    expect('faces' in diceOf(roll('d6', [0]))).toBe(false);
  });

  it('a custom die of plain numbers shows them plain; one with a negative face shows signs (issue 11)', () => {
    expect(formatRoll(roll('1d{1,1,2,3}', [3]))).toBe('1d{1,1,2,3} [3] = 3');
    expect(formatRoll(roll('2d{1,1,2,3}+1', [0, 2]))).toBe('2d{1,1,2,3} [1, 2] + 1 = 4');
    expect(formatRoll(roll('1d{-1,0,2}', [2]))).toBe('1d{-1,0,2} [+2] = 2');
  });

  it('dF shows -1, 0, +1 for indices 0, 1, 2', () => {
    const r = roll('3dF', [0, 1, 2]);
    expect(diceOf(r).dice.map((d) => d.face)).toEqual([-1, 0, 1]);
    expect(formatRoll(r)).toBe('3dF [−1, 0, +1] = 0');
  });

  it('dK8 and dK12 show their faces in order', () => {
    expect(diceOf(roll('8dK8', [0, 1, 2, 3, 4, 5, 6, 7])).dice.map((d) => d.face)).toEqual([1, 2, 3, 0, 0, -1, -2, -3]);
    expect(diceOf(roll('12dk12', [...Array(12).keys()])).dice.map((d) => d.face)).toEqual([1, 2, 3, 4, 5, 0, 0, -1, -2, -3, -4, -5]);
    const r = roll('2dK12+1', [4, 11]);
    expect(r.total).toBe(1);
    expect(formatRoll(r)).toBe('2dK12 [+5, −5] + 1 = 1');
  });

  it('d% is a d100: index 0 is 1, index 99 is 100', () => {
    expect(roll('d%', [0]).total).toBe(1);
    expect(roll('d%', [99]).total).toBe(100);
    expect(diceOf(roll('d%', [41])).notation).toBe('1d100');
  });

  it('signs: a negative dice term subtracts its subtotal, which stays positive', () => {
    const r = roll('-1d6 + 2', [3]);
    expect(diceOf(r)).toMatchObject({ sign: -1, subtotal: 4 });
    expect(r.total).toBe(-2);
    expect(formatRoll(r)).toBe('−1d6 [4] + 2 = −2');
    expect(roll('10 − 2d4kh1', [3, 0]).total).toBe(6);
  });

  it('a zero total is 0, not -0', () => {
    expect(Object.is(roll('-0', []).total, 0)).toBe(true);
    expect(Object.is(roll('1d2-1d2', [0, 0]).total, 0)).toBe(true);
  });

  it('a broken Rng is a bug and throws rather than totalling NaN', () => {
    expect(() => evaluate(parsed('d6'), { uniformInt: (n) => n })).toThrow(/6 faces/);
  });
});

// KUR L9, quoted from solo-kuryakin.txt so the test can be read against the rule book.
const KUR_L9_D8 = 'Each infantry or foot artillery unit rolls a modified D8, marked: +1,+2,+3,0,0,-1,-2,-3.';
// DIGEST.md K4: "Cavalry and horse guns use a D12 'amended +5 to −5 as above'. HR faces: `+1..+5, 0, 0, −1..−5`."
const DIGEST_K4_D12 = '+1..+5, 0, 0, −1..−5';

/** "+1..+5, 0, −1..−5" → [1, 2, 3, 4, 5, 0, -1, ...]: ranges as written in the digest. */
function expandFaces(text: string): number[] {
  return text.split(',').flatMap((part) => {
    const [a, b] = part.replace(/−/g, '-').split('..').map((s) => Number(s.trim()));
    if (b === undefined) return [a!];
    const step = Math.sign(b - a!);
    return Array.from({ length: Math.abs(b - a!) + 1 }, (_, i) => a! + i * step);
  });
}

describe('named dice against the rule text', () => {
  it('dK8 is KUR L9 modified D8', () => {
    const marked = KUR_L9_D8.match(/marked: ([^.]*)\./)![1]!;
    expect(NAMED_DICE.K8.faces).toEqual(marked.split(',').map(Number));
    expect(NAMED_DICE.K8.source).toMatch(/KUR L9/);
  });

  it('dK12 is the DIGEST K4 house ruling', () => {
    expect(NAMED_DICE.K12.faces).toEqual(expandFaces(DIGEST_K4_D12));
    expect(NAMED_DICE.K12.faces).toHaveLength(12);
    expect(NAMED_DICE.K12.source).toMatch(/K4/);
  });

  it('dF is -1, 0, +1', () => {
    expect(NAMED_DICE.F.faces).toEqual([-1, 0, 1]);
  });
});

describe('dieFaces and keptFlags', () => {
  const term = (text: string) => parsed(text).terms[0]!.term as DiceTerm;

  it('lists the faces of standard, custom and named dice, from a term or a rolled term', () => {
    expect(dieFaces(term('2d4'))).toEqual([1, 2, 3, 4]);
    expect(dieFaces(term('d%'))).toHaveLength(100);
    expect(dieFaces(term('d{0,0,1}'))).toEqual([0, 0, 1]);
    expect(dieFaces(term('dK8'))).toEqual([1, 2, 3, 0, 0, -1, -2, -3]);
    expect(dieFaces(diceOf(roll('d6', [0])))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(dieFaces(diceOf(roll('dF', [0])))).toEqual([-1, 0, 1]);
  });

  it('keptFlags keeps everything without a suffix', () => {
    expect(keptFlags([3, 1, 2], undefined)).toEqual([true, true, true]);
    expect(keptFlags([3, 1, 2], { mode: 'kl', n: 2 })).toEqual([false, true, true]);
    expect(keptFlags([3, 1, 2], { mode: 'dh', n: 1 })).toEqual([false, true, true]);
  });
});
