import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHARGE_RESPONSES, DISORDERED_CHARGED, mayOpportunityCharge, OPPORTUNITY_CHARGES, responsesOf } from '../../../src/rules/anrt/tables/charges';
import { DISORDER_CAUSES, fireDisorders, NATIONAL, REGIMENTAL_ARTILLERY, regimentalHits } from '../../../src/rules/anrt/tables/characteristics';
import { COMMAND_RADII, halvedForKilledGeneral, MULTIPLE_MOVES, REGROUP, TEXT_PIP_ADJUSTMENTS } from '../../../src/rules/anrt/tables/command';
import { CAUGHT_EVADERS, EVADES, gunnersSafe, MARCH_COLUMN_MELEED } from '../../../src/rules/anrt/tables/evades';
import { AFTER_BATTLE, CAPTURED_GUNS, CONTACT_RISK, generalHitEffect, POINTS } from '../../../src/rules/anrt/tables/generals';
import { brigadeHalfLost, halfLost, HIT_ADJUSTMENTS, sizeByFigures, sizeByPieces, unitHits } from '../../../src/rules/anrt/tables/organisation';
import { adjustResult, hitsOf, TEXT_FIRE_ADJUSTMENTS } from '../../../src/rules/anrt/tables/results';

/** Every table the text prints (a-near-run-thing.txt), row by row, against the line it cites. */
const TEXT = readFileSync('../shared/rules/a-near-run-thing.txt', 'utf8').split('\n');
const line = (ref: string) => TEXT[Number(/^L(\d+)/.exec(ref)![1]) - 1]!;

describe('unit hits (§IV L198)', () => {
  it('the printed adjustments are the ones in the line', () => {
    const l = line('L198');
    for (const a of HIT_ADJUSTMENTS) expect(l).toContain(`(${a.delta > 0 ? '+' : ''}${a.delta})`);
    expect(l).toContain('average strength of four');
    expect(l).toContain('between one and seven hits');
  });
  it.each([
    ['average', 'normal', 4], ['elite', 'normal', 6], ['veteran', 'normal', 5], ['inferior', 'normal', 3], ['bad', 'normal', 2],
    ['elite', 'large', 7], ['veteran', 'large', 6], ['average', 'large', 5], ['average', 'small', 3], ['average', 'very-small', 3],
    ['bad', 'small', 1], ['bad', 'very-small', 1], ['inferior', 'large', 4], ['elite', 'small', 5],
  ] as const)('%s %s: %i hits', (cls, size, hits) => {
    expect(unitHits(cls, size)).toBe(hits);
  });
});

describe('unit sizes (§III L72-88, A-4)', () => {
  const bands = { verySmallMaxFigures: 4, smallMaxFigures: 8, largeMinFigures: 15 };
  it.each([[3, 'very-small'], [4, 'very-small'], [5, 'small'], [8, 'small'], [9, 'normal'], [14, 'normal'], [15, 'large'], [24, 'large']] as const)('%i figures: %s', (f, size) => {
    expect(sizeByFigures(f, bands)).toBe(size);
  });
  it.each([[2, 'very-small'], [3, 'small'], [4, 'small'], [6, 'normal'], [8, 'normal'], [10, 'large'], [12, 'large']] as const)('%i pieces: %s', (p, size) => {
    expect(sizeByPieces(p)).toBe(size);
  });
  it('the lines print 15 figures / 10-12 pieces, 450 men / 3-4 pieces, 200 men / 2 pieces', () => {
    expect(`${line('L72')} ${line('L74')}`).toMatch(/750 or more men \(15 figures\) or 10-\s*12 artillery pieces/);
    expect(`${line('L78')} ${line('L80')}`).toMatch(/less than 450 men \(eight figures\).*3-4 pieces/);
    expect(`${line('L84')} ${line('L88')}`).toMatch(/less than 200 men \(four figures\).*2 pieces/);
  });
});

describe('half hits (L201, A-5) and the brigade penalty (L226)', () => {
  it.each([[5, 2, true], [5, 3, false], [4, 2, true], [7, 3, true], [7, 4, false], [1, 0, true]])('max %i, left %i: half lost %s (ceil)', (max, cur, yes) => {
    expect(halfLost(max, cur, 'ceil')).toBe(yes);
  });
  it('floor counts 2 of 5 as half', () => expect(halfLost(5, 3, 'floor')).toBe(true));
  it.each([[20, 10, true], [20, 11, false], [21, 10, true], [21, 11, false]])('brigade of %i with %i left: %s', (max, cur, yes) => {
    expect(brigadeHalfLost(max, cur)).toBe(yes);
  });
  it('the lines say so', () => {
    expect(line('L201')).toContain('lost half their hits cost + 1 pip to advance');
    expect(line('L226')).toContain('lost half or more of its total hit points suffers a command pip penalty');
  });
});

