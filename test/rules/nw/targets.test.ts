import { describe, expect, it } from 'vitest';
import type { TerrainFeature } from '../../../src/rules/geometry';
import { baseDistance } from '../../../src/rules/geometry';
import {
  artilleryTargets, checkSkirmishPlan, frontalDistance, mandatorySkirmishAssignments, skirmishCandidates,
  type NwTargetContext, type NwTargetUnit,
} from '../../../src/rules/nw/targets';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';

// Compass facings: 0 = north (y up). Infantry/cavalry 3"×3", artillery 1.5"×1.5" (NW §1.0).
type Extra = Partial<Omit<NwTargetUnit, 'id' | 'side' | 'arm' | 'base'>>;
const unit = (id: string, side: string, arm: NwTargetUnit['arm'], x: number, y: number, facing: number, extra: Extra = {}): NwTargetUnit => {
  const s = arm === 'artillery' ? 1.5 : 3;
  return { id, side, arm, base: { pose: { at: { x, y }, facing }, size: { width: s, depth: s } }, sk: 0, status: 'good-order', ...extra };
};
const fr = (id: string, x: number, y: number, extra: Extra = {}) => unit(id, 'FR', 'infantry', x, y, 0, { sk: 2, ...extra });
/** Enemy infantry facing south whose near (south) edge is `d` inches ahead of a 3" base at the origin facing north. */
const enAhead = (id: string, d: number, x = 0, extra: Extra = {}) => unit(id, 'AU', 'infantry', x, 1.5 + d + 1.5, 180, extra);
const clear: NwTargetContext = { weather: 'clear' };
const settings = NW_SETTINGS_DEFAULTS;
const ids = (c: { candidates: readonly { target: string }[] }) => c.candidates.map((x) => x.target);
const reasonOf = (c: { excluded: readonly { target: string; reason: string }[] }, id: string) => c.excluded.find((e) => e.target === id)?.reason;

describe('skirmishCandidates — range and weather (§7.1 L90-91, §7.8 L148)', () => {
  it('SK1 reaches exactly 4" inclusive; 4.01" is out (TG-2)', () => {
    const a = fr('a', 0, 0, { sk: 1 });
    const c = skirmishCandidates(a, [enAhead('in', 4), enAhead('out', 4.01, 20)], clear, settings);
    expect(c.range).toBe(4);
    expect(ids(c)).toEqual(['in']);
    const c2 = skirmishCandidates(a, [enAhead('out', 4.01)], clear, settings);
    expect(reasonOf(c2, 'out')).toBe('out-of-range');
  });
  it('SK2 reaches 6" in clear weather, 4" in fog; SK1 2" in fog', () => {
    const a = fr('a', 0, 0);
    expect(ids(skirmishCandidates(a, [enAhead('t', 6)], clear))).toEqual(['t']);
    expect(ids(skirmishCandidates(a, [enAhead('t', 6.01)], clear))).toEqual([]);
    expect(ids(skirmishCandidates(a, [enAhead('t', 4)], { weather: 'fog' }))).toEqual(['t']);
    expect(ids(skirmishCandidates(a, [enAhead('t', 4.01)], { weather: 'fog' }))).toEqual([]);
    const b = fr('b', 0, 0, { sk: 1 });
    expect(skirmishCandidates(b, [], { weather: 'fog' }).range).toBe(2);
    expect(ids(skirmishCandidates(b, [enAhead('t', 2)], { weather: 'fog' }))).toEqual(['t']);
    expect(ids(skirmishCandidates(b, [enAhead('t', 2.01)], { weather: 'fog' }))).toEqual([]);
  });
  it('no skirmishing in rain or snow', () => {
    for (const weather of ['rain', 'snow'] as const) {
      const c = skirmishCandidates(fr('a', 0, 0), [enAhead('t', 1)], { weather });
      expect(c.barred?.reason).toBe('weather');
      expect(c.candidates).toEqual([]);
    }
  });
  it('text example two (L144): SK2 French reaches the Austrian at 5", SK1 Austrian cannot reach back', () => {
    const french = fr('fr', 0, 0);
    const austrian = enAhead('au', 5, 0, { sk: 1 });
    expect(ids(skirmishCandidates(french, [austrian], clear))).toEqual(['au']);
    const back = skirmishCandidates(austrian, [french], clear);
    expect(ids(back)).toEqual([]);
    expect(reasonOf(back, 'fr')).toBe('out-of-range');
  });
});

