import { describe, expect, it } from 'vitest';
import {
  DIFFICULT_TERRAIN_COST_PER_INCH, FORMATIONS, MOVEMENT_TABLE, MOVE_HALVINGS, ROAD_BONUS_INCHES, SQUARE_MOVE_INCHES, THROUGH_FORMED_FRIENDS_INCHES,
  THROUGH_SKIRMISHERS_INCHES, moveAllowance, tableFormation, terrainCost,
} from '../../../../src/rules/bp/tables';
import { printed } from './printed';

const cell = (v: number | null, sign = ''): string => (v === null ? '-' : `${sign}${v}"`);

describe('Movement table (B&P L38-53), cell by cell against the printed text', () => {
  it('L38 header: Type | Line | Col. | Skirm | Square', () => {
    expect(printed(38)).toBe(['Type', 'Line', 'Col.', 'Skirm', 'Square'].join(''));
    expect(FORMATIONS).toEqual(['line', 'column', 'skirmish', 'square']);
  });
  it.each([[39, 'Infantry', 'infantry'], [40, 'Cavalry', 'cavalry'], [41, 'Artillery', 'artillery']] as const)('L%i %s', (line, label, arm) => {
    expect(printed(line)).toBe(label + FORMATIONS.map((f) => cell(MOVEMENT_TABLE[arm][f])).join(''));
  });
  it('L42 Roads +3" (no road bonus for squares)', () => {
    expect(printed(42)).toBe('Roads' + FORMATIONS.map((f) => cell(ROAD_BONUS_INCHES[f], '+')).join(''));
  });
  it('L43-46 woods, streams, hills: 2" per 1"', () => {
    expect(printed(46)).toBe(`count ${DIFFICULT_TERRAIN_COST_PER_INCH}" for each 1" traversed`);
    expect(terrainCost(6, 2)).toBe(8);
    expect(terrainCost(3, 3)).toBe(6);
    expect(() => terrainCost(2, 3)).toThrow();
  });
  it('L47-52 through formed friends −2" for all; through skirmishers no cost', () => {
    expect(printed(49)).toBe(`${THROUGH_FORMED_FRIENDS_INCHES}" for all`);
    expect(THROUGH_SKIRMISHERS_INCHES).toBe(0);
    expect(printed(52)).toBe('No additional cost');
  });
  it('L53, L34 retrograde half; L36 side-slip half; L30 cavalry changing formation half; L206 control half', () => {
    expect(printed(53)).toBe('Retrograde movement is half distance');
    for (const h of Object.values(MOVE_HALVINGS)) expect(h.factor).toBe(0.5);
  });
  it('L175 squares 2"', () => expect(SQUARE_MOVE_INCHES).toBe(2));
});

describe('moveAllowance (BP-6: additions first, then each halving)', () => {
  it.each([
    [{ arm: 'infantry', formation: 'line' }, 4],
    [{ arm: 'infantry', formation: 'column', road: true }, 9],
    [{ arm: 'infantry', formation: 'column', throughFormedFriends: true }, 4],
    [{ arm: 'infantry', formation: 'skirmish', throughFormedFriends: true }, 9], // L63: skirmishers pass friends freely
    [{ arm: 'infantry', formation: 'line', halvings: ['retrograde'] }, 2],
    [{ arm: 'infantry', formation: 'column', halvings: ['sideSlip'] }, 3],
    [{ arm: 'cavalry', formation: 'line', halvings: ['cavalryFormationChange'] }, 6],
    [{ arm: 'cavalry', formation: 'column', road: true, halvings: ['cavalryFormationChange', 'controlHalf'] }, 3.75],
    [{ arm: 'artillery', formation: 'line', road: true }, 12],
    [{ arm: 'infantry', formation: 'square' }, 2],
  ] as const)('%o → %d"', (input, inches) => expect(moveAllowance(input)).toBe(inches));
  it('refuses what the table does not allow', () => {
    expect(() => moveAllowance({ arm: 'cavalry', formation: 'square' })).toThrow(/no square/);
    expect(() => moveAllowance({ arm: 'infantry', formation: 'square', road: true })).toThrow(/road/);
    expect(() => moveAllowance({ arm: 'infantry', formation: 'line', halvings: ['cavalryFormationChange'] })).toThrow(/only cavalry/);
    expect(() => moveAllowance({ arm: 'infantry', formation: 'skirmish', halvings: ['sideSlip'] })).toThrow(/side-slips/);
  });
});

describe('tableFormation: battalion-layer gun formations read as the artillery row', () => {
  it('limbered / unlimbered → line; troop formations unchanged', () => {
    expect(tableFormation('limbered')).toBe('line');
    expect(tableFormation('unlimbered')).toBe('line');
    for (const f of FORMATIONS) expect(tableFormation(f)).toBe(f);
    expect(moveAllowance({ arm: 'artillery', formation: tableFormation('limbered') })).toBe(9);
  });
});
