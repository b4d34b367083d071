import type { SoloScenarioData } from '../src/rules/solo/scenario';
import { soloData } from '../test/helpers/solo-game';

/** The teaching scenario with each brigade doubled 250 mm to its rear (40 units): the battle of `npm run bench:solo`, shared with bench/solo-identity.ts. */
export function forty(): SoloScenarioData {
  const d = soloData();
  const back = (side: string) => (side === 'french' ? -250 : 250);
  const units = d.base.units.map((u) => ({ ...u, id: `${u.id}-2`, name: `${u.name} (2nd line)`, brigade: `${u.brigade}-2`, at: { x: u.at.x, y: u.at.y + back(u.side) } }));
  const brigades = d.base.brigades.map((b) => ({ ...b, id: `${b.id}-2`, brigadier: `${b.brigadier}-2` }));
  const generals = d.generals.filter((g) => g.level === 'brigadier').map((g) => ({ ...g, id: `${g.id}-2`, name: `${g.name} (2nd line)`, at: { x: g.at.x, y: g.at.y + back(g.side) } }));
  const seats = d.base.seats.map((s) => ({ ...s, commands: [...s.commands, ...units.filter((u) => u.side === s.side).map((u) => u.id)] }));
  const brigadeNames = { ...d.base.brigadeNames, ...Object.fromEntries(brigades.map((b) => [b.id, `${d.base.brigadeNames[b.id.slice(0, -2)]} (2nd line)`])) };
  return { ...d, base: { ...d.base, units: [...d.base.units, ...units], brigades: [...d.base.brigades, ...brigades], seats, brigadeNames }, generals: [...d.generals, ...generals] };
}

