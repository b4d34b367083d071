import { describe, expect, it } from 'vitest';
import { disruptionOver, mayMoveAfterReturnFire, recoveryAfterMovePeriod, removeCasualties, routDistance } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith } from './helpers';

const settings = bpSettingsWith();

describe('removeCasualties (BP-3)', () => {
  it('rear-first: the last stand loses figures first; a stand goes when empty', () => {
    expect(removeCasualties('infantry', [3, 3, 3, 3], 4, settings)).toEqual({ stands: [3, 3, 2], figuresRemoved: 4, standsRemoved: 1, isolated: false });
  });
  it('front-first alternative', () => {
    expect(removeCasualties('infantry', [3, 3, 3, 3], 4, bpSettingsWith({ 'casualties.standRemoval': 'front-first' })).stands).toEqual([2, 3, 3]);
  });
  it('L63: an infantry battalion down to one stand is isolated; cavalry is not by this rule', () => {
    expect(removeCasualties('infantry', [3, 3], 3, settings)).toMatchObject({ stands: [3], isolated: true });
    expect(removeCasualties('cavalry', [2, 2], 2, settings)).toMatchObject({ stands: [2], isolated: false });
  });
  it('losses beyond the figures remove everything', () => {
    expect(removeCasualties('infantry', [3, 3], 9, settings)).toEqual({ stands: [], figuresRemoved: 6, standsRemoved: 2, isolated: false });
  });
});

describe('rout distance (HR B-10)', () => {
  it('infantry 9" (L167), cavalry 12", artillery 9"; configurable', () => {
    expect(routDistance('infantry', settings)).toBe(9);
    expect(routDistance('cavalry', settings)).toBe(12);
    expect(routDistance('artillery', settings)).toBe(9);
    expect(routDistance('infantry', bpSettingsWith({ 'rout.infantryInches': 6 }))).toBe(6);
  });
});

describe('recovery (L167-171, HR B-11)', () => {
  it('own clock: only the owner\'s move periods advance routed → halted → reforming → effective', () => {
    expect(recoveryAfterMovePeriod('routed', true, settings)).toBe('halted');
    expect(recoveryAfterMovePeriod('halted', false, settings)).toBe('halted');
    expect(recoveryAfterMovePeriod('halted', true, settings)).toBe('reforming');
    expect(recoveryAfterMovePeriod('reforming', true, settings)).toBe('effective');
    expect(recoveryAfterMovePeriod('effective', true, settings)).toBe('effective');
  });
  it('every clock: any move period advances', () => {
    expect(recoveryAfterMovePeriod('halted', false, bpSettingsWith({ 'recovery.clock': 'every' }))).toBe('reforming');
  });
});

describe('disruption (L167, HR B-16) and return fire (L131, BP-5)', () => {
  it('next-own-move: over after the unit\'s next own move period; full-turn: after two move periods', () => {
    expect(disruptionOver(0, 1, settings)).toBe(false);
    expect(disruptionOver(1, 1, settings)).toBe(true);
    const full = bpSettingsWith({ 'disruption.lasts': 'full-turn' });
    expect(disruptionOver(1, 1, full)).toBe(false);
    expect(disruptionOver(1, 2, full)).toBe(true);
  });
  it('return fire blocks moving only for the rest of the opponent\'s move by default', () => {
    expect(mayMoveAfterReturnFire(settings)).toBe(true);
    expect(mayMoveAfterReturnFire(bpSettingsWith({ 'returnFire.noMove': 'through-next-own-move' }))).toBe(false);
  });
});
