import { describe, expect, it } from 'vitest';
import { commandPips, type PipFacts } from '../../../src/rules/anrt/procedures/command';
import { contactHit, hitEffect, riskScore } from '../../../src/rules/anrt/procedures/generals';
import { initiative } from '../../../src/rules/anrt/procedures/initiative';
import { marchColumnMeleed, meleeOutcome } from '../../../src/rules/anrt/procedures/melee';
import { moraleResult } from '../../../src/rules/anrt/procedures/morale';
import { evadeInches, mayRegroup, regroupable, spreadRegroup } from '../../../src/rules/anrt/procedures/regroup';
import { caseCell, resolveHits, resultCode } from '../../../src/rules/anrt/procedures/results';
import { STAND_IN_QRS } from '../../../src/rules/anrt/tables/stand-in';

/** ANRT procedures: each reads the entered QRS, or asks the GM (a GmQuestion) when the cell is empty. */
const facts = (over: Partial<PipFacts> = {}): PipFacts => ({ d6: 4, divisionalGeneralKilled: false, adcsArrived: 0, opportunityActions: 0, factors: {}, regrouping: false, ...over });

describe('initiative (§I L12, A-3, A-8)', () => {
  it('the higher throw wins', () => expect(initiative({ fr: 5, br: 3 }, null, 'reroll', 'fr')).toEqual({ kind: 'winner', side: 'fr' }));
  it('the higher throw wins for either side', () => expect(initiative({ fr: 1, br: 6 }, 'fr', 'reroll', 'fr')).toEqual({ kind: 'winner', side: 'br' }));
  it('a draw keeps the previous order', () => expect(initiative({ fr: 4, br: 4 }, 'br', 'reroll', 'fr')).toEqual({ kind: 'same-as-before', first: 'br' }));
  it('a first-turn draw re-rolls (A-8 default)', () => expect(initiative({ fr: 2, br: 2 }, null, 'reroll', 'fr')).toEqual({ kind: 'reroll' }));
  it('or follows the scenario', () => expect(initiative({ fr: 2, br: 2 }, null, 'scenario', 'br')).toEqual({ kind: 'same-as-before', first: 'br' }));
});

describe('command pips (§VI L255-289)', () => {
  it('the D6 with the text\'s own adjustments needs no QRS', () => {
    const r = commandPips({}, facts({ d6: 3, adcsArrived: 2, opportunityActions: 1 }), {}, '1st Division', 1);
    expect(r).toMatchObject({ kind: 'value', value: { pips: 4, regroupHits: 0 } });
  });
  it('a killed divisional general halves the D6, rounding up (L271)', () => {
    expect(commandPips({}, facts({ d6: 5, divisionalGeneralKilled: true }), {}, 'd', 1)).toMatchObject({ value: { pips: 3 } });
  });
  it('a regrouping brigade spends a 5 on two hits; three pips are left (L285, A-10)', () => {
    expect(commandPips({}, facts({ d6: 5, regrouping: true }), {}, 'd', 1)).toMatchObject({ value: { pips: 3, regroupHits: 2 } });
    expect(commandPips({}, facts({ d6: 2, regrouping: true }), {}, 'd', 1)).toMatchObject({ value: { pips: 2, regroupHits: 0 } });
  });
  it('QRS factors from the entered sheet (stand-in: +1 per brigade, −1 per half-strength brigade)', () => {
    const r = commandPips(STAND_IN_QRS, facts({ d6: 2, factors: { 'per-brigade': 2, 'brigade-half-strength': 1 } }), {}, 'd', 1);
    expect(r).toMatchObject({ kind: 'value', from: 'qrs', value: { pips: 3 } });
  });
  it('an empty QRS factor asks the GM once for the game, and the ruling prices any die after (L21, L263)', () => {
    const r = commandPips({}, facts({ d6: 2, factors: { 'per-brigade': 2 } }), {}, '1st Division', 3);
    expect(r.kind).toBe('ask');
    if (r.kind !== 'ask') return;
    expect(r.question.id).toBe('anrt/qrs/pips.adjust.per-brigade');
    expect(r.question.question).toContain('per-brigade');
    expect(r.question.answers.map((a) => a.value)).toEqual(expect.arrayContaining(['-1', '1']));
    const again = commandPips({}, facts({ d6: 2, factors: { 'per-brigade': 2 } }), { [r.question.id]: '1' }, '1st Division', 3);
    expect(again).toMatchObject({ kind: 'value', from: 'gm', value: { pips: 4 } });
    expect(commandPips({}, facts({ d6: 5, factors: { 'per-brigade': 2 } }), { [r.question.id]: '1' }, '2nd Division', 4)).toMatchObject({ value: { pips: 7 } });
  });
});

