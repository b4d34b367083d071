import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDistance, basePolygon, type Base } from '../../../src/rules/geometry';
import { averageQuality as averageBattalionQuality } from '../../../src/rules/nw/build';
import { buildNwState, loadNwScenarioFile, type NwScenarioData } from '../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { artilleryPhase } from '../../../src/rules/nw/phases/artillery';
import { combatPhase } from '../../../src/rules/nw/phases/combat';
import { infantryCategoryOfUnit, nationOf, type NwState } from '../../../src/rules/nw/state';
import { scriptedDice } from '../../../src/dice/dice';
import { ATTACHED_BATTERY_SP, fatigueLevels, strengthPoints } from '../../../src/rules/nw/tables/fatigue';
import { adcCount, BASES_INCHES, commandRange, commandRangeFormula, generalCount } from '../../../src/rules/nw/tables/leaders';
import type { Quality, Skill } from '../../../src/rules/nw/tables/vocabulary';
import { formatScenarioError, loadScenarioFile, SHIPPED_SCENARIOS, type Scenario } from '../../../src/rules/scenario';
import { rulesText } from '../../helpers/rules-text';

/**
 * Quatre Bras, 16 June 1815 (assets/scenarios/nw/quatre-bras.yaml): the order of battle is
 * recomputed here from the historical strengths, the National Unit Ratings and the Officer
 * Ratings rows the scenario cites (NW Ch.II §2-3; the QB-n rulings are in the file's header).
 */

const FILE = join(SHIPPED_SCENARIOS, 'nw', 'quatre-bras.yaml');
const RULES_TEXT = rulesText('napoleons-wars.txt');
const MODE = NW_SETTINGS_DEFAULTS.rounding.mode;

// ---------------------------------------------------------------------------------------------
// Historical strengths (men), battalion qualities (QB-2) and divisional-battery s.p. (QB-4)

/** `n` battalions (or squadrons) of one quality, with the National Unit Ratings line it comes from. */
const bns = (n: number, q: Quality): Quality[] => Array.from({ length: n }, () => q);

interface Brigade {
  readonly side: 'french' | 'allies';
  readonly men: number;
  readonly arm: 'infantry' | 'cavalry';
  /** Qualities of its battalions (regiments for cavalry), from the National Unit Ratings. */
  readonly parts: readonly Quality[];
  /** s.p. from divisional batteries (Ch.II §2.5 L494). */
  readonly artillery: number;
  readonly sk: 0 | 1 | 2;
}

const B = (side: Brigade['side'], men: number, arm: Brigade['arm'], parts: Quality[], artillery: number, sk: Brigade['sk']): Brigade => ({ side, men, arm, parts, artillery, sk });

/**
 * French: Légère 1815 Veteran SK2 (L976), Ligne 1815 Line SK2 (L982), chasseurs Line (L1004),
 * lancers Veteran (L1001), dragoons Line (L996), cuirassiers Elite (L994).
 * Allies: Guard (L861), Rifles/Highlanders taken Elite (L862-863, QB-3), line Veteran (L864),
 * Brunswick lights Veteran (L865), line Line (L866), cavalry Line (L881, QB-3), Nassau Line
 * (L868), Dutch-Belgian line and lights Conscript (L869-870), militia Militia (L871),
 * Hanoverian line Conscript (L872), Landwehr Militia (L873), Dutch-Belgian light cavalry
 * Conscript (L883-884).
 */
