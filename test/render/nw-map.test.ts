/**
 * The NW map adapter (src/render/map/nw.ts): the teaching scenario described for each viewer,
 * drawn to PNG, and no enemy s.p. in what a viewer who may not see them is given (NW §3.0 L45).
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMap } from '../../src/render/map/draw';
import type { MapDescription, MapItem, UnitLabelItem } from '../../src/render/map/model';
import { describeNw } from '../../src/rules/nw/present/map';
import type { GameEvent } from '../../src/rules/events';
import type { NwState } from '../../src/rules/nw/state';
import { teachingState } from '../rules/nw/phases/phase-fixtures';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let base: NwState;
/** Mid-game: turn 2, French maneuver; 1st Brigade worn and disordered, the hussars routed, a battery damaged. */
let played: NwState;

const EVENTS: GameEvent[] = [
  { kind: 'move', rule: 'NW §9.0', unit: 'fr-2b', from: { x: 28, y: 10 }, to: { x: 28, y: 14 }, path: [], cost: 4, allowance: 6 },
  { kind: 'move', rule: 'NW §9.0', unit: 'fr-chasseurs', from: { x: 10, y: 8 }, to: { x: 12, y: 15 }, path: [{ x: 11, y: 12 }] },
  { kind: 'removed', rule: 'NW §11.0', unit: 'au-3b', at: { x: 32, y: 22 }, reason: 'eliminated: no s.p. left' },
];

beforeAll(async () => {
  base = await teachingState();
  const u = base.units;
  played = {
    ...base, turn: 2, phase: 'maneuver', playerTurn: 1, phasing: 'french', initiative: { winner: 'french', first: 'french' },
    units: {
      ...u,
      'fr-1b': { ...u['fr-1b']!, sp: 5, fatigue: 'worn', status: 'disordered' },
      'fr-2b': { ...u['fr-2b']!, pose: { at: { x: 28, y: 14 }, facing: 0 } },
      'fr-chasseurs': { ...u['fr-chasseurs']!, pose: { at: { x: 12, y: 15 }, facing: 20 } },
      // Distinctive enemy strengths: no other number in the description looks like them.
      'au-1b': { ...u['au-1b']!, sp: 947, spStart: 958, levels: { fresh: 958, worn: 969, spent: 971 } },
      'au-2b': { ...u['au-2b']!, sp: 983, status: 'routed' },
      'au-3b': { ...u['au-3b']!, sp: 0, fatigue: 'eliminated', removed: true },
      'au-hussars': { ...u['au-hussars']!, onTable: true, pose: { at: { x: 20, y: 30 }, facing: 180 } },
    },
    batteries: { ...base.batteries, 'au-battery': { ...base.batteries['au-battery']!, condition: 'damaged' } },
    commands: { ...base.commands, 'au-ii-korps': { ...base.commands['au-ii-korps']!, fatigued: true } },
  };
});

