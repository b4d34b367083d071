import { readFile } from 'node:fs/promises';
import { basename, dirname, extname } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Pose } from '../geometry/types';
import { report, type IssuePath, type ScenarioErrorCode } from '../scenario/codes';
import { formatPath, type ScenarioError } from '../scenario/errors';
import { idSchema } from '../scenario/fields';
import { parseScenarioYaml } from '../scenario/load';
import { locate } from '../scenario/locate';
import { NW_PROFILE } from './profile';
import type { Scenario } from '../scenario/types';
import {
  parseArtilleryLabel, parseCinCLabel, parseCommanderLabel, parseGeneralLabel, parseUnitLabel, unitLabelChartMismatch,
  type ArtilleryLabel, type UnitLabel,
} from './labels';
import { isBatteryLabel } from './profile';
import type { NwSettings } from './settings';
import {
  EMPTY_LOG, NW_PHASES, type NwArmy, type NwBattery, type NwCinC, type NwCommand, type NwCommander, type NwGeneral, type NwMap,
  type NwReinforcement, type NwSide, type NwState, type NwUnit, type NwVictory,
} from './state';
import { fatigueLevels, fatigueState } from './tables/fatigue';
import { BASES_INCHES } from './tables/leaders';
import { SCALE } from './tables/sequence';
import { MORALE_LEVELS, type CavalryWeight, type Nationality } from './tables/vocabulary';

/**
 * NW scenarios: the shared scenario format (src/rules/scenario) with NW's `rules:` blocks, in
 * which every piece is declared by its printed label (NW §2.0 L29-41):
 *
 *   generals:  - { id: ney, name: Ney, level: corps, rules: { commander: 'Ney (V), III Corp, G,14"' } }
 *              - { id: nap, name: Napoleon, level: army, rules: { cinc: "Napoleon,E,+4", morale: good } }
 *              - { id: adc1, name: ADC, level: division, rules: { general: ADC, attachedTo: 1b-1-iii } }
 *   divisions: - { id: b1, name: 1st Brigade, arm: infantry, sp: 7, rules: { label: 1B/1/III SK1 7/5/3 Vet } }
 *              - { id: bty, name: III Corps foot, arm: artillery, sp: 1, rules: { label: "III Corp, 8 lb, Foot" } }
 *
 * Labels are parsed while the YAML's lines are known, so a bad label is reported at
 * `file:line:column`. Checks across fields (a label's arm against `arm:`, a CinC label on an
 * army-level general…) run on the parsed scenario and are placed in the file the same way.
 * Terrain, landmarks, places, facings, deployment and reinforcements are the shared format's.
 */

const CAVALRY_ARM: Readonly<Record<string, CavalryWeight>> = { 'light-cavalry': 'light', 'medium-cavalry': 'medium', 'heavy-cavalry': 'heavy' };

// ---------------------------------------------------------------------------------------------
// The scenario as NW starts it

type Static<T, K extends keyof T> = Omit<T, K>;

/** An NW battle as the engine starts it: labels parsed, positions resolved. Tests build these directly. */
export interface NwScenarioData {
  readonly id: string;
  readonly name: string;
  readonly lastTurn: number;
  /** The battle's year from `meta.date` (NAT-3); absent or null = unknown. */
  readonly year?: number | null;
  readonly clock: { readonly start: number; readonly turnMinutes: number };
  readonly map: NwMap;
  readonly sides: readonly NwSide[];
  /** `nation` is optional here (default 'other' in `buildNwState`, NAT-1). */
  readonly armies: readonly (Static<NwArmy, 'broken' | 'napoleonRerollSpent' | 'nation'> & { readonly nation?: NwArmy['nation'] })[];
  readonly commands: readonly Static<NwCommand, 'fatigued'>[];
  readonly commanders: readonly Static<NwCommander, 'status' | 'replacementTurn' | 'replacement'>[];
  readonly generals: readonly Static<NwGeneral, 'lost'>[];
  readonly units: readonly Static<NwUnit, 'sp' | 'status' | 'fatigue' | 'removed' | 'routedOffTable' | 'attachedGeneral' | 'attachedBattery'>[];
  /** `condition` only when a campaign seeds a battery damaged in an earlier battle (default 'full'). */
  readonly batteries: readonly (Static<NwBattery, 'condition' | 'removed'> & { readonly condition?: NwBattery['condition'] })[];
  readonly reinforcements: readonly NwReinforcement[];
  readonly victory: NwVictory;
  /** Label problems kept as warnings (HR N-15 `labels.validate: warn`). */
  readonly warnings: readonly Problem[];
}

