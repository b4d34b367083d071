/**
 * Prints the `map:` block of assets/scenarios/anrt/quatre-bras.yaml: the NW Quatre Bras map
 * (assets/scenarios/nw/quatre-bras.yaml, 1" = 100 yd) at ANRT's ground scale (L51: 1" = 50 yd),
 * cut to the ground of the opening hours. test/rules/anrt/quatre-bras.test.ts checks the shipped
 * block against this transform, so the two maps cannot drift apart.
 *
 *   npx tsx scripts/anrt-quatre-bras-map.ts
 */
import { readFileSync } from 'node:fs';
import { NW_PROFILE } from '../src/rules/nw/profile';
import { parseScenarioYaml } from '../src/rules/scenario';
import { rescaleMap } from '../src/rules/scenario/rescale';
import { QB_FACTOR, QB_WINDOW } from '../src/rules/anrt/quatre-bras';

const file = 'assets/scenarios/nw/quatre-bras.yaml';
const nw = parseScenarioYaml(readFileSync(file, 'utf8'), file, { profiles: { nw: NW_PROFILE } });
if (!nw.ok) throw new Error('NW Quatre Bras does not load');
const m = rescaleMap(nw.value.map, QB_WINDOW, QB_FACTOR);
const pt = (p: { x: number; y: number }): string => `[${p.x}, ${p.y}]`;
const out: string[] = ['map:', `  table: { width: ${m.table.width}, height: ${m.table.height} }`, `  gridCell: ${m.gridCell}`, '  terrain:'];
for (const f of m.terrain) {
  const extra = Object.entries(f).filter(([k]) => !['id', 'kind', 'name', 'polygon', 'line', 'at'].includes(k)).map(([k, v]) => `${k}: ${v}`);
  out.push(`    - id: ${f.id}`, `      kind: ${f.kind}`);
  if (f.name) out.push(`      name: ${f.name.includes("'") || f.name.includes(':') ? JSON.stringify(f.name) : f.name}`);
  if ('polygon' in f) out.push(`      polygon: [${f.polygon.map(pt).join(', ')}]`);
  if ('line' in f) out.push(`      line: [${f.line.map(pt).join(', ')}]`);
  if ('at' in f) out.push(`      at: ${pt(f.at)}`);
  for (const e of extra) out.push(`      ${e}`);
}
out.push('  landmarks:');
for (const l of m.landmarks) out.push(`    - { name: ${l.name}, at: ${pt(l.at)}${l.aliases?.length ? `, aliases: [${l.aliases.join(', ')}]` : ''} }`);
console.log(out.join('\n'));