describe('skirmishCandidates — who may attack (§7.1, §7.3 L105, §7.9)', () => {
  it('SK0, routed, artillery and ordinary cavalry cannot initiate; disordered can (L93)', () => {
    const t = [enAhead('t', 1)];
    expect(skirmishCandidates(fr('a', 0, 0, { sk: 0 }), t, clear).barred?.reason).toBe('sk0');
    expect(skirmishCandidates(fr('a', 0, 0, { status: 'routed' }), t, clear).barred?.reason).toBe('routed');
    expect(skirmishCandidates(unit('g', 'FR', 'artillery', 0, 0, 0, { sk: 1 }), t, clear).barred?.reason).toBe('artillery');
    expect(skirmishCandidates(unit('c', 'FR', 'cavalry', 0, 0, 0, { sk: 2 }), t, clear).barred?.reason).toBe('cavalry');
    expect(ids(skirmishCandidates(fr('a', 0, 0, { status: 'disordered' }), t, clear))).toEqual(['t']);
  });
  it('a unit in a town or completely in hard cover may not attack (flag or terrain)', () => {
    expect(skirmishCandidates(fr('a', 0, 0, { inTownOrHardCover: true }), [enAhead('t', 1)], clear).barred?.reason).toBe('town-or-hard-cover');
    const town: TerrainFeature = { id: 'town', kind: 'town', polygon: [{ x: -2, y: -2 }, { x: 2, y: -2 }, { x: 2, y: 2 }, { x: -2, y: 2 }] };
    const ctx: NwTargetContext = { weather: 'clear', terrain: [town] };
    expect(skirmishCandidates(fr('a', 0, 0), [enAhead('t', 1)], ctx).barred?.reason).toBe('town-or-hard-cover');
    // Only partly in the town: may attack.
    expect(skirmishCandidates(fr('b', 1, 0), [enAhead('t', 1, 1)], ctx).barred).toBeUndefined();
  });
  it('Cossacks skirmish only when their owner chooses (§7.9 L154)', () => {
    const cossack = unit('k', 'RU', 'cavalry', 0, 0, 0, { sk: 2, irregular: 'cossack' });
    const target = unit('t', 'FR', 'infantry', 0, 7, 180);
    expect(skirmishCandidates(cossack, [target], clear).barred?.reason).toBe('irregular-declined');
    expect(ids(skirmishCandidates(cossack, [target], { weather: 'clear', irregularsSkirmishing: ['k'] }))).toEqual(['t']);
  });
});