/** A problem found across fields, with the path of the field it is about (placed in the file by the loader). */
export interface NwScenarioProblem extends Problem {
  readonly code: ScenarioErrorCode;
  readonly path: IssuePath;
  readonly hint: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** NAT-1: a brigade's or battery's own `nation:` (and a brigade's `alliedTo:`), profile.ts checked them; absent = its army's. */
const nationRules = (r: Readonly<Record<string, unknown>>): { nation?: Nationality; alliedTo?: 'british' | 'french' } => ({
  ...(str(r.nation) ? { nation: str(r.nation) as Nationality } : {}),
  ...(str(r.alliedTo) ? { alliedTo: str(r.alliedTo) as 'british' | 'french' } : {}),
});

/** NAT-3: the year of an ISO `meta.date` ("1815-06-16" → 1815), null if it has none. */
const yearOf = (date: string | undefined): number | null => {
  const m = /^(\d{4})/u.exec(date ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * Reads a validated scenario (meta.ruleset nw, parsed with NW_PROFILE) into NW's terms. Problems
 * carry the path of the field at fault; `parseNwScenarioYaml` turns them into file:line errors.
 */
export function nwScenarioData(sc: Scenario, settings: NwSettings): Result<NwScenarioData, NwScenarioProblem[]> {
  const problems: NwScenarioProblem[] = [];
  const warnings: Problem[] = [];
  const bad = (path: IssuePath, message: string, hint: string, code: ScenarioErrorCode = 'scenario/bad-value') => problems.push({ code, path, message, hint });
  if (sc.meta.ruleset !== 'nw') bad(['meta', 'ruleset'], `this is a ${sc.meta.ruleset} scenario, not an NW one`, 'Load it with its own ruleset.');

  const placed = new Map(sc.deployment.map((d) => [d.piece, d]));
  const arriving = new Map<string, Scenario['reinforcements'][number]>();
  for (const r of sc.reinforcements) for (const id of [...r.units, ...r.generals]) arriving.set(id, r);
  const poseOf = (id: string): Pose => {
    const d = placed.get(id) ?? arriving.get(id);
    return d ? { at: d.at, facing: d.facing } : { at: { x: 0, y: 0 }, facing: 0 };
  };
  const onTable = (id: string) => placed.has(id);

  const armies: NwScenarioData['armies'][number][] = [];
  const commands: NwScenarioData['commands'][number][] = [];
  const commanders: NwScenarioData['commanders'][number][] = [];
  const generals: NwScenarioData['generals'][number][] = [];
  const units: NwScenarioData['units'][number][] = [];
  const batteries: NwScenarioData['batteries'][number][] = [];
  const attachments: { piece: string; to: string; side: string; path: IssuePath; kind: 'battery' | 'officer' }[] = [];

  for (const side of sc.sides) {
    const oob = sc.orderOfBattle[side.id]!;
    const base = ['orderOfBattle', side.id];
    const gIndex = new Map(oob.generals.map((g, i) => [g.id, i]));
    const commandOf = new Map<string, string>(); // general id → command id
    for (const c of oob.corps) commandOf.set(c.general, c.id);
    for (const w of oob.wings) commandOf.set(w.general, w.id);
    const cinc = oob.generals.find((g) => g.id === side.commander)!;
    const cincPath = [...base, 'generals', gIndex.get(cinc.id)!, 'rules'];
    const cincLabel = str(cinc.rules.cinc);
    const armyMorale = (str(cinc.rules.morale) ?? 'average') as NwArmy['morale'];
    // NAT-1: the army's nationality is the CinC's `nation:` (profile.ts checked it), 'other' when absent.
    const nation = (str(cinc.rules.nation) ?? 'other') as NwArmy['nation'];
    const alliedTo = str(cinc.rules.alliedTo) as 'british' | 'french' | undefined;
    let cincData: NwCinC | null = null;
    if (cincLabel === undefined) bad([...cincPath, 'cinc'], `${cinc.id} commands the army, so his label is a CinC label`, 'Write cinc: "Napoleon,E,+4" (NW §2.0 L41) in his rules.', 'scenario/missing');
    else {
      const p = parseCinCLabel(cincLabel);
      if (p.ok) cincData = { id: cinc.id, name: cinc.name, label: cincLabel, skill: p.value.skill, isNapoleon: p.value.isNapoleon, presence: p.value.presence, pose: poseOf(cinc.id), onTable: onTable(cinc.id), startedOnMap: onTable(cinc.id) };
    }

    // Corps numbers of each command, from its brigades' labels: a division general's `1/IV` finds his corps by them.
    const commandByCorpsNumber = new Map<number, string>();
    for (const c of oob.corps) {
      const unitIds: string[] = [];
      const batteryIds: string[] = [];
      c.divisions.forEach((u, j) => {
        const path = [...base, 'corps', oob.corps.indexOf(c), 'divisions', j];
        const label = str(u.rules.label) ?? '';
        const attachedTo = str(u.rules.attachedTo);
        if (isBatteryLabel(label)) {
          const p = parseArtilleryLabel(label);
          if (!p.ok) return;
          const a: ArtilleryLabel = p.value;
          if (u.arm !== 'artillery' && u.arm !== 'horse-artillery') return bad([...path, 'rules', 'label'], `${u.id} has a battery's label but arm ${u.arm}`, `A brigade's label looks like 1B/1/IV SK1 7/5/3 Vet; or set arm: ${a.kind === 'horse' ? 'horse-artillery' : 'artillery'}.`);
          if ((a.kind === 'horse') !== (u.arm === 'horse-artillery')) return bad([...path, 'arm'], `the label says ${a.kind} artillery, arm says ${u.arm}`, `Set arm: ${a.kind === 'horse' ? 'horse-artillery' : 'artillery'}, or fix the label.`);
          const special = (str(u.rules.special) ?? null) as NwBattery['special'];
          // OPT-1: a special battery whose optional rule is off is an ordinary battery of its label; the loader says so.
          if (special && !settings.optional[special === 'howitzer' ? 'howitzers' : 'rockets']) {
            warnings.push({
              code: 'nw/optional-off', message: `${u.id}: special: ${special} is played as an ordinary ${a.weight} ${a.kind} battery, because optional.${special === 'howitzer' ? 'howitzers' : 'rockets'} is off`,
              hint: `Turn the optional rule on in the game settings to play it as a ${special} battery (Optional ${special === 'howitzer' ? '§3.0 L620-622' : '§4.0 L624-626'}; OPT-1).`,
            });
          }
          batteries.push({ id: u.id, name: u.name, side: side.id, command: c.id, label, pounds: a.pounds, weight: a.weight, kind: a.kind, pose: poseOf(u.id), base: { width: BASES_INCHES.battery, depth: BASES_INCHES.battery }, onTable: onTable(u.id), attachedTo: attachedTo ?? null, special, ...(u.rules.oldGuard === true ? { oldGuard: true } : {}), ...nationRules(u.rules) });
          batteryIds.push(u.id);
          if (attachedTo) attachments.push({ piece: u.id, to: attachedTo, side: side.id, path: [...path, 'rules', 'attachedTo'], kind: 'battery' });
          return;
        }
        const p = parseUnitLabel(label);
        if (!p.ok) return;
        const l: UnitLabel = p.value;
        if (u.arm === 'artillery' || u.arm === 'horse-artillery') return bad([...path, 'rules', 'label'], `${u.id} is ${u.arm} but has a brigade's label`, 'A battery\'s label is command, weight, foot or horse: "IV Corp, 6 lb, Horse" (NW §2.0 L31).');
        const want = CAVALRY_ARM[u.arm] ?? null;
        if (want !== l.weight) return bad([...path, 'arm'], l.weight ? `the label makes ${u.id} ${l.weight} cavalry, arm says ${u.arm}` : `the label has no cavalry weight, so ${u.id} is infantry, but arm says ${u.arm}`, l.weight ? `Set arm: ${l.weight}-cavalry.` : `Add the weight to the label (1B/1/IC Light …, NW §2.0 L34) or set arm: infantry.`);
        if (attachedTo) return bad([...path, 'rules', 'attachedTo'], 'only a battery is attached to a brigade', 'Attach the battery to the brigade (attachedTo on the battery), not the other way round.', 'scenario/invalid');
        if (l.quality === null) return bad([...path, 'rules', 'label'], `${u.id}'s label gives no quality`, 'End the label with its quality, e.g. 1B/1/IV SK1 7/5/3 Vet (NW §2.0 L37).', 'scenario/missing');
        const sp = u.strength.kind === 'sp' ? u.strength.sp : null;
        if (sp === null) return bad([...path], 'an NW brigade gives its s.p. as sp:', 'Write sp: with the brigade\'s starting strength points (Ch.II §2.1).', 'scenario/strength');
        if (l.levels && l.levels.fresh !== sp) return bad([...path, 'sp'], `sp is ${sp} but the label's fresh level is ${l.levels.fresh}`, `Set sp: ${l.levels.fresh}, or fix the label.`, 'scenario/strength');
        const levels = l.levels ?? fatigueLevels(sp, l.quality);
        if (!levels) return bad([...path, 'sp'], `a brigade has 2-12 s.p. (Ch.II §2.2 L486), not ${sp}`, 'Give sp: from 2 to 12.', 'scenario/out-of-range');
        const mismatch = l.levels ? unitLabelChartMismatch(l) : null;
        if (mismatch && settings.labels.validate === 'error') return bad([...path, 'rules', 'label'], mismatch.message, `${mismatch.hint ?? ''} [${mismatch.code}]`, 'scenario/bad-format');
        if (mismatch && settings.labels.validate === 'warn') warnings.push({ ...mismatch, message: `${u.id}: ${mismatch.message}` });
        units.push({
          id: u.id, name: u.name, side: side.id, command: c.id, label, brigade: l.brigade, division: l.division, corps: l.corps, cavalryCorps: l.cavalryCorps,
          arm: l.weight ? 'cavalry' : 'infantry', weight: l.weight, sk: l.sk, mixed: l.mixed, quality: l.quality, levels, spStart: sp,
          irregularCavalry: u.rules.irregular === true, ...(u.rules.armoured === true && l.weight ? { armoured: true } : {}), ...nationRules(u.rules), pose: poseOf(u.id), base: { width: BASES_INCHES.brigade, depth: BASES_INCHES.brigade }, onTable: onTable(u.id),
        });
        unitIds.push(u.id);
        if (!commandByCorpsNumber.has(l.corps)) commandByCorpsNumber.set(l.corps, c.id);
      });
      const morale = (str(oob.generals[gIndex.get(c.general)!]?.rules.morale) ?? armyMorale) as NwCommand['morale'];
      commands.push({ id: c.id, name: c.name, side: side.id, commander: c.general, morale, units: unitIds, batteries: batteryIds });
    }
    for (const w of oob.wings) {
      const under = oob.corps.filter((c) => c.wing === w.id).map((c) => commands.find((x) => x.id === c.id)!);
      const morale = (str(oob.generals[gIndex.get(w.general)!]?.rules.morale) ?? armyMorale) as NwCommand['morale'];
      commands.push({ id: w.id, name: w.name, side: side.id, commander: w.general, morale, units: under.flatMap((c) => c.units), batteries: under.flatMap((c) => c.batteries) });
    }
    if (cincData) armies.push({ side: side.id, name: oob.army, cinc: cincData, morale: armyMorale, nation, ...(alliedTo ? { alliedTo } : {}) });

    oob.generals.forEach((g, i) => {
      if (g.id === side.commander) return;
      const path = [...base, 'generals', i];
      const attachedTo = str(g.rules.attachedTo) ?? null;
      if (attachedTo) attachments.push({ piece: g.id, to: attachedTo, side: side.id, path: [...path, 'rules', 'attachedTo'], kind: 'officer' });
      if (g.level === 'army') return bad([...path, 'level'], `${side.id} has one CinC, ${side.commander}`, 'Give other officers level corps, wing or division.');
      if (g.level === 'corps' || g.level === 'wing') {
        const label = str(g.rules.commander);
        if (label === undefined) return bad([...path, 'rules'], `${g.id} is a ${g.level} commander, so his label is a commander label`, `Write commander: 'Ney (V), III Corp, G,14"' (NW §2.0 L40).`, 'scenario/missing');
        const p = parseCommanderLabel(label);
        if (!p.ok) return;
        const command = commandOf.get(g.id);
        if (!command) return bad([...path, 'id'], `${g.id} leads no corps or wing`, 'Name him as the general of a corps or wing.', 'scenario/unknown-ref');
        const baseRange = g.rules.baseRange;
        commanders.push({
          id: g.id, name: g.name, side: side.id, label, command, skill: p.value.skill, valorous: p.value.valorous, rangeInches: p.value.rangeInches,
          baseRangeInches: typeof baseRange === 'number' ? baseRange : null, pose: poseOf(g.id), onTable: onTable(g.id), attachedTo,
        });
        return;
      }
      const label = str(g.rules.general);
      if (label === undefined) return bad([...path, 'rules'], `${g.id} is a division-level general, so his label is a general label`, 'Write general: "1/IV Corps" or general: ADC (NW §2.0 L38).', 'scenario/missing');
      const p = parseGeneralLabel(label);
      if (!p.ok) return;
      let command: string | null = null;
      if (p.value.kind !== 'adc') {
        command = commandByCorpsNumber.get(p.value.corps) ?? null;
        if (!command) return bad([...path, 'rules', 'general'], `no corps of ${side.id} has brigades of corps ${p.value.corps}`, 'The corps in the label must match the corps in its brigades\' labels.', 'scenario/unknown-ref');
      }
      generals.push({ id: g.id, name: g.name, side: side.id, label, kind: p.value.kind, command, pose: poseOf(g.id), onTable: onTable(g.id), attachedTo });
    });
  }

  // Every brigade in the order of battle, parsed or not, so a refused brigade does not also fail its attachments.
  const brigadeSide = new Map<string, string>();
  for (const side of sc.sides) {
    for (const c of sc.orderOfBattle[side.id]!.corps) for (const u of c.divisions) if (!isBatteryLabel(str(u.rules.label) ?? '')) brigadeSide.set(u.id, side.id);
  }
  const seen = new Map<string, string>();
  for (const a of attachments) {
    if (brigadeSide.get(a.to) !== a.side) { bad(a.path, `'${a.to}' is not a brigade of ${a.side}`, 'Attach to the id of one of this side\'s brigades.', 'scenario/unknown-ref'); continue; }
    const key = `${a.kind}:${a.to}`;
    if (seen.has(key)) bad(a.path, `${a.to} already has ${a.kind === 'battery' ? 'a battery' : 'an officer'} attached (${seen.get(key)})`, 'Attach one to each brigade.', 'scenario/invalid');
    else seen.set(key, a.piece);
  }
  if (problems.length) return err(problems);

  const [hh, mm] = sc.meta.firstTurn.split(':').map(Number);
  const victory: NwVictory = {
    objectives: sc.victory.objectives.flatMap((o) => {
      if (o.target.kind === 'landmark') return [{ name: o.name, at: o.target.at, radius: o.target.radius, side: o.side, points: o.points }];
      const feature = sc.map.terrain.find((f) => f.id === (o.target as { feature: string }).feature);
      const ring = feature && 'polygon' in feature ? feature.polygon : [];
      if (!ring.length) return [];
      const c = { x: ring.reduce((s, p) => s + p.x, 0) / ring.length, y: ring.reduce((s, p) => s + p.y, 0) / ring.length };
      return [{ name: o.name, at: c, radius: Math.max(0, ...ring.map((p) => Math.hypot(p.x - c.x, p.y - c.y))), side: o.side, points: o.points }];
    }),
    drawMargin: sc.victory.draw.margin,
  };
  return ok({
    id: sc.meta.id, name: sc.meta.name, lastTurn: sc.meta.turns, year: yearOf(sc.meta.date), clock: { start: hh! * 60 + mm!, turnMinutes: sc.meta.turnMinutes },
    map: { table: sc.map.table, gridCell: sc.map.gridCell, yardsPerInch: sc.meta.scale.yardsPerInch ?? SCALE.yardsPerInch, terrain: sc.map.terrain, landmarks: sc.map.landmarks },
    sides: sc.sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour })),
    armies, commands, commanders, generals, units, batteries,
    reinforcements: sc.reinforcements.map((r) => ({ turn: r.turn, pieces: [...r.units, ...r.generals], at: r.at, facing: r.facing, ...(r.condition !== undefined && { condition: r.condition }) })),
    victory, warnings,
  });
}

/**
 * Parse an NW scenario written in YAML into `NwScenarioData`: the shared checks with NW's
 * profile, then NW's cross-field checks, every error at `file:line:column`.
 */
export function parseNwScenarioYaml(text: string, file = '<scenario>', settings: NwSettings, expect?: { id?: string; ruleset?: string }): Result<NwScenarioData, ScenarioError[]> {
  const parsed = parseScenarioYaml(text, file, { profiles: { nw: NW_PROFILE }, ...(expect && { expect }) });
  if (!parsed.ok) return parsed;
  const data = nwScenarioData(parsed.value, settings);
  if (data.ok) return data;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, merge: true });
  return err(data.error.map((p) => {
    const { line, column } = locate(doc, lines, p.path);
    return { code: p.code, file, line, column, path: formatPath(p.path), message: p.message, hint: p.hint };
  }).sort((a, b) => a.line - b.line || a.column - b.column));
}

