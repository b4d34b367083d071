/**
 * Per-side views when a ruleset hides what a side cannot see (issue 5): a line-of-sight
 * filter over the generic model, checked on synthetic NW-like maps (NW's engine does not
 * exist yet; DRAM hides no units).
 */
import { describe, expect, it } from 'vitest';
import { describeMap, type MapInput, type MapUnit } from '../../src/render/map/describe';
import type { MapDescription } from '../../src/render/map/model';
import { losVisibility } from '../../src/render/map/visibility';
import type { TerrainFeature } from '../../src/rules/geometry/types';
import { nwInput, NW_TERRAIN, NW_UNITS } from './nw';

const BRIGADE = { width: 3, depth: 3 };
const unit = (id: string, side: string, x: number, y: number): MapUnit =>
  ({ id, side, pose: { at: { x, y }, facing: side === 'fr' ? 0 : 180 }, base: BRIGADE, symbol: 'infantry', label: id, chips: [] });

// A wood across the middle of the table: the French brigade south of it cannot see the
// British brigade due north behind it, but sees the one out in the open to the east.
const wood: TerrainFeature = { id: 'wood', kind: 'woods', polygon: [{ x: 4, y: 8 }, { x: 16, y: 8 }, { x: 16, y: 12 }, { x: 4, y: 12 }], blocksLos: true };
const units = [unit('fr-1', 'fr', 10, 2), unit('gb-hidden', 'gb', 10, 18), unit('gb-open', 'gb', 26, 18), unit('gb-in-wood', 'gb', 10, 10.4)];

function input(visible?: (id: string) => boolean): MapInput {
  return {
    table: { width: 30, height: 24 }, gridCell: 6, scale: { yardsPerInch: 100 }, terrain: [wood], landmarks: [],
    sides: [{ id: 'fr', name: 'French', colour: '#1f4e9c' }, { id: 'gb', name: 'British', colour: '#c0392b' }],
    units, trails: [{ unit: 'gb-hidden', points: [{ x: 10, y: 22 }, { x: 10, y: 18 }] }],
    engagements: [{ id: 'melee', sides: [['gb-hidden'], ['gb-open']] }],
    title: { title: 't', subtitle: 's', view: 'v' }, ...(visible ? { visible } : {}),
  };
}
const shown = (d: MapDescription, kind: 'unit' | 'unit-label' | 'trail') =>
  d.layers.flatMap((l) => l.items).flatMap((i) => (i.kind === kind ? [i.unit] : []));
function ok(r: ReturnType<typeof describeMap>): MapDescription {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('line-of-sight filter', () => {
  it('hides enemies behind woods, shows enemies in the open, and always shows own units', () => {
    const seen = losVisibility(units, [wood], 'fr');
    expect(seen('fr-1')).toBe(true);
    expect(seen('gb-open')).toBe(true);
    expect(seen('gb-hidden')).toBe(false);
    expect(seen('gb-in-wood')).toBe(false);
  });

  it('sees into the edge of a wood as far as the ruleset says (NW: 1 in into woods)', () => {
    // gb-in-wood's southern corners stand 0.9 in inside the wood's southern edge.
    expect(losVisibility(units, [wood], 'fr', { seeInto: { woods: 1 } })('gb-in-wood')).toBe(true);
    expect(losVisibility(units, [wood], 'fr', { seeInto: { woods: 1 } })('gb-hidden')).toBe(false);
  });

  it('respects a maximum range', () => {
    expect(losVisibility(units, [wood], 'fr', { maxRange: 10 })('gb-open')).toBe(false);
  });

  it('the other side sees the reverse', () => {
    const seen = losVisibility(units, [wood], 'gb');
    expect(seen('fr-1')).toBe(true); // gb-open sees round the wood's east end
    expect(losVisibility(units.filter((u) => u.id !== 'gb-open'), [wood], 'gb')('fr-1')).toBe(false);
  });

  it('a hidden unit leaves no trace in the description: no base, label, trail, smoke, or legend side', () => {
    const d = ok(describeMap(input(losVisibility(units, [wood], 'fr'))));
    expect(shown(d, 'unit')).toEqual(['fr-1', 'gb-open']);
    expect(shown(d, 'unit-label')).toEqual(['fr-1', 'gb-open']);
    expect(shown(d, 'trail')).toEqual([]);
    expect(d.layers.flatMap((l) => l.items).some((i) => i.kind === 'smoke')).toBe(false);
    const all = ok(describeMap(input()));
    expect(shown(all, 'unit')).toHaveLength(4);
    expect(shown(all, 'trail')).toEqual(['gb-hidden']);
  });

  it('around a unit the viewer cannot see is refused as unknown (the map must not confirm it exists)', () => {
    const r = describeMap({ ...input(losVisibility(units, [wood], 'fr')), view: { around: 'gb-hidden' } });
    expect(!r.ok && r.error.code).toBe('map/unknown-unit');
  });

  it('on the NW-like battle, the French do not see the brigade inside Bois Carré', () => {
    const d = ok(describeMap(nwInput({ visible: losVisibility(NW_UNITS, NW_TERRAIN, 'french') })));
    const ids = shown(d, 'unit');
    expect(ids).not.toContain('halkett');
    expect(ids).toEqual(expect.arrayContaining(['foy', 'ponsonby', 'byng']));
  });
});
