import type { ScenarioMap } from './types';

/**
 * A map as the `map:` block of a scenario file, one terrain feature to a few lines, points in
 * flow style (the shipped scenarios' layout). Used to print a rescaled map into a scenario
 * (scripts/anrt-quatre-bras-map.ts); the scenario's test checks the file holds this text.
 */
export function mapYaml(m: ScenarioMap): string {
  const pt = (p: { x: number; y: number }): string => `[${p.x}, ${p.y}]`;
  const str = (v: string): string => (/['":#]/.test(v) ? JSON.stringify(v) : v);
  const out: string[] = ['map:', `  table: { width: ${m.table.width}, height: ${m.table.height} }`, `  gridCell: ${m.gridCell}`, '  terrain:'];
  for (const f of m.terrain) {
    out.push(`    - id: ${f.id}`, `      kind: ${f.kind}`);
    if (f.name) out.push(`      name: ${str(f.name)}`);
    if ('polygon' in f) out.push(`      polygon: [${f.polygon.map(pt).join(', ')}]`);
    if ('line' in f) out.push(`      line: [${f.line.map(pt).join(', ')}]`);
    if ('at' in f) out.push(`      at: ${pt(f.at)}`);
    for (const [k, v] of Object.entries(f)) if (!['id', 'kind', 'name', 'polygon', 'line', 'at'].includes(k)) out.push(`      ${k}: ${String(v)}`);
  }
  out.push('  landmarks:');
  for (const l of m.landmarks) out.push(`    - { name: ${str(l.name)}, at: ${pt(l.at)}${l.aliases?.length ? `, aliases: [${l.aliases.map(str).join(', ')}]` : ''} }`);
  return out.join('\n');
}
