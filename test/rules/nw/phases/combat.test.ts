import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { combatPhase, findContacts } from '../../../../src/rules/nw/phases/combat';
import { distance } from '../../../../src/rules/geometry/vector';
import type { NwState } from '../../../../src/rules/nw/state';
import { deepFreeze, expectJsonRoundTrip, placed, teachingState, withNations } from './phase-fixtures';

// fr-2b 6 s.p. (6/4/2 LN) attacks au-3b 6 s.p. (6/5/3 Conscript): both fresh (+2 each), no other
// modifier, so the difference is the attacker's dice − the defender's. Bases 3"×3"; north = +y.
// The French army is made 'other' here (NAT-1), so no French +1 and infantry's full move is 8";
// the nations from the state are tested at the end.
// Dice: attacker 2d6, defender 2d6 (then any leader rolls).
/** The teaching state with the French army 'other': no national modifiers in the duels below. */
const plain = async (): Promise<NwState> => withNations(await teachingState(), { french: 'other' });
const N = 0;
const S = 180;
const FR = [40, 12, N] as const;
const AU = [40, 15, S] as const;

async function duel(extra: Record<string, readonly [number, number, number]> = {}): Promise<NwState> {
  return deepFreeze(placed(await plain(), 'combat', { 'fr-2b': FR, 'au-3b': AU, ...extra }));
}

function run(s: NwState, dice: number[], input?: Parameters<typeof combatPhase>[1]) {
  const d = scriptedDice(dice);
  const r = combatPhase(s, input, d);
  if (!r.ok) throw new Error(r.error.message);
  expect(d.remaining).toBe(0);
  return r.value;
}

const y = (s: NwState, id: string) => s.units[id]!.pose.at.y;

