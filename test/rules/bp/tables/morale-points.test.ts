import { describe, expect, it } from 'vitest';
import {
  FLANK_OR_REAR_MORALE, FLANK_OR_REAR_ROW, MORALE_AND_POINT_TABLE, SQUARE_ROW, SQUARE_VS_CAVALRY, TERRAIN_ROWS, UNIT_TYPES, unitRow, unitTypeOf,
} from '../../../../src/rules/bp/tables';
import { printed } from './printed';

describe('Morale and Point Table (B&P L137-155), cell by cell against the printed text', () => {
  it('L138 header: Type of Unit | Points Per Figure | Morale Die to Hold', () => {
    expect(printed(138)).toBe(['Type of Unit', 'Points Per Figure', 'Morale Die to Hold'].join(''));
  });

  // [OCR] "Artillery18" = label "Artillery", points 1, hold 8: rebuild each printed line from the cells.
  it.each(MORALE_AND_POINT_TABLE.map((r) => [r.line, r] as const))('L%i', (line, row) => {
    expect(printed(line)).toBe(`${row.label}${row.points}${row.hold}`);
  });

  it('the rows in print order, one per unit type', () => {
    expect(MORALE_AND_POINT_TABLE.map((r) => r.line)).toEqual([139, 140, 141, 142, 143, 144, 145]);
    expect(MORALE_AND_POINT_TABLE.map((r) => r.type)).toEqual([...UNIT_TYPES]);
    expect(MORALE_AND_POINT_TABLE.map((r) => [r.points, r.hold])).toEqual([[1, 8], [1, 9], [2, 9], [2, 8], [3, 6], [3, 7], [4, 6]]);
  });

  it('L146 Inf in Square: +1 pt. | 4', () => {
    expect(printed(SQUARE_ROW.line)).toBe(`${SQUARE_ROW.label}+${SQUARE_ROW.points} pt.${SQUARE_ROW.hold}`);
  });

  it('L147-149 flank or rear: +3 pts | - ; L117 the defender −3 on morale', () => {
    expect([printed(147), printed(148)].join(' ')).toBe(FLANK_OR_REAR_ROW.label);
    expect(printed(149)).toBe(`+${FLANK_OR_REAR_ROW.points} pts-`);
    expect(FLANK_OR_REAR_ROW.roll).toBeNull();
    expect(FLANK_OR_REAR_MORALE).toBe(-3);
  });

  it('L150-152 uphill / wood / stream: +1pt. +1 to roll', () => {
    expect([printed(150), printed(151)].join(' ')).toBe(TERRAIN_ROWS.defended.label);
    expect(printed(152)).toBe(`+${TERRAIN_ROWS.defended.points}pt. +${TERRAIN_ROWS.defended.roll} to roll`);
  });

  it('L153-155 higher than 1 contour / works / wide stream: +2 pts. +2 to roll', () => {
    expect([printed(153), printed(154)].join(' ')).toBe(TERRAIN_ROWS.strong.label);
    expect(printed(155)).toBe(`+${TERRAIN_ROWS.strong.points} pts. +${TERRAIN_ROWS.strong.roll} to roll`);
  });

  it('L175: square vs cavalry routs only on 2-3 (= hold 4); line figure 3, guard 4 (table + square +1)', () => {
    expect(SQUARE_VS_CAVALRY.routsOn).toEqual([2, 3]);
    expect(Math.max(...SQUARE_VS_CAVALRY.routsOn) + 1).toBe(SQUARE_ROW.hold);
    expect(SQUARE_VS_CAVALRY.lineFigurePoints).toBe(unitRow('line-inf').points + SQUARE_ROW.points);
    expect(SQUARE_VS_CAVALRY.guardFigurePoints).toBe(unitRow('guard-inf').points + SQUARE_ROW.points);
  });
});

describe('unitTypeOf: which row a unit reads', () => {
  it.each([
    [{ arm: 'artillery', formation: 'line', guard: true }, 'artillery'], // L18 all artillery the same
    [{ arm: 'infantry', formation: 'skirmish', guard: true }, 'skirm-inf'],
    [{ arm: 'cavalry', formation: 'skirmish', heavy: true }, 'skirm-cav'],
    [{ arm: 'infantry', formation: 'line' }, 'line-inf'],
    [{ arm: 'infantry', formation: 'column' }, 'line-inf'],
    [{ arm: 'infantry', formation: 'square' }, 'line-inf'],
    [{ arm: 'infantry', formation: 'square', guard: true }, 'guard-inf'],
    [{ arm: 'cavalry', formation: 'column' }, 'line-cav'],
    [{ arm: 'cavalry', formation: 'line', heavy: true }, 'guard-or-heavy-cav'],
    [{ arm: 'cavalry', formation: 'line', guard: true }, 'guard-or-heavy-cav'],
  ] as const)('%o → %s', (kind, type) => expect(unitTypeOf(kind)).toBe(type));
  it('cavalry in square is refused', () => expect(() => unitTypeOf({ arm: 'cavalry', formation: 'square' })).toThrow(/square/));
});
