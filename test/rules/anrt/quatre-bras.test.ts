import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { anrt } from '../../../src/rules/anrt/index';
import { QB_FACTOR, QB_WINDOW } from '../../../src/rules/anrt/quatre-bras';
import { NW_PROFILE } from '../../../src/rules/nw/profile';
import { parseScenarioYaml } from '../../../src/rules/scenario';
import { clockAt } from '../../../src/rules/scenario/clock';
import { mapYaml } from '../../../src/rules/scenario/map-yaml';
import { rescaleMap } from '../../../src/rules/scenario/rescale';
import { anrtScenario, anrtSettings, playAnrt, replayAnrt, stateHash, type AnrtPlayed } from '../../helpers/anrt-game';

/**
 * Quatre Bras, the opening hours, at ANRT's scale (assets/scenarios/anrt/quatre-bras.yaml,
 * rulings QB-A1…QB-A6 in its header): its map is the NW map rescaled, its order of battle the
 * battalion-level source's, its reinforcements on time; and it plays to its end with the
 * stand-in tables and replays identically.
 */
const settings = anrtSettings();
const data = anrtScenario('quatre-bras', settings);
const nwFile = 'assets/scenarios/nw/quatre-bras.yaml';
const nw = parseScenarioYaml(readFileSync(nwFile, 'utf8'), nwFile, { profiles: { nw: NW_PROFILE } });

describe('the map (QB-A1): the NW Quatre Bras map at ANRT ground scale', () => {
  it('is the NW map cut to its window and doubled (100 yd/in → 50 yd/in, L51)', () => {
    if (!nw.ok) throw new Error('NW Quatre Bras does not load');
    expect(nw.value.meta.scale.yardsPerInch! / data.scale!.yardsPerInch!).toBe(QB_FACTOR);
    const m = rescaleMap(nw.value.map, QB_WINDOW, QB_FACTOR);
    expect(data.map.table).toEqual({ width: 72, height: 80 });
    expect(data.map.table).toEqual(m.table);
    expect(data.map.gridCell).toBe(m.gridCell);
    expect(data.map.terrain).toEqual(m.terrain);
    // Every NW landmark inside the window is kept, at its new place.
    for (const l of m.landmarks) expect(data.map.landmarks).toContainEqual(l);
    // The file holds the block scripts/anrt-quatre-bras-map.ts prints, word for word.
    expect(readFileSync('assets/scenarios/anrt/quatre-bras.yaml', 'utf8')).toContain(mapYaml(m));
  });

  it('keeps the places of the battle: the crossroads, Gemioncourt, the brook and its bridge, the Bossu wood, Piraumont, Pierrepont', () => {
    const q = data.map.landmarks.find((l) => l.name === 'Quatre Bras')!;
    // NW (30, 38) → ((30 − 15) × 2, (38 − 4) × 2).
    expect(q.at).toEqual({ x: 30, y: 68 });
    expect(data.map.terrain.map((f) => f.id)).toEqual(expect.arrayContaining(['bossu-wood', 'gemioncourt-farm', 'quatre-bras-hamlet', 'gemioncourt-brook', 'gemioncourt-bridge', 'piraumont-hamlet', 'pierrepont-farm']));
  });

  it('has its entry points where the roads leave the table', () => {
    const road = (id: string) => { const f = data.map.terrain.find((t) => t.id === id)!; return 'line' in f ? f.line : []; };
    const at = (name: string) => data.map.landmarks.find((l) => l.name === name)!.at;
    expect(at('Frasnes road')).toEqual(road('charleroi-road')[0]);
    expect(at('Brussels road')).toEqual(road('charleroi-road').at(-1));
    expect(at('Namur road end')).toEqual(road('namur-road').at(-1));
    expect(at('Nivelles road end')).toEqual(road('nivelles-road').at(-1));
  });
});

