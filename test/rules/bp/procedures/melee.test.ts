import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { melee, meleeCasualties, meleePointParts, type BpUnitInput, type MeleeInput } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith, rollsOf } from './helpers';
import { BP_SETTINGS_DEFAULTS } from '../../../../src/rules/bp/settings';

const settings = bpSettingsWith();
const A: BpUnitInput = { name: 'A battalion', arm: 'infantry', formation: 'column', figures: 9 };
const B: BpUnitInput = { name: 'B battalion', arm: 'infantry', formation: 'line', figures: 9 };
const ex: MeleeInput = { attacker: A, defender: B };

describe('melee (P6, B&P L127-135)', () => {
  it('L133 worked example: A 9 × 2 = 18 × 5 = 90 vs B 18 × 6 = 108: B wins; A loses 4.5 pts → 3 figures and routs; B loses 2 pts → 1 figure', () => {
    const dice = scriptedDice([5, 6]);
    const { result, events } = melee(ex, settings, dice);
    expect(result.winner).toBe('defender');
    expect(result.attacker).toEqual({ unit: 'A battalion', pointsPerFigure: 2, points: 18, face: 5, modifiedDie: 5, product: 90, figuresLost: 3, routs: true, units: [{ unit: 'A battalion', points: 18, figuresLost: 3 }] });
    expect(result.defender).toEqual({ unit: 'B battalion', pointsPerFigure: 2, points: 18, face: 6, modifiedDie: 6, product: 108, figuresLost: 1, routs: false, units: [{ unit: 'B battalion', points: 18, figuresLost: 1 }] });
    const rolls = rollsOf(events);
    expect(rolls.map((r) => [r.subject, r.faces])).toEqual([['A battalion', [5]], ['B battalion', [6]]]);
    expect(rolls[0]!.rule).toBe('B&P L127');
    expect(rolls[0]!.tableRow).toBe(
      'A battalion 5 × 18 = 90 vs B battalion 6 × 18 = 108: B battalion wins. A battalion loses ¼ × 18 = 4.5 pts → 3 figures and routs (L127); B battalion loses 2 pts → 1 figure (L129, HR B-3 unrounded)',
    );
    expect(dice.remaining).toBe(0);
  });

  it('the attacker wins with the higher product', () => {
    const { result } = melee(ex, settings, scriptedDice([6, 5]));
    expect(result).toMatchObject({ winner: 'attacker', attacker: { figuresLost: 1, routs: false }, defender: { figuresLost: 3, routs: true } });
  });

  it('HR B-2 reroll (default): equal products re-roll both dice until they differ', () => {
    const { result, events } = melee(ex, settings, scriptedDice([4, 4, 2, 2, 3, 1]));
    expect(result).toMatchObject({ winner: 'attacker', rerolls: 2, attacker: { face: 3 }, defender: { face: 1 } });
    expect(rollsOf(events)).toHaveLength(6);
    expect(rollsOf(events)[0]!.tableRow).toContain('tie, both re-roll (HR B-2)');
  });

  it('HR B-2 defender-wins and both-lose-quarter', () => {
    const dw = melee(ex, bpSettingsWith({ 'melee.tie': 'defender-wins' }), scriptedDice([4, 4]));
    expect(dw.result).toMatchObject({ winner: 'defender', attacker: { figuresLost: 3, routs: true }, defender: { figuresLost: 1, routs: false } });
    const bq = melee(ex, bpSettingsWith({ 'melee.tie': 'both-lose-quarter' }), scriptedDice([4, 4]));
    expect(bq.result).toMatchObject({ winner: null, attacker: { figuresLost: 3, routs: false }, defender: { figuresLost: 3, routs: false } });
  });

  it('L117: a flank attack adds 3 points per attacking figure (5 per figure): 9 × 5 × 3 = 135 beats 18 × 6 = 108', () => {
    const { result } = melee({ ...ex, direction: 'flank' }, settings, scriptedDice([3, 6]));
    expect(result.attacker).toMatchObject({ pointsPerFigure: 5, points: 45, product: 135 });
    expect(result.winner).toBe('attacker');
  });

  it('L175: a square against cavalry counts 3 (line) / 4 (guard) per figure; against infantry no increment', () => {
    const cav: BpUnitInput = { name: 'Hussars', arm: 'cavalry', formation: 'line', figures: 8 };
    const sq: BpUnitInput = { ...B, formation: 'square', figures: 12 };
    expect(meleePointParts('defender', { attacker: cav, defender: sq }, settings).reduce((s, p) => s + p.perFigure, 0)).toBe(3);
    expect(meleePointParts('defender', { attacker: cav, defender: { ...sq, guard: true } }, settings).reduce((s, p) => s + p.perFigure, 0)).toBe(4);
    expect(meleePointParts('defender', { attacker: A, defender: sq }, settings).reduce((s, p) => s + p.perFigure, 0)).toBe(2);
    // 8 hussars × 3 = 24 × 6 = 144 vs 12 × 3 = 36 × 4 = 144 → tie re-rolled; 24 × 5 = 120 < 36 × 4 = 144: square wins.
    const { result } = melee({ attacker: cav, defender: sq }, settings, scriptedDice([6, 4, 5, 4]));
    expect(result).toMatchObject({ winner: 'defender', rerolls: 1, defender: { points: 36 } });
    // The hussars (3 per figure) lose ¼ × 24 = 6 pts → 2 figures; the square loses floor(3) = 3 pts → 1 figure.
    expect(result.attacker.figuresLost).toBe(2);
    expect(result.defender.figuresLost).toBe(1);
  });

  it('HR B-4: the terrain points go to the defender by default, to the attacker with bonusTo attacker', () => {
    const input: MeleeInput = { ...ex, defenderPosition: 'strong' };
    expect(melee(input, settings, scriptedDice([5, 5])).result.defender.pointsPerFigure).toBe(4);
    const att = melee(input, bpSettingsWith({ 'terrain.bonusTo': 'attacker' }), scriptedDice([5, 4]));
    expect(att.result.attacker.pointsPerFigure).toBe(4);
    expect(att.result.defender.pointsPerFigure).toBe(2);
  });

  it('L202: command figure +1 on the die and +1 point per figure; L167 disrupted −1; L208 green −1 (optional)', () => {
    const s = bpSettingsWith({ 'optional.greenTroops': true });
    const { result, events } = melee({ attacker: { ...A, commandWithin4: true }, defender: { ...B, disrupted: true, green: true } }, s, scriptedDice([3, 6]));
    expect(result.attacker).toMatchObject({ pointsPerFigure: 3, points: 27, modifiedDie: 4, product: 108 });
    expect(result.defender).toMatchObject({ modifiedDie: 4, product: 72 });
    expect(rollsOf(events)[1]!.modifiers.map((m) => m.label)).toEqual(['disrupted −1 (B&P L167)', 'green troops −1 (B&P L208)']);
  });

  it('BP-11: a die modified below 0 counts 0', () => {
    const s = bpSettingsWith({ 'optional.greenTroops': true });
    const { result } = melee({ attacker: A, defender: { ...B, disrupted: true, green: true } }, s, scriptedDice([1, 1]));
    expect(result.defender).toMatchObject({ modifiedDie: -1, product: 0 });
    expect(result.winner).toBe('attacker');
  });

  it('L119: infantry cannot charge cavalry', () => {
    expect(() => melee({ attacker: A, defender: { ...B, arm: 'cavalry' } }, settings, scriptedDice([1, 1]))).toThrow(/infantry cannot charge cavalry/);
  });

  it('casualties never exceed the figures present', () => {
    const { result } = melee({ attacker: { ...A, figures: 1 }, defender: B }, settings, scriptedDice([1, 6]));
    expect(result.attacker.figuresLost).toBe(1);
  });
});

