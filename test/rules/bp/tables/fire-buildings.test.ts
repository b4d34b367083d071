import { describe, expect, it } from 'vitest';
import {
  ARTILLERY_HIT_ON, ATTACKER_FIRE_HITS_ON, BUILDING_BURNS_AT_HITS, BUILDING_MELEE_RESULTS, CANISTER_ARC_DEGREES, DEFENDER_FIRE_HITS_ON, FIRE_MODIFIERS,
  MIN_GUN_CREW, RANGES_INCHES, ROUND_SHOT_MAX_RANKS, VOLLEY_ANGLE_DEGREES, artilleryFireAt, artilleryHits, buildingBurns, buildingMeleeRow, crewCanServe,
  musketReaches, volleyHits, type BuildingEffect,
} from '../../../../src/rules/bp/tables';
import { printed } from './printed';

describe('ranges (B&P L79-82, L93, L99)', () => {
  it('printed: muskets 6", round shot 18", canister 6" in a 60° triangle', () => {
    expect(printed(80).trim()).toBe(`Muskets: ${RANGES_INCHES.musket.max}"`);
    expect(printed(81).trim()).toBe(`Artillery Round Shot: ${RANGES_INCHES.roundShot.max}"`);
    expect(printed(82).trim()).toBe(`Artillery Cannister: ${RANGES_INCHES.canister.max}" (triangular blast pattern measuring ${CANISTER_ARC_DEGREES} degrees from the muzzle)`);
    expect(RANGES_INCHES.roundShot.min).toBe(6); // L93 "from 6"-18""
    expect(ROUND_SHOT_MAX_RANKS).toBe(4); // L93
    expect(VOLLEY_ANGLE_DEGREES).toBe(30); // L75
  });
  it.each([[0, ['canister']], [5.9, ['canister']], [6, ['canister', 'roundShot']], [6.1, ['roundShot']], [18, ['roundShot']], [18.1, []]] as const)(
    'artillery at %d" → %o', (inches, kinds) => expect(artilleryFireAt(inches)).toEqual(kinds),
  );
  it('muskets reach 6" and not beyond', () => {
    expect(musketReaches(6)).toBe(true);
    expect(musketReaches(6.01)).toBe(false);
  });
});

describe('fire modifiers (L86-87, L91, L167, L208)', () => {
  it('printed −1 and −2 rows', () => {
    const [d, s] = FIRE_MODIFIERS;
    expect(printed(86).trim()).toBe(`Target Uphill or in Wood: ${d.value} from "to hit"`);
    expect(printed(87).trim()).toBe(`Target Uphill Greater than 1 contour or in breastwork: ${s.value} from "to hit"`);
  });
  it('skirmish −2, disrupted −1, green −1', () => {
    expect(Object.fromEntries(FIRE_MODIFIERS.map((m) => [m.condition, m.value]))).toEqual({
      'target-defended': -1, 'target-strong': -2, 'skirmish-fire': -2, 'firer-disrupted': -1, 'firer-green': -1,
    });
  });
  it('L77 volley arithmetic: L89 12 × 4 = 48 → 4; L133 3 × 12 → 3, 4 × 9 → 3; HR B-9 clamp', () => {
    expect(volleyHits(4, 12)).toBe(4);
    expect(volleyHits(3, 12)).toBe(3);
    expect(volleyHits(4, 9)).toBe(3);
    expect(volleyHits(-2, 12)).toBe(0);
    expect(volleyHits(6, 0)).toBe(0);
  });
});

describe('artillery thresholds (L93, L99, L101), burning (L93), crew (L97)', () => {
  it.each([
    ['open', [1, 2, 3]], ['defended', [1, 2]], ['strong', [1]],
  ] as const)('%s: hits on %o', (pos, faces) => {
    expect([1, 2, 3, 4, 5, 6].filter((f) => artilleryHits(f, pos))).toEqual(faces);
    expect(ARTILLERY_HIT_ON[pos].max).toBe(faces.length);
  });
  it('four hits burn a building', () => {
    expect(BUILDING_BURNS_AT_HITS).toBe(4);
    expect(buildingBurns(3)).toBe(false);
    expect(buildingBurns(4)).toBe(true);
  });
  it('three crew minimum', () => {
    expect(MIN_GUN_CREW).toBe(3);
    expect(crewCanServe(2)).toBe(false);
    expect(crewCanServe(3)).toBe(true);
  });
});

/** The printed cell for one side's effect ("elim", "-2 fig routs", "-", "routs"). */
const cell = (e: BuildingEffect): string => {
  if (e.eliminated) return 'elim';
  if (e.figures === 0) return e.routs ? 'routs' : '-';
  return `-${e.figures} fig${e.routs ? ' routs' : ''}`;
};

describe('Building Melee Results (L187-198), cell by cell against the printed text', () => {
  it('L188 header', () => expect(printed(188)).toBe(['Die Roll', 'Defender', 'Attacker'].join('')));
  it.each(BUILDING_MELEE_RESULTS.map((r) => [r.line, r] as const))('L%i', (line, row) => {
    expect(printed(line)).toBe(`${row.roll}${cell(row.defender)}${cell(row.attacker)}`);
  });
  it('every total reads exactly one row; 8 per HR B-5; above 12 reads 12 (BP-7)', () => {
    expect([1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15].map((t) => buildingMeleeRow(t, 'attacker-eliminated').roll)).toEqual(
      ['5 or less', '5 or less', '5 or less', '6', '7', '8', '9', '10', '11', '12', '12', '12'],
    );
    expect(buildingMeleeRow(8, 'attacker-eliminated').attacker.eliminated).toBe(true);
    expect(buildingMeleeRow(8, 'no-effect').attacker).toEqual({ figures: 0, routs: false, eliminated: false });
  });
  it('L181 defender 8+, L183 attacker 9+; L197-198 the modifier lines', () => {
    expect([DEFENDER_FIRE_HITS_ON, ATTACKER_FIRE_HITS_ON]).toEqual([8, 9]);
    expect(printed(197)).toBe('For ea. additional stand attacking: +1 to attacker die');
    expect(printed(198)).toBe('For ea. defender casualty: +1 to defender die');
  });
});
