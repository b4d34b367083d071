import { describe, expect, it } from 'vitest';
import {
  BASES, BRIGADES_PER_DIVISION, HOURS_PER_TURN, INCHES_PER_MILE, INITIATIVE, REPRESENTS, SEQUENCE_OF_PLAY, halfMilesToInches, inchesToMiles, milesToInches,
} from '../../../../src/rules/dram/tables';

describe('DRAM §1 L35 scales', () => {
  it('1 turn = 1 hour, 6 inches = 1 mile', () => {
    expect(HOURS_PER_TURN).toBe(1);
    expect(INCHES_PER_MILE).toBe(6);
    expect(milesToInches(4)).toBe(24);
    expect(halfMilesToInches(1)).toBe(3);
    expect(inchesToMiles(12)).toBe(2);
  });
  it('1 base = a brigade, 1 stand = a division, 1 gun = 2-4 batteries', () => {
    expect(REPRESENTS).toEqual({ base: 'brigade', stand: 'division', gun: '2-4 batteries' });
  });
});

describe('DRAM §2 L37-45 sequence of play and §4 L60 initiative', () => {
  it('seven phases in order', () => {
    expect(SEQUENCE_OF_PLAY.map((p) => p.title)).toEqual([
      'Reveal Order Changes', 'Exhaustion Tests & Compulsory Order Changes', 'Initiative', 'Movement', 'Combat', 'Re-organisation', 'Issue New Orders',
    ]);
    expect(SEQUENCE_OF_PLAY.map((p) => p.step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('1D6 per corps, ascending', () => expect(INITIATIVE).toEqual({ dicePerCorps: 1, order: 'ascending' }));
});

describe('DRAM §10 L154-165 basing details (width × depth, inches)', () => {
  it.each([
    ['infantry-brigade', 1, 1, '4'], // L159
    ['cavalry-brigade', 1, 1, '2'], // L160
    ['artillery', 1.5, 3, '1 gun'], // L161 ([OCR] "11/2" = 1½)
    ['division', 3, 5, '1-6 brigades'], // L162
    ['corps-hq', 1.5, 3, '1-2'], // L163
    ['army-or-wing-hq', 2, 4, '2-4'], // L164
    ['supply-column', 1.5, 4, '1 wagon'], // L165
  ] as const)('%s: %s × %s in, figures %s', (kind, width, depth, figures) => {
    expect(BASES[kind]).toMatchObject({ width, depth, figures });
  });
  it('every base is listed once', () => expect(Object.keys(BASES)).toHaveLength(7));
  it('L162 a division has 1-6 brigades', () => expect(BRIGADES_PER_DIVISION).toEqual({ min: 1, max: 6 }));
});