const BRIGADES: Readonly<Record<string, Brigade>> = {
  husson: B('french', 2240, 'infantry', [...bns(4, 'veteran'), ...bns(2, 'line')], 1, 2),
  campi: B('french', 1860, 'infantry', bns(5, 'line'), 1, 2),
  bauduin: B('french', 3600, 'infantry', [...bns(4, 'veteran'), ...bns(2, 'line')], 1, 2),
  soye: B('french', 4200, 'infantry', bns(7, 'line'), 1, 2),
  gauthier: B('french', 2180, 'infantry', bns(5, 'line'), 1, 2),
  jamin: B('french', 2620, 'infantry', [...bns(3, 'line'), ...bns(3, 'veteran')], 1, 2),
  hubert: B('french', 1050, 'cavalry', bns(2, 'line'), 0, 0),
  wathiez: B('french', 830, 'cavalry', bns(2, 'veteran'), 0, 0),
  picquet: B('french', 1000, 'cavalry', bns(2, 'line'), 0, 0),
  guiton: B('french', 780, 'cavalry', bns(2, 'elite'), 0, 0),
  bylandt: B('allies', 3230, 'infantry', ['conscript', 'conscript', ...bns(3, 'militia')], 2, 1),
  'nassau-2': B('allies', 2880, 'infantry', bns(3, 'line'), 1, 1),
  'orange-nassau': B('allies', 1590, 'infantry', bns(2, 'line'), 1, 1),
  'van-merlen': B('allies', 1080, 'cavalry', bns(2, 'conscript'), 0, 0),
  halkett: B('allies', 2250, 'infantry', bns(4, 'veteran'), 2, 2),
  kielmansegge: B('allies', 3190, 'infantry', bns(6, 'conscript'), 2, 1),
  maitland: B('allies', 2000, 'infantry', bns(2, 'guard'), 1, 2),
  byng: B('allies', 2060, 'infantry', bns(2, 'guard'), 1, 2),
  'kempt-bde': B('allies', 2470, 'infantry', ['veteran', 'veteran', 'elite', 'elite'], 1, 2),
  pack: B('allies', 2170, 'infantry', ['veteran', 'elite', 'veteran', 'elite'], 1, 2),
  best: B('allies', 2580, 'infantry', bns(4, 'militia'), 2, 0),
  buttlar: B('allies', 2690, 'infantry', bns(4, 'veteran'), 0, 2),
  specht: B('allies', 2020, 'infantry', bns(3, 'line'), 0, 1),
  avantgarde: B('allies', 670, 'infantry', bns(1, 'veteran'), 0, 2),
  'brunswick-cavalry': B('allies', 920, 'cavalry', bns(2, 'line'), 0, 0),
};

/** Divisional batteries (all 6-9 lb, medium: ATTACHED_BATTERY_SP.medium each) and the brigades that share them (QB-4). */
const DIVISION_BATTERIES: Readonly<Record<string, { batteries: number; brigades: readonly string[] }>> = {
  'Bachelu (5th)': { batteries: 1, brigades: ['husson', 'campi'] },
  'Jérôme (6th)': { batteries: 1, brigades: ['bauduin', 'soye'] },
  'Foy (9th)': { batteries: 1, brigades: ['gauthier', 'jamin'] },
  'Perponcher (Stevenart, Bijleveld)': { batteries: 2, brigades: ['bylandt', 'nassau-2', 'orange-nassau'] },
  'Picton (Rogers, Braun)': { batteries: 2, brigades: ['kempt-bde', 'pack', 'best'] },
  'Alten (Lloyd, Cleeves)': { batteries: 2, brigades: ['halkett', 'kielmansegge'] },
  'Cooke (Kuhlmann)': { batteries: 1, brigades: ['maitland', 'byng'] },
};

/** QB-2 = BD-1: the battalions' average score, NW-rounded (L471, L482; src/rules/nw/build/quality.ts). */
const averageQuality = (parts: readonly Quality[]): Quality => averageBattalionQuality(parts, MODE);

// ---------------------------------------------------------------------------------------------
// Officer ratings

/** A row of the Officer Ratings lists as printed (tab-separated: name, Army, Div/Corp/Wing, Valorous). */
interface CleanRow { readonly line: number; readonly row: string }
interface Rating {
  readonly skill: Skill;
  readonly valorous: boolean;
  /** The clean row it comes from, or null (HR N-32: no clean row; rated in the scenario). */
  readonly source: CleanRow | null;
  /** Which column of the row: the CinC takes Army, a commander Div/Corp/Wing. */
  readonly column?: 'army' | 'corps';
}

const RATINGS: Readonly<Record<string, Rating>> = {
  ney: { skill: 'average', valorous: false, source: { line: 1317, row: 'Ney\tAverage\tAverage\tV' }, column: 'army' },
  reille: { skill: 'good', valorous: false, source: { line: 1321, row: 'Reille\tAverage\tGood\t' }, column: 'corps' },
  kellermann: { skill: 'good', valorous: true, source: { line: 1299, row: 'Kellerman Jr.\t\tGood\tV' }, column: 'corps' },
  wellington: { skill: 'excellent', valorous: false, source: { line: 1210, row: 'Wellington\tExcellent\tExcellent\t' }, column: 'army' },
  picton: { skill: 'excellent', valorous: true, source: { line: 1208, row: 'Picton\t\tExcellent\tV' }, column: 'corps' },
  orange: { skill: 'average', valorous: false, source: null },
  perponcher: { skill: 'good', valorous: false, source: null },
  brunswick: { skill: 'average', valorous: true, source: null },
  alten: { skill: 'good', valorous: false, source: null },
  cooke: { skill: 'average', valorous: false, source: null },
};

