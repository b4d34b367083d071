import { describe, expect, it } from 'vitest';
import { planMove, type NwMoveRequest } from '../../../../src/rules/nw/phases/maneuver';
import type { TerrainFeature } from '../../../../src/rules/geometry/types';
import type { NwState } from '../../../../src/rules/nw/state';
import { at, FAST, full, N, S, threeQuarters } from './maneuver-fixtures';

const W = 270;
const plan = (s: NwState, unit: string, to: string, opts = FAST) => planMove(s, { unit, to } satisfies NwMoveRequest, opts);
function okPlan(s: NwState, unit: string, to: string, opts = FAST) {
  const r = plan(s, unit, to, opts);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
const code = (s: NwState, unit: string, to: string, opts = FAST): string => {
  const r = plan(s, unit, to, opts);
  return r.ok ? 'ok' : r.error.code;
};

describe('planMove: allowance and cost (NW §9.0-9.1)', () => {
  it('needs a roll first; a hold result holds', async () => {
    const s = await at({ 'fr-2b': [30, 10, N] });
    expect(code(s, 'fr-2b', 'forward 2in')).toBe('maneuver/no-roll');
    const held = { ...s, log: { ...s.log, rolls: { 'fr-2b': { natural: 2, total: 2, fraction: 'hold' as const, inches: 0, reorders: false, retreatInches: null } } } };
    expect(code(held, 'fr-2b', 'forward 2in')).toBe('maneuver/hold');
  });

  it('a ¾ move of 7½" (L305): 6" goes, 9½" is refused with the costs', async () => {
    const s = threeQuarters(await at({ 'fr-2b': [30, 2, N] }), 'fr-2b');
    const p = okPlan(s, 'fr-2b', 'forward 6in');
    expect(p).toMatchObject({ cost: 6, allowance: 7.5, contact: null, end: { at: { x: 30, y: 8 }, facing: N } });
    expect(p.preview[0]).toBe('Path 6" of 7.5"');
    const r = plan(s, 'fr-2b', 'forward 9.5in');
    expect(!r.ok && r.error.message).toContain('Path costs 9.5" but the Maneuver roll granted 7.5"');
    expect(!r.ok && r.error.hint).toContain('terrain 9.5"');
  });

  it('officers move 18" with no roll (§9.0 C.7); an attached general stays with his unit', async () => {
    const s = await at({ 'fr-2b': [30, 10, N] }, { lemaire: [10, 5] });
    expect(okPlan(s, 'lemaire', 'right 18in').cost).toBe(18); // officers: no facing rules (MV-5)
    expect(code(s, 'lemaire', 'right 19in')).toBe('maneuver/too-far');
    expect(okPlan(s, 'lemaire', 'forward 13in').cost).toBeCloseTo(13.5); // fords the Aubach as other cavalry (NT-1)
    const att = { ...s, generals: { ...s.generals, dufour: { ...s.generals['dufour']!, attachedTo: 'fr-2b' } } };
    expect(code(att, 'dufour', 'forward 2in')).toBe('maneuver/attached');
  });

  it('refuses the other side, unknown pieces, a second move and the wrong phase', async () => {
    const s = full(await at({ 'fr-2b': [30, 10, N], 'au-1b': [10, 30, S] }), 'fr-2b');
    expect(code(s, 'au-1b', 'forward 1in')).toBe('maneuver/not-phasing');
    expect(code(s, 'nobody', 'forward 1in')).toBe('maneuver/unknown-unit');
    expect(code({ ...s, log: { ...s.log, moved: ['fr-2b'] } }, 'fr-2b', 'forward 1in')).toBe('maneuver/already-moved');
    expect(code({ ...s, phase: 'reaction' }, 'fr-2b', 'forward 1in')).toBe('phase/wrong-phase');
    expect(code(s, 'fr-2b', 'forward 40in')).toBe('location/off-table');
  });

  it('a reinforcement enters with a full move and no roll (§9.0 C.8 L242)', async () => {
    const s0 = await at({}, {}, 'austrians');
    const s = { ...s0, turn: 2 };
    const p = okPlan(s, 'au-hussars', 'forward 8in');
    expect(p).toMatchObject({ cost: 8, allowance: 16, end: { at: { x: 24, y: 28 }, facing: S } });
  });
});

describe('planMove: maneuvers (§9.6-9.8) and terrain (§9.5)', () => {
  it('§9.7: change of face first — infantry ½ for 180°, cavalry free; never on a bridge', async () => {
    const s = threeQuarters(await at({ 'fr-2b': [30, 10, N], 'fr-chasseurs': [38, 10, N] }), 'fr-2b');
    expect(okPlan(s, 'fr-2b', 'face about then forward 2in')).toMatchObject({ cost: 7, end: { at: { x: 30, y: 8 }, facing: S } });
    expect(code(s, 'fr-2b', 'face about then forward 3in')).toBe('maneuver/too-far');
    expect(okPlan(s, 'fr-2b', 'face right').cost).toBe(2.5);
    const c = full(s, 'fr-chasseurs');
    expect(okPlan(c, 'fr-chasseurs', 'face about then forward 6in').cost).toBe(6);
    expect(okPlan(c, 'fr-chasseurs', 'face left', { ...FAST, ground: 'mud' }).cost).toBe(4);
    const bridge = full(await at({ 'fr-2b': [24, 18, N] }), 'fr-2b');
    expect(code(bridge, 'fr-2b', 'face about')).toBe('maneuver/face-on-bridge');
  });

  it('§9.6: a wheel costs ¼ of the allowance per 45°; §9.8: oblique 1" up front, flank and retrograde double', async () => {
    const s = full(await at({ 'fr-2b': [30, 10, N] }), 'fr-2b');
    expect(okPlan(s, 'fr-2b', 'wheel right 45 then forward 2in').cost).toBeCloseTo(4.5);
    expect(okPlan(s, 'fr-2b', '32,14').cost).toBeCloseTo(1 + Math.hypot(2, 4));
    expect(okPlan(s, 'fr-2b', '32,14').end.facing).toBe(N);
    expect(okPlan(s, 'fr-2b', 'right 2in').cost).toBe(4);
    expect(okPlan(s, 'fr-2b', 'back 3in').cost).toBe(6);
    expect(code(s, 'fr-2b', 'right 1in then toward 34,20')).toBe('maneuver/oblique-combined');
    const gun = full(await at({ 'fr-battery': [30, 10, N] }), 'fr-battery');
    expect(okPlan(gun, 'fr-battery', 'back 3in').cost).toBe(3); // artillery retrogrades free
  });

  it('§9.5: fording the Aubach at the mill ford costs the ford ratio for its width; mud doubles', async () => {
    const s = full(await at({ 'fr-2b': [12, 14, N] }), 'fr-2b');
    expect(okPlan(s, 'fr-2b', 'forward 8in').cost).toBeCloseTo(8.5);
    expect(okPlan(s, 'fr-2b', 'forward 4.5in', { ...FAST, ground: 'mud' }).cost).toBeCloseTo(10); // (4.5 + 0.5) × 2
    const river = { ...s, map: { ...s.map, terrain: s.map.terrain.map((f) => (f.id === 'aubach' ? ({ ...f, kind: 'river' } as TerrainFeature) : f)) } };
    const away = full(await at({ 'fr-2b': [6, 13, N] }), 'fr-2b');
    expect(code({ ...away, map: river.map }, 'fr-2b', 'forward 8in')).toBe('maneuver/impassable');
    expect(okPlan(river, 'fr-2b', 'forward 8in').cost).toBeCloseTo(8.5); // at the ford
  });

  it('an obstacle must be cleared completely (note 1 L295)', async () => {
    const s0 = full(await at({ 'fr-2b': [30, 8, N] }), 'fr-2b');
    const s = { ...s0, map: { ...s0.map, terrain: [...s0.map.terrain, { id: 'wall', kind: 'obstacle' as const, line: [{ x: 26, y: 14 }, { x: 34, y: 14 }] }] } };
    expect(code(s, 'fr-2b', 'forward 6in')).toBe('maneuver/obstacle');
    expect(okPlan(s, 'fr-2b', 'forward 8in').cost).toBe(9);
  });

  it('road bonus: up to +6" on the enlarged allowance (HR N-17) when all on road and never within 6" of the enemy', async () => {
    const s = threeQuarters(await at({ 'fr-3b': [24, 2, N] }), 'fr-3b');
    const p = okPlan(s, 'fr-3b', 'forward 12in');
    expect(p.allowance).toBe(12); // (10 + 6) × ¾
    expect(p.warnings.join(' ')).toContain('road bonus');
    expect(okPlan(s, 'fr-3b', 'forward 7in').allowance).toBe(7.5);
    const off = threeQuarters(await at({ 'fr-3b': [30, 2, N] }), 'fr-3b');
    expect(code(off, 'fr-3b', 'forward 12in')).toBe('maneuver/too-far');
    const foe = threeQuarters(await at({ 'fr-3b': [24, 2, N], 'au-1b': [31, 14, S] }), 'fr-3b');
    expect(code(foe, 'fr-3b', 'forward 12in')).toBe('maneuver/too-far');
  });

  it('towns: only infantry ends in one; no flank, oblique or wheel in a town; retrograde through is allowed', async () => {
    const s = full(await at({ 'fr-2b': [24, 12, N], 'fr-chasseurs': [40, 12, N] }), 'fr-2b');
    expect(okPlan(s, 'fr-2b', 'forward 10in').cost).toBe(10);
    const c = full({ ...s, units: { ...s.units, 'fr-chasseurs': { ...s.units['fr-chasseurs']!, pose: { at: { x: 24, y: 12 }, facing: N } }, 'fr-2b': { ...s.units['fr-2b']!, onTable: false } } }, 'fr-chasseurs');
    expect(code(c, 'fr-chasseurs', 'forward 10in')).toBe('maneuver/town-end');
    const inTown = full(await at({ 'fr-2b': [24, 22.5, N] }), 'fr-2b');
    expect(code(inTown, 'fr-2b', 'wheel right 45')).toBe('maneuver/town-maneuver');
    expect(code(inTown, 'fr-2b', 'right 1in')).toBe('maneuver/town-maneuver');
    expect(code(inTown, 'fr-2b', 'back 2in')).toBe('ok');
  });

  it('§9.3: passing through a friendly brigade costs 2"; never ending on it; artillery passes free', async () => {
    const s = full(full(await at({ 'fr-2b': [30, 4, N], 'fr-3b': [30, 8, N], 'fr-battery': [36, 4, N] }), 'fr-2b'), 'fr-battery');
    expect(okPlan(s, 'fr-2b', 'forward 8in').cost).toBe(10);
    expect(code(s, 'fr-2b', 'forward 4in')).toBe('maneuver/overlap');
    expect(okPlan(s, 'fr-battery', '36,12').cost).toBe(8);
    const g = { ...s, units: { ...s.units, 'fr-3b': { ...s.units['fr-3b']!, pose: { at: { x: 36, y: 8 }, facing: N } } } };
    expect(okPlan(g, 'fr-battery', '36,12').cost).toBe(8); // through infantry, free
  });
});

describe('planMove: the enemy (§9.9-9.93)', () => {
  it('contact squares up on the side faced and reports it', async () => {
    const s = full(await at({ 'fr-2b': [24, 10, N], 'au-1b': [24, 18, S] }), 'fr-2b');
    const p = okPlan(s, 'fr-2b', 'contact au-1b');
    expect(p).toMatchObject({ contact: 'au-1b', cost: 5, end: { at: { x: 24, y: 15 }, facing: N } });
    expect(p.preview[0]).toBe('Path 5" of 10"; ends in contact with Brigade Mayer (front)');
    const bump = okPlan(s, 'fr-2b', 'forward 8in');
    expect(bump.contact).toBe('au-1b');
    expect(bump.end.at.y).toBeCloseTo(15);
  });

  it('§9.9: within 6" move straight toward or away from the closest enemy; never pass it to attack another', async () => {
    const s = full(await at({ 'fr-2b': [24, 10, N], 'au-1b': [24, 17, S], 'au-2b': [31, 17, S] }), 'fr-2b');
    const r = plan(s, 'fr-2b', 'right 2in');
    expect(!r.ok && r.error.code).toBe('maneuver/proximity');
    expect(!r.ok && r.error.hint).toBe('Within 6" of the enemy (NW §9.9 L327): move straight toward or away from Brigade Mayer');
    expect(code(s, 'fr-2b', 'back 2in')).toBe('ok');
    expect(code(s, 'fr-2b', 'forward 1in')).toBe('ok');
    expect(code(s, 'fr-2b', 'contact au-2b')).toBe('maneuver/proximity');
    // Artillery is exempt.
    const g = full(await at({ 'fr-battery': [24, 10, N], 'au-1b': [24, 17, S] }), 'fr-battery');
    expect(code(g, 'fr-battery', 'right 2in')).toBe('ok');
  });

  it('cavalry may ignore infantry in a town for the 6" rule, not in a village (L333, BU-1)', async () => {
    // The teaching map's Aubach is a village (settlement: village): soft cover, not a town.
    const village = full(await at({ 'fr-chasseurs': [24, 14, N], 'au-1b': [24, 22.5, S] }), 'fr-chasseurs');
    expect(code(village, 'fr-chasseurs', 'right 3in')).toBe('maneuver/proximity');
    const asTown = (st: NwState): NwState => ({ ...st, map: { ...st.map, terrain: st.map.terrain.map((f) => (f.kind === 'built-up' ? { ...f, settlement: 'town' as const } : f)) } });
    const s = asTown(village);
    expect(code(s, 'fr-chasseurs', 'right 3in')).toBe('ok');
    const inf = full(await at({ 'fr-2b': [24, 14, N], 'au-1b': [24, 22.5, S] }), 'fr-2b');
    expect(code(inf, 'fr-2b', 'right 3in')).toBe('maneuver/proximity');
  });

  it('§9.92: artillery never contacts; §9.8: no retrograde into contact; cavalry not obliquely', async () => {
    const g = full(await at({ 'fr-battery': [24, 12, N], 'au-1b': [24, 18, S] }), 'fr-battery');
    expect(code(g, 'fr-battery', 'forward 8in')).toBe('maneuver/artillery-contact');
    const back = full(await at({ 'fr-2b': [24, 10, S], 'au-1b': [24, 18, S] }), 'fr-2b');
    expect(code(back, 'fr-2b', 'back 8in')).toBe('maneuver/retrograde-contact');
    const cav = full(await at({ 'fr-chasseurs': [20, 10, N], 'au-1b': [24, 18, S] }), 'fr-chasseurs');
    expect(code(cav, 'fr-chasseurs', '24,16')).toBe('maneuver/cavalry-oblique-contact');
    const inf = full(await at({ 'fr-2b': [20, 10, N], 'au-1b': [24, 18, S] }), 'fr-2b');
    expect(okPlan(inf, 'fr-2b', '24,16').contact).toBe('au-1b');
  });

  it('§9.92: one attacker a side, two at most, the second only in flank or rear', async () => {
    const base = await at({ 'fr-1b': [24, 15, N], 'fr-2b': [31, 18, W], 'fr-3b': [24, 8, N], 'au-1b': [24, 18, S] });
    const s = full(full({ ...base, log: { ...base.log, contacts: { 'fr-1b': 'au-1b' } } }, 'fr-2b'), 'fr-3b');
    expect(okPlan(s, 'fr-2b', 'contact au-1b')).toMatchObject({ contact: 'au-1b', end: { at: { x: 27, y: 18 }, facing: W } });
    const flankFirst = await at({ 'fr-1b': [27, 18, W], 'fr-3b': [24, 10, N], 'au-1b': [24, 18, S] });
    expect(code(full(flankFirst, 'fr-3b'), 'fr-3b', 'contact au-1b')).toBe('maneuver/second-attacker');
    const sameSide = await at({ 'fr-1b': [27, 18, W], 'fr-2b': [31, 18, W], 'au-1b': [24, 18, S] });
    expect(code(full(sameSide, 'fr-2b'), 'fr-2b', 'contact au-1b')).toBe('maneuver/contact-side');
  });
});
