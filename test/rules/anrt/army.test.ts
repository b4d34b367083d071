import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { adcsOf } from '../../../src/rules/anrt/phases/command';
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
