import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { testMovingSquares } from '../../../src/rules/anrt/phases/moving-square';
import { movesLegs } from '../../../src/rules/anrt/phases/multiple';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtMove, AnrtState } from '../../../src/rules/anrt/state';
import { sceneState } from '../../helpers/anrt-scenes';

/**
 * L439: squares which move test morale after the move, after each move when making multiple moves
 * (L311). Teaching map, stand-in tables (QRS `moving-square`: 4+ pass, 2-3 disorder, less withdraw
 * — the project's stand-in); the 1/33e Ligne in square, steady (no support factor from friends far off).
 */
const place = { 'fr-1-33': { at: [30, 10], facing: 0, formation: 'square' }, 'al-1-6r': { at: [30, 44], facing: 180, formation: 'column' } } as const;
const scene = (): AnrtState => sceneState({ case: 'l439', rule: 'L439', expect: {}, place: place as never });
const moved = (s: AnrtState, m: Partial<AnrtMove>): AnrtState => ({ ...s, moves: [{ unit: 'fr-1-33', to: { x: 30, y: 14 }, facing: 0, formation: 'square', inches: 4, pips: 2, ...m }] });
const tests = (events: readonly { kind: string }[]) => events.filter((e) => JSON.stringify(e).includes('morale: moving-square')).length;