describe('skirmishCandidates — targets (§7.2 L97, §7.4 L109, §7.6 L124, §7.9 L154)', () => {
  const a = fr('a', 0, 0);
  it('routed and cavalry targets are excluded, artillery is a target', () => {
    const c = skirmishCandidates(a, [
      enAhead('routed', 1, 0, { status: 'routed' }),
      unit('cav', 'AU', 'cavalry', 5, 4, 180),
      unit('gun', 'AU', 'artillery', -4, 4, 180),
      fr('friend', 0, 5),
    ], clear);
    expect(reasonOf(c, 'routed')).toBe('routed');
    expect(reasonOf(c, 'cav')).toBe('cavalry');
    expect(reasonOf(c, 'friend')).toBe('not-enemy');
    expect(ids(c)).toEqual(['gun']);
  });
  it('irregular cavalry may be skirmished back only if it skirmishes, and only by infantry (TG-8)', () => {
    const cossack = unit('k', 'RU', 'cavalry', 0, 5, 180, { sk: 2, irregular: 'cossack' });
    expect(reasonOf(skirmishCandidates(a, [cossack], clear), 'k')).toBe('irregular-not-skirmishing');
    const ctx: NwTargetContext = { weather: 'clear', irregularsSkirmishing: ['k', 'y'] };
    expect(ids(skirmishCandidates(a, [cossack], ctx))).toEqual(['k']);
    const yuruk = unit('y', 'FR', 'cavalry', 0, 0, 0, { sk: 1, irregular: 'ottoman' });
    expect(reasonOf(skirmishCandidates(yuruk, [cossack], ctx), 'k')).toBe('irregular-only-by-infantry');
  });
  it('an attached battery is a target only if its infantry is SK0 (L124)', () => {
    const gun = unit('gun', 'AU', 'artillery', 0, 3.75, 180, { attachedTo: 'inf' });
    const sk1 = unit('inf', 'AU', 'infantry', 0, 6, 180, { sk: 1 });
    const sk0 = unit('inf', 'AU', 'infantry', 0, 6, 180, { sk: 0 });
    expect(reasonOf(skirmishCandidates(a, [gun, sk1], clear), 'gun')).toBe('screened-attached-artillery');
    expect(ids(skirmishCandidates(a, [gun, sk0], clear))).toEqual(['gun', 'inf']);
  });
  it('frontal perspective: flank and rear are out; the 45° line from the front corner counts (inclusive)', () => {
    const c = skirmishCandidates(a, [unit('flank', 'AU', 'infantry', 4, 0, 270), unit('rear', 'AU', 'infantry', 0, -4, 0)], clear);
    expect(reasonOf(c, 'flank')).toBe('outside-frontal-perspective');
    expect(reasonOf(c, 'rear')).toBe('outside-frontal-perspective');
    // A base whose top-left corner (4.5, 4.5) sits exactly on the right 45° line x = y; the rest is outside.
    const onLine = unit('line', 'AU', 'infantry', 6, 3, 0);
    expect(ids(skirmishCandidates(a, [onLine], clear))).toEqual(['line']);
    expect(reasonOf(skirmishCandidates(a, [unit('past', 'AU', 'infantry', 6.01, 2.99, 0)], clear), 'past')).toBe('outside-frontal-perspective');
  });
  it('sight is not needed (L97): a wood between does not matter', () => {
    const woods: TerrainFeature = { id: 'w', kind: 'woods', blocksLos: true, polygon: [{ x: -5, y: 2 }, { x: 5, y: 2 }, { x: 5, y: 4 }, { x: -5, y: 4 }] };
    expect(ids(skirmishCandidates(a, [enAhead('t', 3)], { weather: 'clear', terrain: [woods] }))).toEqual(['t']);
  });
  it('range is measured to the part inside the frontal perspective (TG-1)', () => {
    const t = unit('t', 'AU', 'infantry', 4.5, 4, 0); // spans x 3..6, y 2.5..5.5; arc is x ≤ y
    expect(baseDistance(a.base, t.base)).toBeCloseTo(Math.hypot(1.5, 1), 6);
    expect(frontalDistance(a.base, t.base)).toBeCloseTo(Math.hypot(1.5, 1.5), 6);
    expect(frontalDistance(a.base, unit('f', 'AU', 'infantry', 5, 0, 0).base)).toBeNull();
  });
});