/** Read and parse one NW scenario file; its folder and name are checked against meta.ruleset and meta.id. */
export async function loadNwScenarioFile(path: string, settings: NwSettings): Promise<Result<NwScenarioData, ScenarioError[]>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err([{ code: 'scenario/unreadable', file: path, line: 1, column: 1, path: '', message: `cannot read the file: ${(e as Error).message}`, hint: 'Check the path; NW scenarios live in assets/scenarios/nw/<id>.yaml.' }]);
  }
  const folder = basename(dirname(path));
  return parseNwScenarioYaml(text, path, settings, { id: basename(path, extname(path)), ...(folder === 'nw' && { ruleset: folder }) });
}

// ---------------------------------------------------------------------------------------------
// The state before turn 1

/** The state before turn 1's initiative: every brigade fresh and in good order, batteries intact, no flags. */
export function buildNwState(data: NwScenarioData, settings: NwSettings): NwState {
  const attachedGeneral = new Map<string, string>();
  for (const o of [...data.commanders, ...data.generals]) if (o.attachedTo) attachedGeneral.set(o.attachedTo, o.id);
  const attachedBattery = new Map<string, string>();
  for (const b of data.batteries) if (b.attachedTo) attachedBattery.set(b.attachedTo, b.id);
  const units: Record<string, NwUnit> = {};
  for (const u of data.units) {
    units[u.id] = {
      ...u, sp: u.spStart, status: 'good-order', fatigue: fatigueState(u.spStart, u.levels), removed: false, routedOffTable: false,
      attachedGeneral: attachedGeneral.get(u.id) ?? null, attachedBattery: attachedBattery.get(u.id) ?? null,
    };
  }
  return {
    v: 1, scenario: { id: data.id, name: data.name }, settings, turn: 1, lastTurn: data.lastTurn, year: data.year ?? null, phase: NW_PHASES[0],
    playerTurn: null, phasing: null, initiative: null, clock: data.clock, map: data.map, sides: data.sides,
    armies: Object.fromEntries(data.armies.map((a) => [a.side, { ...a, nation: a.nation ?? 'other', broken: false, napoleonRerollSpent: false }])),
    commanders: Object.fromEntries(data.commanders.map((c) => [c.id, { ...c, status: 'in-command', replacementTurn: null, replacement: false }])),
    generals: Object.fromEntries(data.generals.map((g) => [g.id, { ...g, lost: false }])),
    commands: Object.fromEntries(data.commands.map((c) => [c.id, { ...c, fatigued: false }])),
    units,
    batteries: Object.fromEntries(data.batteries.map((b) => [b.id, { ...b, special: b.special ?? null, condition: b.condition ?? 'full', removed: false }])),
    seats: data.sides.map((s) => ({
      id: s.id, side: s.id, label: `${s.name} (${data.armies.find((a) => a.side === s.id)?.cinc.name ?? 'army'})`,
      commands: [
        ...data.armies.filter((a) => a.side === s.id).map((a) => a.cinc.id),
        ...data.commands.filter((c) => c.side === s.id).map((c) => c.id),
        ...[...data.commanders, ...data.generals].filter((o) => o.side === s.id).map((o) => o.id),
        ...[...data.units, ...data.batteries].filter((x) => x.side === s.id).map((x) => x.id),
      ],
    })),
    reinforcements: data.reinforcements, victory: data.victory, ended: null, log: EMPTY_LOG, vulnerable: [],
  };
}