describe('meleeCasualties (L127-129, HR B-3)', () => {
  it('L133: loser 18 points at 2 per figure → 4.5 → 3 figures; winner 2 pts → 1 figure', () => {
    expect(meleeCasualties(18, 2, 2, 'unrounded')).toEqual({ loserCasualtyPoints: 4.5, loserFigures: 3, winnerCasualtyPoints: 2, winnerFigures: 1 });
  });
  // 27 points at 3 per figure (guard infantry, 9 figures): ¼ = 6.75 → 3 figures. Winner at 2 per figure:
  it.each([
    ['unrounded', 3, 1], // floor(6.75 / 2) = 3 pts → 1 figure
    ['rounded-points', 3, 1], // floor(7 / 2) = 3 → 1
    ['removed-figures', 4, 2], // 3 figures × 3 = 9 → floor(4.5) = 4 → 2
  ] as const)('rounding %s: winner %i pts → %i figures', (rounding, pts, figs) => {
    expect(meleeCasualties(27, 3, 2, rounding)).toMatchObject({ loserFigures: 3, winnerCasualtyPoints: pts, winnerFigures: figs });
  });
  it('unrounded and rounded-points differ: 22 points → ¼ = 5.5 → floor(2.75) = 2 vs floor(6 / 2) = 3', () => {
    expect(meleeCasualties(22, 2, 1, 'unrounded').winnerCasualtyPoints).toBe(2);
    expect(meleeCasualties(22, 2, 1, 'rounded-points').winnerCasualtyPoints).toBe(3);
  });
  it('BP-9: melee.pointsPerFigure table converts with the table value (flank attacker loses more figures)', () => {
    // Attacker 9 × (2 + 3 flank) = 45 loses: effective ¼ × 45 / 5 → 3 figures; table ¼ × 45 / 2 = 5.625 → 6.
    const input: MeleeInput = { ...ex, direction: 'flank' };
    expect(melee(input, settings, scriptedDice([1, 6])).result.attacker.figuresLost).toBe(3);
    expect(melee(input, bpSettingsWith({ 'melee.pointsPerFigure': 'table' }), scriptedDice([1, 6])).result.attacker.figuresLost).toBe(6);
  });
});

