import { describe, expect, it } from 'vitest';
import { CRT, COMBAT_MODIFIERS, combatModifier, crtEffects, crtRow, outnumberedModifier, type CrtResult } from '../../../../src/rules/nw/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

// CRT chart L767-775: die-difference ranges as printed.
const PRINTED: [string, CrtResult][] = [
  ['10+', 'defender-crushed'], ['7-9', 'defender-broken'], ['4-6', 'defender-driven-back'], ['1-3', 'defender-gives-ground'],
  ['0', 'desperate-struggle'], ['-1 to -3', 'assault-checked'], ['-4 to -6', 'assault-repulsed'], ['-7+', 'le-guard-recule'],
];
const inRange = (p: string, d: number): boolean => {
  let m: RegExpMatchArray | null;
  if ((m = p.match(/^(\d+)\+$/))) return d >= Number(m[1]);
  if ((m = p.match(/^-(\d+)\+$/))) return d <= -Number(m[1]);
  if ((m = p.match(/^(\d+)-(\d+)$/))) return d >= Number(m[1]) && d <= Number(m[2]);
  if ((m = p.match(/^-(\d+) to -(\d+)$/))) return d <= -Number(m[1]) && d >= -Number(m[2]);
  return d === Number(p);
};

describe('NW CRT (chart L763-775): every difference −15..15 reads the printed row', () => {
  for (let d = -15; d <= 15; d++) {
    const expected = PRINTED.find(([p]) => inRange(p, d))?.[1];
    it(`difference ${d} → ${expected}`, () => expect(crtRow(d).result).toBe(expected));
  }
});

describe('CRT row contents (chart L767-775)', () => {
  it('10+ Defender crushed (L767-768): −3 s.p., routs, general killed, artillery destroyed, advance 3", *', () => {
    const r = crtRow(10);
    expect(r.defender).toMatchObject({ spLoss: 3, retreat: 'rout', leader: 'killed' });
    expect(r).toMatchObject({ attachedArtillery: 'destroyed', victorAdvanceInches: 3, star: true });
  });
  it('7-9 Defender broken (L769): −2 s.p., full move, routs if disordered, general 10+, advance 2", *', () => {
    const r = crtRow(8);
    expect(r.defender).toMatchObject({ spLoss: 2, retreat: 'full-move', routsIfDisordered: true, leader: 'roll-10-plus' });
    expect(r).toMatchObject({ attachedArtillery: 'destroyed', victorAdvanceInches: 2, star: true });
  });
  it('4-6 Defender driven back (L770): −1 s.p., full move in disorder, artillery damaged, advance 1"', () => {
    const r = crtRow(5);
    expect(r.defender).toMatchObject({ spLoss: 1, disordered: true, retreat: 'full-move' });
    expect(r).toMatchObject({ attachedArtillery: 'damaged-retreats', victorAdvanceInches: 1, star: false });
  });
  it('1-3 Defender gives ground (L771): 6" in disorder, artillery suppressed, attacking cavalry disordered', () => {
    const r = crtRow(2);
    expect(r.defender).toMatchObject({ spLoss: 0, disordered: true, retreat: 6 });
    expect(r.attacker.cavalryDisordered).toBe(true);
    expect(r.attachedArtillery).toBe('suppressed-retreats');
  });
  it('0 Desperate struggle (L772): both −1 s.p. and disordered', () => {
    const r = crtRow(0);
    expect(r.attacker).toMatchObject({ spLoss: 1, disordered: true });
    expect(r.defender).toMatchObject({ spLoss: 1, disordered: true });
  });
  it('−1..−3 Assault checked (L773): attacker disordered, retreats 6", defending cavalry disordered', () => {
    const r = crtRow(-2);
    expect(r.attacker).toMatchObject({ spLoss: 0, disordered: true, retreat: 6 });
    expect(r.defender.cavalryDisordered).toBe(true);
  });
  it('−4..−6 Assault repulsed (L774): attacker −1 s.p., full move', () => {
    expect(crtRow(-5).attacker).toMatchObject({ spLoss: 1, retreat: 'full-move' });
  });
  it('−7+ Le Guard Recule (L775): attacker −2 s.p., full move, routs if disordered, general 10+, *', () => {
    const r = crtRow(-7);
    expect(r.attacker).toMatchObject({ spLoss: 2, retreat: 'full-move', routsIfDisordered: true, leader: 'roll-10-plus' });
    expect(r.star).toBe(true);
  });
  it('has 8 rows', () => expect(CRT).toHaveLength(8));
  it('HR N-10: full-move retreats disorder by default, not when off', () => {
    expect(crtEffects(-5, defaults).attacker.disordered).toBe(true);
    expect(crtEffects(8, defaults).defender.disordered).toBe(true);
    expect(crtEffects(-5, settingsWith({ crt: { retreatImpliesDisorder: false } })).attacker.disordered).toBe(false);
    expect(crtEffects(-2, defaults).attacker.retreat).toBe(6); // 6" retreats unchanged
  });
});

describe('combat modifiers (chart L779-790)', () => {
  it.each([
    ['fresh', 2], ['spent', -2], ['defending-hard-cover', 2], ['spanish-defending-town-or-works', 3], ['disordered', -1],
    ['disordered-with-loss', -2], ['combined-arms', 2], ['general-attached', 1], ['light-cav-vs-heavy-cav', -2],
    ['within-3-of-valorous', 1], ['medium-cav-vs-heavy-cav', -1], ['french-infantry-attacking', 1], ['cav-at-the-halt', -1],
    ['defending-soft-cover-obstacle-or-higher', 1], ['versus-armored-cavalry', -1], ['russian-or-british-infantry-defending', 1],
    ['outflanked', -2], ['cavalry-attacking-infantry-without-combined-arms', -4],
  ] as const)('%s → %d', (c, v) => expect(combatModifier([c], defaults)).toBe(v));
  it('Spanish +3 replaces hard cover +2 (§11.2.2 L384); −2 with loss replaces −1 (§11.2.1 L383)', () => {
    expect(combatModifier(['defending-hard-cover', 'spanish-defending-town-or-works'], defaults)).toBe(3);
    expect(combatModifier(['disordered', 'disordered-with-loss'], defaults)).toBe(-2);
  });
  it('HR N-8: defender vulnerable is +1 (attacker) or −1 (defender-penalty)', () => {
    expect(combatModifier(['defender-vulnerable'], defaults)).toBe(1);
    expect(combatModifier(['defender-vulnerable'], settingsWith({ combat: { vulnerableBonusTo: 'defender-penalty' } }))).toBe(-1);
  });
  it('lists 19 condition lines', () => expect(COMBAT_MODIFIERS).toHaveLength(19));
});

describe('outnumbered (chart L781, HR N-9)', () => {
  it.each([
    [3, 2, -1], [5, 4, 0], [4, 3, 0], [8, 5, -1], [2, 1, -2], [5, 2, -2], [3, 1, -3], [4, 1, -4], [9, 2, -4], [6, 6, 0], [2, 3, 0],
  ])('%d s.p. vs %d → %d for the smaller side', (a, b, v) => expect(outnumberedModifier(a, b, defaults)).toBe(v));
  it('capped-at-3 alternative: 4:1 → −3', () => expect(outnumberedModifier(4, 1, settingsWith({ 'outnumbered.scale': 'capped-at-3' }))).toBe(-3));
});
