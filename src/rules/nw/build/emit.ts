import { stringify } from 'yaml';
import type { BuiltOrderOfBattle, BuiltSide } from './build';

/**
 * The built units as a scenario fragment (the `orderOfBattle:` block of assets/scenarios/nw/*.yaml,
 * format of src/rules/nw/scenario.ts), and a plain report of the higher-command figures. The CinC
 * and the commanders (labels, ranges, a command's own morale) go in each side's `generals:` list;
 * division generals and ADCs are only counted (the author assigns them, §3.3 L575); the engine
 * derives fatigue levels from the morale, so those are reported, not written.
 */

const ARM = { light: 'light-cavalry', medium: 'medium-cavalry', heavy: 'heavy-cavalry' } as const;

function sideBlock(s: BuiltSide): unknown {
  return {
    army: s.name,
    generals: [
      { id: s.cinc.id, name: s.cinc.name, level: 'army', rules: { cinc: s.cinc.label, morale: s.morale, nation: s.nation } },
      ...s.wings.map((w) => ({ id: w.commander.id, name: w.commander.name, level: 'wing', rules: { commander: w.commander.label, baseRange: w.commander.base, ...(w.morale !== s.morale ? { morale: w.morale } : {}) } })),
      ...s.commands.map((c) => ({ id: c.commander.id, name: c.commander.name, level: 'corps', rules: { commander: c.commander.label, baseRange: c.commander.base, ...(c.morale !== s.morale ? { morale: c.morale } : {}) } })),
    ],
    ...(s.wings.length ? { wings: s.wings.map((w) => ({ id: w.id, name: w.name, general: w.commander.id })) } : {}),
    corps: s.commands.map((c) => ({
      id: c.id,
      name: c.name,
      general: c.commander.id,
      ...(c.wing ? { wing: c.wing } : {}),
      divisions: [
        ...c.brigades.map((b) => ({ id: b.id, name: b.name, arm: b.weight ? ARM[b.weight] : 'infantry', sp: b.sp, rules: { label: b.label, ...(b.irregular ? { irregular: true } : {}), ...(b.armoured ? { armoured: true } : {}), ...(b.nation ? { nation: b.nation } : {}), ...(b.alliedTo ? { alliedTo: b.alliedTo } : {}) }, note: b.note })),
        ...c.batteries.map((b) => ({ id: b.id, name: b.name, arm: b.kind === 'horse' ? 'horse-artillery' : 'artillery', sp: 1, rules: { label: b.label, ...(b.nation ? { nation: b.nation } : {}) } })),
      ],
    })),
  };
}

/** The `orderOfBattle:` fragment, as YAML. */
export function emitOrderOfBattle(oob: BuiltOrderOfBattle): string {
  return stringify({ orderOfBattle: Object.fromEntries(oob.sides.map((s) => [s.id, sideBlock(s)])) }, { lineWidth: 0 });
}

const half = (x: number): string => `${x}"`;

/** The higher-command figures, one line each, with the rule lines they come from. */
export function reportOrderOfBattle(oob: BuiltOrderOfBattle): string[] {
  const out: string[] = [`NW scenario build (Ch.II §2-4), rounding ${oob.rounding} (HR N-4)`];
  for (const s of oob.sides) {
    const sp = s.commands.reduce((t, c) => t + c.brigades.reduce((u, b) => u + b.sp, 0), 0);
    const brigades = s.commands.reduce((t, c) => t + c.brigades.length, 0);
    const batteries = s.commands.reduce((t, c) => t + c.batteries.length, 0);
    out.push(`${s.name}: ${brigades} brigades (${sp} s.p.), ${batteries} battery stands; army fatigue ${s.armyFatigue.level} of ${s.armyFatigue.units} units (${s.morale}, §4.0 L581-589); generals ${s.generals.generals} (units / ${s.generals.divisor}), ADCs ${s.generals.adcs} (§3.3 L575)`);
    for (const w of s.wings) out.push(`  wing ${w.id}: ${w.commander.label} — ${w.commander.units} units (${w.commander.later} arriving later, counted: L555), base ${half(w.commander.base)}; fatigue ${w.fatigue.level} (${w.morale})`);
    for (const c of s.commands) {
      out.push(`  ${c.id}: ${c.commander.label} — ${c.commander.units} units (${c.commander.later} arriving later, counted: L555), base ${half(c.commander.base)}; fatigue ${c.fatigue.level} (${c.morale})`);
      for (const b of c.brigades) out.push(`    ${b.id.padEnd(20)} ${b.label.padEnd(32)} ${b.note}`);
      for (const b of c.batteries) out.push(`    ${b.id.padEnd(20)} ${b.label}`);
    }
  }
  return out;
}
