import type { DiceExpression, DiceTerm, DieSpec } from './ast';
import type { DiceTermResult } from './roll-result';

// Frozen and shared: statistics code asks for the faces of the same few dice very often.
const standardFaces = new Map<number, readonly number[]>();

function facesOfSpec(die: DieSpec): readonly number[] {
  if (die.kind !== 'standard') return die.faces;
  return standardFacesOf(die.sides);
}

function standardFacesOf(sides: number): readonly number[] {
  let faces = standardFaces.get(sides);
  if (!faces) {
    faces = Object.freeze(Array.from({ length: sides }, (_, i) => i + 1));
    standardFaces.set(sides, faces);
  }
  return faces;
}

/**
 * The faces of one die of a term, in Rng index order (index i shows faces[i]): 1..sides for
 * a standard die, the listed faces (duplicates included) for a custom or named die.
 * Accepts a parsed term or a rolled one, so statistics can work from stored results.
 */
export function dieFaces(term: DiceTerm | DiceTermResult): readonly number[] {
  if ('die' in term) return facesOfSpec(term.die);
  return term.faces ?? standardFacesOf(term.sides);
}

/** How many of the term's dice count toward the total. */
export function keptCount(term: DiceTerm): number {
  if (!term.keep) return term.count;
  return term.keep.mode === 'kh' || term.keep.mode === 'kl' ? term.keep.n : term.count - term.keep.n;
}

/** Total number of dice the expression rolls, i.e. how many times evaluate() calls the Rng. */
export function diceCount(expr: DiceExpression): number {
  return expr.terms.reduce((n, { term }) => n + (term.kind === 'dice' ? term.count : 0), 0);
}
