import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { openCommand } from '../../../src/rules/anrt/phases/command';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { anrtInputs } from '../../../src/rules/anrt/present/inputs';
import type { AnrtState } from '../../../src/rules/anrt/state';
import { TEACHING_SEED, teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * The player's command choices the text gives (ANRT-C5, ANRT-C13): which units a regroup throw
 * restores (L285 "from the same unit, separate units or even units in two separate brigades"),
 * and a corps commander paying his extra moves "by not deploying eligible ADCs" (L457). The
 * teaching scenario, stand-in tables (higher commander's extra move 1 pip, general speed 24").
 */
const reopen = (s: AnrtState, faces: number[], change: (s: AnrtState) => AnrtState): AnrtState => openCommand(change({ ...s, command: undefined }), new Thrower(scriptedDice(faces), [])).s;
const v = (s: AnrtState, o: AnrtOrder, pending: AnrtOrder[] = []) => anrt.validate(s, 'french', o, pending);

describe('the regroup throw restores the units the player names first (ANRT-C5, L285)', () => {
  // Brigade Pelet declared regrouping; the corps commander's first die a 6: three hits to take back.
  // 1/13e Léger (5 hits) has 2, 2/13e Léger (4) has 1: each lost 3 and may take back 2 (never to full, ANRT-1).
  const hurt = (x: AnrtState): AnrtState => ({ ...x, regroupNext: { french: ['fr-b1'] }, units: { ...x.units, 'fr-1-13l': { ...x.units['fr-1-13l']!, hits: 2 }, 'fr-2-13l': { ...x.units['fr-2-13l']!, hits: 1 } } });
  const s = reopen(teachingFrenchPhase(), [6, 2, 3], hurt);

  it('by default the hits go to the unit that lost most, ties in order of battle', () => {
    const r = anrt.resolve(s, new Map([['french', []]]), seededDice(TEACHING_SEED)).state;
    expect(r.units['fr-1-13l']!.hits).toBe(4);
    expect(r.units['fr-2-13l']!.hits).toBe(2);
  });

  it('units: puts the named unit first; the preview shows where this phase\'s hits go', () => {
    const o: AnrtOrder = { kind: 'regroup', brigade: 'fr-b1', on: false, units: ['fr-2-13l'] };
    const p = v(s, o);
    expect(p.ok && p.value.preview.join(' ')).toContain('This phase\'s throw takes back 3 hit(s): 2/13e Léger +2, 1/13e Léger +1');
    const r = anrt.resolve(s, new Map([['french', [o]]]), seededDice(TEACHING_SEED)).state;
    expect(r.units['fr-2-13l']!.hits).toBe(3);
    expect(r.units['fr-1-13l']!.hits).toBe(3);
  });

  it('a unit not of the brigade, or named twice, is refused privately with the brigade\'s units as the hint', () => {
    const other = v(s, { kind: 'regroup', brigade: 'fr-b1', on: true, units: ['fr-1-17'] });
    expect(!other.ok && other.error).toMatchObject({ code: 'order/regroup-unit', hint: expect.stringContaining('1/13e Léger') });
    const twice = v(s, { kind: 'regroup', brigade: 'fr-b1', on: true, units: ['fr-1-13l', 'fr-1-13l'] });
    expect(!twice.ok && twice.error.code).toBe('order/regroup-unit');
  });

  it('/pips regroup units: takes names or ids, comma-separated', () => {
    const o = anrtInputs['pips regroup']!.build(s, { brigade: 'fr-b1', units: '2/13e Léger, fr-1-13l' }, { seat: 'french', side: 'french' } as never);
    expect(o).toEqual({ kind: 'regroup', brigade: 'fr-b1', on: true, units: ['fr-2-13l', 'fr-1-13l'] });
  });

  it('a brigade not regrouping this phase: the preview says the choice restores nothing now', () => {
    const quiet = reopen(teachingFrenchPhase(), [6, 2, 3], (x) => x);
    const p = v(quiet, { kind: 'regroup', brigade: 'fr-b1', on: true, units: ['fr-2-13l'] });
    expect(p.ok && p.value.preview.join(' ')).toContain('the brigade takes no hits back this phase');
  });
});

describe('a corps commander pays extra moves by keeping ADCs with him (ANRT-C13, L457)', () => {
  const base = teachingFrenchPhase();
  const g = base.generals['lagrange']!;
  // Two general's moves (more than 24", at most 48"): the first free, one paid.
  const to = `${g.at.x > 36 ? g.at.x - 30 : g.at.x + 30},${g.at.y}`;
  const ride: AnrtOrder = { kind: 'general', general: 'lagrange', to };

  it('with his ADCs kept at headquarters, one of them pays the extra move: no division\'s pips', () => {
    const s = { ...base, adcs: { a1: { id: 'a1', name: 'ADC 1', side: 'french', of: 'lagrange', at: null, to: null } } };
    const p = v(s, ride);
    expect(p.ok && p.value.preview.join(' ')).toContain('1 pip paid by ADC kept with him (L457)');
    expect(p.ok && p.value.preview.join(' ')).not.toContain('Pips:');
  });

  it('with every ADC out on an errand, the extra move comes out of a division\'s pips (ANRT-C6)', () => {
    const s = { ...base, adcs: { a1: { id: 'a1', name: 'ADC 1', side: 'french', of: 'lagrange', at: null, to: 'fr-d1' } } };
    const p = v(s, ride);
    expect(p.ok && p.value.preview.join(' ')).toMatch(/Pips: 1 \(/);
    expect(p.ok && p.value.preview.join(' ')).not.toContain('paid by ADC');
  });
});
