import { nameBook, type NameBook, type NameEntry } from '../../src/narrative/names';

/** A small order of battle for line tests: a 72×48″ table with a 6″ grid, turn 1 at 13:00. */
const ENTRIES: [string, NameEntry][] = [
  ['fr', { name: 'French', kind: 'side' }],
  ['pr', { name: 'Prussians', kind: 'side' }],
  ['fr-I', { name: 'I Corps', kind: 'corps', side: 'fr' }],
  ['fr-d2', { name: '2nd Division', kind: 'unit', side: 'fr', tag: 'A' }],
  ['fr-d3', { name: '3rd Division', kind: 'unit', side: 'fr', tag: 'A' }],
  ['fr-art', { name: 'Grand Battery', kind: 'unit', side: 'fr', tag: 'A' }],
  ['fr-guard', { name: '*Old Guard* @everyone', kind: 'unit', side: 'fr', tag: 'R' }],
  ['pr-b1', { name: 'Prussians 1st Brigade', kind: 'unit', side: 'pr', tag: 'D' }],
  ['ney', { name: 'Marshal Ney', kind: 'general', side: 'fr' }],
  ['fr-I-staff-2', { name: 'I Corps staff', kind: 'general', side: 'fr' }],
];

export const names: NameBook = nameBook(ENTRIES, {
  clock: (turn) => `${String(12 + turn).padStart(2, '0')}:00`,
  grid: { table: { width: 72, height: 48 }, grid: { cell: 6 } },
});

/** The same names without a grid or a clock: places fall back to coordinates. */
export const bareNames: NameBook = nameBook(ENTRIES);
