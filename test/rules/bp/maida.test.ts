import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { bp } from '../../../src/rules/bp';
import { BP_PROFILE } from '../../../src/rules/bp/profile';
import { buildBpState, bpScenarioData, type BpScenarioData } from '../../../src/rules/bp/scenario';
import { BP_SETTINGS_DEFAULTS } from '../../../src/rules/bp/settings';
import { standBases, type BpState } from '../../../src/rules/bp/state';
import { collapsed, objectiveHolders, standsLostPercent } from '../../../src/rules/bp/victory';
import { ORGANISATION, SCALE } from '../../../src/rules/bp/tables/organisation';
import { baseDistance, basePolygon, terrainAt, type Point } from '../../../src/rules/geometry';
import { pointSegmentDistance } from '../../../src/rules/geometry/primitives';
import { playBp } from '../../helpers/bp-game';
import { formatScenarioError, loadScenarioFile, SHIPPED_SCENARIOS, turnClock, type Deployment, type Scenario, type Unit } from '../../../src/rules/scenario';

/**
 * Maida, 4 July 1806 (assets/scenarios/bp/maida.yaml): loaded through the shared loader with
 * B&P's profile, every unit's figures recomputed here from the men the file's notes give at
 * B&P's 1:60 (L12), the side totals checked against the accounts' totals, and a B&P state
 * built from it.
 */

const FILE = join(SHIPPED_SCENARIOS, 'bp', 'maida.yaml');

/** Men per figure (B&P L12: 1:60, "an average infantry battalion will represent 720 men"). */
const MEN_PER_FIGURE = SCALE.menPerFigure;

/**
 * Men present, unit by unit, as the scenario's notes give them (est. = our estimate; derived =
 * from a total). Batteries are absent: a B&P battery is one gun and four crew whatever its size.
 */
const MEN: Readonly<Record<string, { readonly side: 'british' | 'french'; readonly men: number }>> = {
  'light-bn': { side: 'british', men: 700 }, // est., seven light companies
  'corsican-rangers': { side: 'british', men: 300 }, // est., 2 companies c. 150 + Sicilian volunteers c. 150
  'foot-78th': { side: 'british', men: 700 }, // est.
  'foot-81st': { side: 'british', men: 600 }, // est.
  'grenadier-bn': { side: 'british', men: 480 }, // est., six companies of c. 80
  'foot-27th': { side: 'british', men: 680 }, // est.
  'light-dragoons-20th': { side: 'british', men: 16 }, // Oman: sixteen orderly dragoons
  'foot-58th': { side: 'british', men: 580 }, // est.
  watteville: { side: 'british', men: 430 }, // est., the part present on the field
  'foot-20th': { side: 'british', men: 550 }, // c. 550
  'leger-1-i': { side: 'french', men: 680 }, // 1er Léger 1,360 in two battalions
  'leger-1-ii': { side: 'french', men: 680 },
  'ligne-42-i': { side: 'french', men: 520 }, // 42e 1,040 in two battalions
  'ligne-42-ii': { side: 'french', men: 520 },
  'polish-i': { side: 'french', men: 468.5 }, // Polish 937 in two battalions
  'polish-ii': { side: 'french', men: 468.5 },
  swiss: { side: 'french', men: 563 }, // derived: Peyri's 1,500 less the Poles' 937
  'leger-23-i': { side: 'french', men: 500 }, // derived: 5,300 - 2,400 - 1,500 - 300 - 100 = 1,000 in two battalions
  'leger-23-ii': { side: 'french', men: 500 },
  'chasseurs-9': { side: 'french', men: 300 }, // est.
};

/** Batteries: one gun and four crew figures each (L12). */
const BATTERIES: Readonly<Record<string, 'british' | 'french'>> = { 'mountain-battery': 'british', 'field-battery': 'british', 'french-battery': 'french' };

/**
 * The accounts' totals of all arms on the field, and the gunners among them. British: c. 5,236
 * including the 20th (c. 150 gunners, Oman); French: c. 5,300 with six guns (c. 100 gunners, est.).
 */
const HISTORICAL = { british: { all: 5236, gunners: 150 }, french: { all: 5300, gunners: 100 } } as const;

/** The file's stated rounding: each unit to the nearest figure, at least one. */
const figuresFor = (men: number): number => Math.max(1, Math.round(men / MEN_PER_FIGURE));

