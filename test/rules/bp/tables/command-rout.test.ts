import { describe, expect, it } from 'vitest';
import {
  COMMAND_FIGURE, CONTROL_CLASS_RULE, CONTROL_ROLL, DISRUPTED, GREEN_TROOPS, ORGANISATION, RECOVERY_INTERRUPTED, RECOVERY_STAGES, SCALE, controlResult,
  nextRecoveryStage, recoveringUnitAssaulted, recoveryClockTicks,
} from '../../../../src/rules/bp/tables';

describe('command figure (B&P L202)', () => {
  it('4" radius; +1 morale, +1 melee die, +1 point per figure; not for skirmishers or buildings; killed on 12', () => {
    expect(COMMAND_FIGURE).toMatchObject({ radiusInches: 4, morale: 1, meleeDie: 1, pointsPerFigure: 1, notForSkirmishOrder: true, notInBuildings: true, killedOn: 12 });
  });
});

describe('optional rules (L206-208)', () => {
  it('control: A never, B every other turn, C every turn; 1-3 full, 4-6 half', () => {
    expect(CONTROL_CLASS_RULE).toEqual({ A: 'never', B: 'every-other-turn', C: 'every-turn' });
    expect([1, 2, 3, 4, 5, 6].map(controlResult)).toEqual(['full', 'full', 'full', 'half', 'half', 'half']);
    expect(CONTROL_ROLL.fullOn).toEqual([1, 2, 3]);
  });
  it('green troops −1 on morale, melee and fire', () => expect(GREEN_TROOPS).toMatchObject({ morale: -1, melee: -1, fire: -1 }));
});

describe('rout, disruption and recovery (L165-171)', () => {
  it('stages routed → halted → reforming → effective, one per counted move period', () => {
    expect(RECOVERY_STAGES).toEqual(['routed', 'halted', 'reforming', 'effective']);
    expect(nextRecoveryStage('routed')).toBe('halted');
    expect(nextRecoveryStage('halted')).toBe('reforming');
    expect(nextRecoveryStage('reforming')).toBe('effective');
    expect(nextRecoveryStage('effective')).toBe('effective');
    expect(RECOVERY_INTERRUPTED).toBe('routed');
  });
  it('HR B-11 clock', () => {
    expect(recoveryClockTicks('own', false)).toBe(false);
    expect(recoveryClockTicks('own', true)).toBe(true);
    expect(recoveryClockTicks('every', false)).toBe(true);
  });
  it('L171: charged while recovering: 50% on the first assault (BP-8 rounded up), eliminated on the second', () => {
    expect(recoveringUnitAssaulted(9, 0)).toEqual({ lost: 5, eliminated: false });
    expect(recoveringUnitAssaulted(8, 0)).toEqual({ lost: 4, eliminated: false });
    expect(recoveringUnitAssaulted(1, 0)).toEqual({ lost: 1, eliminated: true });
    expect(recoveringUnitAssaulted(4, 1)).toEqual({ lost: 4, eliminated: true });
  });
  it('disrupted: no advance, −1 morale, melee and fire (L167)', () => {
    expect(DISRUPTED).toMatchObject({ morale: -1, melee: -1, fire: -1, mayAdvance: false });
  });
});

describe('organisation and scale (L12)', () => {
  it('3 / 2 / 4 figures per stand; 12 / 8 / 4 per unit; 1:60; ground and time scale not printed', () => {
    expect(ORGANISATION.infantry).toEqual({ figuresPerStand: 3, figuresPerUnit: 12 });
    expect(ORGANISATION.cavalry).toEqual({ figuresPerStand: 2, figuresPerUnit: 8 });
    expect(ORGANISATION.artillery).toEqual({ figuresPerStand: 4, figuresPerUnit: 4 });
    expect(SCALE.menPerFigure * ORGANISATION.infantry.figuresPerUnit).toBe(720);
    expect(SCALE.yardsPerInch).toBeNull();
    expect(SCALE.minutesPerTurn).toBeNull();
  });
});
