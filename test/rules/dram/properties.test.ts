import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { dram } from '../../../src/rules/dram/index';
import type { DramOrder } from '../../../src/rules/dram/orders';
import { DRAM_SETTINGS_DEFAULTS } from '../../../src/rules/dram/settings';
import type { DramState } from '../../../src/rules/dram/state';
import { generateBattle, stateHash } from '../../helpers/dram-battle';

const data = generateBattle({ seed: 5, corpsPerSide: 2, standsPerCorps: 3, turns: 4 });
const movement = dram.setup(data, DRAM_SETTINGS_DEFAULTS, seededDice('ab'.repeat(32))).state;
const orders: DramState = { ...movement, phase: 'orders' };

const ids = [...Object.keys(movement.stands), ...Object.keys(movement.generals), ...Object.keys(movement.corps), 'nobody', ''];
const anyOrder: fc.Arbitrary<DramOrder> = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), unit: fc.constantFrom(...ids), to: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('forward 1mi', 'F7', 'contact Prussians 1/1', 'wheel left 45 then forward 6in', '999,999', 'toward the bridge 2mi')) }),
  fc.record({ kind: fc.constant('chit' as const), general: fc.constantFrom(...ids), target: fc.record({ kind: fc.constantFrom('stand' as const, 'corps' as const), id: fc.constantFrom(...ids) }), order: fc.constantFrom('D' as const, 'R' as const, 'A' as const, 'M' as const) }),
  fc.record({ kind: fc.constant('losses' as const), corps: fc.constantFrom(...ids), stands: fc.array(fc.constantFrom(...ids), { minLength: 1, maxLength: 3 }) }),
);

describe('DRAM validation', () => {
  it.each([['movement window', movement], ['orders window', orders]] as const)('never throws and never changes the state (%s)', (_n, state) => {
    const before = stateHash(state);
    fc.assert(fc.property(fc.constantFrom(...state.seats.map((x) => x.id)), anyOrder, (seat, order) => {
      const r = dram.validate(state, seat, order, []);
      if (!r.ok) {
        expect(r.error.code).toMatch(/^[a-z-]+\/[a-z-]+$/);
        expect(r.error.message.length).toBeGreaterThan(5);
      }
      expect(stateHash(state)).toBe(before);
    }), { numRuns: 300 });
  });
});
