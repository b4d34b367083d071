/**
 * National characteristics (§XV L1032-1052), the causes of disorder (§XII L911-925) and the
 * regimental artillery rules (§XVII L1079-1118), as printed.
 */

/** National characteristics (§XV). A-12: the Russian limber/unlimber pip is a cost. */
export const NATIONAL = [
  { nation: 'british', applies: 'infantry-morale-facing-column', delta: 1, to: 'morale', line: 'L1035' },
  { nation: 'british', applies: 'cavalry-morale-or-rally', delta: -2, to: 'morale', line: 'L1038' },
  { nation: 'french', applies: 'light-cavalry-or-carabinier-volley-and-countercharge', delta: 1, to: 'morale', line: 'L1043' },
  { nation: 'russian', applies: 'infantry-ignore-one-hit-withdraw', delta: 0, to: 'withdraw', line: 'L1048' },
  { nation: 'russian', applies: 'artillery-limber-or-unlimber', delta: 1, to: 'pips', line: 'L1051' },
] as const;

/** Causes of disorder (§XII L911-925). */
export const DISORDER_CAUSES = [
  { cause: 'enters-buildings', line: 'L913' },
  { cause: 'one-hit-in-melee', line: 'L915' },
  { cause: 'march-column-hit-by-fire', line: 'L917' },
  { cause: 'two-fire-hits-in-one-move', line: 'L919' },
  { cause: 'morale-result', line: 'L921' },
  { cause: 'changes-direction-in-charge', line: 'L923' },
  { cause: 'contacted-by-equal-or-better-withdrawers-or-routers', line: 'L925' },
] as const;
export type DisorderCause = (typeof DISORDER_CAUSES)[number]['cause'];

/** Whether fire hits disorder a unit this move (L917-919). */
export const fireDisorders = (hitsThisMove: number, inMarchColumn: boolean): boolean => hitsThisMove >= 2 || (inMarchColumn && hitsThisMove >= 1);

/** Regimental artillery (§XVII). */
export const REGIMENTAL_ARTILLERY = {
  /** Very small or small artillery, attached for the game to one battalion (L1079). */
  sizes: ['very-small', 'small'],
  /** A pip to move when not in base-edge contact with its parent, even in command (L1083). */
  detachedMovePips: 1,
  /** At most one hit, even on a 2X (L1091). */
  maxHits: 1,
  /** Removed while the parent is in square, replaced when it leaves it (L1095). */
  offInSquare: true,
  /** Lost when the parent is meleed right after a disordered emergency square, destroyed, withdraws from a melee or routs (L1099-1114). */
  lostWhen: ['meleed-after-disordered-emergency-square', 'parent-destroyed', 'parent-withdraws-from-melee', 'parent-routed'],
  line: 'L1079-1118',
} as const;

/** Hits a regimental battery inflicts: the ART table's hits, never more than one (L1091). */
export const regimentalHits = (tableHits: number): number => Math.min(REGIMENTAL_ARTILLERY.maxHits, tableHits);
