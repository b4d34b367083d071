import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import { artilleryPhase, batteryTargets } from '../../../src/rules/nw/phases/artillery';
import { skirmishPhase } from '../../../src/rules/nw/phases/skirmish';
import { maneuverPhase, moveAction } from '../../../src/rules/nw/phases/maneuver';
import { allowanceOf } from '../../../src/rules/nw/phases/maneuver-roll';
import { pieceOf } from '../../../src/rules/nw/phases/maneuver-pieces';
import { rollArtilleryFire, rollFinalFire } from '../../../src/rules/nw/procedures/artillery';
import { buildNwState, parseNwScenarioYaml } from '../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS, NW_SETTING_INFO, parseNwSettings, type NwSettings } from '../../../src/rules/nw/settings';
import { activeSpecial, infantryCategoryOf, nationsOf, type NwBattery, type NwState } from '../../../src/rules/nw/state';
import { formatScenarioError, SHIPPED_SCENARIOS } from '../../../src/rules/scenario';
import { at } from './phases/maneuver-fixtures';
import { placed, teachingState, withNations } from './phases/phase-fixtures';

/**
 * Nations in the state (NAT-1…NAT-5) and the optional howitzer and rocket batteries as game
 * settings (N11; OPT-1…OPT-5).
 */

const TEACHING = join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml');
const TEXT = readFileSync(TEACHING, 'utf8');
const N = 0;
const S = 180;

const rolls = (events: readonly GameEvent[]) => events.filter((e): e is Extract<GameEvent, { kind: 'roll' }> => e.kind === 'roll');
const notes = (events: readonly GameEvent[]) => events.filter((e): e is Extract<GameEvent, { kind: 'note' }> => e.kind === 'note').map((e) => e.text);