let sc: Scenario;
const units = (side: string): Unit[] => sc.orderOfBattle[side]!.corps.flatMap((c) => c.divisions);
const allUnits = (): Unit[] => sc.sides.flatMap((s) => units(s.id));
const deployed = (id: string): Deployment | undefined => sc.deployment.find((d) => d.piece === id);
const figuresOf = (u: Unit): number => (u.strength.kind === 'figures' ? u.strength.figures : Number.NaN);

beforeAll(async () => {
  const r = await loadScenarioFile(FILE, { profiles: { bp: BP_PROFILE } });
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  sc = r.value;
});

describe('Maida, 4 July 1806 (assets/scenarios/bp/maida.yaml)', () => {
  it('is a historical B&P scenario naming Oman, Fortescue and Hopton, 09:00 to 10:30 in 5-minute turns at 1" = 30 yd', () => {
    expect(sc.meta).toMatchObject({ id: 'maida', ruleset: 'bp', name: 'Maida, 4 July 1806', date: '1806-07-04', historical: true, firstTurn: '09:00', turnMinutes: 5, turns: 18, scale: { yardsPerInch: 30 } });
    for (const name of ['Oman', 'Fortescue', 'Hopton']) expect(sc.meta.sources.some((s) => s.includes(name)), name).toBe(true);
    expect(turnClock(sc.meta, 1)).toBe('09:00');
    expect(turnClock(sc.meta, sc.meta.turns)).toBe('10:25');
    expect(sc.map.table).toEqual({ width: 72, height: 48 });
  });

  it('sets Stuart against Reynier, with a command figure for every brigadier', () => {
    const commander = (side: string) => sc.orderOfBattle[side]!.generals.find((g) => g.id === sc.sides.find((s) => s.id === side)!.commander)!;
    expect(sc.sides.map((s) => s.id)).toEqual(['british', 'french']);
    expect(commander('british')).toMatchObject({ name: 'Maj-Gen Sir John Stuart', level: 'army' });
    expect(commander('french')).toMatchObject({ name: 'Général de division Jean Reynier', level: 'army' });
    // The brigade level of the order of battle (issue 10 part 2): one force a side, brigades under it.
    expect(sc.orderOfBattle.british!.corps.map((c) => c.general)).toEqual(['stuart']);
    expect(sc.orderOfBattle.french!.corps.map((c) => c.general)).toEqual(['reynier']);
    expect(sc.orderOfBattle.british!.brigades?.map((b) => b.general)).toEqual(['kempt', 'acland', 'cole', 'oswald', 'ross']);
    expect(sc.orderOfBattle.french!.brigades?.map((b) => b.general)).toEqual(['compere', 'peyri', 'digonet', 'franceschi']);
    for (const side of ['british', 'french']) {
      const ids = new Set(sc.orderOfBattle[side]!.brigades!.map((b) => b.id));
      for (const u of units(side)) expect(ids.has(u.brigade ?? ''), u.id).toBe(true);
    }
  });

  it('has the battalions the accounts name, and no others', () => {
    expect(units('british').map((u) => u.id).sort()).toEqual([...Object.keys(MEN).filter((id) => MEN[id]!.side === 'british'), 'mountain-battery', 'field-battery'].sort());
    expect(units('french').map((u) => u.id).sort()).toEqual([...Object.keys(MEN).filter((id) => MEN[id]!.side === 'french'), 'french-battery'].sort());
    expect(units('french').find((u) => u.id === 'chasseurs-9')?.arm).toBe('light-cavalry');
    expect(units('british').find((u) => u.id === 'light-dragoons-20th')?.arm).toBe('light-cavalry');
  });

  describe('every unit is its men at 1:60, rounded to the nearest figure (L12)', () => {
    for (const [id, { men }] of Object.entries(MEN)) {
      it(`${id}: ${men} men -> ${figuresFor(men)} figures`, () => {
        const u = allUnits().find((x) => x.id === id)!;
        expect(u.strength.kind).toBe('figures');
        expect(figuresOf(u)).toBe(figuresFor(men));
        // The note shows the same arithmetic.
        expect(u.note).toContain(`${figuresFor(men)} figure`);
        // Stands: three infantry or two cavalry figures a stand (L12), the last one short.
        const perStand = u.arm === 'infantry' ? ORGANISATION.infantry.figuresPerStand : ORGANISATION.cavalry.figuresPerStand;
        expect(u.stands).toBe(Math.ceil(figuresOf(u) / perStand));
      });
    }
    it('a battery is one gun and four crew figures (L12)', () => {
      for (const id of Object.keys(BATTERIES)) {
        const u = allUnits().find((x) => x.id === id)!;
        expect(u.arm, id).toBe('artillery');
        expect(figuresOf(u), id).toBe(ORGANISATION.artillery.figuresPerUnit);
      }
    });
  });

  it('the figure totals match the historical totals within the rounding: British 85 (5,036 men), French 86 (5,200 men)', () => {
    for (const side of ['british', 'french'] as const) {
      const troops = units(side).filter((u) => u.arm !== 'artillery');
      const figures = troops.reduce((n, u) => n + figuresOf(u), 0);
      const men = Object.values(MEN).filter((m) => m.side === side).reduce((n, m) => n + m.men, 0);
      expect({ side, figures, men }).toEqual(side === 'british' ? { side, figures: 85, men: 5036 } : { side, figures: 86, men: 5200 });
      // Rounding each unit to the nearest figure moves it by at most half a figure (the
      // one-figure dragoons by 44 men): the side's figures are its men to within that.
      expect(Math.abs(figures * MEN_PER_FIGURE - men)).toBeLessThanOrEqual((troops.length * MEN_PER_FIGURE) / 2);
      // The men, with the gunners, come to the accounts' total to within 2%.
      const all = men + HISTORICAL[side].gunners;
      expect(Math.abs(all - HISTORICAL[side].all) / HISTORICAL[side].all, side).toBeLessThanOrEqual(0.02);
      expect(units(side).filter((u) => u.arm === 'artillery').map((u) => u.id).sort()).toEqual(Object.keys(BATTERIES).filter((id) => BATTERIES[id] === side).sort());
    }
  });

  it('deploys every unit and general once, or brings it on later: the 20th and Ross on turn 8 from the landing', () => {
    const pieces = [...allUnits().map((u) => u.id), ...sc.sides.flatMap((s) => sc.orderOfBattle[s.id]!.generals.map((g) => g.id))];
    const arriving = sc.reinforcements.flatMap((r) => [...r.units, ...r.generals]);
    for (const id of pieces) expect([deployed(id) ? 'deployed' : null, arriving.includes(id) ? 'reinforcement' : null].filter(Boolean), id).toHaveLength(1);
    expect(sc.reinforcements).toEqual([expect.objectContaining({ units: ['foot-20th'], generals: ['ross'], turn: 8, place: 'Landing road', at: { x: 12, y: 45 }, facing: 135 })]);
    expect(turnClock(sc.meta, 8)).toBe('09:35');
  });

  it('opens with the lines about 1,000 yards apart, British facing east and French west, Compère\'s left on the Lamato', () => {
    const yards = sc.meta.scale.yardsPerInch!;
    const kempt = deployed('light-bn')!;
    const compere = deployed('leger-1-i')!;
    expect((compere.at.x - kempt.at.x) * yards).toBe(990);
    for (const u of units('british')) if (deployed(u.id)) expect(deployed(u.id)!.facing, u.id).toBe(90);
    for (const u of units('french')) expect(deployed(u.id)!.facing, u.id).toBe(270);
    const lamato = sc.map.terrain.find((t) => t.id === 'lamato')!;
    if (!('line' in lamato)) throw new Error('the Lamato is a line feature');
    const toRiver = (p: Point) => Math.min(...lamato.line.slice(1).map((b, i) => pointSegmentDistance(p, lamato.line[i]!, b)));
    expect(toRiver(compere.at)).toBeLessThanOrEqual(3);
    expect(toRiver(kempt.at)).toBeLessThanOrEqual(10);
    // Skirmishers screen Kempt; the French advance in column.
    expect(units('british').find((u) => u.id === 'corsican-rangers')?.formation).toBe('skirmish');
    expect(units('french').filter((u) => u.arm === 'infantry').every((u) => u.formation === 'column')).toBe(true);
  });

  it('has the Lamato with its ford and marshy banks, the heights and village of San Pietro di Maida, brushwood and the beach', () => {
    const kinds = (kind: string) => sc.map.terrain.filter((t) => t.kind === kind).map((t) => t.id);
    expect(kinds('stream')).toEqual(['lamato']);
    expect(sc.map.terrain.find((t) => t.id === 'lamato-ford')).toMatchObject({ kind: 'ford', crosses: 'lamato' });
    expect(kinds('marsh')).toHaveLength(2);
    expect(kinds('hill')).toEqual(['maida-heights']);
    expect(kinds('built-up')).toEqual(['san-pietro']);
    expect(kinds('woods').length).toBeGreaterThanOrEqual(3);
    expect(kinds('field')).toEqual(['beach']);
    expect(sc.map.landmarks.map((l) => l.name)).toEqual(expect.arrayContaining(['San Pietro di Maida', 'Lamato ford', "Sant'Eufemia landing", 'Landing road']));
  });

  it('is won by driving the British to the beach or holding the French road home at the ford, or by a 40% collapse', () => {
    expect(sc.victory.objectives.map((o) => [o.id, o.side, o.points])).toEqual([['landing', 'french', 3], ['ford', 'british', 2], ['plain', 'any', 1]]);
    expect(sc.victory.collapse).toEqual([{ side: 'french', standsLostPercent: 40 }, { side: 'british', standsLostPercent: 40 }]);
  });
});