/** Reads a clean row: the skill in a column and the V mark. */
function readRow(row: string, column: 'army' | 'corps'): { skill: Skill; valorous: boolean } {
  const [, army = '', corps = '', v = ''] = row.split('\t');
  const word = (column === 'army' ? army : corps).trim().toLowerCase();
  expect(['excellent', 'good', 'average', 'poor']).toContain(word);
  expect(['', 'V']).toContain(v.trim());
  return { skill: word as Skill, valorous: v.trim() === 'V' };
}

/** How each commander's range is figured (QB-7): French corps; Allied wing (corps, "others") and divisions. */
const RANGE_KIND: Readonly<Record<string, { french: boolean; british: boolean; divisional: boolean }>> = {
  reille: { french: true, british: false, divisional: false },
  kellermann: { french: true, british: false, divisional: false },
  orange: { french: false, british: false, divisional: false },
  perponcher: { french: false, british: false, divisional: true },
  picton: { french: false, british: true, divisional: true },
  brunswick: { french: false, british: false, divisional: true },
  alten: { french: false, british: true, divisional: true },
  cooke: { french: false, british: true, divisional: true },
};

// ---------------------------------------------------------------------------------------------

let data: NwScenarioData;
let state: NwState;
let shared: Scenario;

beforeAll(async () => {
  const r = await loadNwScenarioFile(FILE, NW_SETTINGS_DEFAULTS);
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  data = r.value;
  state = buildNwState(data, NW_SETTINGS_DEFAULTS);
  const s = await loadScenarioFile(FILE);
  if (!s.ok) throw new Error(s.error.map(formatScenarioError).join('\n'));
  shared = s.value;
});

const brigadesOf = (side: string) => Object.values(state.units).filter((u) => u.side === side);
const spOf = (side: string) => brigadesOf(side).reduce((s, u) => s + u.sp, 0);