function settingsWith(over: Record<string, unknown>): NwSettings {
  const r = parseNwSettings(over);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
const ON = settingsWith({ optional: { howitzers: true, rockets: true } });

function parse(text: string, settings: NwSettings = NW_SETTINGS_DEFAULTS) {
  return parseNwScenarioYaml(text, 'teaching.yaml', settings);
}
function loaded(text: string, settings: NwSettings = NW_SETTINGS_DEFAULTS) {
  const r = parse(text, settings);
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  return r.value;
}
/** `TEXT` with the last occurrence of `from` replaced. */
function edited(from: string, to: string): string {
  const i = TEXT.lastIndexOf(from);
  expect(i).toBeGreaterThanOrEqual(0);
  return TEXT.slice(0, i) + to + TEXT.slice(i + from.length);
}

/** A battery made special (and, for a rocket, horse artillery as its label must say, OPT-2). */
function special(s: NwState, id: string, what: 'howitzer' | 'rocket', settings: NwSettings = ON): NwState {
  const b = s.batteries[id]!;
  const patch: Partial<NwBattery> = what === 'rocket' ? { special: 'rocket', kind: 'horse', label: 'Rocket Troop, Light, Horse', weight: 'light', pounds: null } : { special: 'howitzer' };
  return { ...s, settings, batteries: { ...s.batteries, [id]: { ...b, ...patch } } };
}

describe('nations in the state (NAT-1…NAT-3)', () => {
  it('reads nation from the CinC\'s rules and the year from meta.date; absent nation is "other"', () => {
    const d = loaded(TEXT);
    expect(d.armies.map((a) => [a.side, a.nation])).toEqual([['french', 'french'], ['austrians', 'austrian']]);
    expect(d.year).toBe(1809);
    const s = buildNwState(d, NW_SETTINGS_DEFAULTS);
    expect(s.year).toBe(1809);
    expect(nationsOf(s)).toEqual({ french: 'french', austrians: 'austrian' });
    const none = buildNwState(loaded(edited(', nation: austrian', '')), NW_SETTINGS_DEFAULTS);
    expect(none.armies['austrians']!.nation).toBe('other');
    expect(nationsOf(none)).toEqual({ french: 'french', austrians: 'other' });
    // A state saved before nations were kept reads as 'other'.
    const old = { ...s, armies: { ...s.armies, french: { ...s.armies['french']!, nation: undefined as never } } };
    expect(nationsOf(old).french).toBe('other');
  });

  it('refuses an unknown nation, and a nation anywhere but on the CinC', () => {
    const bad = parse(edited('nation: austrian', 'nation: bavarian'));
    expect(bad.ok).toBe(false);
    const onCommander = parse(edited('rules: { commander: "Hohenau, II Korps, A,9\\"" }', 'rules: { commander: "Hohenau, II Korps, A,9\\"", nation: austrian }'));
    expect(!onCommander.ok && onCommander.error.map((e) => e.message).join()).toContain('nation belongs on the army\'s CinC');
  });

  it('French infantry move 10", others 8"; an ally of France from 1809 (NAT-3)', async () => {
    const s = placed(await teachingState(), 'maneuver', { 'fr-1b': [20, 10, N], 'au-1b': [20, 30, S] });
    expect(allowanceOf(s, pieceOf(s, 'fr-1b')!).inches).toBe(10);
    expect(allowanceOf(s, pieceOf(s, 'au-1b')!).inches).toBe(8);
    const ally = { ...s, armies: { ...s.armies, austrians: { ...s.armies['austrians']!, nation: 'other' as const, alliedTo: 'french' as const } } };
    expect(infantryCategoryOf(ally, 'austrians')).toBe('fast-infantry');
    expect(allowanceOf(ally, pieceOf(ally, 'au-1b')!).inches).toBe(10);
    expect(infantryCategoryOf({ ...ally, year: 1808 }, 'austrians')).toBe('other-infantry');
    expect(infantryCategoryOf({ ...ally, year: null }, 'austrians')).toBe('other-infantry');
    const alliedYaml = loaded(edited('nation: austrian', 'nation: other, alliedTo: french'));
    expect(alliedYaml.armies.find((a) => a.side === 'austrians')).toMatchObject({ nation: 'other', alliedTo: 'french' });
  });

  it('the artillery phase adds +1 British and French artillery from the state (chart L742); opts.nations overrides it', async () => {
    // fr-battery (8 lb, medium) 7.75" from au-1b: medium band, 3 points.
    const s = placed(await teachingState(), 'artillery', { 'fr-battery': [24, 10, N], 'au-1b': [24, 20, S] });
    const r = artilleryPhase(s, undefined, scriptedDice([3, 3]));
    if (!r.ok) throw new Error(r.error.message);
    const [roll] = rolls(r.value.events);
    expect(roll!.modifiers.map((m) => m.label.split(' ')[0])).toContain('british-or-french-artillery');
    expect(roll!.total).toBe(7);
    const other = artilleryPhase(s, undefined, scriptedDice([3, 3]), { nations: { french: 'other' } });
    if (!other.ok) throw new Error(other.error.message);
    expect(rolls(other.value.events)[0]!.total).toBe(6);
    const plain = artilleryPhase(withNations(s, { french: 'other' }), undefined, scriptedDice([3, 3]));
    expect(plain.ok && rolls(plain.value.events)[0]!.modifiers).toEqual([]);
    // Hard cover cancels it (NT-7): −2 only.
    const covered = artilleryPhase(s, undefined, scriptedDice([3, 3]), { conditions: { 'au-1b': ['hard-cover'] } });
    expect(covered.ok && rolls(covered.value.events)[0]!.total).toBe(4);
  });

  it('skirmishers firing at Ottoman artillery: +3 to its roll instead of +2, from the state (§7.7 L134)', async () => {
    // fr-1b (SK1, 4") 3" in front of the Austrian battery.
    const base = placed(await teachingState(), 'skirmish', { 'fr-1b': [24, 20, N], 'au-battery': [24, 26, S] });
    const targetMods = (nation: 'austrian' | 'ottoman') => {
      const r = skirmishPhase(withNations(base, { austrians: nation }), undefined, scriptedDice([3, 3, 3, 3]));
      if (!r.ok) throw new Error(r.error.message);
      return rolls(r.value.events).flatMap((x) => x.modifiers.map((m) => m.label));
    };
    expect(targetMods('austrian')).toContain('+2 target is artillery (NW §7.7 L134)');
    expect(targetMods('austrian').some((m) => m.includes('Ottoman'))).toBe(false);
    expect(targetMods('ottoman')).toContain('+3 target is Ottoman artillery (NW §7.7 L134)');
    expect(targetMods('ottoman').some((m) => m.startsWith('+2 target is artillery'))).toBe(false);
  });

  it('Russian heavy +1 and Ottoman −1 from the state (chart L743, L745)', async () => {
    const base = placed(await teachingState(), 'artillery', { 'au-battery': [24, 30, S], 'fr-1b': [24, 20, N] }, 'austrians');
    const fire = (nation: 'russian' | 'ottoman') => {
      const r = artilleryPhase(withNations(base, { austrians: nation }), undefined, scriptedDice([3, 3]));
      if (!r.ok) throw new Error(r.error.message);
      return rolls(r.value.events)[0]!;
    };
    expect(fire('russian').modifiers.map((m) => m.label.split(' ')[0])).toEqual(['russian-heavy-artillery']);
    expect(fire('ottoman').modifiers.map((m) => m.label.split(' ')[0])).toEqual(['ottoman-or-cossack-artillery']);
  });

  it('final fire takes the national modifier too (NAT-5)', async () => {
    // fr-battery charged in front by au-2b: final fire 3+3 +1 French = 7.
    const s = await at({ 'au-2b': [24, 20, S], 'fr-battery': [24, 14, N] }, {}, 'austrians');
    const r = maneuverPhase(s, { moves: [{ unit: 'au-2b', to: 'contact fr-battery' }] }, scriptedDice([6, 6, 3, 3, 1, 1]));
    const ff = rolls(r.events).find((e) => e.purpose === 'final fire')!;
    expect(ff.total).toBe(7);
  });
});

describe('optional howitzers and rockets as settings (N11; OPT-1…OPT-5)', () => {
  it('the settings exist, off by default, with N11 info lines', () => {
    expect(NW_SETTINGS_DEFAULTS.optional).toMatchObject({ pursuit: false, howitzers: false, rockets: false });
    expect(ON.optional).toMatchObject({ howitzers: true, rockets: true });
    expect(settingsWith({ 'optional.rockets': true }).optional.rockets).toBe(true);
    expect(NW_SETTING_INFO['optional.howitzers'].ruling).toBe('N11');
    expect(NW_SETTING_INFO['optional.rockets'].ruling).toBe('N11');
  });

  it('the scenario gives special: on a battery; off → a warning, and the battery is ordinary (OPT-1)', () => {
    const text = edited('rules: { label: "II Korps, 12 lb, Foot" }', 'rules: { label: "II Korps, Heavy, Foot", special: howitzer }');
    const off = loaded(text);
    expect(off.batteries.find((b) => b.id === 'au-battery')!.special).toBe('howitzer');
    expect(off.warnings.map((w) => w.code)).toContain('nw/optional-off');
    const s = buildNwState(off, NW_SETTINGS_DEFAULTS);
    expect(activeSpecial(s, s.batteries['au-battery']!)).toBeNull();
    const on = loaded(text, ON);
    expect(on.warnings.map((w) => w.code)).not.toContain('nw/optional-off');
    const t = buildNwState(on, ON);
    expect(activeSpecial(t, t.batteries['au-battery']!)).toBe('howitzer');
    expect(buildNwState(loaded(TEXT), NW_SETTINGS_DEFAULTS).batteries['au-battery']!.special).toBeNull();
  });

  it('refuses special: on a brigade, and a rocket battery labelled Foot (OPT-2)', () => {
    const brigade = parse(edited('rules: { label: 1B/1/I SK1 7/5/3 Vet }', 'rules: { label: 1B/1/I SK1 7/5/3 Vet, special: rocket }'));
    expect(!brigade.ok && brigade.error.map((e) => e.message).join()).toContain('is for a battery');
    const foot = parse(edited('rules: { label: "II Korps, 12 lb, Foot" }', 'rules: { label: "II Korps, 12 lb, Foot", special: rocket }'));
    expect(!foot.ok && foot.error.map((e) => e.message).join()).toContain('moves as horse artillery');
    const horse = edited('arm: artillery, sp: 1, rules: { label: "II Korps, 12 lb, Foot" }', 'arm: horse-artillery, sp: 1, rules: { label: "Rocket Troop, Light, Horse", special: rocket }');
    expect(loaded(horse, ON).batteries.find((b) => b.id === 'au-battery')).toMatchObject({ special: 'rocket', kind: 'horse', weight: 'light' });
  });

  it('a howitzer fires over a friendly unit; an ordinary battery may not (Optional §3.0 L622)', async () => {
    const s = placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'fr-2b': [24, 12, N], 'au-1b': [24, 20, S] });
    const plain = batteryTargets(s)['fr-battery']!;
    expect(plain.excluded).toContainEqual(expect.objectContaining({ target: 'au-1b', reason: 'unit-in-line-of-fire', blockedBy: 'fr-2b' }));
    const how = special(s, 'fr-battery', 'howitzer');
    expect(batteryTargets(how)['fr-battery']!.legal.map((l) => l.target)).toEqual(['au-1b']);
    // The setting off: an ordinary battery again.
    const off = special(s, 'fr-battery', 'howitzer', NW_SETTINGS_DEFAULTS);
    expect(batteryTargets(off)['fr-battery']!.legal).toEqual([]);
    // Terrain still blocks: a town between them.
    const town = { id: 'dorf', kind: 'town' as const, blocksLos: true, polygon: [{ x: 20, y: 14 }, { x: 28, y: 14 }, { x: 28, y: 16 }, { x: 20, y: 16 }] };
    const walled = { ...how, map: { ...how.map, terrain: [town] } };
    expect(batteryTargets(walled)['fr-battery']!.excluded).toContainEqual(expect.objectContaining({ target: 'au-1b', reason: 'terrain-blocks' }));
  });

  it('a rocket fires over enemy units but not friendly ones, out to 12" (Optional §4.0 L626)', async () => {
    const s = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'au-2b': [24, 13, S], 'au-1b': [24, 20, S] }), 'fr-battery', 'rocket');
    const t = batteryTargets(s)['fr-battery']!;
    expect(t.legal.map((l) => l.target)).toEqual(['au-2b', 'au-1b']);
    expect(t.legal[1]).toMatchObject({ band: 'rocket', points: 0, rocketDice: 1 });
    const blocked = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'fr-2b': [24, 12, N], 'au-1b': [24, 20, S] }), 'fr-battery', 'rocket');
    expect(batteryTargets(blocked)['fr-battery']!.excluded).toContainEqual(expect.objectContaining({ target: 'au-1b', reason: 'unit-in-line-of-fire' }));
    // Range: front edge y 8.75; 11" → target's near edge at 19.75 (centre 21.25) is legal, 13" (centre 23.25) is not —
    // though a heavy battery (16") or the light label with the setting off (9") would differ.
    const at11 = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'au-1b': [24, 21.25, S] }), 'fr-battery', 'rocket');
    expect(batteryTargets(at11)['fr-battery']!.legal).toMatchObject([{ target: 'au-1b', rangeTenths: 110 }]);
    const at13 = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'au-1b': [24, 23.25, S] }), 'fr-battery', 'rocket');
    expect(batteryTargets(at13)['fr-battery']!.excluded).toContainEqual(expect.objectContaining({ target: 'au-1b', reason: 'out-of-range' }));
    const heavy = { ...at13, batteries: { ...at13.batteries, 'fr-battery': { ...at13.batteries['fr-battery']!, weight: 'heavy' as const } } };
    expect(batteryTargets(heavy)['fr-battery']!.legal).toEqual([]);
    const lightOff = { ...at11, settings: NW_SETTINGS_DEFAULTS };
    expect(batteryTargets(lightOff)['fr-battery']!.excluded).toContainEqual(expect.objectContaining({ target: 'au-1b', reason: 'out-of-range' }));
  });

  it('rocket fire points are rolled each fire: 1d6 vs infantry, 2d6 vs cavalry, an audited roll before the fire roll', async () => {
    const s = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'au-1b': [24, 20, S] }), 'fr-battery', 'rocket');
    const r = artilleryPhase(s, undefined, scriptedDice([5, 3, 3]));
    if (!r.ok) throw new Error(r.error.message);
    const [pts, fire] = rolls(r.value.events);
    expect(pts).toMatchObject({ rule: 'NW Optional §4.0 L626', purpose: 'rocket fire points', expression: '1d6', total: 5 });
    expect(fire!.purpose).toBe('artillery fire');
    expect(r.value.events.indexOf(pts!)).toBeLessThan(r.value.events.indexOf(fire!));
    expect(notes(r.value.events).some((x) => x.includes('fr-battery rockets 9.8" = 5 rolled → 5'))).toBe(true);

    const cav = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'au-hussars': [24, 20, S] }), 'fr-battery', 'rocket');
    const c = artilleryPhase(cav, undefined, scriptedDice([6, 4, 3, 3]));
    if (!c.ok) throw new Error(c.error.message);
    expect(rolls(c.value.events)[0]).toMatchObject({ expression: '2d6', total: 10 });

    // The procedure: damaged halves the rolled points; beyond 12" is a programming error.
    const p = rollArtilleryFire({
      batteries: [{ unit: 'r', weight: 'light', kind: 'horse', condition: 'damaged', rangeTenths: 60, rocket: true }],
      target: { unit: 't', arm: 'cavalry' }, conditions: [],
    }, ON, scriptedDice([3, 2, 4, 4]));
    expect(p.result.batteries[0]).toMatchObject({ band: 'rocket', fullPoints: 5, halfPoints: 5 });
    expect(() => rollArtilleryFire({ batteries: [{ unit: 'r', weight: 'heavy', kind: 'horse', condition: 'full', rangeTenths: 121, rocket: true }], target: { unit: 't', arm: 'infantry' }, conditions: [] }, ON, scriptedDice([1, 1, 1])))
      .toThrow(/out of range/);
    expect(() => rollFinalFire({ battery: { unit: 'r', weight: 'light', kind: 'horse', condition: 'full', rocket: true }, attacker: { unit: 'a', arm: 'infantry' }, contact: 'front', conditions: [] }, ON, scriptedDice([1, 1])))
      .toThrow(/no final fire/);
  });

  it('with the setting off, a rocket battery fires from the Fire Points table (OPT-1)', async () => {
    const s = special(placed(await teachingState(), 'artillery', { 'fr-battery': [24, 8, N], 'au-1b': [24, 15, S] }), 'fr-battery', 'rocket', NW_SETTINGS_DEFAULTS);
    const r = artilleryPhase(s, undefined, scriptedDice([3, 3]));
    if (!r.ok) throw new Error(r.error.message);
    expect(rolls(r.value.events).map((e) => e.purpose)).toEqual(['artillery fire']);
    expect(notes(r.value.events).some((x) => x.includes('fr-battery light medium'))).toBe(true);
  });

  it('a rocket battery gets no final fire; failing to evade it is overrun at once, the attacker pays 1" and may go on', async () => {
    // fr-2b (French infantry, 10") charges the Austrian rocket battery 3.75" away; horse vs infantry evades on 6+.
    const s0 = await at({ 'fr-2b': [24, 10, N], 'au-battery': [24, 16, S] });
    const s = special(s0, 'au-battery', 'rocket');
    const r = maneuverPhase(s, { moves: [{ unit: 'fr-2b', to: 'contact au-battery' }] }, scriptedDice([6, 6, 1, 1]));
    expect(rolls(r.events).map((e) => e.purpose)).toEqual(['maneuver', 'artillery evasion']);
    expect(notes(r.events).join('\n')).toContain('rocket battery: no final fire');
    expect(r.state.batteries['au-battery']!.removed).toBe(true);
    expect(r.state.log.contacts).toEqual({});
    expect(r.state.log.moved).not.toContain('fr-2b');
    expect(r.state.log.rolls['fr-2b']).toMatchObject({ inches: 10 - 3.75 - 1, fraction: 'hold' });
    // It continues: 5" is within the 5.25" left, 6" is not — not even along the Vienna road (x 24):
    // no road bonus for a move that made contact (§9.5 note 6 L300).
    const mid = { ...r.state, phase: 'maneuver' as const };
    const far = moveAction(mid, { unit: 'fr-2b', to: 'forward 6in' }, scriptedDice([]));
    expect(!far.ok && far.error.code).toBe('maneuver/too-far');
    const on = moveAction(mid, { unit: 'fr-2b', to: 'forward 5in' }, scriptedDice([]));
    if (!on.ok) throw new Error(on.error.message);
    expect(on.value.state.units['fr-2b']!.pose.at.y).toBeCloseTo(r.state.units['fr-2b']!.pose.at.y + 5);
    expect(on.value.state.log.moved).toContain('fr-2b');
  });

  it('with the setting off, the same battery takes final fire and the contact stands (OPT-1)', async () => {
    const s0 = await at({ 'fr-2b': [24, 10, N], 'au-battery': [24, 16, S] });
    const s = special(s0, 'au-battery', 'rocket', NW_SETTINGS_DEFAULTS);
    const r = maneuverPhase(s, { moves: [{ unit: 'fr-2b', to: 'contact au-battery' }] }, scriptedDice([6, 6, 1, 1, 1, 1]));
    expect(rolls(r.events).map((e) => e.purpose)).toEqual(['maneuver', 'final fire', 'artillery evasion']);
    expect(r.state.batteries['au-battery']!.removed).toBe(false);
    expect(r.state.log.contacts).toEqual({ 'fr-2b': 'au-battery' });
  });

  it('a rocket battery moves as horse artillery (12")', async () => {
    const s0 = await at({ 'au-battery': [24, 30, S] }, {}, 'austrians');
    expect(allowanceOf(s0, pieceOf(s0, 'au-battery')!).inches).toBe(8);
    const s = special(s0, 'au-battery', 'rocket');
    expect(allowanceOf(s, pieceOf(s, 'au-battery')!).inches).toBe(12);
  });
});
