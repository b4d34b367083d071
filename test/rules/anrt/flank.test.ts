import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import { anrt } from '../../../src/rules/anrt/index';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { OVERLAP_INCHES } from '../../../src/rules/anrt/procedures/flank';
import type { AnrtCharge, AnrtState, AnrtUnit } from '../../../src/rules/anrt/state';
import { STAND_IN_QRS } from '../../../src/rules/anrt/tables/stand-in';
import type { Qrs } from '../../../src/rules/anrt/tables/qrs';
import { anrtSettings, anrtTeaching } from '../../helpers/anrt-game';
import { describeAnrtSettings, parseAnrtSettings } from '../../../src/rules/anrt/settings';

/**
 * Flank and rear melees (§XI L839-848) and cavalry against infantry lines and columns (L852-865)
 * at the turn level: the combat half of a French phase on the teaching scenario with only the
 * units placed here on the table (as melee-fire.test.ts). The stand-in QRS, except that charging
 * and answering a charge always pass morale, so that every charge goes in (and, where a test says
 * so, a drawn melee too, so that both stay in contact). Rulings ANRT-M12…M15.
 */
const SEED = 'f1'.padEnd(64, '0');
const N = 0; const E = 90; const S = 180; const W = 270;

type Place = Partial<AnrtUnit> & { at: { x: number; y: number } };

function arena(placed: Record<string, Place>, charges: AnrtCharge[], drawsHold = false): AnrtState {
  const settings = anrtSettings();
  const s0 = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
  const passing = [{ min: -99, result: 'pass' as const }];
  const base = s0.settings.qrs;
  const q: Qrs = { ...base, morale: { ...base.morale, bands: { ...base.morale!.bands!, charge: passing, 'charge-response': passing, ...(drawsHold ? { 'melee-draw': passing } : {}) } } };
  const units = Object.fromEntries(Object.entries(s0.units).map(([id, u]) => [id, placed[id] ? { ...u, ...placed[id] } : { ...u, gone: true }]));
  const generals = Object.fromEntries(Object.entries(s0.generals).map(([id, g]) => [id, { ...g, at: { x: 70, y: 2 }, joined: undefined }]));
  return {
    ...s0, units, generals, settings: { ...s0.settings, qrs: q },
    order: ['french', 'allies'], period: 0, step: 'responses', charges, moves: [], fireTargets: {}, command: undefined,
  } as AnrtState;
}

const run = (s: AnrtState, seed = SEED, responses: Record<string, string> = {}) => resolveCombat(s, responses, new Thrower(seededDice(seed.padEnd(64, '0')), []));
const notes = (ev: readonly GameEvent[]) => ev.filter((e): e is Extract<GameEvent, { kind: 'note' }> => e.kind === 'note').map((e) => e.text);
const strikeOf = (ev: readonly GameEvent[], from: string, to: string) => notes(ev).find((t) => t.startsWith(`melee: ${from} → ${to}, `));
/** The strike note's code, as a pattern. */
const code = (c: string | number | undefined) => new RegExp(`, code ${String(c).replace(/[+]/g, '\\+')} `);
const hussars = { unit: 'fr-11h', target: 'al-1-2wp', kind: 'declared' as const };

