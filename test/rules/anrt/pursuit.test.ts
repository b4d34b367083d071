import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { ADVANCE_INCHES, joinPlace, pursue, pursuitJoin, type PursuitCtx } from '../../../src/rules/anrt/phases/pursuit';
import { rightVector } from '../../../src/rules/geometry/vector';
import { anrt } from '../../../src/rules/anrt/index';
import { seatOfSide, withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import type { Qrs } from '../../../src/rules/anrt/tables/qrs';
import type { MoraleResult } from '../../../src/rules/anrt/tables/vocabulary';
import { describeAnrtSettings, parseAnrtSettings } from '../../../src/rules/anrt/settings';
import { anrtSettings, teachingFrenchPhase } from '../../helpers/anrt-game';
import { combatScene, sceneState, type SceneCase } from '../../helpers/anrt-scenes';
import { expectOutcome } from '../../helpers/anrt-outcome';
import { legsMeet, MAX_DETOURS, pathLength, pursuitPath } from '../../../src/rules/anrt/phases/pursuit-path';
import { overlapsAny } from '../../../src/rules/anrt/passage';

/**
 * The plain-text cases of advances after combat and pursuits (§XI L890-902):
 * cases/pursuit/pursuits.yaml. A case either runs the combat half of the French phase with its
 * charges (resolveCombat), or one pursuit move (`pursue`) with the melees it starts recorded.
 * The QRS is the stand-in's with the case's melee cells, every melee adjustment 0 and the case's
 * morale results forced, so each case's winner and results are fixed whatever the dice.
 */
interface PursuitCase extends Omit<SceneCase, 'morale'> {
  readonly charges?: [string, string][];
  readonly melee?: Record<string, Record<string, string | number>>;
  readonly morale?: Record<string, MoraleResult>;
  readonly pursue?: { unit: string; after: [number, number] };
  /** With `pursue`: the units already in melee with an enemy this phase (ANRT-P7), by enemy. */
  readonly inMelee?: Record<string, string[]>;
  /** The other side's answers to the charges (§X), by unit. */
  readonly responses?: Record<string, string>;
}

const FILE = 'test/rules/anrt/cases/pursuit/pursuits.yaml';
const cases = parse(readFileSync(FILE, 'utf8')) as PursuitCase[];

function state(c: PursuitCase): AnrtState {
  return combatScene(c, c.charges ?? [], {
    morale: c.morale, passes: ['charge', 'charge-response'],
    // Each case's winner fixed: its melee cells as the case gives them, no melee adjustments.
    qrs: (q) => ({
      melee: Object.fromEntries(Object.entries(q.melee!).map(([arm, row]) => [arm, { ...row, ...(c.melee?.[arm] ?? {}) }])) as Qrs['melee'],
      meleeAdjust: Object.fromEntries(Object.keys(q.meleeAdjust ?? {}).map((k) => [k, 0])) as Qrs['meleeAdjust'],
    }),
  });
}

function run(c: PursuitCase): { s: AnrtState; events: GameEvent[]; fights: [string, string][]; joins: [string, string, string][] } {
  const s = state(c);
  const th = new Thrower(seededDice('9'.repeat(64)), []);
  if (c.pursue) {
    const ctx: PursuitCtx = { s, events: [], th };
    const fights: [string, string][] = [];
    const joins: [string, string, string][] = [];
    pursue(ctx, c.pursue.unit, { x: c.pursue.after[0], y: c.pursue.after[1] }, (a, d) => {
      // ANRT-P7: how the pursuer meets an enemy the case says is already in melee.
      const j = pursuitJoin(ctx.s, ctx.s.units[a]!, ctx.s.units[d]!, (c.inMelee?.[d] ?? []).map((id) => ctx.s.units[id]!));
      joins.push([a, d, j.kind]);
      if (j.kind === 'paired-off') ctx.events.push({ kind: 'note', rule: 'ANRT-P7', text: j.why });
      if (j.kind === 'join') ctx.events.push({ kind: 'note', rule: 'ANRT-P7', text: `${a} joins as ${j.shape}: ${j.slots.map((x) => `${x.id} at (${x.at.x.toFixed(2)}, ${x.at.y.toFixed(2)})`).join(', ')}` });
      if (j.kind !== 'paired-off') fights.push([a, d]);
    });
    return { s: ctx.s, events: ctx.events, fights, joins };
  }
  const r = resolveCombat(s, c.responses ?? {}, th);
  return { ...r, fights: [], joins: [] };
}

describe(`ANRT advances and pursuits: ${FILE}`, () => {
  it.each(cases.map((c) => [`${c.case} (${c.rule})`, c] as const))('%s', (_n, c) => {
    const r = run(c);
    expectOutcome(c.case, r, c.expect, {
      key: (key, want, log) => {
        if (key === 'fights') expect(r.fights, c.case).toEqual(want);
        else if (key === 'joins') expect(r.joins, `${c.case}${log}`).toEqual(want);
        else if (key === 'melees') expect(r.events.filter((e) => e.kind === 'engagement').length, `${c.case}${log}`).toBe(want);
        else return false;
        return true;
      },
    });
  });

  it('covers L892-902 with at least ten cases, and the advance is the text\'s 1"', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const l of ['L892', 'L894', 'L896', 'L898', 'L900', 'L902']) expect(cases.some((c) => c.rule.includes(l)), l).toBe(true);
    expect(ADVANCE_INCHES).toBe(1);
  });
});