describe('Maida as a B&P state (src/rules/bp/scenario.ts)', () => {
  /**
   * The state with each reinforcement placed at its entry point from the start, so the checks
   * below see every unit (the shipped file's arrival itself is tested at the end of this file).
   */
  const withArrivals = (s: Scenario): Scenario => ({
    ...s,
    deployment: [...s.deployment, ...s.reinforcements.flatMap((r) => [...r.units, ...r.generals].map((piece): Deployment => ({ piece, kind: r.units.includes(piece) ? 'unit' : 'general', at: r.at, facing: r.facing })))],
    reinforcements: [],
  });
  let data: BpScenarioData;
  let state: BpState;

  beforeAll(() => {
    const r = bpScenarioData(withArrivals(sc), BP_SETTINGS_DEFAULTS);
    if (!r.ok) throw new Error(r.error.map((p) => `${p.code}: ${p.message}`).join('\n'));
    data = r.value;
    state = buildBpState(data, BP_SETTINGS_DEFAULTS);
  });

  it('opens turn 1 at 09:00 with nobody collapsed, the French on their ford and the landing and the plain empty', () => {
    const opened = bp.setup(data, BP_SETTINGS_DEFAULTS, seededDice('4d61696461'.padEnd(64, '0')));
    expect(opened.state).toMatchObject({ turn: 1, period: 0, ended: null, clock: { start: 9 * 60, turnMinutes: 5 } });
    expect([...opened.state.order].sort()).toEqual(['british', 'french']);
    expect(collapsed(state)).toBeNull();
    expect(standsLostPercent(state, 'british')).toBe(0);
    expect(standsLostPercent(state, 'french')).toBe(0);
    expect(objectiveHolders(state)).toEqual({ landing: null, ford: 'french', plain: null });
  });

  it('has every unit with its figures, stands, formation and flags, and every command figure', () => {
    expect(Object.keys(state.units).sort()).toEqual(allUnits().map((u) => u.id).sort());
    for (const u of allUnits()) {
      const b = state.units[u.id]!;
      expect(b.startFigures, u.id).toBe(figuresOf(u));
      expect(b.stands.reduce((n, f) => n + f, 0), u.id).toBe(figuresOf(u));
      expect(b.startStands, u.id).toBe(u.arm === 'artillery' ? 1 : u.stands);
      expect(b.formation, u.id).toBe(u.formation ?? 'line');
      expect(b.stage, u.id).toBe('effective');
    }
    expect(state.units['light-bn']!.stands).toEqual([3, 3, 3, 3]);
    expect(state.units['leger-1-i']!.stands).toEqual([3, 3, 3, 2]);
    expect(state.units['light-dragoons-20th']).toMatchObject({ arm: 'cavalry', heavy: false, stands: [1] });
    expect(state.units['polish-i']!.green).toBe(true);
    expect(Object.values(state.units).filter((u) => u.green).map((u) => u.id).sort()).toEqual(['polish-i', 'polish-ii']);
    expect(Object.values(state.units).some((u) => u.guard)).toBe(false);
    expect(Object.keys(state.commanders).sort()).toEqual(['acland', 'cole', 'compere', 'digonet', 'franceschi', 'kempt', 'oswald', 'peyri', 'reynier', 'ross', 'stuart']);
    expect(Object.keys(state.buildings)).toEqual(['san-pietro']);
    expect(state.seats.map((s) => [s.side, s.commands.length])).toEqual([['british', 12 + 6], ['french', 11 + 5]]);
    expect(state.clock).toEqual({ start: 9 * 60, turnMinutes: 5 });
    expect(state.lastTurn).toBe(18);
  });

  it('starts every stand on the table, clear of every other unit, and out of the marsh, woods and river', () => {
    const bases = Object.values(state.units).map((u) => ({ id: u.id, bases: standBases(u) }));
    for (const { id, bases: bs } of bases) {
      for (const b of bs) {
        for (const p of basePolygon(b)) {
          expect(p.x, id).toBeGreaterThanOrEqual(0);
          expect(p.x, id).toBeLessThanOrEqual(72);
          expect(p.y, id).toBeGreaterThanOrEqual(0);
          expect(p.y, id).toBeLessThanOrEqual(48);
        }
        const under = terrainAt(b.pose.at, state.map.terrain).map((t) => t.kind);
        expect(under.filter((k) => ['marsh', 'woods', 'stream', 'hill'].includes(k)), id).toEqual([]);
      }
    }
    for (let i = 0; i < bases.length; i++) {
      for (let j = i + 1; j < bases.length; j++) {
        const gap = Math.min(...bases[i]!.bases.flatMap((a) => bases[j]!.bases.map((b) => baseDistance(a, b))));
        expect(gap, `${bases[i]!.id} / ${bases[j]!.id}`).toBeGreaterThan(0);
      }
    }
  });

  // One game is enough here: replay and the per-act invariants are the whole-game tests' (game.test.ts).
  it('plays to its end with the random legal player of the whole-game tests', () => {
    const seed = 'maida'.split('').map((c) => c.charCodeAt(0).toString(16)).join('').padEnd(64, '6');
    const played = playBp(data, BP_SETTINGS_DEFAULTS, 1806, seed);
    const out = bp.outcome(played.final);
    expect(out?.summary).toMatch(/British|French|draw/i);
    expect(played.final.turn).toBeLessThanOrEqual(18);
    const events = played.steps.flatMap((st) => st.events);
    expect(events.some((e) => e.kind === 'roll' && e.rule === 'B&P L77')).toBe(true); // volleys were fired
    // It ends only by a collapse or after the last turn's second move period.
    expect(played.final.turn === 18 || collapsed(played.final) !== null).toBe(true);
  }, 120_000);
});