describe('Quatre Bras, 16 June 1815 (assets/scenarios/nw/quatre-bras.yaml)', () => {
  it('loads through the NW loader without label warnings, 14:00-21:30 in 15 half-hour turns at 1" = 100 yd', () => {
    expect(data.warnings).toEqual([]);
    expect(state.lastTurn).toBe(15);
    expect(state.clock).toEqual({ start: 14 * 60, turnMinutes: 30 });
    expect(state.map.yardsPerInch).toBe(100);
    expect(shared.meta.historical).toBe(true);
    expect(shared.meta.sources.length).toBeGreaterThanOrEqual(4);
    for (const name of ['Hofschröer', 'Siborne', 'Adkin']) expect(shared.meta.sources.some((s) => s.includes(name))).toBe(true);
  });

  it('has at least 25 brigades: 10 French (55 s.p.) and 15 Allied (93 s.p.), 3 and 2 battery stands', () => {
    expect(Object.keys(state.units).length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(state.units).sort()).toEqual(Object.keys(BRIGADES).sort());
    expect(brigadesOf('french')).toHaveLength(10);
    expect(brigadesOf('allies')).toHaveLength(15);
    expect(spOf('french')).toBe(55);
    expect(spOf('allies')).toBe(93);
    expect(Object.values(state.batteries).filter((b) => b.side === 'french')).toHaveLength(3);
    expect(Object.values(state.batteries).filter((b) => b.side === 'allies')).toHaveLength(2);
  });

  describe('every brigade is figured from its historical strength (Ch.II §2.1 L473-482, §2.5 L494)', () => {
    for (const [id, b] of Object.entries(BRIGADES)) {
      it(`${id}: ${b.men} men`, () => {
        const u = state.units[id]!;
        const quality = averageQuality(b.parts);
        expect(u.side).toBe(b.side);
        expect(u.arm).toBe(b.arm);
        expect(u.quality).toBe(quality);
        expect(u.sk).toBe(b.sk);
        const sp = strengthPoints(b.men, quality, b.arm, MODE) + b.artillery;
        expect(u.spStart).toBe(sp);
        expect(u.sp).toBe(sp);
        // Both readings of ".1-.5 down, .6+ up" (HR N-4) give the same s.p.
        expect(strengthPoints(b.men, quality, b.arm, 'half-down') + b.artillery).toBe(sp);
        expect(sp).toBeGreaterThanOrEqual(2);
        expect(sp).toBeLessThanOrEqual(12); // Ch.II §2.2 L486
        expect(u.levels).toEqual(fatigueLevels(sp, quality));
        // The YAML note records the same strength.
        const note = shared.orderOfBattle[b.side]!.corps.flatMap((c) => c.divisions).find((x) => x.id === id)!.note ?? '';
        expect(note.startsWith(`${b.men.toLocaleString('en-GB')} men`)).toBe(true);
      });
    }
  });

  it('shares each divisional battery (medium: 2 s.p.) as evenly as it can (Ch.II §2.5 L494)', () => {
    const counted = new Set<string>();
    for (const [division, { batteries, brigades }] of Object.entries(DIVISION_BATTERIES)) {
      const shares = brigades.map((id) => BRIGADES[id]!.artillery);
      expect(shares.reduce((s, x) => s + x, 0), division).toBe(batteries * ATTACHED_BATTERY_SP.medium);
      expect(Math.max(...shares) - Math.min(...shares), division).toBeLessThanOrEqual(1);
      for (const id of brigades) counted.add(id);
    }
    for (const [id, b] of Object.entries(BRIGADES)) if (!counted.has(id)) expect(b.artillery, id).toBe(0);
  });

  it('rates the CinCs and commanders from the clean Officer Ratings rows it cites', () => {
    const text = readFileSync(RULES_TEXT, 'utf8').split('\n');
    const officers = { ...Object.fromEntries(Object.values(state.armies).map((a) => [a.cinc.id, { skill: a.cinc.skill, valorous: false }])), ...state.commanders };
    expect(Object.keys(officers).sort()).toEqual(Object.keys(RATINGS).sort());
    for (const [id, r] of Object.entries(RATINGS)) {
      const o = officers[id]!;
      expect({ id, skill: o.skill, valorous: o.valorous }).toEqual({ id, skill: r.skill, valorous: r.valorous });
      if (!r.source) continue;
      // The cited line is the row, and the rating is read from it.
      expect(text[r.source.line - 1]!.trimEnd(), `L${r.source.line}`).toBe(r.source.row.trimEnd());
      const read = readRow(r.source.row, r.column!);
      expect(read.skill, id).toBe(r.skill);
      // A CinC carries no (V) (QB-11, NT-17): Ney's V is not used.
      if (r.column === 'corps') expect(read.valorous, id).toBe(r.valorous);
    }
  });

  it('gives the CinCs their presence bonus and ADCs (Ch.II §3.1 L549, §3.3 L575)', () => {
    expect(state.armies['french']!.cinc).toMatchObject({ id: 'ney', presence: 1, isNapoleon: false, onTable: true });
    expect(state.armies['allies']!.cinc).toMatchObject({ id: 'wellington', presence: 3, onTable: false });
    for (const side of ['french', 'allies']) {
      const cinc = state.armies[side]!.cinc;
      const adcs = Object.values(state.generals).filter((g) => g.side === side && g.kind === 'adc');
      expect(adcs).toHaveLength(adcCount(cinc.skill, cinc.isNapoleon));
    }
  });

  it('figures every command range by the text\'s formula, counting every unit of the command (Ch.II §3.1 L553-557, §3.11 L561)', () => {
    for (const [id, kind] of Object.entries(RANGE_KIND)) {
      const c = state.commanders[id]!;
      const command = state.commands[c.command]!;
      const units = command.units.length + command.batteries.length;
      const want = commandRange(commandRangeFormula(c.skill, kind), units);
      expect({ id, range: c.rangeInches, base: c.baseRangeInches }).toEqual({ id, range: want.range, base: want.base });
    }
    expect(state.commanders['reille']!.rangeInches).toBe(14);
    expect(state.commanders['orange']!.rangeInches).toBe(7);
    expect(state.commanders['picton']!.rangeInches).toBe(4.5);
  });

  it('has the generals Ch.II §3.3 L575 allows: infantry and cavalry brigades / 6 (French or British), NW-rounded', () => {
    for (const side of ['french', 'allies']) {
      const generals = Object.values(state.generals).filter((g) => g.side === side && g.kind !== 'adc');
      expect(generals).toHaveLength(generalCount(brigadesOf(side).length, 'french-or-british', MODE));
      expect(generals).toHaveLength(2);
      for (const g of generals) expect(g.command, g.id).not.toBeNull();
    }
    expect(state.generals['foy']!.command).toBe('ii-corps');
    expect(state.generals['saxe-weimar']!.command).toBe('nl-2nd-division');
    expect(state.generals['kempt']!.command).toBe('fifth-division');
  });

  it('deploys every piece on the table at 14:00 without overlapping bases', () => {
    const { width, height } = state.map.table;
    const pieces: { id: string; base: Base }[] = [
      ...Object.values(state.units).filter((u) => u.onTable).map((u) => ({ id: u.id, base: { pose: u.pose, size: u.base } })),
      ...Object.values(state.batteries).filter((b) => b.onTable).map((b) => ({ id: b.id, base: { pose: b.pose, size: b.base } })),
    ];
    const sq = (n: number) => ({ width: n, depth: n });
    const officers: { id: string; base: Base }[] = [
      ...Object.values(state.armies).filter((a) => a.cinc.onTable).map((a) => ({ id: a.cinc.id, base: { pose: a.cinc.pose, size: sq(BASES_INCHES.cinc) } })),
      ...Object.values(state.commanders).filter((c) => c.onTable && !c.attachedTo).map((c) => ({ id: c.id, base: { pose: c.pose, size: sq(BASES_INCHES.commander) } })),
      ...Object.values(state.generals).filter((g) => g.onTable && !g.attachedTo).map((g) => ({ id: g.id, base: { pose: g.pose, size: sq(BASES_INCHES.general) } })),
    ];
    expect(pieces.length).toBe(10); // 6 French brigades and a battery, 3 Netherlands units
    const all = [...pieces, ...officers];
    for (const p of all) {
      for (const c of basePolygon(p.base)) {
        expect(c.x, p.id).toBeGreaterThanOrEqual(0);
        expect(c.x, p.id).toBeLessThanOrEqual(width);
        expect(c.y, p.id).toBeGreaterThanOrEqual(0);
        expect(c.y, p.id).toBeLessThanOrEqual(height);
      }
    }
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) expect(baseDistance(all[i]!.base, all[j]!.base), `${all[i]!.id} / ${all[j]!.id}`).toBeGreaterThan(0);
    }
    // An attached general stands with his brigade.
    const sw = state.generals['saxe-weimar']!;
    expect(sw.attachedTo).toBe('orange-nassau');
    expect(state.units['orange-nassau']!.attachedGeneral).toBe('saxe-weimar');
    expect(sw.pose.at).toEqual(state.units['orange-nassau']!.pose.at);
  });

  it('brings every other piece on once, within the game, on a table edge and facing inwards', () => {
    const { width, height } = state.map.table;
    const onTable = new Set([
      ...Object.values(state.units).filter((u) => u.onTable).map((u) => u.id),
      ...Object.values(state.batteries).filter((b) => b.onTable).map((b) => b.id),
      ...Object.values(state.commanders).filter((c) => c.onTable).map((c) => c.id),
      ...Object.values(state.generals).filter((g) => g.onTable).map((g) => g.id),
      ...Object.values(state.armies).filter((a) => a.cinc.onTable).map((a) => a.cinc.id),
    ]);
    const every = [
      ...Object.keys(state.units), ...Object.keys(state.batteries), ...Object.keys(state.commanders), ...Object.keys(state.generals),
      ...Object.values(state.armies).map((a) => a.cinc.id),
    ];
    const arriving = state.reinforcements.flatMap((r) => r.pieces);
    expect(new Set(arriving).size).toBe(arriving.length);
    expect([...onTable, ...arriving].sort()).toEqual([...every].sort());
    for (const r of state.reinforcements) {
      expect(r.turn).toBeGreaterThanOrEqual(2);
      expect(r.turn).toBeLessThanOrEqual(state.lastTurn);
      const { x, y } = r.at;
      const edge = x === 0 ? 90 : x === width ? 270 : y === 0 ? 0 : y === height ? 180 : null;
      expect(edge, `${r.pieces.join(',')} enter at ${x},${y}`).not.toBeNull();
      expect(r.facing).toBe(edge);
    }
    const turnOf = (id: string) => state.reinforcements.find((r) => r.pieces.includes(id))!.turn;
    // QB-13: Jérôme and Picton 15:00, Brunswick 15:30, Kellermann 16:30, Alten 17:00, Cooke 18:30.
    expect([turnOf('bauduin'), turnOf('kempt-bde'), turnOf('buttlar'), turnOf('guiton'), turnOf('halkett'), turnOf('maitland')]).toEqual([3, 3, 4, 6, 7, 10]);
  });

  it('is won on the crossroads, Gemioncourt, the Bossu wood, Piraumont and Pierrepont, or by an army breaking', () => {
    expect(state.victory.objectives.map((o) => [o.name, o.points])).toEqual([
      ['Quatre Bras crossroads', 3],
      ['Gemioncourt', 2],
      ['Bossu wood north end', 1],
      ['Piraumont', 1],
      ['Grand-Pierrepont', 1],
    ]);
    expect(state.victory.drawMargin).toBe(1);
    expect(shared.victory.collapse.map((c) => [c.side, c.standsLostPercent])).toEqual([['french', 40], ['allies', 35]]);
    expect(state.armies['french']!.morale).toBe('good');
    expect(state.armies['allies']!.morale).toBe('average');
    const kinds = new Set(state.map.terrain.map((t) => t.kind));
    for (const k of ['road', 'stream', 'bridge', 'woods', 'built-up', 'marsh'] as const) expect(kinds).toContain(k);
    const wood = state.map.terrain.find((t) => t.id === 'bossu-wood')!;
    expect(wood).toMatchObject({ kind: 'woods', difficult: true, blocksLos: true });
  });
});

