import { writeFileSync } from 'node:fs';
import { compareWithScenario, emitOrderOfBattle, formatDifference, loadBuildSource, reportOrderOfBattle } from './rules/nw/build';
import { formatScenarioError, loadScenarioFile } from './rules/scenario';

/**
 * `npx estafette nw-brigade <battalions.yaml> [--out units.yaml] [--check scenario.yaml] [--quiet]` — build NW brigade-level
 * units from a battalion-level source (format: assets/sources/README.md; procedures: NW Ch.II,
 * src/rules/nw/build). Prints the working (s.p., labels, ranges, fatigue levels) and the
 * `orderOfBattle:` YAML to paste into a scenario, or writes that YAML to --out.
 * `--check` compares the built units with a scenario's (pieces, commands, arms, s.p., labels, men,
 * commander labels and base ranges) and lists every difference instead of printing the YAML.
 * Exit 0 built (and, with --check, no difference), 1 errors or differences, 2 usage.
 */
export async function nwBrigadeCommand(args: readonly string[], out: (s: string) => void, errOut: (s: string) => void): Promise<number> {
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--out' && args[i - 1] !== '--check');
  if (!file) {
    errOut('Usage: estafette nw-brigade <battalions.yaml> [--out units.yaml] [--check scenario.yaml] [--quiet]\n  e.g. estafette nw-brigade assets/sources/quatre-bras-battalions.yaml --check assets/scenarios/nw/quatre-bras.yaml');
    return 2;
  }
  const outIndex = args.indexOf('--out');
  const target = outIndex >= 0 ? args[outIndex + 1] : undefined;
  if (outIndex >= 0 && !target) { errOut('--out needs a file name: --out units.yaml'); return 2; }
  const checkIndex = args.indexOf('--check');
  const check = checkIndex >= 0 ? args[checkIndex + 1] : undefined;
  if (checkIndex >= 0 && !check) { errOut('--check needs a scenario file: --check assets/scenarios/nw/quatre-bras.yaml'); return 2; }
  const r = await loadBuildSource(file);
  if (!r.ok) {
    for (const e of r.error) errOut(formatScenarioError(e));
    errOut(`${r.error.length} problem${r.error.length === 1 ? '' : 's'} in ${file}; nothing was built.`);
    return 1;
  }
  if (!args.includes('--quiet')) for (const line of reportOrderOfBattle(r.value.built)) out(line);
  if (check) {
    const s = await loadScenarioFile(check);
    if (!s.ok) { for (const e of s.error) errOut(formatScenarioError(e)); return 1; }
    const diffs = compareWithScenario(r.value.built, s.value);
    for (const d of diffs) errOut(`DIFFERS: ${formatDifference(d)}`);
    const pieces = r.value.built.sides.reduce((n, x) => n + x.commands.reduce((m, c) => m + c.brigades.length + c.batteries.length, 0), 0);
    if (diffs.length) { errOut(`${diffs.length} difference${diffs.length === 1 ? '' : 's'} between ${file} and ${check}.`); return 1; }
    out(`OK: ${check} has the ${pieces} brigades and batteries built from ${file}, with the same s.p., labels, men, play rules (armoured, irregular, nation, alliedTo) and commander ranges.`);
    return 0;
  }
  const yaml = emitOrderOfBattle(r.value.built);
  if (target) {
    writeFileSync(target, yaml);
    out(`Wrote the orderOfBattle block to ${target}`);
  } else {
    out(yaml.trimEnd());
  }
  return 0;
}
