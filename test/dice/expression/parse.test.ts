import { describe, expect, it } from 'vitest';
import { bounds, diceCount, EXPRESSION_ERROR_CODES, NAMED_DICE, normalize, parseExpression, type DiceExpression } from '../../../src/dice/expression';

function parsed(text: string): DiceExpression {
  const r = parseExpression(text);
  if (!r.ok) throw new Error(`expected "${text}" to parse, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

// Every example the design brief says must parse: [text, normalized, min, max, dice rolled].
const VALID: [string, string, number, number, number][] = [
  ['1d6', '1d6', 1, 6, 1],
  ['d6', '1d6', 1, 6, 1],
  ['2d6+1', '2d6+1', 3, 13, 2],
  ['2d6+1d3-1', '2d6+1d3-1', 2, 14, 3],
  ['4d6kh3', '4d6kh3', 3, 18, 4],
  ['4d6dl1', '4d6dl1', 3, 18, 4],
  ['2d20kl1', '2d20kl1', 1, 20, 2],
  ['2d20kh', '2d20kh1', 1, 20, 2], // advantage: n defaults to 1
  ['2d20k', '2d20kh1', 1, 20, 2], // plain k keeps highest
  ['4d6dh', '4d6dh1', 3, 18, 4],
  ['d%', '1d100', 1, 100, 1],
  ['1d100', '1d100', 1, 100, 1],
  ['d7', '1d7', 1, 7, 1], // any sides 2..1000
  ['3dF', '3dF', -3, 3, 3],
  ['1dK8', '1dK8', -3, 3, 1],
  ['2dk12+1', '2dK12+1', -9, 11, 2],
  ['1d{+1,+2,+3,0,0,-1,-2,-3}', '1d{1,2,3,0,0,-1,-2,-3}', -3, 3, 1],
  ['10', '10', 10, 10, 0],
  ['-1 + 2d6', '-1+2d6', 1, 11, 2],
  [' 2 D 6 ', '2d6', 2, 12, 2], // whitespace inside a term is allowed
  ['4D6KH3', '4d6kh3', 3, 18, 4],
  ['4d6 kh 3', '4d6kh3', 3, 18, 4],
  ['2d6 − 1', '2d6-1', 1, 11, 2], // U+2212 minus
  ['−d6', '-1d6', -6, -1, 1],
  ['+d6', '1d6', 1, 6, 1],
  ['3dFkh2', '3dFkh2', -2, 2, 3], // a named die is one letter plus digits, so kh2 follows
  ['d{ -3 , +0 , 7 }', '1d{-3,0,7}', -3, 7, 1],
  ['d{−2,2}', '1d{-2,2}', -2, 2, 1],
  ['2d6dl2', '2d6dl2', 0, 0, 2], // dropping every die is allowed (n ≤ count)
  ['007d06+01', '7d6+1', 8, 43, 7],
  ['-0', '-0', 0, 0, 0],
  ['1d6\u00a0+\t1', '1d6+1', 2, 7, 1], // any Unicode space (phones send no-break spaces)
  ['100d1000', '100d1000', 100, 100_000, 100], // limits are inclusive
  ['1000000-1000000', '1000000-1000000', 0, 0, 0],
  ['d{1000000,-1000000}', '1d{1000000,-1000000}', -1_000_000, 1_000_000, 1],
];

describe('parseExpression: valid expressions', () => {
  it.each(VALID)('%j → %s, bounds [%i, %i], %i dice', (text, norm, min, max, dice) => {
    const e = parsed(text);
    expect(normalize(e)).toBe(norm);
    expect(bounds(e)).toEqual({ min, max });
    expect(diceCount(e)).toBe(dice);
  });

  it('builds the documented tree for 2d6+1d3-1', () => {
    expect(parsed('2d6+1d3-1')).toEqual({
      terms: [
        { sign: 1, term: { kind: 'dice', count: 2, die: { kind: 'standard', sides: 6 } } },
        { sign: 1, term: { kind: 'dice', count: 1, die: { kind: 'standard', sides: 3 } } },
        { sign: -1, term: { kind: 'const', value: 1 } },
      ],
    });
  });

  it('reads keep/drop suffixes into { mode, n }', () => {
    expect(parsed('4d6kh3').terms[0]!.term).toEqual({ kind: 'dice', count: 4, die: { kind: 'standard', sides: 6 }, keep: { mode: 'kh', n: 3 } });
    expect(parsed('2d20KL').terms[0]!.term).toMatchObject({ keep: { mode: 'kl', n: 1 } });
    expect(parsed('5d6dh2').terms[0]!.term).toMatchObject({ keep: { mode: 'dh', n: 2 } });
    expect(parsed('4d6dl1').terms[0]!.term).toMatchObject({ keep: { mode: 'dl', n: 1 } });
  });

  it('d% and d100 are the same die', () => {
    expect(parsed('d%')).toEqual(parsed('1d100'));
  });

  it('named dice carry their faces and are case-insensitive', () => {
    expect(parsed('dk8')).toEqual(parsed('1DK8'));
    expect(parsed('1dK8').terms[0]!.term).toEqual({ kind: 'dice', count: 1, die: { kind: 'named', name: 'K8', faces: NAMED_DICE.K8.faces } });
    expect(parsed('df').terms[0]!.term).toMatchObject({ die: { kind: 'named', name: 'F', faces: [-1, 0, 1] } });
  });

  it('custom faces keep their order and duplicates; -0 is stored as 0', () => {
    const term = parsed('d{3,-0,3,-1}').terms[0]!.term;
    expect(term).toEqual({ kind: 'dice', count: 1, die: { kind: 'custom', faces: [3, 0, 3, -1] } });
    expect(term.kind === 'dice' && term.die.kind === 'custom' && Object.is(term.die.faces[1], -0)).toBe(false);
  });

  it('accepts exactly the maximum number of terms, dice and characters', () => {
    expect(parseExpression(Array(20).fill('1').join('+')).ok).toBe(true);
    expect(parseExpression('100d6+100d6').ok).toBe(true);
    const long = `1d6+${'0'.repeat(195)}1`; // 200 characters, normalizes to 1d6+1
    expect(long).toHaveLength(200);
    expect(parseExpression(long).ok).toBe(true);
  });
});

// [text, code, position, expected]: one row per error code, plus the syntax positions.
const ERRORS: [string, string, number, string[]][] = [
  ['', 'dice/empty', 0, ['a number', 'd', '+', '-']],
  ['   ', 'dice/empty', 0, ['a number', 'd', '+', '-']],
  ['2d6+x', 'dice/syntax', 4, ['a number', 'd']],
  ['x', 'dice/syntax', 0, ['a number', 'd', '+', '-']],
  ['-x', 'dice/syntax', 1, ['a number', 'd']],
  ['2d6+', 'dice/syntax', 4, ['a number', 'd']],
  ['2d6 x', 'dice/syntax', 4, ['kh', 'kl', 'k', 'dh', 'dl', '+', '-', 'end of expression']],
  ['2 6', 'dice/syntax', 2, ['d', '+', '-', 'end of expression']],
  ['4d6kh3x', 'dice/syntax', 6, ['+', '-', 'end of expression']],
  ['4d6kh x', 'dice/syntax', 6, ['a number', '+', '-', 'end of expression']],
  ['4d6dx', 'dice/syntax', 4, ['h', 'l']],
  ['2d', 'dice/syntax', 2, ['a number of sides', '%', '{', 'F', 'K8', 'K12']],
  ['2d+1', 'dice/syntax', 2, ['a number of sides', '%', '{', 'F', 'K8', 'K12']],
  ['d{', 'dice/syntax', 2, ['+', '-', 'a number']],
  ['d{}', 'dice/syntax', 2, ['+', '-', 'a number']],
  ['d{1,-}', 'dice/syntax', 5, ['a number']],
  ['d{1;2}', 'dice/syntax', 3, [',', '}']],
  ['1d6 ++ 1', 'dice/syntax', 5, ['a number', 'd']],
  ['2d6*2', 'dice/syntax', 3, ['kh', 'kl', 'k', 'dh', 'dl', '+', '-', 'end of expression']],
  ['1'.repeat(201), 'dice/too-long', 200, ['end of expression']],
  // Fits as typed (190 chars) but normalized (d% → 1d100, k → kh1) it would not.
  [Array(19).fill('d%k').join('+') + `+d{${'0,'.repeat(60)}0}`, 'dice/too-long', 76, ['end of expression']],
  [Array(21).fill('1').join('+'), 'dice/too-many-terms', 40, ['end of expression']],
  ['101d6', 'dice/too-many-dice', 0, ['a number of dice from 1 to 100']],
  ['100d6 + 100d6 + 1d6', 'dice/too-many-dice', 16, ['at most 0 dice']],
  ['0d6', 'dice/too-few-dice', 0, ['a number of dice from 1 to 100']],
  ['1d1001', 'dice/too-many-sides', 2, ['a number of sides from 2 to 1000']],
  ['1d1', 'dice/too-few-sides', 2, ['a number of sides from 2 to 1000']],
  ['d0', 'dice/too-few-sides', 1, ['a number of sides from 2 to 1000']],
  ['d{5}', 'dice/too-few-sides', 3, [',']],
  ['1000001', 'dice/number-too-large', 0, ['a number up to 1000000']],
  ['2d6+99999999999999999999', 'dice/number-too-large', 4, ['a number up to 1000000']],
  ['d{1,-1000001}', 'dice/number-too-large', 4, ['a number up to 1000000']],
  ['4d6kh5', 'dice/keep-too-many', 5, ['a number from 1 to 4']],
  ['1d20dl2', 'dice/keep-too-many', 6, ['a number from 1 to 1']],
  ['4d6kh0', 'dice/keep-too-few', 5, ['a number from 1 to 4']],
  ['1dX', 'dice/unknown-die', 2, ['a number of sides', '%', '{', 'F', 'K8', 'K12']],
  ['1dK10', 'dice/unknown-die', 2, ['a number of sides', '%', '{', 'F', 'K8', 'K12']],
];

describe('parseExpression: errors', () => {
  it.each(ERRORS)('%j → %s at %i', (text, code, position, expected) => {
    const r = parseExpression(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code, position, expected });
    expect(r.error.message.length).toBeGreaterThan(10);
    expect(r.error.hint.length).toBeGreaterThan(10);
  });

  it('covers every error code in the table', () => {
    expect(new Set(ERRORS.map((r) => r.at(1)))).toEqual(new Set(EXPRESSION_ERROR_CODES));
  });

  it('says where and what, and how to fix it', () => {
    const r = parseExpression('2d6+x');
    expect(r.ok || r.error).toMatchObject({
      message: 'Unexpected "x" at position 4 in "2d6+x": expected a number or a die like d6.',
      hint: 'Try something like 2d6+1, 4d6kh3, d% or 1dK8.',
    });
  });

  it('an unknown named die lists the known ones', () => {
    const r = parseExpression('1dZ');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('dF, dK8 and dK12');
    for (const name of ['dF', 'dK8', 'dK12']) expect(r.error.hint).toContain(name);
  });

  it('limit messages name the limit', () => {
    const msg = (t: string) => (parseExpression(t) as { error: { message: string } }).error.message;
    expect(msg('101d6')).toContain('100');
    expect(msg('100d6+100d6+1d6')).toContain('200');
    expect(msg('d1001')).toContain('1000');
    expect(msg(Array(21).fill('1').join('+'))).toContain('20');
    expect(msg('1'.repeat(201))).toContain('200');
    expect(msg('2000000')).toContain('1000000');
  });

  it('describes an unexpected astral character whole and a control character escaped', () => {
    const astral = parseExpression('2d6+😀');
    expect(astral.ok || astral.error.message).toContain('Unexpected "😀" at position 4');
    const nul = parseExpression('2d6\u0000');
    expect(nul.ok || nul.error.message).toContain('Unexpected "\\u0000" at position 3');
  });
});
