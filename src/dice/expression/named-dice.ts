/**
 * Named custom dice, as data with the rule each comes from. Face order matters: index i of
 * the Rng maps to faces[i], so the order is part of the verifiable record. Never reorder.
 */
export const NAMED_DIE_NAMES = ['F', 'K8', 'K12'] as const;
/** The canonical (upper-case) name of a named die, as written after `d`: dF, dK8, dK12. */
export type NamedDieName = (typeof NAMED_DIE_NAMES)[number];

/** A named die: its faces and where the rules define it. */
export interface NamedDie {
  readonly name: NamedDieName;
  readonly faces: readonly number[];
  readonly description: string;
  readonly source: string;
}

export const NAMED_DICE: { readonly [K in NamedDieName]: NamedDie } = {
  F: {
    name: 'F',
    // A physical Fudge die has two each of −, blank, +; three equally likely faces is the same distribution.
    faces: Object.freeze([-1, 0, 1]),
    description: 'Fudge/Fate die: -1, 0, +1',
    source: 'Fudge dice (Fate), generic',
  },
  K8: {
    name: 'K8',
    faces: Object.freeze([1, 2, 3, 0, 0, -1, -2, -3]),
    description: "Kuryakin's movement D8: +1,+2,+3,0,0,-1,-2,-3",
    source: 'KUR L9 ("a modified D8, marked: +1,+2,+3,0,0,-1,-2,-3"); DIGEST.md K4',
  },
  K12: {
    name: 'K12',
    faces: Object.freeze([1, 2, 3, 4, 5, 0, 0, -1, -2, -3, -4, -5]),
    description: "Kuryakin's cavalry/horse-gun D12: +1..+5,0,0,-1..-5",
    source: 'KUR L9 ("a D12 amended +5 to -5 as above"); DIGEST.md K4 house ruling for the faces',
  },
};

/** The named die spelled `name` (case-insensitive, without the `d`), if there is one. */
export function lookupNamedDie(name: string): NamedDie | undefined {
  const upper = name.toUpperCase();
  const found = NAMED_DIE_NAMES.find((n) => n === upper);
  return found === undefined ? undefined : NAMED_DICE[found];
}

/** "dF, dK8 and dK12": for messages. */
export const NAMED_DICE_LIST = NAMED_DIE_NAMES.map((n) => `d${n}`).join(', ').replace(/, ([^,]*)$/, ' and $1');