describe('flank and rear melees (L839-848)', () => {
  it('a charge from wholly beyond the flank line: the line fights back with the flank-or-rear adjustment, the cavalry strikes on CAV LINE', () => {
    const s = arena({ 'fr-11h': { at: { x: 28, y: 19.5 }, facing: W, formation: 'column' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: N } }, [hussars]);
    const { events } = run(s);
    expect(notes(events)).toContain('al-1-2wp is charged in the flank by fr-11h and fights back with the flank-or-rear adjustment.');
    // The line alone: no support −1, flank-or-rear −3 (stand-in values, not the author's).
    expect(STAND_IN_QRS.meleeAdjust!['flank-or-rear']).toBe(-3);
    expect(strikeOf(events, 'al-1-2wp', 'fr-11h')).toMatch(/, code X -4 → /);
    expect(notes(events).find((t) => t.startsWith('fr-11h strikes al-1-2wp on the CAV LINE (from the flank, L857-858'))).toBeDefined();
    expect(strikeOf(events, 'fr-11h', 'al-1-2wp')).toMatch(code(STAND_IN_QRS.melee!.cavalry!['CAV LINE']));
  });

  it('the same charge from in front: no flank-or-rear adjustment, the cavalry strikes on CAV COL (it does not overlap a line of its frontage)', () => {
    const s = arena({ 'fr-11h': { at: { x: 20, y: 27 }, facing: S, formation: 'column' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: N } }, [hussars]);
    const { events } = run(s);
    expect(notes(events).some((t) => t.includes('charged in the'))).toBe(false);
    expect(strikeOf(events, 'al-1-2wp', 'fr-11h')).toMatch(/, code X -1 → /);
    expect(notes(events).find((t) => t.startsWith('fr-11h strikes al-1-2wp on the CAV COL (not overlapping it'))).toBeDefined();
    expect(strikeOf(events, 'fr-11h', 'al-1-2wp')).toMatch(code(STAND_IN_QRS.melee!.cavalry!['CAV COL']));
  });

  it('cavalry charged in the flank by cavalry is still charged in the flank when it countercharges (L588-590, its only answer besides the volley)', () => {
    const place = { 'fr-11h': { at: { x: 28, y: 19.5 }, facing: W, formation: 'column' as const }, 'al-uh': { at: { x: 20, y: 20 }, facing: N, formation: 'line' as const } };
    const ch = [{ unit: 'fr-11h', target: 'al-uh', kind: 'declared' as const }];
    const met = run(arena(place, ch), SEED, { 'al-uh': 'countercharge' });
    expect(notes(met.events)).toContain('al-uh is charged in the flank by fr-11h and fights back with the flank-or-rear adjustment.');
    // Countercharging +1, in the flank −3, no support −1: −3 (stand-in values, not the author's).
    expect(strikeOf(met.events, 'al-uh', 'fr-11h')).toMatch(/, code \S+ -3 → /);
    const front = run(arena({ ...place, 'fr-11h': { at: { x: 20, y: 27 }, facing: S, formation: 'column' } }, ch), SEED, { 'al-uh': 'countercharge' });
    expect(notes(front.events).some((t) => t.includes('is charged in the'))).toBe(false);
  });

  it('an infantry charge from the rear is a rear melee; a defender that draws turns to face its charger (not an advance), one that does not keeps its facing', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60 && seen.size < 2; i++) {
      const s = arena({ 'fr-1-33': { at: { x: 20, y: 15 }, facing: N, formation: 'column' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: N } }, [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }], true);
      const { s: after, events } = run(s, i.toString(16));
      expect(notes(events)).toContain('al-1-2wp is charged in the rear by fr-1-33 and fights back with the flank-or-rear adjustment.');
      const outcome = notes(events).find((t) => t.startsWith('al-1-2wp: '))!;
      const turned = events.filter((e) => e.kind === 'move' && e.rule === 'ANRT §XI L848');
      const d = after.units['al-1-2wp']!; const a = after.units['fr-1-33']!;
      if (outcome.startsWith('al-1-2wp: draw') && !d.routed && !a.routed && !d.gone && !a.gone && d.at.y === 20 && Math.abs(a.at.y - 18.5) < 1e-9) { // the column's front edge on the line's rear edge (ANRT-M6b): 20 - 0.5 - 1
        expect(turned).toHaveLength(1);
        expect(d.facing).toBe(S);
        seen.add('turned');
      } else {
        expect(turned).toHaveLength(0);
        if (!outcome.startsWith('al-1-2wp: draw')) seen.add('kept');
      }
    }
    expect([...seen].sort()).toEqual(['kept', 'turned']);
  });
});