describe('combatPhase (NW §11, DIGEST N8)', () => {
  it('finds the base-to-base contact as one combat per defender', async () => {
    const s = await duel();
    expect(findContacts(s).contacts).toEqual([{ id: 'au-3b', defender: 'au-3b', attackers: ['fr-2b'] }]);
    const apart = placed(await plain(), 'combat', { 'fr-2b': FR, 'au-3b': [40, 16, S] });
    expect(findContacts(apart).contacts).toEqual([]);
  });

  it('10+ Defender crushed: −3 s.p., routs 12" away; victor advances 3"', async () => {
    const s = await duel();
    const before = JSON.stringify(s);
    const r = run(s, [6, 6, 1, 1]);
    const n = r.state;
    expect(n.units['au-3b']).toMatchObject({ sp: 3, status: 'routed' });
    expect(y(n, 'au-3b')).toBeCloseTo(27);
    expect(y(n, 'fr-2b')).toBeCloseTo(15);
    expect(JSON.stringify(s)).toBe(before);
    expectJsonRoundTrip(n);
  });

  it('7-9 Defender broken: −2 s.p., full move (8") away, disordered (HR N-10); advance 2"', async () => {
    const n = run(await duel(), [6, 4, 1, 2]).state;
    expect(n.units['au-3b']).toMatchObject({ sp: 4, status: 'disordered' });
    expect(y(n, 'au-3b')).toBeCloseTo(23);
    expect(y(n, 'fr-2b')).toBeCloseTo(14);
  });

  it('7-9 Defender broken routs a defender already disordered', async () => {
    const s0 = await duel();
    const s = { ...s0, units: { ...s0.units, 'au-3b': { ...s0.units['au-3b']!, status: 'disordered' as const } } };
    const n = run(s, [6, 4, 1, 1]).state; // 10+2 = 12 vs 2+2−1 = 3 → 9: broken
    expect(n.units['au-3b']!.status).toBe('routed');
  });

  it('4-6 Defender driven back: −1 s.p., disordered, retreats the full move away from the winner', async () => {
    const s = await duel();
    const n = run(s, [5, 4, 2, 3]).state;
    expect(n.units['au-3b']).toMatchObject({ sp: 5, status: 'disordered' });
    const moved = distance(s.units['au-3b']!.pose.at, n.units['au-3b']!.pose.at);
    expect(moved).toBeCloseTo(8);
    expect(distance(n.units['au-3b']!.pose.at, s.units['fr-2b']!.pose.at)).toBeCloseTo(3 + 8);
    expect(n.units['au-3b']!.pose.facing).toBe(S);
    expect(y(n, 'fr-2b')).toBeCloseTo(13);
  });

  it('1-3 Defender gives ground: disordered, back 6"; no advance', async () => {
    const n = run(await duel(), [3, 3, 2, 2]).state;
    expect(n.units['au-3b']).toMatchObject({ sp: 6, status: 'disordered' });
    expect(y(n, 'au-3b')).toBeCloseTo(21);
    expect(y(n, 'fr-2b')).toBeCloseTo(12);
  });

  it('0 Desperate struggle: both −1 s.p. and disordered, then re-rolled at once (HR N-11)', async () => {
    // Round 1: 6 vs 6 → 0. Round 2 (both disordered; fr-2b 5/6/4/2 still fresh +2, au-3b 5 of 6/5/3
    // worn): 8+2−1 = 9 vs 2−1 = 1 → 8, defender broken (−2 s.p., full move).
    const r = run(await duel(), [3, 3, 3, 3, 4, 4, 1, 1]);
    const n = r.state;
    expect(n.units['fr-2b']).toMatchObject({ sp: 5, status: 'disordered' });
    expect(n.units['fr-2b']!.fatigue).toBe('fresh');
    expect(n.units['au-3b']).toMatchObject({ sp: 3, status: 'disordered' });
    expect(y(n, 'au-3b')).toBeCloseTo(23);
    expect(r.events.filter((e) => e.kind === 'roll')).toHaveLength(4);
  });

  it('−1..−3 Assault checked: attacker disordered, back 6"', async () => {
    const n = run(await duel(), [2, 2, 3, 3]).state;
    expect(n.units['fr-2b']).toMatchObject({ sp: 6, status: 'disordered' });
    expect(y(n, 'fr-2b')).toBeCloseTo(6);
    expect(n.units['au-3b']).toMatchObject({ sp: 6, status: 'good-order' });
  });

  it('−4..−6 Assault repulsed: attacker −1 s.p., full move back, disordered', async () => {
    const n = run(await duel(), [1, 1, 3, 3]).state;
    expect(n.units['fr-2b']).toMatchObject({ sp: 5, status: 'disordered' });
    expect(y(n, 'fr-2b')).toBeCloseTo(4);
    expect(y(n, 'au-3b')).toBeCloseTo(15);
  });

  it('−7 Le Guard Recule: attacker −2 s.p., full move back; the attached general dies on 10+', async () => {
    const s = deepFreeze(placed(await plain(), 'combat', { 'fr-1b': FR, 'au-3b': AU }));
    expect(s.units['fr-1b']!.attachedGeneral).toBe('dufour');
    // fr-1b 7 s.p. fresh + general: 2+3 = 5; au-3b 12+2 = 14 → −9. Leader 2d6: 5+5 = 10.
    const n = run(s, [1, 1, 6, 6, 5, 5]).state;
    expect(n.units['fr-1b']).toMatchObject({ sp: 5, status: 'disordered', attachedGeneral: null });
    expect(y(n, 'fr-1b')).toBeCloseTo(4);
    expect(n.generals['dufour']).toMatchObject({ lost: true });
  });

  it('a rout off the table edge removes the unit as routed off', async () => {
    const s = deepFreeze(placed(await plain(), 'combat', { 'fr-2b': [40, 29, N], 'au-3b': [40, 32, S] }));
    const n = run(s, [6, 6, 1, 1]).state;
    expect(n.units['au-3b']).toMatchObject({ removed: true, routedOffTable: true, onTable: false, status: 'routed', sp: 3 });
    expectJsonRoundTrip(n);
  });

  it('advance: false holds the victor in place', async () => {
    const n = run(await duel(), [6, 6, 1, 1], { advance: { 'fr-2b': false } }).state;
    expect(y(n, 'fr-2b')).toBeCloseTo(12);
  });

  it('end of player-turn 1 → player-turn 2 skirmish with the other side phasing; end of 2 → rally', async () => {
    const s = await duel();
    const n1 = run(s, [3, 3, 2, 2]).state;
    expect(n1).toMatchObject({ phase: 'skirmish', playerTurn: 2, phasing: 'austrians' });
    const s2 = deepFreeze({ ...placed(await plain(), 'combat', {}), playerTurn: 2 as const });
    const n2 = run(s2, []).state;
    expect(n2).toMatchObject({ phase: 'rally', playerTurn: null, phasing: null });
    expectJsonRoundTrip(n2);
  });

  it('refuses the wrong phase and an illegal primary unit', async () => {
    const s = placed(await teachingState(), 'artillery', { 'fr-2b': FR, 'au-3b': AU });
    const r = combatPhase(s, undefined, scriptedDice([]));
    expect(!r.ok && r.error.code).toBe('phase/wrong-phase');
    const bad = combatPhase(await duel(), { primary: { 'au-3b': 'fr-1b' } }, scriptedDice([]));
    expect(!bad.ok && bad.error.code).toBe('combat/invalid-primary');
  });

  it('a defender attacked in the rear by one unit turns to face it (C21): no outflank, it falls back away from it', async () => {
    const s = deepFreeze(placed(await plain(), 'combat', { 'fr-2b': [40, 18, S], 'au-3b': AU }));
    // 6+2 = 8 vs 4+2 = 6: 2, gives ground 6" south, away from fr-2b.
    const n = run(s, [3, 3, 2, 2]).state;
    expect(n.units['au-3b']!.pose.facing).toBe(N);
    expect(n.units['au-3b']).toMatchObject({ status: 'disordered', sp: 6 });
    expect(y(n, 'au-3b')).toBeCloseTo(9);
  });

  it('a retreat that would end on a friend goes on to the first clear spot, disordering it (C16, C17)', async () => {
    const s = deepFreeze(placed(await plain(), 'combat', { 'fr-2b': FR, 'au-3b': AU, 'au-1b': [40, 22, S] }));
    // Gives ground 6" (to y 21, overlapping au-1b at y 20.5-23.5): on to y 25, clear of it.
    const r = run(s, [3, 3, 2, 2]);
    expect(y(r.state, 'au-3b')).toBeCloseTo(25);
    expect(r.state.units['au-3b']!.sp).toBe(6);
    expect(r.state.units['au-1b']).toMatchObject({ status: 'disordered', sp: 8 });
    const move = r.events.find((e) => e.kind === 'move' && e.unit === 'au-3b');
    expect(move).toMatchObject({ cost: 10, allowance: 10 });
  });

  it('a river away from any bridge or ford blocks a retreat (C13): it stops short and loses 1 s.p.', async () => {
    const s0 = placed(await plain(), 'combat', { 'fr-2b': FR, 'au-3b': AU });
    const river = { id: 'rhein', kind: 'river' as const, line: [{ x: 30, y: 19 }, { x: 50, y: 19 }], width: 0.5 };
    const s = deepFreeze({ ...s0, map: { ...s0.map, terrain: [river] } });
    const n = run(s, [3, 3, 2, 2]).state;
    expect(n.units['au-3b']).toMatchObject({ sp: 5, status: 'disordered' });
    // Its leading (north) edge, y 16.5 at the start, stops at the river's line (y 19), straight on: 2.5" of 6".
    expect(n.units['au-3b']!.pose.at.x).toBeCloseTo(40);
    expect(y(n, 'au-3b') + 1.5).toBeLessThanOrEqual(19);
    expect(y(n, 'au-3b') + 1.5).toBeGreaterThanOrEqual(18.5);
  });

  it('attackers of works are disordered after the combat and cross into them when they win (C19, C22)', async () => {
    const s0 = placed(await plain(), 'combat', { 'fr-2b': FR, 'au-3b': AU });
    const works = { id: 'redoubt', kind: 'fortification' as const, polygon: [{ x: 36, y: 13.25 }, { x: 44, y: 13.25 }, { x: 44, y: 20 }, { x: 36, y: 20 }] };
    const s = deepFreeze({ ...s0, map: { ...s0.map, terrain: [works] } });
    // 6+2 = 8 vs 1+1+2+2 (hard cover) = 6: 2, gives ground 6" (y 21).
    const n = run(s, [3, 3, 1, 1]).state;
    expect(y(n, 'au-3b')).toBeCloseTo(21);
    expect(n.units['fr-2b']!.status).toBe('disordered');
    // fr-2b (y 10.5-13.5) is wholly inside the works (from y 13.25) after 2.75".
    expect(y(n, 'fr-2b')).toBeCloseTo(14.75);
  });

  it('reads the nations from the state (NAT-2): French infantry attacking +1 and a 10" full move; opts.nations overrides', async () => {
    const s = deepFreeze(placed(await teachingState(), 'combat', { 'fr-2b': FR, 'au-3b': AU }));
    expect(s.armies['french']!.nation).toBe('french');
    // 1+1+2+1 (French infantry attacking, chart L785) = 5 vs 3+3+2 = 8: −3, assault checked (6" back).
    const r = run(s, [1, 1, 3, 3]);
    const roll = r.events.find((e) => e.kind === 'roll' && JSON.stringify(e).includes('french-infantry-attacking'));
    expect(roll).toBeDefined();
    expect(y(r.state, 'fr-2b')).toBeCloseTo(6);
    // Without the +1 (nations given as 'other'): 4 vs 8 = −4, repulsed: a full move back, 8" for 'other' infantry.
    const o = combatPhase(s, undefined, scriptedDice([1, 1, 3, 3]), { nations: { french: 'other' } });
    expect(o.ok && y(o.value.state, 'fr-2b')).toBeCloseTo(4);
    // French, repulsed (1+1+2+1 = 5 vs 6+6+2 = 14: −9… Le Guard Recule): a full move is 10" for French infantry (chart L655).
    const f = run(s, [1, 1, 6, 6]);
    expect(y(f.state, 'fr-2b')).toBeCloseTo(2);
  });
});
