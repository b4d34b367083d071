import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { maneuverModifiers, rollManeuver, type ManeuverInput } from '../../../../src/rules/nw/procedures';
import { MANEUVER_TABLE, maneuverModifier, SKILLS, type ManeuverCondition, type Skill } from '../../../../src/rules/nw/tables';
import { settingsWith } from '../tables/settings-helper';
import { facesFor, reach, rollsOf } from './helpers';

const settings = settingsWith();
const base: ManeuverInput = { unit: '1st Brigade', commanderSkill: 'good', inRange: true, status: 'good-order', arm: 'infantry', conditions: [] };

const UPS: [ManeuverCondition, number][] = [['guard', 3], ['fresh', 2], ['general-attached', 1], ['within-3-of-valorous', 1]];
const DOWNS: [ManeuverCondition, number][] = [['spent', -2], ['militia', -2], ['conscript', -1], ['command-fatigued', -1]];
const GOOD_TEXT = ['Hold position', '¼ move allowed', '½ move allowed', '¾ move allowed', 'Full move', 'Full move'];
const DIS_TEXT = ['Retreat ½ move', 'Hold position', 'Re-order & hold', 'Re-order with ¼ Mv', 'Re-order with ½ Mv', 'Re-order & full Mv'];

describe('rollManeuver (N5, NW §9.0 C L230-243; chart L632-651)', () => {
  it('worked example L305: Good commander in range, net +2, rolls 6 → 8 → ¾ move, 7½" of 10"', () => {
    const dice = scriptedDice([4, 2]);
    const { result, events } = rollManeuver({ ...base, conditions: ['fresh'], allowance: 10 }, settings, dice);
    expect(result).toMatchObject({ column: 'good', natural: 6, total: 8, fraction: 'three-quarters', outcome: 'three-quarters', inches: 7.5, read: 'good-order' });
    const [roll] = rollsOf(events);
    expect(roll).toMatchObject({ rule: 'NW §9.0 C', purpose: 'maneuver', subject: '1st Brigade', total: 8 });
    expect(roll!.tableRow).toBe('Maneuver Table chart L638, good column 7-8: Good-order unit: ¾ move allowed');
    expect(roll!.modifiers).toEqual([{ label: 'fresh +2 (chart L645)', value: 2 }]);
    expect(dice.remaining).toBe(0);
  });

  it('example L238: in range reads the Good column, 13" away (out of range) the Average column', () => {
    const inRange = rollManeuver(base, settings, scriptedDice([5, 4]));
    expect(inRange.result).toMatchObject({ column: 'good', outOfRangeShift: false, fraction: 'full' });
    const out = rollManeuver({ ...base, inRange: false }, settings, scriptedDice([5, 4]));
    expect(out.result).toMatchObject({ column: 'average', outOfRangeShift: true, fraction: 'three-quarters' });
    expect(rollsOf(out.events)[0]!.tableRow).toContain('average column (out of range) 8-9');
  });

  it('Poor out of range: Poor column with a named −1 (L232; chart L650-651)', () => {
    const { result, events } = rollManeuver({ ...base, commanderSkill: 'poor', inRange: false }, settings, scriptedDice([3, 2]));
    expect(result).toMatchObject({ column: 'poor', total: 4, fraction: 'hold' });
    expect(rollsOf(events)[0]!.modifiers).toEqual([{ label: 'outside-poor-commander-range −1 (chart L650-651; §9.0 C.2 L232)', value: -1 }]);
  });

  describe('boundaries: first and last value of every cell, both result columns', () => {
    const cases: { column: Skill; total: number; row: number }[] = [];
    for (const column of SKILLS) {
      MANEUVER_TABLE.forEach((r, row) => {
        const [min, max] = r.ranges[column];
        for (const t of [min ?? (max as number) - 3, max ?? (min as number) + 3]) cases.push({ column, total: t, row });
      });
    }
    it.each(cases)('$column total $total → row $row', ({ column, total, row }) => {
      const { natural, conditions } = reach(total, UPS, DOWNS);
      expect(maneuverModifier(conditions)).toBe(total - natural);
      const good = rollManeuver({ ...base, commanderSkill: column, conditions }, settings, scriptedDice(facesFor(natural)));
      expect(good.result.total).toBe(total);
      expect(good.result.rowIndex).toBe(row);
      expect(good.result.outcome).toBe(MANEUVER_TABLE[row]!.goodOrder);
      expect(rollsOf(good.events)[0]!.tableRow).toMatch(new RegExp(`^Maneuver Table chart L${635 + row}, ${column} column .*: Good-order unit: ${GOOD_TEXT[row]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      const dis = rollManeuver({ ...base, commanderSkill: column, conditions, status: 'disordered' }, settings, scriptedDice(facesFor(natural)));
      expect(dis.result.outcome).toBe(MANEUVER_TABLE[row]!.disordered);
      expect(rollsOf(dis.events)[0]!.tableRow).toContain(`Disordered unit: ${DIS_TEXT[row]}`);
    });
  });

  it('a disordered unit on the worst row retreats ½ move; on a re-order row it re-orders and moves', () => {
    const worst = rollManeuver({ ...base, status: 'disordered', conditions: ['spent'], allowance: 8 }, settings, scriptedDice([1, 1]));
    expect(worst.result).toMatchObject({ outcome: 'retreat-half', retreatHalfMove: true, reorders: false, fraction: 'hold', inches: 0, retreatInches: 4 });
    const reorder = rollManeuver({ ...base, status: 'disordered', allowance: 8 }, settings, scriptedDice([4, 3]));
    expect(reorder.result).toMatchObject({ total: 7, outcome: 'reorder-quarter', reorders: true, fraction: 'quarter', inches: 2 });
    expect(reorder.result.retreatInches).toBeUndefined();
  });

  it('artillery always reads the good-order column (DIGEST N5)', () => {
    const { result } = rollManeuver({ ...base, arm: 'artillery', status: 'disordered', conditions: ['suppressed-artillery'] }, settings, scriptedDice([4, 4]));
    expect(result).toMatchObject({ read: 'good-order', total: 7, outcome: 'three-quarters' });
  });

  it('the CinC within 3" adds his presence (chart L651), Napoleon +4; road bonus per HR N-17', () => {
    const { result, events } = rollManeuver(
      { ...base, cincWithin3: { skill: 'excellent', isNapoleon: true }, allowance: 10, roadBonus: 6 }, settings, scriptedDice([1, 1]),
    );
    expect(result).toMatchObject({ total: 6, fraction: 'half', inches: 8 });
    expect(rollsOf(events)[0]!.modifiers).toEqual([{ label: 'cinc-presence +4 (chart L651; Ch.II §3.1 L549)', value: 4 }]);
    const after = rollManeuver({ ...base, cincWithin3: { skill: 'excellent', isNapoleon: true }, allowance: 10, roadBonus: 6 }, settingsWith({ road: { bonusBeforeFraction: false } }), scriptedDice([1, 1]));
    expect(after.result.inches).toBe(11);
  });

  it('an independent brigade is in range under HR N-21 "always", measured otherwise', () => {
    const ind = { ...base, independent: true, inRange: false };
    expect(maneuverModifiers(ind, settings).column).toBe('good');
    expect(maneuverModifiers(ind, settingsWith({ independent: { range: 'measured' } })).column).toBe('average');
  });

  it('refuses routed units (HR N-18) and the derived conditions', () => {
    expect(() => rollManeuver({ ...base, status: 'routed' }, settings, scriptedDice([]))).toThrow(/routed/);
    expect(() => rollManeuver({ ...base, conditions: ['cinc-presence'] }, settings, scriptedDice([]))).toThrow(RangeError);
    expect(() => rollManeuver({ ...base, conditions: ['outside-poor-commander-range'] }, settings, scriptedDice([]))).toThrow(RangeError);
  });
});
