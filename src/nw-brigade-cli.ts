import { writeFileSync } from 'node:fs';
import { emitOrderOfBattle, loadBuildSource, reportOrderOfBattle } from './rules/nw/build';
import { formatScenarioError } from './rules/scenario';

/**
 * `npx estafette nw-brigade <battalions.yaml> [--out units.yaml] [--quiet]` — build NW brigade-level
 * units from a battalion-level source (format: assets/sources/README.md; procedures: NW Ch.II,
 * src/rules/nw/build). Prints the working (s.p., labels, ranges, fatigue levels) and the
 * `orderOfBattle:` YAML to paste into a scenario, or writes that YAML to --out.
 * Exit 0 built, 1 the source has errors (each as file:line:col with a hint), 2 usage.
 */
export async function nwBrigadeCommand(args: readonly string[], out: (s: string) => void, errOut: (s: string) => void): Promise<number> {
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--out');
  if (!file) {
    errOut('Usage: estafette nw-brigade <battalions.yaml> [--out units.yaml] [--quiet]\n  e.g. estafette nw-brigade assets/sources/quatre-bras-battalions.yaml');
    return 2;
  }
  const outIndex = args.indexOf('--out');
  const target = outIndex >= 0 ? args[outIndex + 1] : undefined;
  if (outIndex >= 0 && !target) { errOut('--out needs a file name: --out units.yaml'); return 2; }
  const r = await loadBuildSource(file);
  if (!r.ok) {
    for (const e of r.error) errOut(formatScenarioError(e));
    errOut(`${r.error.length} problem${r.error.length === 1 ? '' : 's'} in ${file}; nothing was built.`);
    return 1;
  }
  if (!args.includes('--quiet')) for (const line of reportOrderOfBattle(r.value.built)) out(line);
  const yaml = emitOrderOfBattle(r.value.built);
  if (target) {
    writeFileSync(target, yaml);
    out(`Wrote the orderOfBattle block to ${target}`);
  } else {
    out(yaml.trimEnd());
  }
  return 0;
}
