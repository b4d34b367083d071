import type { DiceExpression, DieSpec, SignedTerm, Term } from './ast';
import type { RollResult, TermResult } from './roll-result';

/*
 * Two renderings. normalize() is the canonical ASCII text of an expression: what the audit
 * trail stores and a verifier parses again, so it must re-parse to an equal tree.
 * formatRoll() is for people on Discord: spaces, U+2212 minus, dropped dice struck through.
 */

const MINUS = '\u2212';

function dieNotation(die: DieSpec): string {
  switch (die.kind) {
    case 'standard':
      return String(die.sides); // d% is written d100: one spelling per die
    case 'custom':
      return `{${die.faces.join(',')}}`;
    case 'named':
      return die.name;
  }
}

/** A term without its sign, always with an explicit count and keep count: '1d6', '4d6kh3', '7'. */
export function termNotation(term: Term): string {
  if (term.kind === 'const') return String(term.value);
  const keep = term.keep ? `${term.keep.mode}${term.keep.n}` : '';
  return `${term.count}d${dieNotation(term.die)}${keep}`;
}

/** A term with its operator: '+1d6', '-2'; the first term has no '+'. */
export function signedTermNotation(t: SignedTerm, first: boolean): string {
  return `${t.sign < 0 ? '-' : first ? '' : '+'}${termNotation(t.term)}`;
}

/** The canonical text of an expression: `2D6 + d3 − 1` → '2d6+1d3-1'. */
export function normalize(expr: DiceExpression): string {
  return expr.terms.map((t, i) => signedTermNotation(t, i === 0)).join('');
}

/** A number as shown to people: U+2212 for negatives. */
function shown(n: number): string {
  return n < 0 ? `${MINUS}${-n}` : String(n);
}

/**
 * A face of a die marked with signs (any negative face: dF, dK8, 1d{-1,0,1}) shows its sign, as
 * on the physical die: +2, 0, −3. A die of plain numbers (1d{1,1,2,3}) shows them plain (issue 11).
 */
function shownFace(face: number, signed: boolean): string {
  return signed && face > 0 ? `+${face}` : shown(face);
}

function termBody(t: TermResult): string {
  if (t.kind === 'const') return String(t.value);
  const signed = t.faces?.some((f) => f < 0) ?? false;
  const dice = t.dice.map((d) => (d.kept ? shownFace(d.face, signed) : `~~${shownFace(d.face, signed)}~~`));
  return `${t.notation} [${dice.join(', ')}]`;
}

/** `2d6 [4, 3] + 1d3 [2] − 1 = 8`; dropped dice are struck through (Discord markdown `~~5~~`). */
export function formatRoll(result: RollResult): string {
  const parts = result.terms.map((t, i) => {
    const op = i === 0 ? (t.sign < 0 ? MINUS : '') : t.sign < 0 ? ` ${MINUS} ` : ' + ';
    return op + termBody(t);
  });
  return `${parts.join('')} = ${shown(result.total)}`;
}