describe('several units in one melee (L107, BP-23)', () => {
  const line = (name: string, figures: number) => ({ name, figures, arm: 'infantry' as const, formation: 'line' as const, guard: false, heavy: false });
  it('adds each unit\'s points to its side and shares the losses by points, each in its own figures', () => {
    // Attackers: A 9 line infantry (18 pts) and its support S, 12 guard infantry (36 pts): 54 pts.
    // Defender D 12 line (24 pts). A rolls 2: 108; D rolls 4: 96. D loses 24 / 4 = 6 pts -> 3
    // figures and routs; the attackers lose floor(6 / 2) = 3 pts, shared 18:36 -> A 1 pt -> 0
    // figures (rounded down), S 2 pts / 3 per figure -> 0.
    const r = melee({ attacker: line('A', 9), defender: line('D', 12), attackerSupports: [{ unit: { ...line('S', 12), guard: true } }] }, BP_SETTINGS_DEFAULTS, scriptedDice([2, 4]));
    expect(r.result.winner).toBe('attacker');
    expect(r.result.attacker.points).toBe(54);
    expect(r.result.attacker.units).toEqual([{ unit: 'A', points: 18, figuresLost: 0 }, { unit: 'S', points: 36, figuresLost: 0 }]);
    expect(r.result.defender.units).toEqual([{ unit: 'D', points: 24, figuresLost: 3 }]);
  });
  it('a losing side of two units shares ¼ of its points, each share rounded up against it', () => {
    // A 12 line (24) + S 8 line (16) = 40 pts, roll 1: 40; D 12 guard (36) rolls 2: 72. The
    // attackers lose 10 pts: A 10 x 24/40 = 6 pts -> 3 figures; S 4 pts -> 2 figures.
    const r = melee({ attacker: line('A', 12), defender: { ...line('D', 12), guard: true }, attackerSupports: [{ unit: line('S', 8) }] }, BP_SETTINGS_DEFAULTS, scriptedDice([1, 2]));
    expect(r.result.winner).toBe('defender');
    expect(r.result.attacker.units).toEqual([{ unit: 'A', points: 24, figuresLost: 3 }, { unit: 'S', points: 16, figuresLost: 2 }]);
    // D wins: floor(40 / 8) = 5 pts at 3 a figure -> 1 figure.
    expect(r.result.defender.figuresLost).toBe(1);
  });
  it('a supporting attacker in the flank counts +3 a figure for itself only (L117)', () => {
    const r = melee({ attacker: line('A', 6), defender: line('D', 12), attackerSupports: [{ unit: line('F', 6), direction: 'flank' }] }, BP_SETTINGS_DEFAULTS, scriptedDice([3, 3]));
    expect(r.result.attacker.units.map((u) => u.points)).toEqual([12, 30]);
  });
});
