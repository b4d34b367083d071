import { formatArtilleryLabel, formatCinCLabel, formatCommanderLabel, gunWeightForPounds, isNapoleonName } from '../labels';
import { presenceBonus } from '../tables/initiative';
import type { RoundingMode } from '../tables/rounding';
import type { CavalryWeight, MoraleLevel, Nationality } from '../tables/vocabulary';
import { attachedBatterySp, spreadSp } from './artillery';
import { apportion, figureBrigade, finishBrigade, shareMen, spOutOfRange, type Battalion, type BuiltBrigade, type FiguredBrigade } from './brigade';
import { armyFatigue, armyGenerals, commandFatigue, commanderRange, type CountedUnit } from './command';
import type { BuildSource, SourceBrigade, SourceCommand, SourceCommander, SourceDivision, SourceSide } from './source';

/**
 * Brigade-level units from a battalion-level source (NW Ch.II §2-4): the procedures of ./brigade,
 * ./artillery and ./command applied to a whole order of battle. Problems come back with the path
 * of the field at fault, so the loader can print file:line:col.
 */

/** A problem in the source, at a field path. */
export interface BuildIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly hint: string;
}

/** A battery stand (§2.7 L523). */
export interface BuiltBattery {
  readonly id: string;
  readonly name: string;
  readonly kind: 'foot' | 'horse';
  readonly label: string;
  readonly arrives: number;
  /** NAT-1: its own nation, when not its army's. */
  readonly nation?: Nationality;
}

/** A commander with his label and how his range was figured (L553-557). */
export interface BuiltCommander {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly base: number;
  readonly range: number;
  /** Units counted (every unit of the command, later arrivals too: L555). */
  readonly units: number;
  /** Of which arriving after turn 1. */
  readonly later: number;
}

export interface BuiltCommand {
  readonly id: string;
  readonly name: string;
  readonly wing: string | null;
  readonly commander: BuiltCommander;
  readonly morale: MoraleLevel;
  readonly fatigue: { units: number; level: number };
  readonly brigades: readonly BuiltBrigade[];
  readonly batteries: readonly BuiltBattery[];
}

export interface BuiltWing {
  readonly id: string;
  readonly name: string;
  readonly commander: BuiltCommander;
  readonly morale: MoraleLevel;
  readonly fatigue: { units: number; level: number };
}

export interface BuiltSide {
  readonly id: string;
  readonly name: string;
  readonly nation: Nationality;
  readonly morale: MoraleLevel;
  /** The CinC's label (NW §2.0 L41; presence Ch.II §3.1 L549). */
  readonly cinc: { readonly id: string; readonly name: string; readonly label: string };
  readonly wings: readonly BuiltWing[];
  readonly commands: readonly BuiltCommand[];
  /** §4.0 L581: the army's break level (irregular cavalry left out, L565). */
  readonly armyFatigue: { units: number; level: number };
  /** §3.3 L575. */
  readonly generals: { generals: number; adcs: number; divisor: number };
}

export interface BuiltOrderOfBattle {
  readonly rounding: RoundingMode;
  readonly sides: readonly BuiltSide[];
}

type Path = readonly (string | number)[];
class SourceProblem extends Error {
  constructor(readonly issue: BuildIssue) { super(issue.message); }
}
const fail = (path: Path, message: string, hint: string): never => { throw new SourceProblem({ path, message, hint }); };

const WEIGHT: Record<SourceBrigade['arm'], CavalryWeight | null> = { infantry: null, 'light-cavalry': 'light', 'medium-cavalry': 'medium', 'heavy-cavalry': 'heavy' };

/** Builds the whole order of battle, or the first problem found. */
export function buildOrderOfBattle(src: BuildSource): { ok: true; value: BuiltOrderOfBattle } | { ok: false; error: BuildIssue } {
  try {
    const seen = new Map<string, string>();
    const sides = src.sides.map((s, i) => buildSide(s, ['sides', i], src.rounding, seen));
    return { ok: true, value: { rounding: src.rounding, sides } };
  } catch (e) {
    if (e instanceof SourceProblem) return { ok: false, error: e.issue };
    throw e;
  }
}