describe('command (§VI)', () => {
  it.each(Object.entries(COMMAND_RADII))('%s: %o', (_k, r) => {
    expect(line(r.line)).toContain(`${r.inches}”`);
  });
  it('ADC +1 (L258), opportunity −1 (L325)', () => {
    expect(line(TEXT_PIP_ADJUSTMENTS.adcArrival.line)).toContain('adds one pip');
    expect(line(TEXT_PIP_ADJUSTMENTS.opportunityAction.line)).toContain('One pip is deducted');
  });
  it.each([[1, 1], [2, 1], [3, 2], [4, 2], [5, 3], [6, 3]])('killed divisional general: D6 %i → %i (L271, halved round up)', (d, n) => {
    expect(halvedForKilledGeneral(d)).toBe(n);
    expect(line('L271')).toContain('halved, round up');
  });
  it.each(REGROUP.map((r) => [r.d6, r.hitsRemoved, r.pipsLeft] as const))('regroup throw %i removes %i hits, leaves %i pips (L285, A-10)', (d6, hits) => {
    const words = ['', 'one', 'two', 'three'];
    expect(line('L285')).toContain(`${d6 === 4 ? 'A score of 4' : `a ${d6}`} allows ${words[hits]} hit`);
    expect(line('L285')).toContain('remaining three pips');
  });
  it('multiple moves: 6" and two march-column moves (L311)', () => {
    expect(line(MULTIPLE_MOVES.line)).toContain(`${MULTIPLE_MOVES.minEnemyInches}” to known enemy`);
    expect(line(MULTIPLE_MOVES.line)).toContain('only make two moves in march column');
  });
});

describe('result codes and adjustments (§VIII L467-490, A-2)', () => {
  it('elite line at a line: X +2 → one hit, a second on 5-6 (L490)', () => {
    const a = adjustResult('X', TEXT_FIRE_ADJUSTMENTS.elite.delta, 2);
    expect(a).toEqual({ kind: 'hits', sure: 1, extraOn: 5 });
    expect(hitsOf(a, 4, 7)).toBe(1);
    expect(hitsOf(a, 5, 7)).toBe(2);
    expect(line('L490')).toContain('another hit on a roll of 5 or 6');
  });
  it('secondary target column: X+ −3 → one hit, a second on 6 instead of 3-6 (L490)', () => {
    expect(adjustResult('X+', 0, 2)).toEqual({ kind: 'hits', sure: 1, extraOn: 3 });
    expect(adjustResult('X+', TEXT_FIRE_ADJUSTMENTS.secondaryTarget.delta, 2)).toEqual({ kind: 'hits', sure: 1, extraOn: 6 });
    expect(line('L490')).toContain('a second on a roll of 6 instead of the normal 3-6');
  });
  it.each([
    ['X', 0, { kind: 'hits', sure: 1, extraOn: null }], ['2X', 0, { kind: 'hits', sure: 2, extraOn: null }], ['2X', 2, { kind: 'hits', sure: 2, extraOn: null }],
    [4, 0, { kind: 'hits', sure: 0, extraOn: 4 }], [4, 1, { kind: 'hits', sure: 0, extraOn: 3 }], [6, -1, { kind: 'none' }], [2, 1, { kind: 'hits', sure: 1, extraOn: null }],
    ['NE', 3, { kind: 'none' }], ['E', -3, { kind: 'eliminates' }],
  ] as const)('%j %i → %o', (code, adj, out) => {
    expect(adjustResult(code, adj, 2)).toEqual(out);
  });
  it('A-2 cap 3 lets 2X+3 reach a third hit on 4-6', () => {
    expect(adjustResult('2X', 3, 3)).toEqual({ kind: 'hits', sure: 2, extraOn: 4 });
  });
  it('the codes are printed as such', () => {
    expect(line('L467')).toBe('X = one hit, 2X = two hits, X+ = one hit, plus a second on a score of 3-6.');
    expect(line('L475')).toContain('NE = fire never has any effect');
    expect(line('L479')).toContain('always eliminates');
  });
});

