import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { adcsOf, applyCommand, openCommand } from '../../../src/rules/anrt/phases/command';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { corpsUnder, planGeneral } from '../../../src/rules/anrt/phases/generals';
import type { AnrtState } from '../../../src/rules/anrt/state';
import { anrtScenario, anrtSettings, teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * Army commanders above corps (§VII L457, ANRT-C14): "Army commanders deduct the number of pips
 * moved from each Corps commander". Quatre Bras (stand-in tables: general speed 24", a higher
 * commander's extra move 1 pip): Ney over Reille's II Corps; Wellington over Orange's I Corps and
 * the Reserve divisions he commanded himself (Picton's 5th, the Brunswick Corps).
 */
const settings = anrtSettings();
const SEED = '51'.padEnd(64, '0');

/**
 * Quatre Bras at the French orders window of turn 1, every division given `pips` pips, Wellington,
 * Picton and the Duke of Brunswick on the table (they arrive at 15:00 and 15:20), every ADC out on an errand (an ADC kept at headquarters would
 * pay a pip of the ride instead, ANRT-C13).
 */
function quatreBras(pips = 6): AnrtState {
  let s = anrt.setup(anrtScenario('quatre-bras', settings), settings, seededDice(SEED)).state;
  for (let i = 0; i < 4 && s.step === 'choose'; i++) s = anrt.resolve(s, new Map([[s.chooser === 'french' ? 'french' : 'allies', [{ kind: 'first', side: 'french' }]]]), seededDice(SEED)).state;
  const coming = (id: string) => s.arrivals!.flatMap((a) => a.generals).find((g) => g.id === id)!;
  const generals = { ...s.generals, wellington: { ...coming('wellington'), at: { x: 36, y: 70 } }, picton: { ...coming('picton'), at: { x: 40, y: 60 } }, brunswick: { ...coming('brunswick'), at: { x: 30, y: 75 } } };
  const adcs = Object.fromEntries(Object.values(adcsOf({ ...s, generals })).map((a) => [a.id, { ...a, to: a.side === 'french' ? 'foy-div' : 'perponcher-div' }]));
  return { ...s, command: undefined, generals, adcs, pips: Object.fromEntries(Object.keys(s.divisions).filter((d) => !s.divisions[d]!.corpsLevel).map((d) => [d, pips])) };
}
const ride = (general: string, to: string): Extract<AnrtOrder, { kind: 'general' }> => ({ kind: 'general', general, to });

describe('the order of battle: which corps each division is in (the shared wing:)', () => {
  it('II Corps holds the four French divisions; Perponcher is in I Corps; Picton and Brunswick answer to Wellington himself', () => {
    const s = quatreBras();
    for (const d of ['bachelu-div', 'foy-div', 'jerome-div', 'pire-div']) expect(s.divisions[d]!.corps).toBe('reille');
    expect(s.divisions['perponcher-div']!.corps).toBe('orange');
    expect(s.divisions['picton-div']!.corps).toBeUndefined();
    expect(s.divisions['brunswick-div']!.corps).toBeUndefined();
    expect(corpsUnder(s, s.generals.ney!).map((c) => c.id)).toEqual(['reille']);
    expect(corpsUnder(s, s.generals.wellington!).map((c) => [c.id, c.divisions])).toEqual([['wellington', ['brunswick-div', 'picton-div']], ['orange', ['perponcher-div']]]);
  });

  it('an army commander who is also the corps commander (the teaching scenario\'s Lagrange) has no corps under him', () => {
    const s = teachingFrenchPhase();
    expect(corpsUnder(s, s.generals.lagrange!)).toEqual([]);
  });
});

describe('an army commander\'s paid moves come out of each corps (L457)', () => {
  it('one move is free; nobody pays', () => {
    const p = planGeneral(quatreBras(), ride('wellington', '36,50'));
    expect(p.ok && p.value).toMatchObject({ moves: 1, pips: 0, payers: [] });
  });

  it('Wellington riding two moves costs 1 pip in I Corps and 1 in his own divisions — the division of each nearest where he ends', () => {
    const s = quatreBras();
    const p = planGeneral(s, ride('wellington', '36,30'));
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value).toMatchObject({ moves: 2, pips: 1 });
    // Picton (40, 60) stands nearer (36, 30) than the Duke of Brunswick (30, 75).
    expect(p.value.payers).toEqual(['picton-div', 'perponcher-div']);
    expect(p.value.why).toContain('from each corps');
    expect(p.value.why).toContain('L457');
  });

  it('Ney, over one corps, is paid by the II Corps division nearest where he ends', () => {
    const s = quatreBras();
    const p = planGeneral(s, ride('ney', '30,40'));
    expect(p.ok && p.value.payers).toEqual(['foy-div']);
  });

  it('a corps commander\'s extra move is still paid once, from any pip dice (ANRT-C6)', () => {
    const s = quatreBras();
    const p = planGeneral(s, ride('reille', '32,40'));
    expect(p.ok && p.value.payers).toHaveLength(1);
  });

  it('the order is checked against every payer\'s pips, and the preview gives each', () => {
    const s = { ...quatreBras(), order: ['allies', 'french'] as const, period: 0 as const };
    const ok = anrt.validate(s, 'allies', ride('wellington', '36,30'), []);
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.value.preview.filter((l) => l.startsWith('Pips: 1'))).toHaveLength(2);
    // The Perponcher division has spent its pips: the army commander's ride is refused, naming it.
    const broke = { ...s, pips: { ...s.pips, 'perponcher-div': 0 } };
    const no = anrt.validate(broke, 'allies', ride('wellington', '36,30'), []);
    expect(!no.ok && no.error).toMatchObject({ code: 'order/pips', message: expect.stringContaining('has 0') });
  });

  it('and what it costs counts in each corps\' budget for the orders posted after it', () => {
    const s = { ...quatreBras(1), order: ['allies', 'french'] as const, period: 0 as const };
    const w = ride('wellington', '36,30');
    const p = planGeneral(s, w);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const unit = Object.values(s.units).find((u) => u.division === 'perponcher-div' && u.arm === 'infantry' && !u.routed)!;
    const after = anrt.validate(s, 'allies', { kind: 'move', unit: unit.id, to: 'back 1' }, [w]);
    expect(!after.ok && after.error.code).toBe('order/pips');
  });
});