// ---------------------------------------------------------------------------------------------
// QB-17: nations per piece (NAT-1) and armoured cavalry (CV-9), as a game plays them

/** The Dutch-Belgian, Nassau, Brunswick and Hanoverian pieces (QB-17); every other Allied piece is British. */
const CONTINGENTS = {
  infantry: ['bylandt', 'nassau-2', 'orange-nassau', 'kielmansegge', 'best', 'buttlar', 'specht', 'avantgarde'],
  cavalry: ['van-merlen', 'brunswick-cavalry'],
  batteries: ['brunswick-horse', 'brunswick-foot'],
} as const;
const BRITISH = ['halkett', 'maitland', 'byng', 'kempt-bde', 'pack'];

/**
 * The opening state in the French combat phase with two pieces set face to face in the open west
 * of the Bossu wood (x 8: no terrain within 6"), the attacker south facing north, bases touching.
 */
function faceToFace(attacker: string, defender: string): NwState {
  const at = (id: string, y: number, facing: number) => ({ ...state.units[id]!, onTable: true, pose: { at: { x: 8, y }, facing } });
  return { ...state, phase: 'combat', phasing: 'french', playerTurn: 1, units: { ...state.units, [attacker]: at(attacker, 28, 0), [defender]: at(defender, 31, 180) } };
}