function claim(seen: Map<string, string>, id: string, path: Path): void {
  if (seen.has(id)) fail([...path, 'id'], `the id '${id}' is used twice (first at ${seen.get(id)})`, 'Give every brigade, battery, command and commander its own id.');
  seen.set(id, path.join('.'));
}

function buildSide(side: SourceSide, path: Path, mode: RoundingMode, seen: Map<string, string>): BuiltSide {
  const french = side.nation === 'french';
  const commands = side.commands.map((c, i) => buildCommand(c, [...path, 'commands', i], side, french, mode, seen));
  const wings = side.wings.map((w, i): BuiltWing => {
    claim(seen, w.id, [...path, 'wings', i]);
    const members = commands.filter((c) => c.wing === w.id);
    if (members.length === 0) fail([...path, 'wings', i, 'id'], `no command names the wing '${w.id}'`, `Add wing: ${w.id} to the commands it holds, or remove the wing.`);
    const units = members.flatMap(countedUnits);
    const morale = w.morale ?? side.morale;
    return { id: w.id, name: w.name, commander: commander(w.commander, w.label, side, units, [...path, 'wings', i, 'commander'], seen), morale, fatigue: commandFatigue(units, morale, mode) };
  });
  side.commands.forEach((c, i) => {
    if (c.wing !== undefined && !side.wings.some((w) => w.id === c.wing)) fail([...path, 'commands', i, 'wing'], `no wing '${c.wing}' on this side`, side.wings.length ? `Wings here: ${side.wings.map((w) => w.id).join(', ')}.` : 'Declare it under wings:, or remove wing:.');
  });
  const all = commands.flatMap(countedUnits);
  const cincId = side.cinc.id ?? side.cinc.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/gu, '-').replace(/^-|-$/gu, '');
  claim(seen, cincId, [...path, 'cinc']);
  // A name the labels read as Napoleon's gets his +1 (NT-16): the source must say so too.
  if (isNapoleonName(side.cinc.name) !== side.cinc.napoleon) fail([...path, 'cinc', 'napoleon'], `the CinC '${side.cinc.name}' ${side.cinc.napoleon ? 'is marked napoleon but his label will not read so' : 'will be read as Napoleon by his label'}`, `Set napoleon: ${isNapoleonName(side.cinc.name)}.`);
  const cinc = { id: cincId, name: side.cinc.name, label: formatCinCLabel({ name: side.cinc.name, skill: side.cinc.skill, isNapoleon: side.cinc.napoleon, presence: presenceBonus(side.cinc.skill, side.cinc.napoleon) }) };
  return {
    id: side.id, name: side.name, nation: side.nation, morale: side.morale, cinc, wings, commands,
    armyFatigue: armyFatigue(all, side.morale, mode),
    generals: armyGenerals(all, side.nation, { skill: side.cinc.skill, napoleon: side.cinc.napoleon }, mode),
  };
}

const countedUnits = (c: Pick<BuiltCommand, 'brigades' | 'batteries'>): CountedUnit[] => [
  ...c.brigades.map((b): CountedUnit => ({ arm: b.weight && !b.mixed ? 'cavalry' : 'infantry', irregular: b.irregular, arrives: b.arrives })),
  ...c.batteries.map((b): CountedUnit => ({ arm: 'artillery', arrives: b.arrives })),
];

function commander(c: SourceCommander, command: string, side: SourceSide, units: readonly CountedUnit[], path: Path, seen: Map<string, string>): BuiltCommander {
  claim(seen, c.id, path);
  const r = commanderRange(c.skill, side.nation, c.divisional, units);
  const label = formatCommanderLabel({ name: c.label ?? c.name, valorous: c.valorous, command, skill: c.skill, rangeInches: r.range });
  return { id: c.id, name: c.name, label, base: r.base, range: r.range, units: r.units, later: units.filter((u) => (u.arrives ?? 1) > 1).length };
}