describe('fire and melee results (§VIII-§XI)', () => {
  const musketry = { table: 'musketry', range: 'close', firer: 'line', target: 'line' } as const;
  it('reads the cell of the case', () => {
    expect(caseCell(musketry)).toBe('musketry.results.close.line.line');
    expect(caseCell({ table: 'melee', attacker: 'cavalry', line: 'MASSE' })).toBe('melee.cavalry.MASSE');
    expect(caseCell({ table: 'artLong', gun: 'heavy', target: 'column' })).toBe('artLong.results.heavy.column');
    expect(resultCode(STAND_IN_QRS, musketry, {}, 'a vs b', 1)).toEqual({ kind: 'value', value: STAND_IN_QRS.musketry!.results!.close!.line!.line, from: 'qrs' });
  });
  it('an empty cell asks the GM for the code, then reads the ruling', () => {
    const r = resultCode({}, { table: 'melee', attacker: 'cavalry', line: 'MASSE' }, {}, '4e Hussards vs 1/95th', 2);
    expect(r.kind).toBe('ask');
    if (r.kind !== 'ask') return;
    expect(r.question.question).toContain('melee table');
    expect(r.question.question).toContain('cavalry against the MASSE line');
    expect(r.question.answers.map((a) => a.value)).toEqual(['X', 'X+', '2X', 'NE', 'E', '2', '3', '4', '5', '6']);
    expect(resultCode({}, { table: 'melee', attacker: 'cavalry', line: 'MASSE' }, { [r.question.id]: '5' }, '4e Hussards vs 1/95th', 2)).toEqual({ kind: 'value', value: 5, from: 'gm' });
  });
  it('rolls the extra-hit D6 only when the ladder leaves one to chance', () => {
    let rolled = 0;
    const roll = (v: number) => () => { rolled++; return v; };
    expect(resolveHits('X', 0, 2, roll(6), 7)).toMatchObject({ d6: null, hits: 1 });
    expect(rolled).toBe(0);
    expect(resolveHits('X', 2, 2, roll(5), 7)).toMatchObject({ d6: 5, hits: 2 });
    expect(resolveHits('X+', -3, 2, roll(5), 7)).toMatchObject({ d6: 5, hits: 1 });
    expect(resolveHits('E', 0, 2, roll(1), 4)).toMatchObject({ hits: 4 });
    expect(rolled).toBe(2);
  });
  it.each([[2, 1, 'win', true, false], [1, 1, 'draw', true, true], [0, 0, 'draw', false, true], [1, 2, 'lose', true, true], [3, 0, 'win', false, false]] as const)('inflicted %i, suffered %i: %s (L642-653)', (inf, suf, result, disordered, tests) => {
    expect(meleeOutcome(inf, suf)).toMatchObject({ result, disordered, testsMorale: tests });
  });
  it('a march column meleed by formed cavalry: infantry destroyed, cavalry two hits and routs (L873-876)', () => {
    expect(marchColumnMeleed('formed-cavalry', 'infantry')).toEqual({ destroyed: true, hits: 0, routs: false });
    expect(marchColumnMeleed('skirmishers', 'cavalry')).toEqual({ destroyed: false, hits: 1, routs: true });
  });
});

describe('morale (§XII; the table is on the QRS)', () => {
  it('the stand-in bands with the state\'s factors', () => {
    expect(moraleResult(STAND_IN_QRS, 'charge', 4, [], {}, 'u', 1)).toMatchObject({ kind: 'value', value: 'pass', total: 4 });
    expect(moraleResult(STAND_IN_QRS, 'charge', 4, ['out-of-command', 'disordered'], {}, 'u', 1)).toMatchObject({ value: 'disorder', total: 2 });
    expect(moraleResult(STAND_IN_QRS, 'router', 1, [], {}, 'u', 1)).toMatchObject({ value: 'rout' });
    expect(moraleResult(STAND_IN_QRS, 'melee-loss', 6, ['elite'], {}, 'u', 1)).toMatchObject({ value: 'fight-on', total: 8 });
  });
  it('no table: the GM names the result of the roll', () => {
    const r = moraleResult({}, 'emergency-square', 3, ['charged-by-cavalry'], {}, '2/44th', 2);
    expect(r.kind).toBe('ask');
    if (r.kind !== 'ask') return;
    expect(r.question.question).toContain('2/44th threw 3 with charged-by-cavalry');
    expect(r.question.answers.map((a) => a.value)).toContain('rout');
    expect(moraleResult({}, 'emergency-square', 3, ['charged-by-cavalry'], { [r.question.id]: 'disorder' }, '2/44th', 2)).toEqual({ kind: 'value', value: 'disorder', from: 'gm' });
  });
});

describe('regrouping and evades', () => {
  it.each([[11, false, true], [10, false, false], [20, true, false]])('enemy %f" away, under artillery fire %s: may regroup %s (L285)', (d, art, ok) => expect(mayRegroup(d, art)).toBe(ok));
  it.each([[6, 2, 3], [6, 5, 0], [6, 6, 0], [4, 1, 2]])('max %i, left %i: %i hits can come back (L289)', (max, cur, n) => expect(regroupable(max, cur)).toBe(n));
  it('spreads a throw over the chosen units', () => {
    expect(spreadRegroup(3, [{ id: 'a', max: 5, current: 3 }, { id: 'b', max: 4, current: 1 }])).toEqual([{ id: 'a', regained: 1 }, { id: 'b', regained: 2 }]);
  });
  it.each([['limbered-foot-artillery', [4], 4], ['limbered-horse-artillery', [3, 5], 8], ['skirmish-infantry', [1], 3], ['skirmish-cavalry', [6, 6], 16]] as const)('%s with %j: %i"', (e, faces, inches) => {
    expect(evadeInches(e, faces)).toBe(inches);
  });
});

describe('generals (§XIII)', () => {
  it.each([['cavalry', 5, true], ['cavalry', 4, false], ['infantry', 6, true], ['infantry', 5, false]] as const)('contacted by %s, D6 %i: hit %s (L990)', (by, d6, hit) => expect(contactHit(by, d6)).toBe(hit));
  it('hit effect', () => expect([1, 3, 6].map(hitEffect)).toEqual(['incapacitated', 'badly-wounded', 'killed']));
  it('risk from fire: the QRS, else the GM', () => {
    expect(riskScore(STAND_IN_QRS, 'fire', {}, 'Picton', 1)).toEqual({ kind: 'value', value: 6, from: 'qrs' });
    const r = riskScore({}, 'melee', {}, 'Picton', 1);
    expect(r.kind).toBe('ask');
    if (r.kind === 'ask') expect(riskScore({}, 'melee', { [r.question.id]: '7' }, 'Picton', 1)).toEqual({ kind: 'value', value: 7, from: 'gm' });
  });
});