/** The modifiers each side of the one combat took (the first roll of each: `combat (attacker)`, `combat (defender)`). */
function combatModifiers(s: NwState): { attacker: string[]; defender: string[] } {
  const r = combatPhase(s, {}, scriptedDice([3, 3, 3, 3, 3, 3, 3, 3]));
  if (!r.ok) throw new Error(r.error.message);
  const roll = (purpose: string) => {
    const e = r.value.events.find((x) => x.kind === 'roll' && (x as { purpose?: string }).purpose === purpose) as { modifiers?: readonly { label: string }[] } | undefined;
    if (!e) throw new Error(`no ${purpose} roll`);
    return (e.modifiers ?? []).map((m) => m.label.split(' ')[0]!);
  };
  return { attacker: roll('combat (attacker)'), defender: roll('combat (defender)') };
}

describe('Quatre Bras QB-17: nations per piece and Guiton\'s cuirassiers', () => {
  it('gives the Dutch-Belgian, Nassau, Brunswick and Hanoverian pieces nation other (infantry allied to British); the British read the army\'s', () => {
    for (const id of CONTINGENTS.infantry) expect([id, state.units[id]!.nation, state.units[id]!.alliedTo]).toEqual([id, 'other', 'british']);
    for (const id of CONTINGENTS.cavalry) expect([id, state.units[id]!.nation, state.units[id]!.alliedTo]).toEqual([id, 'other', undefined]);
    for (const id of CONTINGENTS.batteries) expect([id, nationOf(state, state.batteries[id]!)]).toEqual([id, 'other']);
    for (const id of BRITISH) expect([id, state.units[id]!.nation, nationOf(state, state.units[id]!)]).toEqual([id, undefined, 'british']);
    // The French and the Allied army's other pieces carry no nation of their own.
    const own = [...Object.values(state.units), ...Object.values(state.batteries)].filter((p) => p.nation !== undefined).map((p) => p.id).sort();
    expect(own).toEqual([...CONTINGENTS.infantry, ...CONTINGENTS.cavalry, ...CONTINGENTS.batteries].sort());
    expect(state.armies['allies']!.nation).toBe('british');
  });

  it('keeps every Allied infantry brigade at 10": British, or "British allied infantry 1811+" in 1815 (chart L655-656)', () => {
    expect(state.year).toBe(1815);
    for (const id of [...CONTINGENTS.infantry, ...BRITISH]) expect([id, infantryCategoryOfUnit(state, state.units[id]!)]).toEqual([id, 'fast-infantry']);
    // Without its patron a Nassau brigade would move 8" ("All other infantry", chart L658).
    expect(infantryCategoryOfUnit(state, { ...state.units['nassau-2']!, alliedTo: undefined })).toBe('other-infantry');
  });

  it('marks Guiton\'s cuirassiers armoured and no other brigade', () => {
    expect(Object.values(state.units).filter((u) => u.armoured).map((u) => u.id)).toEqual(['guiton']);
  });

  it('in combat: Guiton\'s cuirassiers cost their foe −1 (chart L786); Halkett defends with the British +1 (chart L788), Bylandt and Best without it', () => {
    const halkett = combatModifiers(faceToFace('guiton', 'halkett'));
    expect(halkett.defender).toEqual(expect.arrayContaining(['versus-armored-cavalry', 'russian-or-british-infantry-defending']));
    expect(halkett.attacker).not.toContain('versus-armored-cavalry');
    for (const id of ['bylandt', 'best']) {
      const m = combatModifiers(faceToFace('guiton', id));
      expect(m.defender, id).toContain('versus-armored-cavalry');
      expect(m.defender, id).not.toContain('russian-or-british-infantry-defending');
    }
    // Picquet's dragoons are not armoured.
    expect(combatModifiers(faceToFace('picquet', 'halkett')).defender).not.toContain('versus-armored-cavalry');
  });

  it('in fire: the Brunswick foot battery fires without the British +1 (L187, chart L742); the French 12 lb with the French +1', () => {
    // Battery at x 8, y 24 facing the target 4" off (in the open, west of the Bossu wood).
    const fire = (battery: string, target: string, side: string): string[] => {
      const s: NwState = {
        ...state, phase: 'artillery', phasing: side, playerTurn: 1,
        batteries: { ...state.batteries, [battery]: { ...state.batteries[battery]!, onTable: true, pose: { at: { x: 8, y: 24 }, facing: 0 } } },
        units: { ...state.units, [target]: { ...state.units[target]!, onTable: true, pose: { at: { x: 8, y: 30 }, facing: 180 } } },
      };
      const r = artilleryPhase(s, { [battery]: target }, scriptedDice([4, 4, 3, 3, 3, 3]));
      if (!r.ok) throw new Error(r.error.message);
      const roll = r.value.events.find((e) => e.kind === 'roll' && /fire/u.test(String((e as { purpose?: string }).purpose))) as { modifiers?: readonly { label: string }[] } | undefined;
      if (!roll) throw new Error(`${battery} did not fire`);
      return (roll.modifiers ?? []).map((m) => m.label.split(' ')[0]!);
    };
    expect(fire('brunswick-foot', 'husson', 'allies')).not.toContain('british-or-french-artillery');
    expect(fire('ii-corps-12lb', 'bylandt', 'french')).toContain('british-or-french-artillery');
  });
});