function buildCommand(c: SourceCommand, path: Path, side: SourceSide, french: boolean, mode: RoundingMode, seen: Map<string, string>): BuiltCommand {
  claim(seen, c.id, path);
  if (c.divisions.length === 0 && c.batteries.length === 0) fail([...path, 'divisions'], `${c.id} has no brigades and no batteries`, 'Add its divisions (with brigades) or battery stands.');
  const brigades = c.divisions.flatMap((d, i) => buildDivision(d, [...path, 'divisions', i], c, french, mode, seen));
  const batteries = c.batteries.map((b, i): BuiltBattery => {
    claim(seen, b.id, [...path, 'batteries', i]);
    return { id: b.id, name: b.name, kind: b.kind, arrives: b.arrives, ...(b.nation ? { nation: b.nation } : {}), label: formatArtilleryLabel({ command: c.label, pounds: b.pounds, weight: gunWeightForPounds(b.pounds), kind: b.kind }) };
  });
  const units = countedUnits({ brigades, batteries });
  const morale = c.morale ?? side.morale;
  return {
    id: c.id, name: c.name, wing: c.wing ?? null, morale, brigades, batteries,
    commander: commander(c.commander, c.label, side, units, [...path, 'commander'], seen),
    fatigue: commandFatigue(units, morale, mode),
  };
}

/** Whole men per battalion: a line's men over its count, or the brigade's over all its battalions. */
function battalionsOf(b: SourceBrigade, brigadeMen: number | undefined, path: Path): Battalion[] {
  const withMen = b.battalions.filter((x) => x.men !== undefined).length;
  if (withMen > 0 && withMen < b.battalions.length) fail([...path, 'battalions'], `${b.id}: some battalion lines give men and some do not`, 'Give men: on every line, or on none and men: on the brigade (or division).');
  if (withMen === 0 && brigadeMen === undefined) fail([...path], `${b.id} has no strength`, 'Give men: on the brigade, on each battalion line, or on its division (shared by battalions, BD-5).');
  if (withMen > 0 && brigadeMen !== undefined) {
    const sum = b.battalions.reduce((s, x) => s + x.men!, 0);
    if (sum !== brigadeMen) fail([...path, 'men'], `${b.id}: men is ${brigadeMen} but its battalions add up to ${sum}`, 'Keep one of the two, or make them agree.');
  }
  const count = b.battalions.reduce((s, x) => s + x.count, 0);
  const perBn = withMen === 0 ? shareMen(brigadeMen!, count) : null;
  let k = 0;
  return b.battalions.flatMap((x) => {
    const men = perBn ? perBn.slice(k, k + x.count) : shareMen(x.men!, x.count);
    k += x.count;
    return men.map((m, j) => ({ name: x.count > 1 ? `${x.name} ${j + 1}` : x.name, quality: x.quality, light: x.light, sk: x.sk, men: m }));
  });
}

