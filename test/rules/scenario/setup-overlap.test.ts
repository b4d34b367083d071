/**
 * Issue 11 ("DRAM division blocks overlap into heaps"): no shipped scenario, of any ruleset,
 * sets up two pieces on top of each other. Checked on the map each ruleset draws at set-up
 * (umpire view, so every piece is there), as the players would see the heap. Generals are left
 * out: they stand with their troops (NW, B&P attach them to a unit). Edges touching, or within
 * a twentieth of an inch, do not count (a line of battalions stands shoulder to shoulder).
 */
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { UnitItem } from '../../../src/render/map/model';
import { CONTACT_TOLERANCE } from '../../../src/rules/geometry/base';
import { ringDistance, ringsIntersect } from '../../../src/rules/geometry/primitives';
import type { Point } from '../../../src/rules/geometry/types';
import { RULESETS, rulesetById } from '../../../src/rules/index';
import { listScenarios, loadScenarioFile } from '../../../src/rules/scenario/index';

const shipped = (await listScenarios()).filter((x) => rulesetById(x.ruleset));

/** The base shrunk by `by` inches on every side (towards its centre), so that touching is not overlap. */
function shrunk(corners: readonly Point[], by: number): Point[] {
  const cx = corners.reduce((a, p) => a + p.x, 0) / corners.length;
  const cy = corners.reduce((a, p) => a + p.y, 0) / corners.length;
  return corners.map((p) => {
    const d = Math.hypot(p.x - cx, p.y - cy);
    const k = d === 0 ? 0 : Math.max(0, d - by * Math.SQRT2) / d;
    return { x: cx + (p.x - cx) * k, y: cy + (p.y - cy) * k };
  });
}

async function setUpPieces(ruleset: string, path: string): Promise<{ table: { width: number; height: number }; pieces: UnitItem[] }> {
  const r = rulesetById(ruleset)!;
  const sc = await loadScenarioFile(path, r.profile ? { profiles: { [r.id]: r.profile } } : {});
  if (!sc.ok) throw new Error(sc.error.map((e) => e.message).join('\n'));
  const settings = r.settings.parse(sc.value.rulings);
  if (!settings.ok) throw new Error(settings.error.message);
  const data = r.scenario.prepare(sc.value, settings.value);
  if (!data.ok) throw new Error(data.error.map((e) => e.message).join('\n'));
  const state = r.setup(data.value, settings.value, seededDice('5e'.repeat(32))).state;
  const map = r.present.map(state, { events: [], viewer: { kind: 'gm' } });
  if (!map.ok) throw new Error(map.error.message);
  return { table: map.value.table, pieces: map.value.layers.flatMap((l) => l.items).filter((i): i is UnitItem => i.kind === 'unit' && i.role === 'unit') };
}

describe.each(shipped.map((s) => [`${s.ruleset}/${s.id}`, s.ruleset, s.path] as const))('shipped scenario %s at set-up', (_name, ruleset, path) => {
  it('has no two pieces overlapping on the table', async () => {
    const { pieces } = await setUpPieces(ruleset, path);
    expect(pieces.length).toBeGreaterThan(1);
    const heaps: string[] = [];
    for (let i = 0; i < pieces.length; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i]!, b = pieces[j]!;
        if (ringsIntersect(shrunk(a.corners, 0.05), shrunk(b.corners, 0.05))) heaps.push(`${a.unit} on ${b.unit}`);
      }
    }
    expect(heaps).toEqual([]);
  });

  it('puts no piece in contact with an enemy piece (no battle starts in melee)', async () => {
    const { pieces } = await setUpPieces(ruleset, path);
    const touching: string[] = [];
    for (let i = 0; i < pieces.length; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i]!, b = pieces[j]!;
        if (a.side !== b.side && ringDistance(a.corners, b.corners) <= CONTACT_TOLERANCE) touching.push(`${a.unit} and ${b.unit}`);
      }
    }
    expect(touching).toEqual([]);
  });

  it('stands every piece wholly on the table (none hangs over an edge)', async () => {
    const { table, pieces } = await setUpPieces(ruleset, path);
    const E = 1e-6;
    const over = pieces.filter((p) => p.corners.some((c) => c.x < -E || c.y < -E || c.x > table.width + E || c.y > table.height + E)).map((p) => p.unit);
    expect(over).toEqual([]);
  });
});

it('checks every registered ruleset that ships a scenario', () => {
  const covered = new Set<string>(shipped.map((s) => s.ruleset));
  for (const id of ['dram', 'nw', 'bp', 'solo', 'anrt']) expect(covered.has(id), id).toBe(true);
  expect(Object.keys(RULESETS).every((id) => covered.has(id))).toBe(true);
});