describe('cavalry against infantry columns (L860-865)', () => {
  const charge = [{ unit: 'fr-11h', target: 'al-1-6r', kind: 'declared' as const }];
  it(`cavalry in line overlaps a column's front by ${OVERLAP_INCHES}" or more: COL; with both its flanks secured by friends: MASSE`, () => {
    const open = run(arena({ 'fr-11h': { at: { x: 20, y: 27 }, facing: S, formation: 'line' }, 'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' } }, charge));
    expect(notes(open.events).find((t) => t.startsWith('fr-11h strikes al-1-6r on the COL (overlapping it, L864-865'))).toBeDefined();
    expect(strikeOf(open.events, 'fr-11h', 'al-1-6r')).toMatch(code(STAND_IN_QRS.melee!.cavalry!.COL));
    const secured = run(arena({
      'fr-11h': { at: { x: 20, y: 27 }, facing: S, formation: 'line' }, 'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' },
      'al-1-2wp': { at: { x: 17.5, y: 20 }, facing: N, formation: 'column' }, 'al-2-2wp': { at: { x: 22.5, y: 20 }, facing: N, formation: 'column' },
    }, charge));
    expect(notes(secured.events).find((t) => t.startsWith('fr-11h strikes al-1-6r on the MASSE (not overlapping it, L864-865'))).toBeDefined();
    expect(strikeOf(secured.events, 'fr-11h', 'al-1-6r')).toMatch(code(STAND_IN_QRS.melee!.cavalry!.MASSE));
  });

  it('a flank against the Erlenbusch wood (x ≥ 56) is secured by terrain: with a friend on the other flank the column is not overlapped — MASSE', () => {
    const placed = { 'fr-11h': { at: { x: 54.5, y: 25 }, facing: S, formation: 'line' as const }, 'al-1-6r': { at: { x: 54.5, y: 18 }, facing: N, formation: 'column' as const } };
    const wood = run(arena(placed, charge));
    // The wood alone secures the right flank: the left is still overlapped by 1" (ANRT-M13).
    expect(notes(wood.events).find((t) => t.startsWith('fr-11h strikes al-1-6r on the COL (overlapping it'))).toBeDefined();
    const both = run(arena({ ...placed, 'al-1-2wp': { at: { x: 52.5, y: 18 }, facing: N, formation: 'column' } }, charge));
    expect(notes(both.events).find((t) => t.startsWith('fr-11h strikes al-1-6r on the MASSE (not overlapping it'))).toBeDefined();
    // The same friend without the wood leaves the right flank open: COL.
    const friendOnly = run(arena({ ...placed, 'fr-11h': { ...placed['fr-11h'], at: { x: 44.5, y: 25 } }, 'al-1-6r': { ...placed['al-1-6r'], at: { x: 44.5, y: 18 } }, 'al-1-2wp': { at: { x: 42.5, y: 18 }, facing: N, formation: 'column' } }, charge));
    expect(notes(friendOnly.events).find((t) => t.startsWith('fr-11h strikes al-1-6r on the COL (overlapping it'))).toBeDefined();
  });

  it('infantry charging infantry is untouched by L852-865 (its line is the formation)', () => {
    const { events } = run(arena({ 'fr-1-33': { at: { x: 20, y: 25 }, facing: S, formation: 'column' }, 'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' } }, [{ unit: 'fr-1-33', target: 'al-1-6r', kind: 'declared' }]));
    expect(notes(events).some((t) => t.includes('L852-865') || t.includes('strikes al-1-6r on the'))).toBe(false);
    expect(strikeOf(events, 'fr-1-33', 'al-1-6r')).toMatch(code(STAND_IN_QRS.melee!.infantry!.COL));
  });
});

describe('the flank-or-rear adjustment in multiple melees (ANRT-M16, L846 "one-on-one"; L691 "frontally")', () => {
  // Two cavalry lines (each wider than half the line's frontage, L829) meet an infantry line with no
  // flank supports (L691): the first charges from wholly beyond its right flank, the second from in front.
  const placed = {
    'fr-11h': { at: { x: 28, y: 18 }, facing: W, formation: 'line' as const },
    'fr-6ch': { at: { x: 20, y: 27 }, facing: S, formation: 'line' as const },
    'al-1-2wp': { at: { x: 20, y: 20 }, facing: N },
  };
  const charges: AnrtCharge[] = [hussars, { unit: 'fr-6ch', target: 'al-1-2wp', kind: 'declared' }];
  const flankNote = 'al-1-2wp is charged in the flank by fr-11h and fights back with the flank-or-rear adjustment.';

  it('by default (one-on-one, the text) the line fights its multiple melee without it', () => {
    const { events } = run(arena(placed, charges));
    expect(notes(events).some((t) => t.includes('overlapping a flank of al-1-2wp') || t.includes('melee against fr-11h and fr-6ch'))).toBe(true);
    expect(notes(events)).not.toContain(flankNote);
    expect(strikeOf(events, 'al-1-2wp', 'fr-11h')).toBeUndefined(); // its strike is the divided one (ANRT-M7)
    expect(notes(events).find((t) => t.startsWith('melee against fr-11h and fr-6ch'))).toMatch(/ → \d hit/);
  });

  it('with melee.flankInMultiple = first-opponent it strikes with it, its first opponent having charged its flank', () => {
    const s = arena(placed, charges);
    const { events } = run({ ...s, settings: { ...s.settings, melee: { flankInMultiple: 'first-opponent' } } });
    expect(notes(events)).toContain(flankNote);
    // No support −1 and flank-or-rear −3 on its one throw (stand-in values, not the author's).
    expect(notes(events).find((t) => t.startsWith('melee against fr-11h and fr-6ch'))).toMatch(/ -4 → /);
  });

  it('the setting is a ruling of /game settings, default one-on-one, and refuses other values', () => {
    expect(anrtSettings().melee.flankInMultiple).toBe('one-on-one');
    expect(describeAnrtSettings(anrtSettings()).find((d) => d.key === 'melee.flankInMultiple')).toMatchObject({ value: 'one-on-one', ruling: 'ANRT-M16' });
    expect(parseAnrtSettings({ melee: { flankInMultiple: 'always' } }).ok).toBe(false);
  });
});
