/** The line an ended game's dashboard (and nothing else) closes with (issue 11). */
import { expect, it } from 'vitest';
import { overText } from '../../src/games/dashboard';

it('states the result as the resolution did, or that the GM ended the game before the rules did', () => {
  expect(overText({ winner: 'french', summary: 'French victory: 8 objective points to 4' })).toBe('🏁 The game is over — French victory: 8 objective points to 4');
  expect(overText({ winner: null, summary: 'Draw: 6 points each, within the margin of 2' })).toBe('🏁 The game is over — Draw: 6 points each, within the margin of 2');
  expect(overText(null)).toBe('🏁 The game is over — the GM ended it before the rules did.');
  // Markdown in a summary is shown as text, not formatting.
  expect(overText({ winner: null, summary: '*bold*' })).toContain('\\*bold\\*');
});