function buildDivision(d: SourceDivision, path: Path, c: SourceCommand, french: boolean, mode: RoundingMode, seen: Map<string, string>): BuiltBrigade[] {
  let shares: (number | undefined)[] = d.brigades.map((b) => b.men);
  if (d.men !== undefined) {
    const given = d.brigades.findIndex((b) => b.men !== undefined || b.battalions.some((x) => x.men !== undefined));
    if (given >= 0) fail([...path, 'brigades', given, 'men'], `the division gives men: ${d.men}, and so does its brigade ${d.brigades[given]!.id}`, 'Give the division total (shared by battalions, BD-5) or each brigade\'s men, not both.');
    shares = apportion(d.men, d.brigades.map((b) => b.battalions.reduce((s, x) => s + x.count, 0)), d.roundMenTo);
  }
  const figured: FiguredBrigade[] = d.brigades.flatMap((b, i) => {
    claim(seen, b.id, [...path, 'brigades', i]);
    const weight = WEIGHT[b.arm];
    if (b.mixed && weight) fail([...path, 'brigades', i, 'mixed'], `${b.id}: a mixed brigade is infantry with some cavalry (Ch.II §2.4 L490)`, 'Set arm: infantry for a mixed brigade.');
    if ((b.irregular || b.armoured) && !weight) fail([...path, 'brigades', i, b.irregular ? 'irregular' : 'armoured'], `${b.id} is infantry, but only cavalry is ${b.irregular ? 'irregular (§3.12 L565)' : 'armoured'}`, `Set arm: light-cavalry (or the right weight), or remove ${b.irregular ? 'irregular' : 'armoured'}.`);
    // NAT-1 (profile.ts): alliedTo goes with the brigade's own nation.
    if (b.alliedTo && !b.nation) fail([...path, 'brigades', i, 'alliedTo'], `${b.id}: alliedTo goes with the brigade's own nation`, `Add nation: (e.g. nation: other, alliedTo: ${b.alliedTo}), or remove alliedTo: the brigade then moves as its army (NAT-1, NAT-3).`);
    const battalions = battalionsOf(b, shares[i], [...path, 'brigades', i]);
    const own = { ...(b.nation ? { nation: b.nation } : {}), ...(b.alliedTo ? { alliedTo: b.alliedTo } : {}) };
    return figureBrigade({ id: b.id, name: b.name, number: b.number, weight, mixed: b.mixed, irregular: b.irregular, armoured: b.armoured, ...own, arrives: b.arrives, battalions }, french, mode);
  });
  // Parts of a split brigade after the first take the next free brigade numbers of the division (BD-4).
  let next = Math.max(...figured.map((f) => f.number)) + 1;
  const firstParts = new Set<string>();
  const numbered = figured.map((f) => {
    if (!f.splitFrom || !firstParts.has(f.splitFrom)) { if (f.splitFrom) firstParts.add(f.splitFrom); return f; }
    return { ...f, number: next++ };
  });
  const extra = new Map<string, number>(numbered.map((f) => [f.id, 0]));
  d.batteries.forEach((bty, j) => {
    const bpath = [...path, 'batteries', j];
    const names = bty.share ?? numbered.filter((f) => !f.weight).map((f) => f.splitFrom ?? f.id);
    const ids = [...new Set(names)].flatMap((n, k) => {
      const parts = numbered.filter((f) => f.id === n || f.splitFrom === n);
      if (parts.length === 0) fail([...bpath, 'share', k], `no brigade '${n}' in ${d.name}`, `Brigades here: ${d.brigades.map((b) => b.id).join(', ')}.`);
      if (parts.some((p) => p.weight)) fail([...bpath, 'share', k], `${n} is cavalry: horse guns of cavalry are stands (Ch.II §2.7 L523)`, 'Make it a battery stand of the command (batteries: with pounds and kind: horse).');
      return parts.map((p) => p.id);
    });
    if (ids.length === 0) fail(bpath, `${bty.name} has no infantry brigade to join in ${d.name}`, 'Name the brigades with share:, or make it a battery stand of the command.');
    const got = spreadSp(attachedBatterySp([bty.weight]), ids.length, ids.map((id) => extra.get(id)!));
    ids.forEach((id, k) => extra.set(id, extra.get(id)! + got[k]!));
  });
  return numbered.map((f) => {
    const sp = f.menSp + extra.get(f.id)!;
    const i = d.brigades.findIndex((b) => b.id === (f.splitFrom ?? f.id));
    const bad = spOutOfRange(sp);
    if (bad) fail([...path, 'brigades', i], `${f.id}: ${bad}`, sp < 2 ? 'Join it to another brigade of its division, or check its men.' : 'Share the attached batteries with other brigades (share:), or check its men.');
    return finishBrigade(f, extra.get(f.id)!, d.number, d.corps ?? c.corps, d.cavalryCorps ?? c.cavalryCorps, mode);
  });
}
