import { describe, expect, it } from 'vitest';
import { normalizeName, turnClock } from '../../../src/rules/scenario';
import { closest, didYouMean } from '../../../src/rules/scenario/names';

describe('names players type', () => {
  it('match without case, accents, hyphens or apostrophes', () => {
    expect(normalizeName('Saint-Amand-la-Haye')).toBe(normalizeName('saint amand  la haye'));
    expect(normalizeName('Balâtre')).toBe('balatre');
    expect(normalizeName("Napoleon's mill")).toBe(normalizeName('Napoleon s mill'));
    expect(normalizeName('Wagnelée')).not.toBe(normalizeName('Wagnelée-le-Grand'));
    // As player commands read them (location/names.ts): "St" is "Saint".
    expect(normalizeName('St. Amand')).toBe(normalizeName('Saint-Amand'));
  });

  it('a near miss finds the intended name, a far one nothing', () => {
    expect(closest('Lingy', ['Ligny', 'Brye', 'Sombreffe'])).toEqual(['Ligny']);
    expect(closest('somb', ['Ligny', 'Brye', 'Sombreffe'])).toEqual(['Sombreffe']); // a prefix
    expect(closest('Waterloo', ['Ligny', 'Brye', 'Sombreffe'])).toEqual([]);
    expect(didYouMean('facng', ['facing', 'order'], 'none')).toBe("Did you mean 'facing'?");
    expect(didYouMean('zzz', ['facing'], 'none')).toBe('none');
  });
});

describe('turn clock', () => {
  it.each([
    [{ firstTurn: '14:30', turnMinutes: 60 }, 1, '14:30'],
    [{ firstTurn: '14:30', turnMinutes: 60 }, 7, '20:30'],
    [{ firstTurn: '09:00', turnMinutes: 30 }, 4, '10:30'], // NW turns are 30 minutes
    [{ firstTurn: '23:00', turnMinutes: 60 }, 3, '01:00'], // past midnight
  ])('%o turn %i starts at %s', (meta, turn, clock) => {
    expect(turnClock(meta, turn)).toBe(clock);
  });
});