describe('mandatorySkirmishAssignments (§7.3 L101-103, §7.5 L113, §7.6 L119-122)', () => {
  it('L103 "for instance": 3 SK units, 2 eligible targets → both attacked, third doubles up', () => {
    const attackers = [fr('a1', 0, 0), fr('a2', 3.5, 0), fr('a3', 7, 0)];
    const targets = [unit('t1', 'AU', 'infantry', 1.75, 6, 180), unit('t2', 'AU', 'infantry', 5.25, 6, 180)];
    const r = mandatorySkirmishAssignments(attackers, targets, clear, settings);
    expect(r.candidates.map((c) => ids(c).sort())).toEqual([['t1', 't2'], ['t1', 't2'], ['t1', 't2']]);
    expect(r.maxTargets).toBe(2);
    expect(r.forced).toEqual([]);
    expect(r.choices.map((c) => [c.attacker, [...c.options].sort()])).toEqual([['a1', ['t1', 't2']], ['a2', ['t1', 't2']], ['a3', ['t1', 't2']]]);
    expect([...r.mustBeAttacked].sort()).toEqual(['t1', 't2']);
    expect(checkSkirmishPlan(r, { a1: 't1', a2: 't1', a3: 't2' })).toEqual([]);
    expect(checkSkirmishPlan(r, { a1: 't1', a2: 't1', a3: 't1' }).map((p) => p.problem)).toEqual(['too-few-targets']);
    expect(checkSkirmishPlan(r, { a1: 't1', a2: 't2' }).map((p) => p.problem)).toEqual(['missing-attacker']);
  });
  it('doubling up only when no other target exists: A1 sees only T1, A2 sees T1 and T2 → both forced', () => {
    // A1 at x=0, A2 at x=8; T1 between them, T2 straight ahead of A2 only.
    const attackers = [fr('a1', 0, 0), fr('a2', 8, 0)];
    const t1 = unit('t1', 'AU', 'infantry', 4, 5, 180);
    const t2 = unit('t2', 'AU', 'infantry', 11, 5, 180);
    const r = mandatorySkirmishAssignments(attackers, [t1, t2], clear);
    expect(r.candidates.map((c) => ids(c).sort())).toEqual([['t1'], ['t1', 't2']]);
    expect(r.forced).toEqual([{ attacker: 'a1', target: 't1' }, { attacker: 'a2', target: 't2' }]);
    expect(r.choices).toEqual([]);
    expect(checkSkirmishPlan(r, { a1: 't1', a2: 't1' }).map((p) => p.problem)).toEqual(['too-few-targets']);
  });
  it('two attackers, one target: both must attack it together', () => {
    const r = mandatorySkirmishAssignments([fr('a1', 0, 0), fr('a2', 8, 0)], [unit('t', 'AU', 'infantry', 4, 5, 180)], clear);
    expect(r.forced).toEqual([{ attacker: 'a1', target: 't' }, { attacker: 'a2', target: 't' }]);
    expect(r.maxTargets).toBe(1);
  });
  it('one attacker, two targets: the owner selects (L101); neither target is compulsory', () => {
    const r = mandatorySkirmishAssignments([fr('a', 0, 0)], [enAhead('t1', 2, -1), enAhead('t2', 2, 2.5)], clear);
    expect(r.choices).toEqual([{ attacker: 'a', options: ['t1', 't2'] }]);
    expect(r.mustBeAttacked).toEqual([]);
    expect(checkSkirmishPlan(r, { a: 't3' }).map((p) => p.problem)).toEqual(['not-a-candidate']);
  });
  it('idle units are listed with their reason; an idle unit in a plan is refused', () => {
    const r = mandatorySkirmishAssignments([fr('a', 0, 0), fr('b', 30, 0, { sk: 0 }), fr('c', 60, 0)], [enAhead('t', 2)], clear);
    expect(r.forced).toEqual([{ attacker: 'a', target: 't' }]);
    expect(r.idle).toEqual([
      { attacker: 'b', reason: 'sk0', ref: 'NW §7.1 L87-89' },
      { attacker: 'c', reason: 'no-target', ref: 'NW §7.2 L97' },
    ]);
    expect(checkSkirmishPlan(r, { a: 't', c: 't' }).map((p) => p.problem)).toEqual(['not-an-attacker']);
  });
  it('a chain of three: forced where the matching is unique, choice where it is not', () => {
    // a1 → {t1}, a2 → {t1, t2}, a3 → {t2, t3}: max 3, every attacker forced.
    const attackers = [fr('a1', 0, 0), fr('a2', 8, 0), fr('a3', 16, 0)];
    const targets = [unit('t1', 'AU', 'infantry', 4, 5, 180), unit('t2', 'AU', 'infantry', 12, 5, 180), unit('t3', 'AU', 'infantry', 19, 5, 180)];
    const r = mandatorySkirmishAssignments(attackers, targets, clear);
    expect(r.candidates.map((c) => ids(c).sort())).toEqual([['t1'], ['t1', 't2'], ['t2', 't3']]);
    expect(r.maxTargets).toBe(3);
    expect(r.forced).toEqual([{ attacker: 'a1', target: 't1' }, { attacker: 'a2', target: 't2' }, { attacker: 'a3', target: 't3' }]);
  });
});

