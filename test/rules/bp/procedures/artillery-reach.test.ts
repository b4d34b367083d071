import { describe, expect, it } from 'vitest';
import type { Base } from '../../../../src/rules/geometry/base';
import { canisterReach, canisterTriangle, roundShotReach, roundShotStick, type StandOnTable } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith } from './helpers';

const settings = bpSettingsWith();
// A gun stand 1" × 1" at the origin facing north: its muzzle (front centre) is (0, 0.5).
const gun: Base = { pose: { at: { x: 0, y: 0 }, facing: 0 }, size: { width: 1, depth: 1 } };
/** An enemy stand 1" wide, 0.5" deep, facing south at (x, y). */
const stand = (id: string, x: number, y: number, figures = 3): StandOnTable => ({ stand: id, figures, base: { pose: { at: { x, y }, facing: 180 }, size: { width: 1, depth: 0.5 } } });

describe('canister triangle (L82, L99; BP-4)', () => {
  it('60° at the muzzle with 6" sides: every corner within 6" of the muzzle', () => {
    const [m, a, b] = canisterTriangle(gun) as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
    expect(m).toEqual({ x: 0, y: 0.5 });
    expect(Math.hypot(a.x - m.x, a.y - m.y)).toBeCloseTo(6, 9);
    expect(Math.hypot(b.x - m.x, b.y - m.y)).toBeCloseTo(6, 9);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(6, 9); // equilateral
  });
  it('touched (default) counts a stand the triangle grazes; centre-inside does not', () => {
    // At y = 5.5 the triangle is ±(5 × tan 30°) = ±2.89" wide: a stand centred at x = 3.2 is grazed, its centre outside.
    const stands = [stand('centre', 0, 3), stand('graze', 3.2, 5.5), stand('far', 0, 7)];
    expect(canisterReach(gun, stands, settings).map((t) => t.stand)).toEqual(['centre', 'graze']);
    expect(canisterReach(gun, stands, bpSettingsWith({ 'art.canisterStands': 'centre-inside' })).map((t) => t.stand)).toEqual(['centre']);
  });
  it('carries figures and position through to canister()', () => {
    expect(canisterReach(gun, [{ ...stand('w', 0, 3, 2), position: 'defended' }], settings)).toEqual([{ stand: 'w', figures: 2, position: 'defended' }]);
  });
});

describe('round-shot stick (L93; BP-4)', () => {
  // A column two stands wide (x = 0.5 and 1.5) and five ranks deep, 0.5" apart, from 10" out.
  const column = [0, 1, 2, 3, 4].flatMap((rank) => [stand(`r${rank}L`, 0.5, 10 + rank * 0.5), stand(`r${rank}R`, 1.5, 10 + rank * 0.5)]);
  it('1 stand width (default): the left file, first four ranks; the fifth is beyond', () => {
    const r = roundShotReach(gun, { x: 0, y: 12 }, column, settings);
    expect(r.targets.map((t) => t.stand)).toEqual(['r0L', 'r1L', 'r2L', 'r3L']);
    expect(r.ranks).toBe(4);
    expect(r.beyond).toEqual(['r4L']);
  });
  it('a 3-stand-wide stick touches both files: two stands per rank, still four ranks', () => {
    const r = roundShotReach(gun, { x: 0, y: 12 }, column, bpSettingsWith({ 'art.stickWidthStands': 3 }));
    expect(r.targets).toHaveLength(8);
    expect(r.ranks).toBe(4);
    expect([...r.beyond].sort()).toEqual(['r4L', 'r4R']);
  });
  it('the stick is 18" long (L81): a stand at 19" is not touched', () => {
    expect(roundShotReach(gun, { x: 0, y: 12 }, [stand('x', 0, 19)], settings).targets).toEqual([]);
    expect(roundShotReach(gun, { x: 0, y: 12 }, [stand('x', 0, 18)], settings).targets).toHaveLength(1);
  });
  it('aims along any bearing; refuses an aim at the muzzle', () => {
    const r = roundShotReach(gun, { x: 10, y: 0.5 }, [stand('east', 8, 0.5), stand('north', 0, 8)], settings);
    expect(r.targets.map((t) => t.stand)).toEqual(['east']);
    expect(() => roundShotStick(gun, { x: 0, y: 0.5 }, settings)).toThrow(/aiming point/);
  });
});
