import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { dram } from '../../../src/rules/dram/index';
import { nearestEnemy } from '../../../src/rules/dram/geo';
import { DRAM_SETTINGS_DEFAULTS } from '../../../src/rules/dram/settings';
import { liveStands, type DramState } from '../../../src/rules/dram/state';
import { generateBattle, playWindow } from '../../helpers/dram-battle';

/**
 * nearestEnemy's bound (issue 12; used by the HR D-10 Reserve check of exhaustion.ts, "an enemy
 * within 1 mile"): with a bound it may stop early, but whenever the nearest enemy is within the
 * bound it gives exactly the unbounded answer, and it gives null only when the nearest is beyond.
 */
describe('nearestEnemy with a bound', () => {
  const data = generateBattle({ seed: 2026, corpsPerSide: 6, standsPerCorps: 5, turns: 10 });
  const dice = seededDice('5e'.repeat(32));
  let s: DramState = dram.setup(data, DRAM_SETTINGS_DEFAULTS, dice).state;
  // A few turns in, so stands stand at every distance from the enemy, some in contact.
  for (let w = 0; w < 6 && !dram.outcome(s); w++) {
    const win = playWindow(s, dice, w + 1);
    s = dram.resolve(win.state, new Map(win.input.orders), dice).state;
  }

  it.each([0.25, 1, 2, 5])('within %s mile(s): the same stand and distance, or null only beyond', (miles) => {
    let near = 0, beyond = 0;
    for (const st of liveStands(s)) {
      const full = nearestEnemy(s, st);
      const bounded = nearestEnemy(s, st, miles);
      if (full && full.miles <= miles) {
        expect(bounded).toEqual(full);
        near++;
      } else {
        // Beyond the bound: null, or the true nearest (the caller keeps its own test).
        if (bounded !== null) expect(bounded).toEqual(full);
        beyond++;
      }
    }
    // The battle must exercise both answers for the larger bounds.
    if (miles >= 1) expect(near).toBeGreaterThan(0);
    if (miles <= 2) expect(beyond).toBeGreaterThan(0);
  });
});