function ok(r: ReturnType<typeof describeNw>): MapDescription {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
const items = (d: MapDescription): MapItem[] => d.layers.flatMap((l) => l.items);
const labelOf = (d: MapDescription, unit: string): UnitLabelItem | undefined =>
  items(d).find((i): i is UnitLabelItem => i.kind === 'unit-label' && i.unit === unit);
const chipTexts = (d: MapDescription, unit: string): string[] => labelOf(d, unit)?.chips.map((c) => c.text) ?? [];

describe('describeNw', () => {
  it('draws brigades on 3" squares, batteries on 1½", and the officers on 1", 1½" and 2" stands (NW §1.0 L9)', () => {
    const d = ok(describeNw(base, { events: [], viewer: { kind: 'gm' } }));
    const units = items(d).flatMap((i) => (i.kind === 'unit' ? [i] : []));
    const side = (id: string) => {
      const u = units.find((x) => x.unit === id)!;
      const [a, b] = u.corners;
      return Math.hypot(b!.x - a!.x, b!.y - a!.y);
    };
    expect(side('fr-1b')).toBeCloseTo(3);
    expect(side('fr-battery')).toBeCloseTo(1.5);
    expect(side('dufour')).toBeCloseTo(1);
    expect(side('lemaire')).toBeCloseTo(1.5);
    expect(side('napoleon')).toBeCloseTo(2);
    // The hussars arrive on turn 2: off the table at the start, so not drawn.
    expect(units.some((u) => u.unit === 'au-hussars')).toBe(false);
    expect(units.filter((u) => u.role === 'general').map((u) => u.unit).sort()).toEqual(['au-adc', 'charles', 'dufour', 'hohenau', 'lemaire', 'napoleon']);
  });

  it('labels brigades by the identity of their label, never its levels', () => {
    const d = ok(describeNw(base, { viewer: { kind: 'gm' } }));
    expect(labelOf(d, 'fr-1b')?.text).toBe('1B/1/I');
    expect(chipTexts(d, 'fr-1b')).toEqual(['Vet SK1', '7/7', '★ Dufour']);
    expect(labelOf(d, 'fr-battery')?.text).toBe('8 lb Foot');
    expect(chipTexts(d, 'lemaire')).toEqual(['G V 12"']);
    expect(chipTexts(d, 'napoleon')).toEqual(['E +4']);
  });

  it('titles the map with turn, clock and phase', () => {
    expect(ok(describeNw(base)).title.subtitle).toBe('Turn 1 of 8 · 13:00 · 1. Initiative');
    const d = ok(describeNw(played, { viewer: { kind: 'side', side: 'french' }, game: 'g1' }));
    expect(d.title).toMatchObject({ title: 'The Mill at Aubach', subtitle: 'Turn 2 of 8 · 13:30 · French player-turn · 4. Maneuver', view: 'French view', game: 'g1' });
  });

  it('shows the own side its s.p. and fatigue state, and the enemy only what is on the table', () => {
    const d = ok(describeNw(played, { events: EVENTS, viewer: { kind: 'seat', seat: 'french' } }));
    expect(d.title.view).toBe('French (Napoleon) (French)');
    expect(chipTexts(d, 'fr-1b')).toEqual(['Vet SK1', '5/7 Worn', 'Dis', '★ Dufour']);
    expect(chipTexts(d, 'au-1b')).toEqual(['LN']);
    expect(chipTexts(d, 'au-2b')).toEqual(['LN SK1', 'Rout']);
    expect(chipTexts(d, 'au-battery')).toEqual(['Dmg']);
    expect(chipTexts(d, 'hohenau')).toEqual(['A 9"', 'Fatigued']);
  });

  it('puts no hidden s.p. in the public description, nor in the other side\'s', () => {
    // Whole numbers only: a float such as a rotated corner's 13.07743… is not an s.p.
    const spRe = (n: string) => new RegExp(`(?<![\\d.])${n}(?![\\d.])`);
    for (const viewer of [{ kind: 'public' } as const, { kind: 'side', side: 'french' } as const]) {
      const json = JSON.stringify(ok(describeNw(played, { events: EVENTS, viewer })));
      for (const n of ['947', '958', '969', '971', '983']) expect(json).not.toMatch(spRe(n));
      expect(json).not.toMatch(/\d+\/\d+\/\d+/);
    }
    const pub = ok(describeNw(played, { events: EVENTS, viewer: { kind: 'public' } }));
    expect(chipTexts(pub, 'fr-1b')).toEqual(['Vet SK1', 'Dis', '★ Dufour']);
    // The umpire sees them.
    const gm = JSON.stringify(ok(describeNw(played, { viewer: { kind: 'gm' } })));
    expect(gm).toContain('947/958');
    expect(gm).toMatch(spRe('947'));
  });

  it('draws this phase\'s moves as trails and removals as ghosts', () => {
    const d = ok(describeNw(played, { events: EVENTS }));
    const trails = items(d).flatMap((i) => (i.kind === 'trail' ? [i.unit] : []));
    expect(trails).toEqual(['fr-2b', 'fr-chasseurs']);
    expect(items(d).flatMap((i) => (i.kind === 'ghost' ? [i.unit] : []))).toEqual(['au-3b']);
    expect(d.legend.map((l) => l.label)).toEqual(expect.arrayContaining(['Moved this phase', 'Removed this phase', 'Stream', 'Road', 'Bridge', 'Ford']));
  });

  it('marks the objectives, on their landmark when they share one', () => {
    const d = ok(describeNw(base));
    const places = items(d).flatMap((i) => (i.kind === 'place-label' ? [i.text] : []));
    expect(places).toEqual(expect.arrayContaining(['Aubach (objective, 2 VP)', 'Aubach bridge (objective, 1 VP)']));
    // The landmark is renamed; the village's own name (its terrain feature) stays.
    expect(places.filter((p) => p === 'Aubach')).toHaveLength(1);
  });

  it('zooms to an area or a unit, and will not confirm an unknown one', () => {
    const d = ok(describeNw(base, { view: { area: 'D3' } }));
    expect(d.title.view).toBe('Public view · D3');
    expect(d.overview).not.toBeNull();
    expect(describeNw(base, { view: { around: 'nobody' } }).ok).toBe(false);
  });

  it('renders a legible PNG of about 2000×1500 (written to /tmp/nw-map.png)', () => {
    const d = ok(describeNw(played, { events: EVENTS, viewer: { kind: 'side', side: 'french' }, game: 'Teaching game' }));
    const r = renderMap(d);
    expect(r.format).toBe('png');
    expect(r.data.subarray(0, 8).equals(PNG)).toBe(true);
    expect(r.data.length).toBeGreaterThan(50_000);
    expect(Math.max(r.width / 2000, r.height / 1500)).toBeGreaterThan(0.95);
    expect(r.data.readUInt32BE(16)).toBe(r.width);
    writeFileSync('/tmp/nw-map.png', r.data);
    const pub = renderMap(ok(describeNw(base)));
    expect(pub.data.length).toBeGreaterThan(50_000);
  });
});