describe('L439: moving squares test morale after each move', () => {
  it('one test after a single move', () => {
    const r = testMovingSquares(moved(scene(), { moves: undefined, inches: 2 }), new Thrower(scriptedDice([6]), []));
    expect(tests(r.events)).toBe(1);
    expect(r.s.units['fr-1-33']!.disordered).toBe(false);
  });

  it('one test after each of two moves (L311, L439), both passed', () => {
    const r = testMovingSquares(moved(scene(), { moves: 2 }), new Thrower(scriptedDice([6, 6]), []));
    expect(tests(r.events)).toBe(2);
    expect(r.events.some((e) => e.kind === 'note' && e.text.includes('after move 2 of 2'))).toBe(true);
  });

  it('a first test not passed applies its result and ends the testing (ANRT-W15)', () => {
    // 4, less out of command and no support (the stand-in's −1 each): 2, disorder.
    const r = testMovingSquares(moved(scene(), { moves: 2 }), new Thrower(scriptedDice([4, 6]), []));
    expect(tests(r.events)).toBe(1);
    expect(JSON.stringify(r.events)).toContain('"tableRow":"disorder (QRS; out-of-command, no-support)"');
    expect(r.s.units['fr-1-33']!.disordered).toBe(true);
  });

  // ANRT-W15: a failed test after move k of N stops the square where move k ended (the legs moveOf keeps).
  const legs = [{ at: { x: 30, y: 10 }, facing: 0 }, { at: { x: 30, y: 12 }, facing: 0 }, { at: { x: 30, y: 14 }, facing: 0 }];
  const at14 = (s: AnrtState): AnrtState => ({ ...s, units: { ...s.units, 'fr-1-33': { ...s.units['fr-1-33']!, at: { x: 30, y: 14 } } } });

  it('a square failing its test after move 1 of 2 stops where move 1 ended; the rest of its moves are not made (L439, ANRT-W15)', () => {
    const r = testMovingSquares(at14(moved(scene(), { moves: 2, legs })), new Thrower(scriptedDice([4, 6]), []));
    expect(tests(r.events)).toBe(1);
    expect(r.s.units['fr-1-33']!.at).toEqual({ x: 30, y: 12 });
    expect(r.s.units['fr-1-33']!.disordered).toBe(true);
    expect(r.events.some((e) => e.kind === 'note' && e.text.includes('stops where move 1 ended; the rest of its moves are not made'))).toBe(true);
    expect(r.events.some((e) => e.kind === 'move' && e.rule === 'ANRT L439' && e.to.y === 12)).toBe(true);
  });

  it('failing after the last move leaves it where it ended', () => {
    const r = testMovingSquares(at14(moved(scene(), { moves: 2, legs })), new Thrower(scriptedDice([6, 4]), []));
    expect(tests(r.events)).toBe(2);
    expect(r.s.units['fr-1-33']!.at).toEqual({ x: 30, y: 14 });
  });

  it('a unit standing since on the place move 1 ended puts it back to its start', () => {
    const s = at14(moved(scene(), { moves: 2, legs }));
    const friend = { ...s.units['fr-2-33']!, at: { x: 30, y: 12.5 }, facing: 0, formation: 'column' as const, gone: false };
    const r = testMovingSquares({ ...s, units: { ...s.units, [friend.id]: friend } }, new Thrower(scriptedDice([4, 6]), []));
    expect(r.s.units['fr-1-33']!.at).toEqual({ x: 30, y: 10 });
    expect(r.events.some((e) => e.kind === 'note' && e.text.includes('where it started'))).toBe(true);
  });

  it('a unit that moved in another formation, or a square that did not move, takes no test', () => {
    expect(tests(testMovingSquares(moved(scene(), { formation: 'column' }), new Thrower(scriptedDice([]), [])).events)).toBe(0);
    expect(tests(testMovingSquares(moved(scene(), { inches: 0 }), new Thrower(scriptedDice([]), [])).events)).toBe(0);
  });

  it('in a turn: a square posted with moves:2 is tested twice as the combat stage opens', () => {
    const s = { ...scene(), pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
    const r = anrt.resolve(s, new Map([['french', [{ kind: 'move' as const, unit: 'fr-1-33', to: '30,14', moves: 2 }]]]), scriptedDice(Array(40).fill(6)));
    expect(r.state.units['fr-1-33']!.at).toEqual({ x: 30, y: 14 });
    expect(tests(r.events)).toBe(2);
  });

  it('in a turn: a square posted with moves:2 that fails its first test stands where its first 2" move ended (ANRT-W15)', () => {
    const s = { ...scene(), pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
    const r = anrt.resolve(s, new Map([['french', [{ kind: 'move' as const, unit: 'fr-1-33', to: '30,14', moves: 2 }]]]), scriptedDice([4, ...Array(40).fill(6)]));
    expect(r.state.units['fr-1-33']!.at).toEqual({ x: 30, y: 12 });
    expect(tests(r.events)).toBe(1);
  });
});

describe('/move moves:N (L311) as the command builds it', () => {
  const build = (o: Record<string, unknown>) => anrt.inputs.move!.build(scene(), o, { seats: ['french'], side: 'french' } as never);
  it('carries moves when more than one, and leaves a plain move plain', () => {
    expect(build({ unit: 'fr-1-33', to: 'forward 12', moves: 2 })).toEqual({ kind: 'move', unit: 'fr-1-33', to: 'forward 12', moves: 2 });
    expect(build({ unit: 'fr-1-33', to: 'forward 6' })).toEqual({ kind: 'move', unit: 'fr-1-33', to: 'forward 6' });
    expect(build({ unit: 'fr-1-33', to: 'forward 6', moves: 1 })).toEqual({ kind: 'move', unit: 'fr-1-33', to: 'forward 6' });
  });
  it('more moves than the project caps at are refused by the order schema with a hint', () => {
    const r = anrt.orderSchema(scene()).safeParse({ kind: 'move', unit: 'fr-1-33', to: 'forward 6', moves: 9 });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('at most 6 a phase');
  });
});

describe('where each of N moves ends (L311, ANRT-W15: each a normal move along the path, the last what remains)', () => {
  it('2" moves along a path that turns: the second ends 1" into the turned leg, facing as that leg does', () => {
    const s = scene();
    const u = { ...s.units['fr-1-33']!, formation: 'square' as const };
    const legs = movesLegs(s, u, [{ x: 30, y: 10 }, { x: 30, y: 13 }, { x: 33, y: 13 }], [0, 0, 90], 3, 2);
    expect(legs).toEqual([
      { at: { x: 30, y: 10 }, facing: 0 }, { at: { x: 30, y: 12 }, facing: 0 }, { at: { x: 31, y: 13 }, facing: 90 }, { at: { x: 33, y: 13 }, facing: 90 },
    ]);
  });

  it('a path shorter than its moves: the later moves end where it ends', () => {
    const s = scene();
    const legs = movesLegs(s, s.units['fr-1-33']!, [{ x: 30, y: 10 }, { x: 30, y: 13 }], [0, 0], 3, 2);
    expect(legs.map((l) => l.at.y)).toEqual([10, 12, 13, 13]);
  });

  it('in a wood (L359: infantry counts it double) a move ends where its cost runs out', () => {
    const s = scene();
    // The Erlenbusch wood begins at x 56: 4" in the open, then 4" of wood costing 8.
    const legs = movesLegs(s, s.units['fr-1-33']!, [{ x: 52, y: 18 }, { x: 60, y: 18 }], [90, 90], 3, 4);
    expect(legs.map((l) => Math.round(l.at.x * 100) / 100)).toEqual([52, 56, 58, 60]);
  });
});