describe('Maida as shipped: the 20th Foot and Ross arrive on turn 8 (BP-S2)', () => {
  it('wait off the table, then enter at the landing road as the British move period of turn 8 opens', () => {
    const r = bpScenarioData(sc, BP_SETTINGS_DEFAULTS);
    if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
    const dice = seededDice('5e'.repeat(32));
    let step = bp.setup(r.value, BP_SETTINGS_DEFAULTS, dice);
    expect(step.state.units['foot-20th']).toBeUndefined();
    expect(step.state.commanders['ross']).toBeUndefined();
    expect(step.state.arrivals).toHaveLength(1);
    expect(step.state.seats.find((x) => x.side === 'british')!.commands).toContain('foot-20th');
    for (let i = 0; i < 40 && !(step.state.turn === 8 && step.state.order[step.state.period] === 'british'); i++) {
      expect(step.state.units['foot-20th']).toBeUndefined();
      step = bp.resolve(step.state, new Map(), dice);
    }
    expect(step.state.turn).toBe(8);
    expect(step.state.units['foot-20th']!.pose).toEqual({ at: { x: 12, y: 45 }, facing: 135 });
    expect(step.state.commanders['ross']!.alive).toBe(true);
    expect(step.state.arrivals).toEqual([]);
    expect(step.events.some((e) => e.kind === 'note' && e.text.includes('foot-20th arrives'))).toBe(true);
  });
});
