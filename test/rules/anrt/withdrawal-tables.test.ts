import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classRank, ONE_HIT, RECOVER_DISORDER, RETROGRADE, ROUT_MOVER, WITHDRAW_DISORDER } from '../../../src/rules/anrt/tables/withdrawals';
import { CLASSES } from '../../../src/rules/anrt/tables/vocabulary';
import { COLUMN_GAP_INCHES, LINES_CLEAR_OF_ENEMY_INCHES } from '../../../src/rules/anrt/passage';

/** The withdrawal, rout, one-hit and passage-of-lines data (tables/withdrawals.ts, passage.ts), row by row against the lines they cite. */
const TEXT = readFileSync('../shared/rules/a-near-run-thing.txt', 'utf8').split('\n');
const line = (ref: string) => TEXT[Number(/^L(\d+)/.exec(ref)![1]) - 1]!;

describe('the retrograde (L330) a withdrawal deducts (L955)', () => {
  it('infantry free, cavalry and limbered or prolonged guns half a move', () => {
    expect(line(RETROGRADE.line)).toContain('Infantry may retrograde for free.  Cavalry and limbered or prolonged artillery deduct 1/2 move.');
    expect(RETROGRADE.infantry).toBe(1);
    expect(RETROGRADE.other).toBe(0.5);
    expect(line('L955')).toContain('move back a normal move deducting for the retrograde');
  });
});

describe('classes (L60-61) and who is disordered (L925, L961, L966)', () => {
  it('the classes rank best first: elite > veteran > average > inferior > bad', () => {
    expect(CLASSES.map(classRank)).toEqual([5, 4, 3, 2, 1]);
  });
  it.each(WITHDRAW_DISORDER.map((r) => [r.line, r] as const))('%s', (_l, r) => {
    const l = line(r.line);
    if (r.line === 'L925') expect(l).toContain('contacted by withdrawers, or interpenetrated by routers, who are of an equal or higher morale class than their own');
    if (r.line === 'L961') expect(l).toContain('This contact will disorder the friends if they are of a lower moral class');
    if (r.line === 'L966') expect(l).toContain('close order friends of a higher morale class may close ranks causing the routers to move around them');
  });
  it('routers move as skirmishers (L966): the QRS skirmish row of their arm, gunners on foot', () => {
    expect(line('L966')).toContain('They move as skirmishers');
    expect(ROUT_MOVER('cavalry')).toBe('cavalry-skirmish');
    expect(ROUT_MOVER('infantry')).toBe('infantry-skirmish');
    expect(ROUT_MOVER('foot-artillery')).toBe('infantry-skirmish');
  });
});

describe('one hit left (L204) and recovering disorder (L931)', () => {
  it('+1 pip or withdraw one move; no advance; hard cover: go to ground, no fire unless paid', () => {
    const l = line(ONE_HIT.line);
    expect(l).toContain('cost + 1 pip or they will withdraw one move.  They cannot advance.');
    expect(l).toContain('Units in hard cover need not withdraw but they "go to ground" and may be not fire unless the pip is paid');
    expect([ONE_HIT.holdPips, ONE_HIT.mayAdvance, ONE_HIT.hardCoverStays]).toEqual([1, false, true]);
  });
  it('a move stationary, and out of hard cover not under musketry fire', () => {
    expect(line(RECOVER_DISORDER.line)).toContain('units must spend a move stationary; and unless they are in hard cover, not under musketry fire');
    expect([RECOVER_DISORDER.stationary, RECOVER_DISORDER.hardCoverIgnoresMusketry]).toEqual([true, true]);
  });
});

describe('passage of lines (L385, L387)', () => {
  it('lines more than 3" from the enemy; squares or columns with gaps of at least 2"', () => {
    expect(line('L385')).toContain('more than 3” from the enemy');
    expect(line('L387')).toContain('gaps of at least 2” between them');
    expect([LINES_CLEAR_OF_ENEMY_INCHES, COLUMN_GAP_INCHES]).toEqual([3, 2]);
  });
});
