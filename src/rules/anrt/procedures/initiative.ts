import type { SideId } from '../../contract';

/**
 * Initiative (§I L12): both C-in-Cs dice (A-3: the die of the settings, plus personality, §XIV);
 * the highest chooses to move first or second; a draw keeps the previous turn's order, and on the
 * first turn re-rolls or follows the scenario.
 */
export type Initiative =
  | { readonly kind: 'winner'; readonly side: SideId }
  | { readonly kind: 'same-as-before'; readonly first: SideId }
  | { readonly kind: 'reroll' };

export function initiative(rolls: Readonly<Record<SideId, number>>, previousFirst: SideId | null, firstTurnDraw: 'reroll' | 'scenario', scenarioFirst: SideId): Initiative {
  const [a, b] = Object.entries(rolls);
  if (!a || !b) throw new Error('initiative needs two sides');
  if (a[1] !== b[1]) return { kind: 'winner', side: a[1] > b[1] ? a[0] : b[0] };
  if (previousFirst) return { kind: 'same-as-before', first: previousFirst };
  return firstTurnDraw === 'scenario' ? { kind: 'same-as-before', first: scenarioFirst } : { kind: 'reroll' };
}
