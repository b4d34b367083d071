import { describe, expect, it } from 'vitest';
import {
  ACTUAL_HITS, ARTILLERY_DICE, CAVALRY_FIRST_ROUND, CONTROL_RANGE_MM, FIRE_SAVE_FROM, GENERAL_SAVE_FROM, LIGHT_CAVALRY_POINTS, MELEE_SAVE_FROM, MOVE_DIE, MOVE_DIE_FACES,
  NATIONAL_VARIATIONS, PICK_DIE_EXAMPLE, RIFLES_MAX_MOVE_TO_FIRE, SENIOR_INFLUENCE_MM, SKIRMISH_EVADE, SKIRMISH_HIT_FROM, SWERVE, UNIT_TYPES, VOLLEY_FIGURES,
  armOf, nationalVariation, readD6, swerveDirection, thAdjustedMove, TROOP_HANDLING_TABLE,
} from '../../../../src/rules/solo/tables';
import { NAMED_DICE } from '../../../../src/dice/expression/named-dice';
import { kurLine } from './text';

describe('national variations (L7)', () => {
  it.each(Object.entries(NATIONAL_VARIATIONS))('%s', (_n, v) => {
    expect(kurLine(7)).toContain(v!.printed);
    const read = (k: string) => { const m = new RegExp(`([+-]1) ${k}`).exec(v!.printed); return m ? Number(m[1]) : 0; };
    expect([v!.th, v!.av, v!.cr]).toEqual([read('TH'), read('AV'), read('CR')]);
  });
  it('French and others take none', () => expect(nationalVariation('french')).toMatchObject({ th: 0, av: 0, cr: 0 }));
  it('L6: 150 mm reach, seniors within 300 mm', () => {
    expect(kurLine(6)).toContain(`control range is ${CONTROL_RANGE_MM}mm`);
    expect(kurLine(6)).toContain(`within ${SENIOR_INFLUENCE_MM}mm of the brigadier`);
  });
  it('readD6 clamps a shifted roll onto the table', () => {
    expect(readD6(TROOP_HANDLING_TABLE, 0).value).toBe('below-average');
    expect(readD6(TROOP_HANDLING_TABLE, 7).value).toBe('above-average');
    expect(readD6(TROOP_HANDLING_TABLE, 4).value).toBe('average');
  });
});

describe('K4-K5 movement dice (L9)', () => {
  it('infantry and foot artillery roll dK8; cavalry and horse guns dK12', () => {
    for (const t of UNIT_TYPES) expect(MOVE_DIE[t]).toBe(armOf(t) === 'cavalry' || t === 'horse-art' ? 'dK12' : 'dK8');
  });
  it('the marked faces are the dice language\'s dK8 / dK12', () => {
    expect(MOVE_DIE_FACES.dK8.faces).toEqual(NAMED_DICE.K8.faces);
    expect(MOVE_DIE_FACES.dK12.faces).toEqual(NAMED_DICE.K12.faces);
    expect(kurLine(9)).toContain(MOVE_DIE_FACES.dK8.printed);
    expect(kurLine(9)).toContain(MOVE_DIE_FACES.dK12.printed);
  });
  it.each([
    // [face, below, average, above] — L9 "add 1 towards the nearest extreme" / "deduct 1 towards zero"; K-13 for 0
    [3, 4, 3, 2], [1, 2, 1, 0], [0, 0, 0, 0], [-1, -2, -1, 0], [-3, -4, -3, -2], [5, 6, 5, 4], [-5, -6, -5, -4],
  ])('face %i → below %i, average %i, above %i', (face, below, avg, above) => {
    expect(thAdjustedMove(face, 'below-average')).toBe(below);
    expect(thAdjustedMove(face, 'average')).toBe(avg);
    expect(thAdjustedMove(face, 'above-average')).toBe(above);
  });
  it('K-13 alternative: a 0 under Below Average becomes +1', () => expect(thAdjustedMove(0, 'below-average', 'plus-one')).toBe(1));
  it('swerve: 1 left, 6 right, 2-5 none', () => {
    expect([1, 2, 3, 4, 5, 6].map(swerveDirection)).toEqual(['left', null, null, null, null, 'right']);
    expect(kurLine(9)).toContain(SWERVE.left.printed);
    expect(kurLine(9)).toContain(SWERVE.right.printed);
    expect(kurLine(9)).toContain(SWERVE.distancePrinted);
  });
});

describe('K10-K12 fire (L12-16)', () => {
  it('L12: volleys of 5', () => expect(kurLine(12)).toContain(`volleys (except skirmishers) of ${VOLLEY_FIGURES} figures`));
  it('L14 [OCR]: Ύ = ¾ at short, Ό = ¼ at long (DIGEST K-9)', () => {
    expect(kurLine(14)).toContain(ACTUAL_HITS.short.printed);
    expect(kurLine(14)).toContain(ACTUAL_HITS.long.printed);
    expect([ACTUAL_HITS.short.num / ACTUAL_HITS.short.den, ACTUAL_HITS.long.num / ACTUAL_HITS.long.den]).toEqual([0.75, 0.25]);
  });
  it('L14 saves 5-6 short, 4-6 long; generals 3-6', () => {
    expect([FIRE_SAVE_FROM.short.from, FIRE_SAVE_FROM.long.from, GENERAL_SAVE_FROM.from]).toEqual([5, 4, 3]);
    for (const s of [FIRE_SAVE_FROM.short, FIRE_SAVE_FROM.long, GENERAL_SAVE_FROM]) expect(kurLine(14)).toContain(s.printed);
  });
  it('L14 skirmishers hit on 5-6 short, 6 long; rifles ½', () => {
    expect([SKIRMISH_HIT_FROM.short.from, SKIRMISH_HIT_FROM.long.from]).toEqual([5, 6]);
    for (const s of [SKIRMISH_HIT_FROM.short, SKIRMISH_HIT_FROM.long, RIFLES_MAX_MOVE_TO_FIRE]) expect(kurLine(14)).toContain(s.printed);
  });
  it('L15: 1D6 ball, 2D6 canister', () => expect(kurLine(15)).toContain(ARTILLERY_DICE.printed));
});

describe('K13-K15 melee (L16-20)', () => {
  it.each(Object.entries(MELEE_SAVE_FROM))('%s save', (_k, s) => {
    expect(kurLine(s.line)).toContain(s.printed);
    expect(s.printed).toMatch(new RegExp(`\\b${s.from}\\b`));
  });
  it('light cavalry 1 point (L17); front rank only in round 1 (L18); the D20 example (L16); evade D20 cm (L20)', () => {
    expect(kurLine(17)).toContain(LIGHT_CAVALRY_POINTS.printed);
    expect(kurLine(18)).toContain(CAVALRY_FIRST_ROUND.printed);
    expect(kurLine(16)).toContain(PICK_DIE_EXAMPLE.printed);
    expect(kurLine(20)).toContain(SKIRMISH_EVADE.printed);
  });
});
