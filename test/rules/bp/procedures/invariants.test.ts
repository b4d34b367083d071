import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { melee, meleeCasualties, removeCasualties, volley, type BpUnitInput } from '../../../../src/rules/bp/procedures';
import { volleyHits } from '../../../../src/rules/bp/tables';
import { bpSettingsWith } from './helpers';

const settings = bpSettingsWith();
const face = fc.integer({ min: 1, max: 6 });

describe('B&P invariants (property tests)', () => {
  it('volley hits: 0 ≤ hits ≤ 6 × figures / 10, and more figures never hit less (L77)', () => {
    fc.assert(fc.property(fc.integer({ min: -10, max: 6 }), fc.integer({ min: 0, max: 200 }), (die, figs) => {
      const h = volleyHits(die, figs);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThanOrEqual((6 * figs) / 10);
      expect(volleyHits(die, figs + 1)).toBeGreaterThanOrEqual(h);
    }));
  });

  it('volley: the hits match the formula for every face and modifier set', () => {
    fc.assert(fc.property(face, fc.integer({ min: 1, max: 48 }), fc.boolean(), fc.constantFrom('open', 'defended', 'strong'), fc.boolean(), (f, figs, sk, pos, dis) => {
      const { result } = volley({ firer: 'a', target: 'b', figures: figs, skirmish: sk, targetPosition: pos, disrupted: dis }, settings, scriptedDice([f]));
      const mod = (sk ? -2 : 0) + (pos === 'defended' ? -1 : pos === 'strong' ? -2 : 0) + (dis ? -1 : 0);
      expect(result.hits).toBe(Math.floor((Math.max(0, f + mod) * figs) / 10));
    }));
  });

  it('melee casualties: the loser loses at least the winner; neither loses more than ¼ / ⅛ of its points allow (HR B-3)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom('unrounded', 'rounded-points', 'removed-figures'), (pts, lp, wp, rounding) => {
      const c = meleeCasualties(pts, lp, wp, rounding);
      expect(c.loserFigures).toBe(Math.ceil(pts / 4 / lp));
      expect(c.winnerCasualtyPoints).toBeLessThanOrEqual(Math.ceil(pts / 4 / lp) * lp / 2);
      expect(c.winnerFigures * wp).toBeLessThanOrEqual(c.winnerCasualtyPoints);
    }));
  });

  it('melee (ties to the defender, so two dice decide): figures lost never exceed figures present; exactly one side routs', () => {
    const dw = bpSettingsWith({ 'melee.tie': 'defender-wins' });
    const unit = (name: string, figures: number, guard: boolean): BpUnitInput => ({ name, arm: 'infantry', formation: 'line', figures, guard });
    fc.assert(fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), fc.boolean(), face, face, (fa, fd, g, x, y) => {
      const { result } = melee({ attacker: unit('A', fa, g), defender: unit('D', fd, !g) }, dw, scriptedDice([x, y]));
      expect(result.attacker.figuresLost).toBeLessThanOrEqual(fa);
      expect(result.defender.figuresLost).toBeLessThanOrEqual(fd);
      expect(Number(result.attacker.routs) + Number(result.defender.routs)).toBe(1);
    }), { numRuns: 200 });
  });

  it('removeCasualties conserves figures', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 40 }), fc.boolean(), (stands, losses, rear) => {
      const s = bpSettingsWith({ 'casualties.standRemoval': rear ? 'rear-first' : 'front-first' });
      const r = removeCasualties('infantry', stands, losses, s);
      const before = stands.reduce((a, b) => a + b, 0);
      expect(r.stands.reduce((a, b) => a + b, 0)).toBe(before - r.figuresRemoved);
      expect(r.figuresRemoved).toBe(Math.min(losses, before));
    }));
  });
});