/** The source's battalions, brigade by brigade, as QB-A2 shares the men out. */
interface SrcBattalion { readonly men: number; readonly quality: string }
function sourceBattalions(): Map<string, SrcBattalion[]> {
  type B = { name: string; count?: number; quality: string; men?: number };
  type Br = { id: string; men?: number; battalions: B[] };
  type D = { men?: number; brigades: Br[] };
  const src = parse(readFileSync('assets/sources/quatre-bras-battalions.yaml', 'utf8')) as { sides: { commands: { divisions: D[] }[] }[] };
  const out = new Map<string, SrcBattalion[]>();
  const count = (bs: B[]) => bs.reduce((n, b) => n + (b.count ?? 1), 0);
  for (const side of src.sides) for (const c of side.commands) for (const d of c.divisions) {
    const inDivision = d.brigades.reduce((n, br) => n + count(br.battalions), 0);
    for (const br of d.brigades) {
      // QB-1 / BD-5: a division total is shared over its brigades by battalions, to 10 men.
      const men = br.men ?? (d.men !== undefined ? Math.round((d.men * count(br.battalions)) / inDivision / 10) * 10 : 0);
      const explicit = br.battalions.reduce((n, b) => n + (b.men ?? 0), 0);
      const rest = count(br.battalions.filter((b) => b.men === undefined));
      out.set(br.id, br.battalions.flatMap((b) => Array.from({ length: b.count ?? 1 }, () => ({ men: b.men !== undefined ? b.men / (b.count ?? 1) : (men - explicit) / rest, quality: b.quality }))));
    }
  }
  return out;
}

const CLASS: Record<string, string> = { guard: 'elite', elite: 'elite', veteran: 'veteran', line: 'average', conscript: 'inferior', militia: 'bad' };
const BRIGADES_IN_PLAY = ['husson', 'campi', 'gauthier', 'jamin', 'bauduin', 'soye', 'hubert', 'wathiez', 'bylandt', 'nassau-2', 'orange-nassau', 'van-merlen', 'kempt-bde', 'pack', 'best', 'buttlar', 'specht', 'avantgarde', 'brunswick-cavalry'];

describe('the order of battle (QB-A2, QB-A3) from the battalion-level source', () => {
  const src = sourceBattalions();
  const all = [...Object.values(data.units), ...(data.arrivals ?? []).flatMap((a) => a.units)];

  it('has every battalion of the brigades in play, each at men / 50 figures (L43) and its source quality as its class', () => {
    const raw = parse(readFileSync('assets/scenarios/anrt/quatre-bras.yaml', 'utf8')) as { orderOfBattle: Record<string, { corps: { divisions: { id: string; figures: number; rules?: { class?: string } }[] }[] }> };
    const figures = new Map(Object.values(raw.orderOfBattle).flatMap((o) => o.corps.flatMap((c) => c.divisions.map((u) => [u.id, u.figures] as const))));
    let n = 0;
    for (const b of BRIGADES_IN_PLAY) {
      const bns = src.get(b)!;
      expect(bns, b).toBeDefined();
      bns.forEach((bn, i) => {
        const id = `${b}-${i + 1}`;
        const u = all.find((x) => x.id === id);
        expect(u, id).toBeDefined();
        expect(figures.get(id), id).toBe(Math.floor(bn.men / 50 + 0.5));
        expect(u!.cls, id).toBe(CLASS[bn.quality]);
        n++;
      });
      expect(all.some((x) => x.id === `${b}-${bns.length + 1}`), `${b} has no extra battalion`).toBe(false);
    }
    expect(n).toBe(74); // 39 French, 35 Allied battalions and regiments
  });

  it('spot checks: Husson 2,240 men over 6 battalions = 7 figures, small; a 2nd Nassau battalion 903 men = 18 figures, large; the Nassau jäger company 3 figures, very small', () => {
    const u = (id: string) => all.find((x) => x.id === id)!;
    expect(u('husson-1')).toMatchObject({ cls: 'veteran', size: 'small' });
    expect(u('husson-5')).toMatchObject({ cls: 'average', size: 'small' });
    expect(u('nassau-2-1')).toMatchObject({ cls: 'average', size: 'large' });
    expect(u('nassau-2-4')).toMatchObject({ size: 'very-small', formation: 'skirmish' });
    expect(u('bylandt-3')).toMatchObject({ cls: 'bad' });
    expect(u('kempt-bde-3')).toMatchObject({ cls: 'elite', name: '1/79th Highlanders' });
  });

  it('batteries (QB-A3): 8-piece French foot, 6-piece horse and British foot; 12 lb heavy', () => {
    const u = (id: string) => all.find((x) => x.id === id)!;
    expect(u('bachelu-bty')).toMatchObject({ arm: 'foot-artillery', gun: 'medium', size: 'normal' });
    expect(u('ii-corps-12lb')).toMatchObject({ gun: 'heavy' });
    expect(u('pire-horse')).toMatchObject({ arm: 'horse-artillery', gun: 'horse' });
    expect(u('rogers-bty')).toMatchObject({ gun: 'medium', size: 'normal' });
  });

  it('command (QB-A4): Ney and Wellington the C-in-Cs, Reille and Orange corps commanders, a division per general of division', () => {
    const gens = { ...data.generals, ...Object.fromEntries((data.arrivals ?? []).flatMap((a) => a.generals).map((g) => [g.id, g])) };
    expect(gens['ney']!.level).toBe('army');
    expect(gens['wellington']!.level).toBe('army');
    expect(gens['reille']!.level).toBe('corps');
    expect(gens['orange']!.level).toBe('corps');
    expect(Object.values(data.divisions).map((d) => d.id).sort()).toEqual(['bachelu-div', 'brunswick-div', 'foy-div', 'jerome-div', 'perponcher-div', 'picton-div', 'pire-div'].sort());
    expect(data.divisions['perponcher-div']!.brigades).toEqual(['bylandt', 'saxe-weimar-bde', 'van-merlen-bde']);
  });
});

