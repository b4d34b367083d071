/**
 * One row of a Kuryakin modifier list. The text's tables survive only as prose with the
 * modifiers inline (DIGEST §2, "Extraction note"), so each row keeps the exact words it is
 * printed with (`printed`, found on line `line` of solo-kuryakin.txt): the table tests find
 * every row in the text and read its value back from those words.
 */
export interface ModifierRow<C extends string> {
  /** What in the game state makes the row count. */
  readonly condition: C;
  /** Its value: die pips (fire, melee, formation) or percentage points (morale tests). */
  readonly value: number;
  /** What players read in the narrative. */
  readonly label: string;
  /** The line of solo-kuryakin.txt that prints it. */
  readonly line: number;
  /** The row exactly as printed on that line. */
  readonly printed: string;
  /** Applies per unit of something (per 'D' chit, per casualty, per crew figure…). */
  readonly each?: boolean;
  /** An optional-rule row (L29: special figures); counts only with `optional.specialFigures`. */
  readonly optional?: boolean;
}

/** The row for `condition` in a list (a caller bug if absent). */
export function rowOf<C extends string, R extends ModifierRow<C>>(rows: readonly R[], condition: C): R {
  const r = rows.find((x) => x.condition === condition);
  if (!r) throw new RangeError(`KUR: no row '${condition}' in this table`);
  return r;
}

/** A KUR line reference as the narrative prints it. */
export const ref = (line: number | string): string => `KUR L${line}`;
