/**
 * Scenes for the Kuryakin plain-text cases (solo-cases.ts) that need the table: units and
 * generals placed in mm, and terrain. A case adds
 *
 *   place:   { <name>: [<side>, x, y, facing] }   every unit and general it uses (mm; facing 0 = north)
 *            a unit may add a formation or motion after the facing: [fr, 500, 500, 0, skirmish];
 *            a general `attached=<unit>`: [fr, 568, 500, 0, attached=3e]
 *   terrain: [ { id, kind, polygon | line, level?, difficult? } ]   the scenario format, in mm
 *   table:   [width, height]
 *
 * Units are in a brigade named after their side whose brigadier is the side's first brigadier
 * (if any). The scene calls run the phase functions (src/rules/solo/phases) on that state.
 */
import type { TerrainFeature } from '../../src/rules/geometry/types';
import type { GeneralInput, SoloUnitInput } from '../../src/rules/solo/procedures';
import type { SoloBrigade, SoloGeneral, SoloState, SoloUnit } from '../../src/rules/solo/state';
import type { Formation, Motion } from '../../src/rules/solo/tables/vocabulary';

type Placed = readonly [string, number, number, number, ...string[]];

const pt = (p: readonly number[]) => ({ x: Number(p[0]), y: Number(p[1]) });

/** The terrain of a case, in the scenario format's shape (points as [x, y]). */
function terrainOf(raw: unknown): TerrainFeature[] {
  return ((raw as Record<string, unknown>[] | undefined) ?? []).map((f) => {
    const out: Record<string, unknown> = { ...f };
    if (f.polygon) out.polygon = (f.polygon as number[][]).map(pt);
    if (f.line) out.line = (f.line as number[][]).map(pt);
    if (f.at) out.at = pt(f.at as number[]);
    return out as unknown as TerrainFeature;
  });
}

export function soloScene(units: ReadonlyMap<string, SoloUnitInput>, generals: ReadonlyMap<string, GeneralInput>, place: Record<string, Placed> | undefined, terrain: unknown, table: unknown): SoloState {
  if (!place) throw new Error('a scene call needs place: { <name>: [side, x, y, facing] }');
  const us: SoloUnit[] = [];
  const gs: SoloGeneral[] = [];
  for (const [name, p] of Object.entries(place)) {
    const [side, x, y, facing, ...more] = p;
    const u = units.get(name);
    const g = generals.get(name);
    if (u) {
      const formation = more.find((m) => ['line', 'column', 'square', 'skirmish', 'limbered', 'unlimbered'].includes(m)) as Formation | undefined;
      const motion = more.find((m) => ['halted', 'advancing', 'routing', 'retiring'].includes(m)) as Motion | undefined;
      us.push({ ...u, ...(formation ? { formation } : {}), id: name, side, brigade: side, at: { x, y }, facing, startFigures: u.figures, motion: motion ?? 'halted', casualtiesThisTurn: 0, casualtiesTotal: 0, movedFraction: 0, acted: false });
    } else if (g) {
      const att = more.find((m) => m.startsWith('attached='))?.slice('attached='.length);
      gs.push({ ...g, id: name, side, at: { x, y }, alive: true, ...(att ? { attachedTo: att } : {}) });
    }
    else throw new Error(`place: no unit or general "${name}"`);
  }
  const sides = [...new Set(Object.values(place).map((p) => p[0]))];
  const brigades: SoloBrigade[] = sides.map((side) => ({ id: side, side, brigadier: gs.find((g) => g.side === side && g.level === 'brigadier')?.id ?? `${side}-none` }));
  const t = table as number[] | undefined;
  return {
    turn: 1, sides, units: us, generals: gs, brigades, inControl: {}, queue: [], chance: Object.fromEntries(sides.map((x) => [x, null])),
    map: { terrain: terrainOf(terrain) }, ...(t ? { table: { width: t[0]!, height: t[1]! } } : {}),
  };
}