describe('a French phase through the turn (anrt.resolve): the hussars charge, win and test to pursue (L896)', () => {
  const base = teachingFrenchPhase();
  const put = (s: AnrtState, id: string, x: number, y: number, more: Partial<AnrtState['units'][string]> = {}): AnrtState => withUnit(s, { ...s.units[id]!, at: { x, y }, ...more });
  // The 11e Hussards 10" south of the I/6th Reserve, in line (a good cavalry target), nobody else near.
  const s0 = { ...put(put(base, 'fr-11h', 30, 30, { facing: 180, formation: 'column' }), 'al-1-6r', 30, 20, { facing: 0, formation: 'line' }), pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
  const seed = (n: number) => n.toString(16).padEnd(64, 'b');

  it('each winning hussar charge takes the L896 test (not the recall), and does what its result says', () => {
    const seen = new Set<string>();
    for (let n = 1; n <= 120 && seen.size < 2; n++) {
      const a = anrt.resolve(s0, new Map([['french', [{ kind: 'charge', unit: 'fr-11h', target: 'al-1-6r' }]]]), seededDice(seed(n)));
      const b = a.state.step === 'responses' ? anrt.resolve(a.state, new Map([[seatOfSide(a.state, 'allies'), [{ kind: 'react', unit: 'al-1-6r', choice: 'stand' }]]]), seededDice(seed(n + 500))) : a;
      const ev = [...a.events, ...b.events];
      const won = ev.some((e) => e.kind === 'note' && e.text.startsWith('fr-11h: win'));
      const test = ev.find((e) => e.kind === 'roll' && e.subject === 'fr-11h' && e.purpose === 'morale: cavalry-win-melee');
      const recall = ev.some((e) => e.kind === 'roll' && e.subject === 'fr-11h' && e.purpose === 'morale: cavalry-recall');
      const defeated = ev.some((e) => e.kind === 'move' && e.unit === 'al-1-6r' && /L955|L966/.test(e.rule)) || b.state.units['al-1-6r']!.gone;
      if (!won || !defeated) { expect(test, `seed ${n}`).toBeUndefined(); continue; }
      expect(test && test.kind === 'roll', `seed ${n}`).toBe(true);
      expect(recall, `seed ${n}: tested twice`).toBe(false);
      const result = test!.kind === 'roll' ? test!.tableRow!.split(' ')[0]! : '';
      seen.add(result);
      const moved = ev.filter((e) => e.kind === 'move' && e.unit === 'fr-11h').map((e) => e.kind === 'move' ? e.rule : '');
      if (result === 'pursue') expect(moved, `seed ${n}`).toContain('ANRT §XI L896-900');
      if (result === 'halt') expect(moved, `seed ${n}`).toContain('ANRT §XI L896, L892');
      if (result === 'rally-back') expect(b.state.units['fr-11h']!.at, `seed ${n}`).toEqual({ x: 30, y: 30 });
    }
    expect([...seen].sort(), 'results met in 120 games').toEqual(expect.arrayContaining(['halt', 'pursue']));
  });
});

describe('the pursuit.advance setting (ANRT-P1)', () => {
  it('defaults to take-ground, accepts stand, refuses anything else with the allowed values', () => {
    expect(anrtSettings().pursuit.advance).toBe('take-ground');
    const stand = parseAnrtSettings({ pursuit: { advance: 'stand' } });
    expect(stand.ok && stand.value.pursuit.advance).toBe('stand');
    const bad = parseAnrtSettings({ pursuit: { advance: 'charge-on' } });
    expect(bad.ok).toBe(false);
    expect(describeAnrtSettings(anrtSettings()).find((d) => d.key === 'pursuit.advance')).toMatchObject({ value: 'take-ground', ruling: 'ANRT-P1' });
  });
});

describe('ANRT-P6: two ways round, checked as a whole', () => {
  it('the second way round keeps within the normal move and ends clear of every friend; a third friend across it stops the pursuit', () => {
    const place = { 'fr-11h': { at: [30, 18.5], facing: 180, formation: 'column' }, 'fr-6ch': { at: [30, 10], facing: 0, formation: 'column' }, 'fr-1-33': { at: [27.5, 10], facing: 0, formation: 'column' }, 'fr-2-48': { at: [32.5, 10], facing: 0, formation: 'column' } } as const;
    const s = sceneState({ case: 'P6', rule: 'L896', place, expect: {} } as unknown as SceneCase);
    const u = s.units['fr-11h']!;
    const r = pursuitPath(s, u, { x: 30, y: 4.5 }, 14, { x: 30, y: 0 });
    expect(r.skirted).toBe('fr-6ch and fr-2-48');
    expect(pathLength(r.path)).toBeLessThanOrEqual(14 + 1e-6);
    const end = r.path[r.path.length - 1]!;
    expect(overlapsAny(u, end, ['fr-6ch', 'fr-1-33', 'fr-2-48'].map((id) => s.units[id]!))).toBe(false);
    // Every leg clear of the friends it went round (ANRT-P6 passes none of them).
    expect(legsMeet(s, u, r.path, (o) => o.side === u.side).map((m) => m.unit.id)).toEqual([]);
    expect(MAX_DETOURS).toBe(2);
  });
});

describe('ANRT-P8: a pursuer joining a melee already fought is placed without moving those who fought', () => {
  // The 7th Reserve (a column) unsupported; the 2/33e (a line) fought it; the hussars (a line) join as L691 overlappers.
  const scene = (lateral: number): { s: AnrtState; slot: { at: { x: number; y: number } } | undefined; place: ReturnType<typeof joinPlace>; f: AnrtState['units'][string] } => {
    const s0 = sceneState({ case: 'P8', rule: 'L691', place: { 'al-1-7r': { at: [30, 10], facing: 0, formation: 'column' }, 'fr-2-33': { at: [30, 11.5], facing: 180, formation: 'line' }, 'fr-11h': { at: [30, 20], facing: 180, formation: 'line' } }, expect: {} } as unknown as SceneCase);
    const e = s0.units['al-1-7r']!;
    const j0 = pursuitJoin(s0, s0.units['fr-11h']!, e, [s0.units['fr-2-33']!]);
    if (j0.kind !== 'join') throw new Error(j0.kind);
    // The 2/33e stands where its fight left it: its own slot, slid `lateral` inches along the 7th's face.
    const own = j0.slots.find((x) => x.id === 'fr-2-33')!;
    const r = rightVector(e.facing);
    const s = withUnit(s0, { ...s0.units['fr-2-33']!, at: { x: own.at.x + r.x * lateral, y: own.at.y + r.y * lateral }, facing: own.facing });
    const j = pursuitJoin(s, s.units['fr-11h']!, e, [s.units['fr-2-33']!]);
    if (j.kind !== 'join') throw new Error(j.kind);
    return { s, slot: j.slots.find((x) => x.id === 'fr-11h'), place: joinPlace(s, s.units['fr-11h']!, e, j, [s.units['fr-2-33']!]), f: s.units['fr-2-33']! };
  };

  const lateralOf = (r: ReturnType<typeof scene>, at: { x: number; y: number }): number => { const e = r.s.units['al-1-7r']!; const v = rightVector(e.facing); return (at.x - e.at.x) * v.x + (at.y - e.at.y) * v.y; };
  const apart = (r: ReturnType<typeof scene>): number => Math.abs(lateralOf(r, r.place!.at) - lateralOf(r, r.f.at));

  it('its own slot when that frontage is free', () => {
    const r = scene(0);
    expect(r.place).not.toBeNull();
    expect(Math.hypot(r.place!.at.x - r.slot!.at.x, r.place!.at.y - r.slot!.at.y)).toBeLessThan(1e-6);
    expect(apart(r)).toBeGreaterThanOrEqual(4 - 1e-6); // two 4" lines side by side, touching
  });

  it('slid along the face to the nearest room when the other overlapper stands over its slot, still covering the face', () => {
    const r = scene(-0.5);
    expect(r.place).not.toBeNull();
    const moved = Math.hypot(r.place!.at.x - r.slot!.at.x, r.place!.at.y - r.slot!.at.y);
    expect(moved).toBeCloseTo(0.5, 6);
    expect(apart(r)).toBeGreaterThanOrEqual(4 - 1e-6);
    // Still on the 7th's face: its centre within 2.75" of the column's (a 2" face and a 4" line, at least 1/4" of face covered).
    expect(Math.abs(lateralOf(r, r.place!.at))).toBeLessThanOrEqual(2.75 + 1e-6);
  });

  it('no room at all (the other stands across the face): null, so it is paired off', () => {
    expect(scene(-2).place).toBeNull();
  });
});