describe('evades and march columns (§X, §XI)', () => {
  it.each(EVADES.map((e) => [e.evader, e.dice, e.bonus, e.line] as const))('%s: %iD6 + %i" (%s)', (_e, dice, bonus, ref) => {
    const printed = `${dice === 2 ? '2D6' : 'D6'}${bonus ? ` + ${bonus}` : ''}`;
    expect(line(ref)).toContain(printed);
  });
  it('caught evaders: one hit, routed (L620)', () => {
    expect(line(CAUGHT_EVADERS.line)).toContain('take one hit and are routed');
  });
  it.each([
    [6, 1, false, true], [3, 1, false, true], [2, 1, false, false], [3, 1, true, false], [4, 1, true, true],
    [5, 2, false, true], [4, 2, false, false], [5, 2, true, false], [6, 2, true, true], [6, 2.5, false, false],
  ])('gunners roll %i, %f" from sanctuary, chargers close %s: safe %s (L406, A-9)', (d6, inches, close, safe) => {
    expect(gunnersSafe(d6, inches, close)).toBe(safe);
  });
  it.each(MARCH_COLUMN_MELEED.map((r) => [r.by, r.column, r.result, r.line] as const))('march column meleed by %s, %s: %o (%s)', (_by, col, res, ref) => {
    const l = line(ref);
    expect(l).toContain(res.destroyed ? 'destroyed' : `${res.hits === 2 ? 'two hits' : 'one hit'} and routs`);
    expect(l).toContain(col.replace('-', ' '));
  });
});

describe('generals, guns, after the battle, points', () => {
  it.each(CONTACT_RISK.map((r) => [r.by, r.hitOn] as const))('contacted by %s: hit on %i+ (L990)', (by, on) => {
    expect(line('L990')).toContain(`enemy ${by} the general is hit on a ${on === 5 ? '5 or 6' : '6'}`);
  });
  it.each([[1, 'incapacitated'], [2, 'incapacitated'], [3, 'badly-wounded'], [4, 'badly-wounded'], [5, 'killed'], [6, 'killed']] as const)('hit effect D6 %i: %s (L998-1012)', (d6, e) => {
    expect(generalHitEffect(d6)).toBe(e);
  });
  it('guns spiked on 5-6, prolonged on 6 (L1059-1061)', () => {
    expect(CAPTURED_GUNS).toMatchObject({ spikeOn: 5, prolongOn: 6 });
    expect(line('L1059')).toContain('5 or 6 the guns may be spiked');
    expect(line('L1061')).toContain('On a score of 6');
  });
  it('after the battle: 3 hits an hour; two sizes in contact, one otherwise (L1124-1131)', () => {
    expect(AFTER_BATTLE).toMatchObject({ regroupHitsPerHour: 3, shrinkInContact: 2, shrinkOtherwise: 1 });
    expect(line('L1124')).toContain('three hits per hour');
    expect(line('L1129')).toContain('two sizes');
    expect(line('L1131')).toContain('one size');
  });
  it('points (§XIX)', () => {
    const text = TEXT.slice(1135, 1257).join(' ');
    for (const s of ['1 point per hit', '1-1/2 points per hit', '2 points per hit', '3 points per hit', '+2 if HV Car', '+1 if Lancers', '+1 if armoured', '-2 if 3 – 4 lber', '+2 if 12 lber', '-3 if 3 – 4 lber', '4 points each', '8 points each', '15 points each', '-5 if Division Cdr also commands a brigade', '20 points each']) expect(text).toContain(s);
    expect(POINTS).toMatchObject({ infantry: { perHit: 1 }, cavalry: { perHit: 1.5, heavy: 2, lancers: 1, armoured: 1 }, footArtillery: { perHit: 2, light3to4lber: -2, heavy12lber: 2 }, horseArtillery: { perHit: 3, light3to4lber: -3 }, adc: 4, brigadeCommander: 8, divisionCommander: 15, divisionCommanderAlsoBrigade: -5, corpsCommander: 20 });
  });
});

