/**
 * Terrain names on the maps the bot posts (issue 11, "keep terrain names visible"): at some
 * sizes the Ligny map said "3 labels left out" with "Broken valley of the Ligne" dropped while
 * most of the valley was empty. Every name of every shipped scenario is placed on the full map,
 * each side's view and `/map around` crops, at the size the bot renders (DEFAULT_SIZE); a crop
 * showing a sliver of a hill does not promise its name.
 */
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../src/dice/dice';
import { describeMap, type MapInput, type MapUnit } from '../../src/render/map/describe';
import { drawMap } from '../../src/render/map/draw';
import { layoutMap, projector } from '../../src/render/map/layout';
import type { MapDescription, PlaceLabelItem } from '../../src/render/map/model';
import type { MapRequest } from '../../src/rules/plugin';
import { rulesetById } from '../../src/rules/index';
import { listScenarios, loadScenarioFile } from '../../src/rules/scenario/index';
import { GOLDEN_SIZE } from './golden-cases';
import { playDram, shippedDram } from './states';

const placeLabels = (d: MapDescription) => d.layers.flatMap((l) => l.items).filter((i): i is PlaceLabelItem => i.kind === 'place-label');

/** The place names of `d` that found no room, drawn at `size`. */
function namesLeftOut(d: MapDescription, size = {}): string[] {
  const drawn = drawMap(d, size);
  const placed = new Set(drawn.labels.filter((x) => x.kind === 'place').map((x) => x.id));
  return placeLabels(d).map((p) => p.text).filter((t) => !placed.has(t));
}

/** The views the bot posts of a state: the umpire's, each side's, and crops around the first and last piece. */
function views(r: NonNullable<ReturnType<typeof rulesetById>>, state: unknown): [string, Omit<MapRequest, 'events'>][] {
  const pieces = r.present.pieces(state);
  return [
    ['umpire', { viewer: { kind: 'gm' } }],
    ...r.present.sides(state).map((s): [string, Omit<MapRequest, 'events'>] => [`side ${s.value}`, { viewer: { kind: 'side', side: s.value } }]),
    ...[pieces[0], pieces[pieces.length - 1]].filter((p) => p !== undefined).map((p): [string, Omit<MapRequest, 'events'>] => [`around ${p.value}`, { viewer: { kind: 'gm' }, view: { around: p.value } }]),
  ];
}

const shipped = (await listScenarios()).filter((s) => rulesetById(s.ruleset));

describe.each(shipped.map((s) => [`${s.ruleset}/${s.id}`, s.ruleset, s.path] as const))('%s at set-up', (_name, ruleset, path) => {
  it('names every terrain feature on the full map, each side\'s view and around its first and last piece', async () => {
    const r = rulesetById(ruleset)!;
    const sc = await loadScenarioFile(path, r.profile ? { profiles: { [r.id]: r.profile } } : {});
    if (!sc.ok) throw new Error(sc.error[0]!.message);
    const settings = r.settings.parse(sc.value.rulings);
    if (!settings.ok) throw new Error(settings.error.message);
    const data = r.scenario.prepare(sc.value, settings.value);
    if (!data.ok) throw new Error(data.error[0]!.message);
    const state = r.setup(data.value, settings.value, seededDice('ab'.repeat(32))).state;
    const out: string[] = [];
    for (const [view, req] of views(r, state)) {
      const d = r.present.map(state, { events: [], ...req });
      if (!d.ok) throw new Error(d.error.message);
      out.push(...namesLeftOut(d.value).map((n) => `${view}: ${n}`));
    }
    expect(out).toEqual([]);
  });
});

describe.each([['ligny', 3], ['ligny', 9], ['saint-remy', 5]] as const)('DRAM %s after %i windows of play', (id, windows) => {
  it('names every terrain feature in every view the bot posts, and on the full map at golden size', async () => {
    const { data, settings } = await shippedDram(id);
    const p = playDram(data, settings, windows);
    const r = rulesetById('dram')!;
    const out: string[] = [];
    for (const [view, req] of views(r, p.state)) {
      const d = r.present.map(p.state, { events: p.events, ...req });
      if (!d.ok) throw new Error(d.error.message);
      out.push(...namesLeftOut(d.value).map((n) => `${view}: ${n}`));
      if (view === 'umpire') out.push(...namesLeftOut(d.value, GOLDEN_SIZE).map((n) => `${view} (golden size): ${n}`));
    }
    expect(out).toEqual([]);
  });
});

it('Ligny around Steinmetz shows a sliver of the Tombe heights: the name is not promised, and nothing is counted as left out', async () => {
  const { data, settings } = await shippedDram('ligny');
  const p = playDram(data, settings, 0);
  const d = rulesetById('dram')!.present.map(p.state, { events: [], viewer: { kind: 'gm' }, view: { around: 'steinmetz' } });
  if (!d.ok) throw new Error(d.error.message);
  expect(placeLabels(d.value).map((x) => x.text)).not.toContain('Heights of the Tombe de Ligny');
  expect(drawMap(d.value).hiddenLabels).toBe(0);
});

/**
 * A long valley with a column of troops across its middle, from south of it to north of it
 * (thin bases, edge to edge, so their symbols leave no gap a name fits in): the rest is empty.
 */
function valleyInput(): MapInput {
  const unit = (id: string, x: number, y: number): MapUnit => ({
    id, side: 'french', pose: { at: { x, y }, facing: 0 }, base: { width: 3, depth: 0.4 }, symbol: 'infantry', label: id, chips: [],
  });
  return {
    table: { width: 42, height: 30 }, gridCell: 6, scale: { yardsPerInch: 293 },
    terrain: [{ id: 'v', kind: 'marsh', name: 'Broken valley of the Ligne', polygon: [{ x: 6, y: 13 }, { x: 36, y: 13 }, { x: 36, y: 17 }, { x: 6, y: 17 }] }],
    landmarks: [],
    sides: [{ id: 'french', name: 'French', colour: '#1f4e9c' }],
    units: Array.from({ length: 21 }, (_, i) => unit(`c${i}`, 21, 11 + 0.4 * i)),
    title: { title: 'Valley', subtitle: '', view: 'Umpire view' },
  };
}

it('a long area with a column of troops across its middle is named on a clear stretch of it, at full and golden size', () => {
  const d = describeMap(valleyInput());
  if (!d.ok) throw new Error(d.error.message);
  for (const size of [{}, GOLDEN_SIZE]) {
    const drawn = drawMap(d.value, size);
    const label = drawn.labels.find((x) => x.id === 'Broken valley of the Ligne');
    expect(label).toBeDefined();
    // On the valley (its centre inside it), clear of every arm symbol.
    const l = layoutMap(d.value, size);
    const px = projector(d.value, l);
    const nw = px({ x: 6, y: 17 }), se = px({ x: 36, y: 13 });
    const cx = (label!.box.x0 + label!.box.x1) / 2, cy = (label!.box.y0 + label!.box.y1) / 2;
    expect(cx > nw.x && cx < se.x && cy > nw.y && cy < se.y).toBe(true);
    const symbols = drawn.symbols.map((s) => s.box);
    expect(symbols.every((b) => b.x1 <= label!.box.x0 || b.x0 >= label!.box.x1 || b.y1 <= label!.box.y0 || b.y0 >= label!.box.y1)).toBe(true);
  }
});
