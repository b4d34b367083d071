/**
 * The B&P tables as printed in beer-and-pretzel.txt, line for line (the [OCR] run-together cells
 * kept as they are). The table tests rebuild each printed line from the typed data, cell by cell.
 */
export const PRINTED: Readonly<Record<number, string>> = {
  38: 'TypeLineCol.SkirmSquare',
  39: 'Infantry4"6"9"2"',
  40: 'Cavalry12"12"12"-',
  41: 'Artillery9"9"9"-',
  42: 'Roads+3"+3"+3"-',
  43: 'Woods,',
  44: 'Streams,',
  45: 'Hills',
  46: 'count 2" for each 1" traversed',
  47: 'Move through',
  48: 'formed Friends',
  49: '-2" for all',
  50: 'Move through',
  51: 'skirm. Friends',
  52: 'No additional cost',
  53: 'Retrograde movement is half distance',
  80: '      Muskets: 6"',
  81: '      Artillery Round Shot: 18"',
  82: '      Artillery Cannister: 6" (triangular blast pattern measuring 60 degrees from the muzzle)',
  86: '      Target Uphill or in Wood: -1 from "to hit"',
  87: '      Target Uphill Greater than 1 contour or in breastwork: -2 from "to hit"',
  138: 'Type of UnitPoints Per FigureMorale Die to Hold',
  139: 'Artillery18',
  140: 'Skirm: Inf19',
  141: 'Skirm: Cav29',
  142: 'Line Inf28',
  143: 'Guard Inf36',
  144: 'Line Cav37',
  145: 'Guard or Hvy Cav46',
  146: 'Inf in Square+1 pt.4',
  147: 'Attacking enemy in',
  148: 'flank or rear',
  149: '+3 pts-',
  150: 'Attacking frontally uphill',
  151: 'or defending wood, stream',
  152: '+1pt. +1 to roll',
  153: 'Higher than 1 contour',
  154: 'behind works or wide stream',
  155: '+2 pts. +2 to roll',
  188: 'Die RollDefenderAttacker',
  189: '12elim-',
  190: '11-2 fig routs-2 fig',
  191: '10-2 fig routs-1 fig',
  192: '9-1 fig-1 fig',
  193: '8-elim',
  194: '7--2 fig routs',
  195: '6--1 fig routs',
  196: '5 or less-routs',
  197: 'For ea. additional stand attacking: +1 to attacker die',
  198: 'For ea. defender casualty: +1 to defender die',
};

/** A printed line; a missing one fails the test that asks. */
export function printed(line: number): string {
  const s = PRINTED[line];
  if (s === undefined) throw new Error(`no printed text kept for B&P L${line}`);
  return s;
}