describe('charge responses (§X L565-640) and opportunity charges (L424-430)', () => {
  it.each(CHARGE_RESPONSES.map((r) => [r.charged, r.response, r.moraleTest, r.line, r.when] as const))('%s: %s, morale test %s (%s)', (_c, response, test, ref, when) => {
    const l = line(ref).toLowerCase();
    expect(l.includes('morale test')).toBe(test);
    const words: Record<string, RegExp> = {
      'fire-and-fight': /fire and fight|fire and fight/, evade: /evade/, 'gunners-evade': /gunners' evade/, 'volley-and-countercharge': /volly and counter charge/,
      countercharge: /counter charge/, 'emergency-square': /emergency square/, melee: /melee/,
    };
    // L567 names only the condition of the test ("if line charged by column"); the others name the response.
    if (when && l.includes(when)) return;
    expect(l).toMatch(words[response]!);
  });
  it('each charged kind has exactly one fallback or a must', () => {
    for (const c of new Set(CHARGE_RESPONSES.map((r) => r.charged))) {
      const rows = responsesOf(c);
      expect(rows.filter((r) => r.kind === 'otherwise' || r.kind === 'must').length, c).toBeLessThanOrEqual(1);
    }
  });
  it.each(DISORDERED_CHARGED.map((r) => [r.unit, r.result, r.line] as const))('disordered %s: %s (%s)', (_u, result, ref) => {
    expect(line(ref).toLowerCase()).toContain(result === 'rally-back' ? 'rally back' : result);
  });
  it.each([
    ['cavalry', { moved: true, changedFormation: false, presentedFlankOrRear: false, retrograde: false }, true, true, true],
    ['cavalry', { moved: false, changedFormation: true, presentedFlankOrRear: false, retrograde: false }, true, true, true],
    ['cavalry', { moved: true, changedFormation: false, presentedFlankOrRear: false, retrograde: false }, false, true, false],
    ['cavalry', { moved: true, changedFormation: false, presentedFlankOrRear: false, retrograde: false }, true, false, false],
    ['infantry', { moved: true, changedFormation: false, presentedFlankOrRear: false, retrograde: false }, true, true, false],
    ['infantry', { moved: true, changedFormation: false, presentedFlankOrRear: true, retrograde: false }, true, true, true],
    ['infantry', { moved: true, changedFormation: false, presentedFlankOrRear: true, retrograde: true }, true, true, false],
  ] as const)('%s against %o, in front %s, in reach %s: %s', (arm, what, front, reach, may) => {
    expect(mayOpportunityCharge(arm, what, front, reach)).toBe(may);
  });
  it('the lines say so', () => {
    for (const o of OPPORTUNITY_CHARGES) expect(line(o.line)).toContain(`${o.arm === 'cavalry' ? 'Cavalry' : 'Infantry'} may opportunity charge`);
  });
});

describe('national characteristics (§XV), disorder (§XII), regimental artillery (§XVII)', () => {
  it.each(NATIONAL.map((n) => [n.nation, n.applies, n.delta, n.line] as const))('%s %s %i (%s)', (_n, _a, delta, ref) => {
    const l = line(ref);
    if (delta !== 0) expect(l).toContain(`${delta > 0 ? '+' : ''}${delta}`);
    else expect(l).toContain('ignore the withdraw requirement');
  });
  it.each(DISORDER_CAUSES.map((d) => [d.cause, d.line] as const))('%s (%s)', (cause, ref) => {
    const words: Record<string, string> = {
      'enters-buildings': 'move into buildings', 'one-hit-in-melee': 'one hit in a melee', 'march-column-hit-by-fire': 'march column and suffer one hit from fire',
      'two-fire-hits-in-one-move': 'two hits from fire in one move', 'morale-result': 'result of a morale test', 'changes-direction-in-charge': 'change direction in a charge',
      'contacted-by-equal-or-better-withdrawers-or-routers': 'equal or higher morale class',
    };
    expect(line(ref)).toContain(words[cause]);
  });
  it.each([[1, true, true], [1, false, false], [2, false, true], [0, true, false]] as const)('%i fire hit(s), march column %s: disordered %s (L917-919)', (hits, march, dis) => {
    expect(fireDisorders(hits, march)).toBe(dis);
  });
  it('regimental artillery: one hit at most, a pip when detached, off in square (L1083-1095)', () => {
    expect([0, 1, 2].map(regimentalHits)).toEqual([0, 1, 1]);
    expect(line('L1091')).toContain('only ever inflict one hit');
    expect(line('L1083')).toContain('must pay a pip for movement');
    expect(line('L1095')).toContain('temporarily remove the attached artillery');
    expect(REGIMENTAL_ARTILLERY.lostWhen).toHaveLength(4);
    expect(line('L1104')).toContain('disordered emergency square');
    expect(line('L1114')).toContain('withdraw result in a melee or is routed');
  });
});
