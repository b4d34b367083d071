import { nameBook, type NameBook, type NameEntry } from '../../../narrative/names';
import { clockOf, type SoloGame } from '../game';

/** Names of a Kuryakin game for the narrative: sides, brigades (as corps), generals and units as the scenario names them. */
export function soloNames(g: SoloGame): NameBook {
  const entry = (id: string, e: NameEntry): [string, NameEntry] => [id, e];
  return nameBook([
    ...g.armies.map((a) => entry(a.id, { name: a.name, kind: 'side' })),
    ...g.brigades.map((b) => entry(b.id, { name: g.brigadeNames[b.id] ?? b.id, kind: 'corps', side: b.side })),
    ...g.generals.map((x) => entry(x.id, { name: x.name, kind: 'general', side: x.side })),
    ...g.units.map((u) => entry(u.id, { name: u.name, kind: 'unit', side: u.side })),
  ], {
    clock: (turn) => clockOf(g, turn),
    grid: { table: g.map.table, grid: { cell: g.map.gridCell } },
    // The table is in millimetres (1 mm = 1 yard, KUR L3).
    distance: (n) => `${Math.round(n)} mm`,
  });
}
