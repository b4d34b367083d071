import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellPoint, columnLabel, gridRef, gridShape } from '../../../src/rules/location/grid';
import { parseLocation } from '../../../src/rules/location/parse';
import { resolveLocation } from '../../../src/rules/location/resolve';
import { LOCATION_ERROR_CODES, type Keypad, type LocationContext } from '../../../src/rules/location/types';
import { ctx } from './context';

const contexts: LocationContext[] = [
  ctx,
  { ...ctx, table: { width: 100, height: 70 }, grid: { cell: 12 } },
  { ...ctx, table: { width: 72, height: 48 }, grid: { cell: 6 } },
  { ...ctx, table: { width: 400, height: 40 }, grid: { cell: 12 } }, // 34 columns: A … AH
];

describe('properties: grid', () => {
  it.each(contexts.map((c) => [`${c.table.width}x${c.table.height} / ${c.grid.cell}"`, c] as const))(
    'gridRef(resolve(ref)) = ref for every cell and every ninth of it (%s)',
    (_name, c) => {
      const { columns, rows } = gridShape(c);
      let cells = 0;
      for (let column = 1; column <= columns; column++) {
        for (let row = 1; row <= rows; row++) {
          const ref = `${columnLabel(column)}${row}`;
          const parsed = parseLocation(ref, c);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) continue;
          const r = resolveLocation(parsed.value, c);
          expect(r.ok && r.value.kind === 'place' ? gridRef(r.value.at, c) : undefined).toBe(ref);
          for (let sub = 1; sub <= 9; sub++) expect(gridRef(cellPoint({ column, row, sub: sub as Keypad }, c), c)).toBe(ref);
          cells++;
        }
      }
      expect(cells).toBe(columns * rows);
    },
  );
  it('coordinates typed on the table resolve to themselves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9600 }), fc.integer({ min: 0, max: 8400 }), (x100, y100) => {
        const [x, y] = [x100 / 100, y100 / 100];
        const parsed = parseLocation(`(${x}, ${y})`, ctx);
        const r = parsed.ok ? resolveLocation(parsed.value, ctx) : parsed;
        expect(r).toEqual({ ok: true, value: { kind: 'place', at: { x, y } } });
      }),
    );
  });
});

const WORDS = [
  'forward', 'back', 'left', 'right', 'toward', 'towards', 'wheel', 'then', ';', 'contact', 'sidestep', 'f7', 'ne', 'north-east', '.9',
  'ligny', 'saint', 'st.', 'amand', '1.5mi', '9"', '9', 'in', 'yd', 'mi', '45', '°', '(', ')', ',', '12.5', '-3', 'x12', 'y30', 'zz999', 'é', '',
];

describe('properties: parseLocation never throws', () => {
  const check = (text: string) => {
    const parsed = parseLocation(text, ctx);
    if (!parsed.ok) {
      expect(LOCATION_ERROR_CODES).toContain(parsed.error.code);
      expect(parsed.error.accepted.length).toBeGreaterThan(0);
      expect(parsed.error.hint.length).toBeGreaterThan(0);
      return;
    }
    const r = resolveLocation(parsed.value, ctx);
    if (!r.ok) expect(LOCATION_ERROR_CODES).toContain(r.error.code);
  };
  it('on arbitrary Unicode', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 250 }), check), { numRuns: 500 });
  });
  it('on strings built from the grammar’s own words', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), fc.constantFrom(' ', '', '  '), (words, sep) => check(words.join(sep))), { numRuns: 1000 });
  });
  it('with no unit, no enemies and no landmarks in the context', () => {
    const { unit: _u, enemies: _e, ...bare } = ctx;
    const empty: LocationContext = { ...bare, landmarks: [] };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }), (words) => {
        const parsed = parseLocation(words.join(' '), empty);
        if (parsed.ok) resolveLocation(parsed.value, empty);
        else expect(parsed.error.accepted.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