describe('artilleryTargets — range, arc, sight (§8.1 L162, chart L716-718)', () => {
  // Battery 1.5" at the origin facing north: front edge y = 0.75, front centre (0, 0.75).
  const gun = (weight: 'light' | 'medium' | 'heavy', extra: Extra = {}) => unit('g', 'FR', 'artillery', 0, 0, 0, { gunWeight: weight, ...extra });
  const at = (id: string, d: number, x = 0, extra: Extra = {}) => unit(id, 'AU', 'infantry', x, 0.75 + d + 1.5, 180, extra);
  it('medium guns reach exactly 12" (long, 1 point); 12.01" is out of range', () => {
    const r = artilleryTargets(gun('medium'), [at('t', 12)], [], clear);
    expect(r.legal).toEqual([{ target: 't', distance: expect.closeTo(12, 6), rangeTenths: 120, band: 'long', points: 1 }]);
    expect(artilleryTargets(gun('medium'), [at('t', 12.01)], [], clear).excluded[0]?.reason).toBe('out-of-range');
  });
  it('band edges: light 3.0" is canister (4); 3.04" rounds up to 3.1" → medium (TG-3)', () => {
    expect(artilleryTargets(gun('light'), [at('t', 3)], [], clear).legal[0]).toMatchObject({ rangeTenths: 30, band: 'canister', points: 4 });
    expect(artilleryTargets(gun('light'), [at('t', 3.04)], [], clear).legal[0]).toMatchObject({ rangeTenths: 31, band: 'medium', points: 2 });
  });
  it('outside the frontal perspective, beyond visibility, and towns block; firing INTO a town is allowed', () => {
    expect(artilleryTargets(gun('heavy'), [unit('f', 'AU', 'infantry', 4, 0, 270)], [], clear).excluded[0]?.reason).toBe('outside-frontal-perspective');
    expect(artilleryTargets(gun('heavy'), [at('t', 10)], [], { weather: 'fog', visibilityInches: 6 }).excluded[0]?.reason).toBe('beyond-visibility');
    const town: TerrainFeature = { id: 'town', kind: 'town', blocksLos: true, polygon: [{ x: -2, y: 3 }, { x: 2, y: 3 }, { x: 2, y: 7 }, { x: -2, y: 7 }] };
    const blocked = artilleryTargets(gun('heavy'), [at('t', 8)], [], { weather: 'clear', terrain: [town] });
    expect(blocked.excluded[0]).toMatchObject({ reason: 'terrain-blocks', blockedBy: 'town' });
    const inTown = unit('t', 'AU', 'infantry', 0, 5, 180);
    expect(artilleryTargets(gun('heavy'), [inTown], [], { weather: 'clear', terrain: [town] }).legal.map((l) => l.target)).toEqual(['t']);
  });
  it('fire penetrates 1" into woods (L162): 0.5" in is legal, 2" in is blocked', () => {
    const woods: TerrainFeature = { id: 'w', kind: 'woods', blocksLos: true, polygon: [{ x: -10, y: 5 }, { x: 10, y: 5 }, { x: 10, y: 30 }, { x: -10, y: 30 }] };
    const ctx: NwTargetContext = { weather: 'clear', terrain: [woods] };
    expect(artilleryTargets(gun('heavy'), [at('t', 4.75)], [], ctx).legal.map((l) => l.target)).toEqual(['t']);
    expect(artilleryTargets(gun('heavy'), [at('t', 6.25)], [], ctx).excluded[0]?.reason).toBe('terrain-blocks');
  });
  it('damaged and suppressed may not fire (§8.0 L158); attached batteries are legal targets (L221)', () => {
    expect(artilleryTargets(gun('heavy', { condition: 'damaged-and-suppressed' }), [at('t', 3)], [], clear).barred?.reason).toBe('damaged-and-suppressed');
    const attached = unit('ag', 'AU', 'artillery', 0, 4, 180, { attachedTo: 'inf' });
    const inf = unit('inf', 'AU', 'infantry', 0, 6.25, 180);
    expect(artilleryTargets(gun('heavy'), [attached, inf], [], clear).decision).toMatchObject({ kind: 'forced', target: 'ag' });
  });
});

