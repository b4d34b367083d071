import { readFileSync } from 'node:fs';
import { rulesText } from '../../../helpers/rules-text';

/**
 * The rule text itself (solo-kuryakin.txt, read as UTF-8): the table tests find every row of the
 * typed data on the line it cites, and read its value back from the printed words.
 */
export const RULES_TEXT = rulesText('solo-kuryakin.txt');
const LINES = readFileSync(RULES_TEXT, 'utf8').split('\n');

/** Line `n` (1-based) of the text. */
export function kurLine(n: number): string {
  const s = LINES[n - 1];
  if (s === undefined) throw new Error(`solo-kuryakin.txt has no line ${n}`);
  return s;
}

/** The last signed whole number in a printed row ("Soft Cover ..-1" → −1, "(max. 3)" ignored). */
export function printedValue(printed: string): number {
  const all = [...printed.matchAll(/([+-])\s?(\d+)%?/g)];
  const m = all.at(-1);
  if (!m) throw new Error(`no signed number in "${printed}"`);
  return (m[1] === '-' ? -1 : 1) * Number(m[2]);
}