describe('reinforcements on time (QB-A5)', () => {
  const turnOf = (id: string) => (data.arrivals ?? []).find((a) => a.units.some((u) => u.id === id) || a.generals.some((g) => g.id === id))?.turn;
  const clock = (t: number) => clockAt(data.clock.start, data.clock.turnMinutes, t);
  it('Jérôme, Picton with Best and Wellington at 15:00; the Brunswickers and Van Merlen in the turn that covers 15:30', () => {
    expect(clock(turnOf('bauduin-1')!)).toBe('15:00');
    expect(clock(turnOf('ii-corps-12lb')!)).toBe('15:00');
    expect(clock(turnOf('kempt-bde-1')!)).toBe('15:00');
    expect(clock(turnOf('best-1')!)).toBe('15:00');
    expect(clock(turnOf('wellington')!)).toBe('15:00');
    expect(clock(turnOf('buttlar-1')!)).toBe('15:20');
    expect(clock(turnOf('van-merlen-1')!)).toBe('15:20');
    expect(clock(data.lastTurn)).toBe('16:00');
  });
  it('only Perponcher\'s infantry and guns face Ney at 14:00', () => {
    expect(Object.values(data.units).filter((u) => u.side === 'allies').map((u) => u.division)).toEqual(expect.arrayContaining(['perponcher-div']));
    expect(new Set(Object.values(data.units).filter((u) => u.side === 'allies').map((u) => u.division))).toEqual(new Set(['perponcher-div']));
  });
});

const SEED = 'quatrebras'.split('').map((c) => c.charCodeAt(0).toString(16)).join('').padEnd(64, '7');

describe('whole games of Quatre Bras (stand-in tables)', () => {
  const games: AnrtPlayed[] = [];
  beforeAll(() => { for (const seed of [1, 2]) games.push(playAnrt(anrtScenario('quatre-bras', settings), settings, seed, SEED)); }, 240_000);

  it('each game reaches its end with an outcome, the reinforcements on the table', () => {
    for (const g of games) {
      expect(anrt.outcome(g.final), JSON.stringify(anrt.phase(g.final))).not.toBeNull();
      expect(g.final.arrivals ?? []).toHaveLength(0);
      expect(g.events.flat().filter((e) => e.kind === 'note' && e.rule === 'ANRT-S1' && e.text.startsWith('Reinforcements')).length).toBe(5);
      expect(g.events.flat().some((e) => e.kind === 'loss')).toBe(true);
    }
  });

  it('replays identically from the recorded windows and the dice seed', () => {
    for (const g of games) expect(stateHash(replayAnrt(anrtScenario('quatre-bras', settings), settings, g.windows, SEED))).toBe(stateHash(g.final));
  });
});

describe('Quatre Bras with the QRS empty: the GM rules each gap (DIGEST A-1)', () => {
  const gm = anrtSettings({});
  let g: AnrtPlayed;
  beforeAll(() => { g = playAnrt(anrtScenario('quatre-bras', gm), gm, 3, SEED, 3000); }, 240_000);

  it('reaches its end, the GM asked for every number play met — the buildings price too, since Bylandt\'s jägers stand next to Gemioncourt (L306, ANRT-T10)', () => {
    expect(anrt.outcome(g.final)).not.toBeNull();
    const asked = g.windows.flatMap((w) => (w.answer ? [w.answer.question] : []));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked).toContain('anrt/qrs/pips.cost.enter-buildings');
  });

  it('replays identically, the GM\'s answers included', () => {
    expect(stateHash(replayAnrt(anrtScenario('quatre-bras', gm), gm, g.windows, SEED))).toBe(stateHash(g.final));
  });
});