describe('artilleryTargets — line of fire and closest target (§8.3 L172-174)', () => {
  const gun = unit('g', 'FR', 'artillery', 0, 0, 0, { gunWeight: 'medium' });
  const at = (id: string, d: number, x = 0, extra: Extra = {}) => unit(id, 'AU', 'infantry', x, 0.75 + d + 1.5, 180, extra);
  it('a non-routed enemy within 6" forces fire at the closest (exactly 6" triggers)', () => {
    const r = artilleryTargets(gun, [at('near', 6), at('far', 9, 4)], [], clear);
    expect(r.within6).toEqual(['near']);
    expect(r.decision).toEqual({ kind: 'forced', target: 'near', rule: 'closest-within-6', ref: 'NW §8.3 L174' });
  });
  it('nothing within 6" (6.01"): the player chooses among legal targets', () => {
    const r = artilleryTargets(gun, [at('a', 6.01), at('b', 9, 9)], [], clear);
    expect(r.within6).toEqual([]);
    expect(r.decision).toMatchObject({ kind: 'choice', rule: 'free', options: ['a', 'b'] });
  });
  it('a single legal target beyond 6" is proposed as the only target', () => {
    expect(artilleryTargets(gun, [at('a', 8)], [], clear).decision).toMatchObject({ kind: 'forced', target: 'a', rule: 'only-target' });
  });
  it('no firing through units: the screened near enemy still triggers, the forced target is the closest with a clear alley', () => {
    const friend = unit('friendGun', 'FR', 'artillery', 0, 4, 0);
    const near = unit('near', 'AU', 'infantry', 0, 8, 180);
    const far = unit('far', 'AU', 'infantry', 7, 9, 180);
    const r = artilleryTargets(gun, [near, far], [friend], clear);
    expect(r.within6).toEqual(['near']);
    expect(r.excluded).toEqual([{ target: 'near', reason: 'unit-in-line-of-fire', ref: 'NW §8.3 L172', blockedBy: 'friendGun' }]);
    expect(r.decision).toMatchObject({ kind: 'forced', target: 'far', rule: 'closest-within-6' });
  });
  it('an enemy unit in the alley blocks too (no firing over or through)', () => {
    const r = artilleryTargets(gun, [at('front', 2), at('behind', 7)], [], clear);
    expect(r.excluded).toMatchObject([{ target: 'behind', reason: 'unit-in-line-of-fire', blockedBy: 'front' }]);
    expect(r.decision).toMatchObject({ kind: 'forced', target: 'front' });
  });
  it('a routed enemy does not trigger the rule but may be fired on; if another triggers, the closest legal target is forced even if routed (TG-6)', () => {
    const free = artilleryTargets(gun, [at('routed', 4, 0, { status: 'routed' }), at('b', 9, 9)], [], clear);
    expect(free.within6).toEqual([]);
    expect(free.decision).toMatchObject({ kind: 'choice', rule: 'free', options: ['routed', 'b'] });
    const forced = artilleryTargets(gun, [at('routed', 3, -2, { status: 'routed' }), at('b', 5, 3)], [], clear);
    expect(forced.within6).toEqual(['b']);
    expect(forced.decision).toMatchObject({ kind: 'forced', target: 'routed' });
  });
  it('equal-closest targets within 6" leave the choice to the player', () => {
    const r = artilleryTargets(gun, [at('l', 4, -2), at('r', 4, 2)], [], clear);
    expect(r.decision).toMatchObject({ kind: 'choice', rule: 'closest-tie', options: ['l', 'r'] });
  });
  it('cavalry and routed units are legal artillery targets; friends in the enemy list are not', () => {
    const r = artilleryTargets(gun, [unit('cav', 'AU', 'cavalry', 0, 8, 180), unit('own', 'FR', 'infantry', 8, 8, 0)], [], clear);
    expect(r.legal.map((l) => l.target)).toEqual(['cav']);
    expect(r.excluded.map((e) => e.reason)).toEqual(['not-enemy']);
  });
});