/**
 * The Allied phase opened on `s` with these dice (Picton's and Brunswick's divisions brought on
 * beside their generals): each commander throws for his own divisions in turn (L21).
 */
function alliedCommand(s0: AnrtState, faces: number[], change: (s: AnrtState) => AnrtState = (x) => x) {
  const units = { ...s0.units };
  for (const a of s0.arrivals ?? []) for (const u of a.units) if (u.side === 'allies') units[u.id] = { ...u, at: s0.generals[s0.divisions[u.division]!.general]!.at };
  const s = change({ ...s0, units, order: ['allies', 'french'] as const, period: 0 as const, step: 'orders' as const });
  return openCommand(s, new Thrower(scriptedDice(faces), []));
}
const poolsOf = (s: AnrtState) => (s.command!.pools ?? []).map((p) => [p.general, p.divisions, p.faces]);

describe('each corps commander throws and allocates the dice of his own corps (L21, ANRT-C15)', () => {
  it('Wellington throws for Brunswick and Picton, under him directly; Orange for Perponcher; each die names its thrower', () => {
    const r = alliedCommand(quatreBras(), [6, 1, 4]);
    expect(poolsOf(r.s)).toEqual([['wellington', ['brunswick-div', 'picton-div'], [6, 1]], ['orange', ['perponcher-div'], [4]]]);
    expect(r.s.command!.own).toEqual({});
    const dice = r.events.filter((e) => e.kind === 'roll').map((e) => (e as { tableRow?: string }).tableRow);
    expect(dice).toEqual([
      expect.stringMatching(/^Duke of Wellington's die for .*Brunswick.*Picton.*, his to allocate \(L21\)$/),
      expect.stringMatching(/^Duke of Wellington's die for /),
      expect.stringMatching(/^Prince of Orange's die for .*Perponcher.*, his to allocate \(L21\)$/),
    ]);
  });

  it('Ney, above Reille, throws none: Reille throws for the II Corps divisions within 20" of him', () => {
    const s = { ...quatreBras(), command: undefined };
    const r = openCommand({ ...s, order: ['french', 'allies'] as const, period: 0 as const }, new Thrower(scriptedDice([5, 3, 2, 6]), []));
    const pools = r.s.command!.pools!;
    expect(pools.map((p) => p.general)).toEqual(['reille']);
    // Bachelu (52, 15) is 20.9" from Reille (32, 9): he throws his own (L21).
    expect(pools[0]!.divisions).toEqual(['foy-div', 'pire-div']);
    expect(Object.keys(r.s.command!.own)).toEqual(['bachelu-div']);
  });

  it('/pips allocate swaps within one commander\'s dice only; a die of another corps is refused with the dice it may give', () => {
    const s = alliedCommand(quatreBras(), [6, 1, 4]).s;
    const ok = anrt.validate(s, 'allies', { kind: 'allocate', division: 'picton-div', die: 6 }, []);
    expect(ok.ok && ok.value.preview.join(' ')).toMatch(/^Duke of Wellington's allocation \(L21\): .*Brunswick.* 1 → .*Picton.* 6 →/);
    const other = anrt.validate(s, 'allies', { kind: 'allocate', division: 'picton-div', die: 4 }, []);
    expect(!other.ok && other.error).toMatchObject({ code: 'order/allocate-die', message: expect.stringContaining('Duke of Wellington threw 6, 1'), hint: 'Give one of: 6, 1.' });
    const alone = anrt.validate(s, 'allies', { kind: 'allocate', division: 'perponcher-div', die: 4 }, []);
    expect(!alone.ok && alone.error).toMatchObject({ code: 'order/no-allocation', message: expect.stringContaining('Prince of Orange\'s dice are all 4') });
    const after = applyCommand(s, [{ kind: 'allocate', division: 'picton-div', die: 6 }]);
    const notes = after.events.flatMap((e) => (e.kind === 'note' && e.text.includes('allocates his dice') ? [e.text] : []));
    expect(notes).toEqual([expect.stringMatching(/^Duke of Wellington allocates his dice: .*Brunswick.* 1, .*Picton.* 6\.$/)]);
  });

  it('a corps commander out of play: the army commander throws for his corps too; divisions beyond 20" throw their own', () => {
    const r = alliedCommand(quatreBras(), [6, 1, 4], (s) => ({ ...s, generals: { ...s.generals, orange: { ...s.generals.orange!, alive: false } } }));
    // Perponcher (42, 59) is 12.5" from Wellington (36, 70).
    expect(poolsOf(r.s)).toEqual([['wellington', ['brunswick-div', 'perponcher-div', 'picton-div'], [6, 1, 4]]]);
    const far = alliedCommand(quatreBras(), [6, 1, 4], (s) => ({ ...s, generals: { ...s.generals, picton: { ...s.generals.picton!, at: { x: 60, y: 60 } } } }));
    expect(poolsOf(far.s)).toEqual([['wellington', ['brunswick-div'], [6]], ['orange', ['perponcher-div'], [1]]]);
    expect(far.s.command!.own).toEqual({ 'picton-div': 4 });
  });

  /**
   * ANRT-C17: L21 measures each divisional commander to the commander who throws for him, and L457
   * makes the army commander deduct his moves' pips "from each Corps commander" wherever they stand:
   * no radius joins an army commander to his corps commanders, and he steps in for no division of a
   * corps whose commander is on the table.
   */
  it('the army commander far from a corps commander changes nothing in that corps\' dice (ANRT-C17)', () => {
    // Wellington at (66, 78): 42.8" from Orange (24, 62), and beyond 20" of Picton and Brunswick.
    const r = alliedCommand(quatreBras(), [5, 2, 3], (s) => ({ ...s, generals: { ...s.generals, wellington: { ...s.generals.wellington!, at: { x: 66, y: 78 } } } }));
    expect(poolsOf(r.s)).toEqual([['orange', ['perponcher-div'], [5]]]);
    expect(r.s.command!.own).toEqual({ 'brunswick-div': 2, 'picton-div': 3 });
  });

  it('a division beyond 20" of its own corps commander throws its own, even within 20" of the army commander (L21, ANRT-C17)', () => {
    // Perponcher at (46, 64): 22.1" from Orange (24, 62), 11.7" from Wellington (36, 70).
    const r = alliedCommand(quatreBras(), [6, 1, 4], (s) => ({ ...s, generals: { ...s.generals, perponcher: { ...s.generals.perponcher!, at: { x: 46, y: 64 } } } }));
    expect(poolsOf(r.s)).toEqual([['wellington', ['brunswick-div', 'picton-div'], [6, 1]]]);
    expect(r.s.command!.own).toEqual({ 'perponcher-div': 4 });
    const own = r.events.filter((e) => e.kind === 'roll').map((e) => (e as { tableRow?: string }).tableRow);
    expect(own[2]).toMatch(/Perponcher.* throws its own \(beyond 20" of its corps commander, L21\)/);
  });
});
