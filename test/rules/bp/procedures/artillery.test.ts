import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { canister, roundShot, type ArtilleryFireInput } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith, rollsOf } from './helpers';

const settings = bpSettingsWith();
const battery = (targets: ArtilleryFireInput['targets'], more: Partial<ArtilleryFireInput> = {}): ArtilleryFireInput => ({ battery: 'Foot battery', crew: 4, targets, ...more });

describe('roundShot (P3, B&P L93)', () => {
  it('one D6 per figure the stick touches (HR B-7): 1-3 hit, 4-6 miss', () => {
    const dice = scriptedDice([1, 3, 4, 6, 2, 5]);
    const { result, events } = roundShot(battery([{ stand: 'front', figures: 3 }, { stand: 'rear', figures: 3 }], { inches: 12 }), settings, dice);
    expect(result.stands).toEqual([
      { stand: 'front', faces: [1, 3, 4], hits: 2, position: 'open' },
      { stand: 'rear', faces: [6, 2, 5], hits: 1, position: 'open' },
    ]);
    expect(result.totalHits).toBe(3);
    const [r1] = rollsOf(events);
    expect(r1).toMatchObject({ rule: 'B&P L93', subject: 'Foot battery', expression: '3d6', faces: [1, 3, 4] });
    expect(r1!.tableRow).toBe('hit on 1-3 (B&P L93, L99: 1-3 is a hit): 2 hits');
  });

  // Every face, in the open (L93) and with cover per HR B-8 (L101).
  it.each([
    [1, 'open', 1], [3, 'open', 1], [4, 'open', 0],
    [2, 'defended', 1], [3, 'defended', 0],
    [1, 'strong', 1], [2, 'strong', 0],
  ] as const)('face %i on a %s target → %i hit', (face, position, hits) => {
    expect(roundShot(battery([{ stand: 's', figures: 1, position }]), settings, scriptedDice([face])).result.totalHits).toBe(hits);
  });

  it('HR B-8 off: round shot ignores cover (3 hits a defended target)', () => {
    const s = bpSettingsWith({ 'art.coverAppliesRoundshot': false });
    expect(roundShot(battery([{ stand: 's', figures: 1, position: 'strong' }]), s, scriptedDice([3])).result.totalHits).toBe(1);
  });

  it('HR B-7 stand: one D6 per stand; a hit removes one figure', () => {
    const s = bpSettingsWith({ 'art.roundshotUnit': 'stand' });
    const { result, events } = roundShot(battery([{ stand: 'a', figures: 3 }, { stand: 'b', figures: 3 }]), s, scriptedDice([2, 5]));
    expect(result.stands.map((x) => x.hits)).toEqual([1, 0]);
    expect(rollsOf(events).map((r) => r.expression)).toEqual(['1d6', '1d6']);
  });

  it('L79-82 range 6"-18"; L97 crew of 3 minimum', () => {
    expect(() => roundShot(battery([{ stand: 's', figures: 1 }], { inches: 19 }), settings, scriptedDice([1]))).toThrow(/6"-18"/);
    expect(() => roundShot(battery([{ stand: 's', figures: 1 }], { inches: 5 }), settings, scriptedDice([1]))).toThrow(/6"-18"/);
    expect(roundShot(battery([{ stand: 's', figures: 1 }], { inches: 18, crew: 3 }), settings, scriptedDice([1])).result.totalHits).toBe(1);
    expect(() => roundShot(battery([{ stand: 's', figures: 1 }], { crew: 2 }), settings, scriptedDice([1]))).toThrow(/at least 3/);
  });
});

describe('canister (P4, B&P L99-101)', () => {
  it('one D6 per figure in the pattern; thresholds 1-3 open, 1-2 defended, 1 strong', () => {
    const dice = scriptedDice([3, 3, 4, 2, 2, 3, 1, 2, 1]);
    const { result, events } = canister(battery([
      { stand: 'open', figures: 3 }, { stand: 'wood', figures: 3, position: 'defended' }, { stand: 'works', figures: 3, position: 'strong' },
    ], { inches: 6 }), settings, dice);
    expect(result.stands.map((s) => s.hits)).toEqual([2, 2, 2]);
    expect(rollsOf(events).map((r) => r.tableRow)).toEqual([
      'hit on 1-3 (B&P L93, L99: 1-3 is a hit): 2 hits',
      'hit on 1-2 (B&P L101: defended position (wood, higher elevation) 1 or 2): 2 hits',
      'hit on 1 (B&P L101: elevation 2" or more, breastworks, very strong position 1): 2 hits',
    ]);
    expect(rollsOf(events)[0]!.rule).toBe('B&P L99');
  });
  it('canister reads cover even with HR B-8 off', () => {
    const s = bpSettingsWith({ 'art.coverAppliesRoundshot': false });
    expect(canister(battery([{ stand: 's', figures: 1, position: 'strong' }]), s, scriptedDice([2])).result.totalHits).toBe(0);
  });
  it('maximum range 6" (L99)', () => {
    expect(() => canister(battery([{ stand: 's', figures: 1 }], { inches: 6.5 }), settings, scriptedDice([1]))).toThrow(/0"-6"/);
  });
  it('a stand with no figures rolls nothing', () => {
    expect(canister(battery([{ stand: 's', figures: 0 }]), settings, scriptedDice([])).result).toEqual({ stands: [], totalHits: 0 });
  });
});
