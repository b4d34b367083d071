/**
 * NW ("Napoleon's Wars") adjudication cases in plain text, after godip's cases and
 * test/helpers/dram-cases.ts: a rules lawyer can read and write them without TypeScript.
 * A case file (test/rules/nw/cases/*.yaml) is a YAML list of cases:
 *
 *   case:     what it shows                       rule:  section + lines ("NW §7.6 L124")
 *   phase:    initiative | skirmish | artillery | maneuver | reaction | combat | rally
 *   phasing:  the phasing side (skirmish, artillery, maneuver, reaction, combat; default french); player-turn 1 unless `playerTurn: 2`
 *   turn / lastTurn: numbers (default 1 / the teaching scenario's 8)
 *   settings: NW setting overrides (src/rules/nw/settings.ts)
 *   morale:   { <side>: good | average | poor }   army Morale Level, and every command of that side
 *   fatigued: [<command>, …]   commands already fatigued (Ch.II §4.0 L587)
 *   terrain:  none (default: an open table) | teaching (the teaching map's stream, village, road) |
 *             a list of features as the geometry takes them: [{ id, kind: town, polygon: [{x, y}, …] }]
 *   nations:  nationality per side (default { french: french, austrians: austrian }), see below
 *   pieces:   one line per piece, below
 *   input:    the phase's player input, as the phase function takes it:
 *               initiative { firstSide, napoleonReroll } · skirmish { <attacker>: <target> }
 *               artillery { <battery>: <target> | hold } · combat { primary: { <defender>: <unit> }, advance: { <unit>: false } }
 *               maneuver { actions: [ … ], retreat: left|right|silent, resolve: true|false, fired: [<battery>, …] } — the actions are made in order,
 *                 one step each, through the exported functions, on the state the previous step left:
 *                   { maneuver: <unit> }              rollUnitManeuver (the binding Maneuver Table roll, §9.0 C)
 *                   { move: <piece>, to: "<place>" }  moveAction; <place> in the location vocabulary (src/rules/location):
 *                                                     "forward 6in", "back 2in", "left 4in", "30,20", "contact <enemy>",
 *                                                     "face about then forward 2in", "wheel right 45 then forward 2in".
 *                                                     A piece that has not rolled is rolled for first (MV-21); then a
 *                                                     move it cannot make HOLDS with a note (an event), it is not refused.
 *                   { attach: <general>, unit: <brigade> | null }   attachAction (§9.0 A; null detaches)
 *                 A step the function refuses changes nothing and is recorded (expect "error <code>" or
 *                 "step <n> error <code>"); the next step goes on. `resolve: true` then runs maneuverPhase with
 *                 no further moves (it rolls for disordered units that have not rolled, §9.0 C.3; enters
 *                 reinforcements; hands over to the reaction phase). `fired` = the batteries logged as having
 *                 fired in this player-turn's artillery phase (§9.2 L258-260).
 *               reaction { choices: { <cavalry>: countercharge | evade | charge | none }, moved: [<id>, …],
 *                 contacts: { <attacker>: <defender> }, against: { <cavalry>: <attacker> } } — moved/contacts set
 *                 state.log as the maneuver phase left it (moved in that order); poses are the END positions.
 *   options:  the phase's options (skirmish/artillery { weather, conditions }, combat { conditions }, maneuver { ground: mud });
 *             RC-1: combat/artillery/maneuver { askRetreatWay: [<side>] } asks that side the way of a retreat with two
 *             equally direct ways; the way is combat input { retreat: { <id>: left|right } }, artillery options
 *             { retreat: { <id>: left|right } }, maneuver input { retreat: left|right|silent }
 *   dice:     the faces the dice show, in roll order. Every one must be used: dice left over fail the case.
 *   expect:   assertions, below. `known: <reason>` marks a case where the code disagrees with the
 *             rule text: it runs as vitest `it.fails` (expected to fail), never skipped.
 *
 * THE STATE. The teaching scenario (assets/scenarios/nw/teaching.yaml) gives the sides (ids
 * `french`, `austrians`), armies, CinCs (napoleon E +4, charles G +2), commanders (lemaire
 * "Lemaire (V), I Corp, G,12"", hohenau "A,9"") and generals (dufour, au-adc), its commands
 * (fr-i-corps, au-ii-korps) and its 48" x 36" table. ALL its brigades and batteries are replaced
 * by the case's pieces; every officer starts OFF the table and unattached unless a piece line
 * places him. y grows to the north; facing 0 = north, 90 = east, 180 = south. Bases: brigades 3"
 * square, batteries 1.5" square, `at` is the centre.
 *
 * PIECES (tokens separated by spaces; every unknown word fails the case):
 *   brigade:  "<id> <side> <label> [sp <n>] [good-order|disordered|routed] (at <x>,<y> [facing <deg>] | off-table)
 *              [removed] [routed-off] [irregular] [armoured] [in <command>]
 *              [nation <n>] [allied-to british|french] (its own nationality, NAT-1)
 *              [vulnerable] (road-marched last player-turn: state.vulnerable) [road-marched] (in its side's last
 *              maneuver phase: state.roadMarched) [lost-sp-in-fire] (log.fireLoss) [at-the-halt] (log.atTheHalt)"
 *             <label> is the printed NW label with levels and quality (NW §2.0 L33-37), e.g.
 *             `1B/1/I SK2 7/5/3 Vet`, `2B/2/II Medium 5/3/2 Vet`, `1B/1/II SK1 (MX) 8/5/3 LN`;
 *             sp defaults to the fresh level. `removed` = destroyed (off the table), `routed-off` =
 *             routed off the table. `in <command>` puts it in that command (created, under the
 *             side's first commander, if new); default: the side's first command.
 *   battery:  "<id> <side> battery <label> (at <x>,<y> [facing <deg>] | off-table)
 *              [full|suppressed|damaged|damaged-and-suppressed] [attached <brigade>] [removed] [in <command>]
 *              [old-guard] (French Old Guard foot artillery, §9.2 L260) [nation <n>] (its own nationality, NAT-1)"
 *             <label> as NW §2.0 L31: `II Korps, 12 lb, Foot`.
 *   officer:  "<officer-id> officer [at <x>,<y>] [facing <deg>] [with <brigade>] [off-table] …" — one of
 *             the teaching officers. Commanders: [awaiting-replacement] (lost this turn) [due <turn>]
 *             [skill E|G|A|P] [range <in>] [base-range <in>] [valorous|not-valorous]. Generals: [lost].
 *             CinCs: [skill E|G|A|P] [napoleon|not-napoleon] [not-started-on-map] [reroll-spent].
 *             `with` attaches him (and stands him on the brigade).
 *
 * NATIONS. The case's `nations` become the armies' nations in the state (NAT-2): the phases read
 * them there (combat: French infantry attacking +1, Russian/British defending, Spanish in towns;
 * artillery: British/French +1, Russian heavy +1, Ottoman −1; maneuver: French, British, Ottoman,
 * Prussian infantry move 10", all other 8", chart L655-658). The runner hands no phase a modifier
 * list: every modifier arises from the state (issue 17, modifier-coverage.test.ts).
 *
 * EXPECT (each line one assertion; an unknown one fails the case):
 *   "<brigade> sp <n>" · "<brigade> good-order|disordered|routed" · "<brigade> fatigue fresh|worn|spent|eliminated"
 *   "<brigade> general <officer>|none" · "<battery> full|suppressed|damaged|damaged-and-suppressed"
 *   "<piece> removed|!removed" · "<brigade> routed-off|!routed-off" · "<piece> on-table|off-table"
 *   "<piece> at <x>,<y> [±<tol>]" (default ±0.05) · "<piece> facing <deg> [±<tol>]"
 *   "<officer> lost|!lost" · "<officer> attached <brigade>|none" · "<officer> status in-command|awaiting-replacement"
 *   "<officer> due <turn>|none" · "<officer> skill excellent|good|average|poor" · "<officer> range <in>" · "<officer> valorous|!valorous"
 *   "army <side> broken|!broken|reroll-spent|!reroll-spent" · "command <id> fatigued|!fatigued"
 *   "phase <p>" · "turn <n>" · "phasing <side>|none" · "player-turn <n>|none" · "initiative <winner> <first>|none"
 *   "retreat-way <piece>|none" (the combat or artillery phase, or a move's final fire, stopped for that piece's way back, RC-1) ·
 *   "winner <side>|draw" (the game ended) · "!ended" · "fired <battery>" · "!fired <battery>"
 *   "rolls <n>" (roll events) · "event <text>" · "!event <text>" (in any event, as JSON) ·
 *   "error <code>" (the phase, or any maneuver step, refused with it) · "message <text>" (in a refusal's message)
 * Maneuver and reaction:
 *   "step <n> error <code>" (the n-th maneuver action, from 1, was refused with it) · "step <n> ok" (it was not)
 *   "<brigade|battery> grant <in>|none" — the inches its Maneuver roll granted (log.rolls; 0 on a hold; none = no roll)
 *   "<piece> moved|!moved" (log.moved) · "log contact <attacker> <defender>|none" (log.contacts)
 *   "road-bonus <id>" · "!road-bonus <id>" (log.roadBonus: marched with the road bonus, vulnerable, §9.5 n6 L300)
 *   "at-the-halt <cavalry>" · "!at-the-halt <cavalry>" (log.atTheHalt, HR N-19) · "reacted <cavalry>" · "!reacted <cavalry>" (log.reacted)
 *   "candidate <cavalry> [<trigger>]" · "!candidate <cavalry>" — reactionCandidates of the starting state: it may
 *     react (to that trigger) / it may not (zone, arc, priority)
 * A refusal nobody expected fails the case.
 */
import { join } from 'node:path';
import { parse } from 'yaml';
import { scriptedDice } from '../../src/dice/dice';
import type { Problem } from '../../src/lib/result';
import type { Step } from '../../src/rules/contract';
import type { GameEvent } from '../../src/rules/events';
import type { TerrainFeature } from '../../src/rules/geometry/types';
import { parseArtilleryLabel, parseUnitLabel } from '../../src/rules/nw/labels';
import { artilleryPhase, type NwArtilleryOptions } from '../../src/rules/nw/phases/artillery';
import { combatPhase, type NwCombatInput, type NwCombatOptions } from '../../src/rules/nw/phases/combat';
import { initiativePhase, type NwInitiativeInput } from '../../src/rules/nw/phases/initiative';
import { attachAction, finalFireRetreat, maneuverPhase, moveAction, rollUnitManeuver, type NwManeuverOptions } from '../../src/rules/nw/phases/maneuver';
import { reactionCandidates, reactionPhase, type NwReactionChoice } from '../../src/rules/nw/phases/reaction';
import { rallyPhase } from '../../src/rules/nw/phases/rally';
import { skirmishPhase, type NwSkirmishOptions } from '../../src/rules/nw/phases/skirmish';
import { buildNwState, loadNwScenarioFile } from '../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS, parseNwSettings } from '../../src/rules/nw/settings';
import type { NwBattery, NwCommand, NwCommander, NwGeneral, NwPhase, NwState, NwUnit } from '../../src/rules/nw/state';
import { fatigueState } from '../../src/rules/nw/tables/fatigue';
import { presenceBonus } from '../../src/rules/nw/tables/initiative';
import { BASES_INCHES } from '../../src/rules/nw/tables/leaders';
import { NATIONALITIES, type ArtilleryCondition, type MoraleLevel, type Nationality, type Skill, type Status } from '../../src/rules/nw/tables/vocabulary';
import { formatScenarioError, SHIPPED_SCENARIOS } from '../../src/rules/scenario';

export interface NwCase {
  readonly case: string;
  readonly rule: string;
  readonly phase: 'initiative' | 'skirmish' | 'artillery' | 'maneuver' | 'reaction' | 'combat' | 'rally';
  readonly phasing?: string;
  readonly playerTurn?: 1 | 2;
  readonly turn?: number;
  readonly lastTurn?: number;
  readonly settings?: unknown;
  readonly morale?: Readonly<Record<string, MoraleLevel>>;
  /** Commands already fatigued (Ch.II §4.0 L587). */
  readonly fatigued?: readonly string[];
  readonly terrain?: 'none' | 'teaching' | readonly TerrainFeature[];
  readonly nations?: Readonly<Record<string, Nationality>>;
  readonly pieces?: readonly string[];
  readonly input?: unknown;
  readonly options?: unknown;
  readonly dice?: readonly number[];
  readonly expect?: readonly string[];
  readonly known?: string;
}

const CASE_KEYS = new Set(['case', 'rule', 'phase', 'phasing', 'playerTurn', 'turn', 'lastTurn', 'settings', 'morale', 'fatigued', 'terrain', 'nations', 'pieces', 'input', 'options', 'dice', 'expect', 'known']);
const PHASES = ['initiative', 'skirmish', 'artillery', 'maneuver', 'reaction', 'combat', 'rally'] as const;

/** Parse a case file; an unknown field or phase fails loudly. */
export function parseCases(text: string): NwCase[] {
  const cases = parse(text) as NwCase[];
  if (!Array.isArray(cases)) throw new Error('an NW case file is a YAML list of cases');
  for (const c of cases) {
    for (const k of Object.keys(c)) if (!CASE_KEYS.has(k)) throw new Error(`${c.case}: unknown case field "${k}"`);
    if (!c.case || !c.rule) throw new Error(`a case needs "case" and "rule": ${JSON.stringify(c).slice(0, 200)}`);
    if (!(PHASES as readonly string[]).includes(c.phase)) throw new Error(`${c.case}: unknown phase "${c.phase}"`);
  }
  return cases;
}

const TEACHING = join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml');
let basePromise: Promise<NwState> | null = null;

/** The teaching scenario's opening state, loaded once. */
export function baseState(): Promise<NwState> {
  basePromise ??= (async () => {
    const r = await loadNwScenarioFile(TEACHING, NW_SETTINGS_DEFAULTS);
    if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
    return buildNwState(r.value, NW_SETTINGS_DEFAULTS);
  })();
  return basePromise;
}

const DEFAULT_NATIONS: Readonly<Record<string, Nationality>> = { french: 'french', austrians: 'austrian' };

const point = (t: string | undefined, line: string): { x: number; y: number } => {
  const [x, y, extra] = (t ?? '').split(',').map(Number);
  if (extra !== undefined || !Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`bad point "${t}" in: ${line}`);
  return { x: x!, y: y! };
};
const num = (t: string | undefined, line: string): number => {
  const n = Number(t);
  if (t === undefined || !Number.isFinite(n)) throw new Error(`bad number "${t}" in: ${line}`);
  return n;
};
const SKILL_WORDS: Record<string, Skill> = { e: 'excellent', g: 'good', a: 'average', p: 'poor', excellent: 'excellent', good: 'good', average: 'average', poor: 'poor' };
const skillOf = (t: string | undefined, line: string): Skill => {
  const s = SKILL_WORDS[(t ?? '').toLowerCase()];
  if (!s) throw new Error(`bad skill "${t}" in: ${line}`);
  return s;
};

const BRIGADE_WORDS = new Set(['sp', 'good-order', 'disordered', 'routed', 'at', 'facing', 'off-table', 'removed', 'routed-off', 'irregular', 'armoured', 'road-marched', 'vulnerable', 'lost-sp-in-fire', 'at-the-halt', 'in', 'nation', 'allied-to']);
const BATTERY_WORDS = new Set(['at', 'facing', 'off-table', 'full', 'suppressed', 'damaged', 'damaged-and-suppressed', 'attached', 'removed', 'in', 'old-guard', 'nation']);
const nationWord = (t: string | undefined, line: string): Nationality => {
  if (!(NATIONALITIES as readonly string[]).includes(t ?? '')) throw new Error(`bad nation "${t}" (${NATIONALITIES.join(', ')}) in: ${line}`);
  return t as Nationality;
};

/** Build the case's starting state in its phase, without running any phase. */
export function caseState(base: NwState, c: NwCase): NwState {
  const settings = parseNwSettings(c.settings ?? {});
  if (!settings.ok) throw new Error(`${c.case}: bad settings: ${settings.error.message}`);
  const sideIds = base.sides.map((s) => s.id);
  // Commands: the teaching ones, emptied; more on demand (`in <command>`).
  const commands: Record<string, NwCommand> = Object.fromEntries(Object.entries(base.commands).map(([id, k]) => [id, { ...k, units: [], batteries: [] }]));
  const firstCommand = (side: string) => Object.values(base.commands).find((k) => k.side === side)!;
  const commandFor = (side: string, id: string | undefined, line: string): string => {
    if (id === undefined) return firstCommand(side).id;
    const k = commands[id];
    if (k && k.side !== side) throw new Error(`command ${id} is not ${side}'s, in: ${line}`);
    if (!k) commands[id] = { ...firstCommand(side), id, name: id, units: [], batteries: [] };
    return id;
  };
  const units: Record<string, NwUnit> = {};
  const batteries: Record<string, NwBattery> = {};
  const armies = { ...base.armies };
  const commanders: Record<string, NwCommander> = Object.fromEntries(Object.entries(base.commanders).map(([id, k]) => [id, { ...k, onTable: false, attachedTo: null }]));
  const generals: Record<string, NwGeneral> = Object.fromEntries(Object.entries(base.generals).map(([id, g]) => [id, { ...g, onTable: false, attachedTo: null }]));
  for (const [side, a] of Object.entries(armies)) armies[side] = { ...a, cinc: { ...a.cinc, onTable: false } };
  const attach: { officer: string; unit: string; line: string }[] = [];
  // What the last maneuver and fire phases left on the record (state.roadMarched, state.vulnerable, log.fireLoss).
  const roadMarched: string[] = [];
  const vulnerable: string[] = [];
  const fireLoss: string[] = [];
  const atTheHalt: string[] = [];
  const batteryAttach: { battery: string; unit: string; line: string }[] = [];

  for (const line of c.pieces ?? []) {
    const w = line.trim().split(/\s+/);
    const id = w[0]!;
    if (units[id] || batteries[id]) throw new Error(`piece ${id} given twice`);
    if (w[1] === 'officer') { officerLine(id, w.slice(2), line); continue; }
    const side = w[1]!;
    if (!sideIds.includes(side)) throw new Error(`unknown side "${side}" (sides: ${sideIds.join(', ')}) in: ${line}`);
    const isBattery = w[2] === 'battery';
    const words = isBattery ? BATTERY_WORDS : BRIGADE_WORDS;
    let i = isBattery ? 3 : 2;
    const labelWords: string[] = [];
    while (i < w.length && !words.has(w[i]!)) labelWords.push(w[i++]!);
    const label = labelWords.join(' ');
    let at: { x: number; y: number } | null = null;
    let facing = 0;
    let offTable = false;
    let removed = false;
    let command: string | undefined;
    if (isBattery) {
      const p = parseArtilleryLabel(label);
      if (!p.ok) throw new Error(`bad battery label "${label}": ${p.error.message} in: ${line}`);
      let condition: ArtilleryCondition = 'full';
      let attachedTo: string | null = null;
      let oldGuard = false;
      let nation: Nationality | undefined;
      for (; i < w.length; i++) {
        const t = w[i]!;
        if (t === 'at') at = point(w[++i], line);
        else if (t === 'facing') facing = num(w[++i], line);
        else if (t === 'off-table') offTable = true;
        else if (t === 'full' || t === 'suppressed' || t === 'damaged' || t === 'damaged-and-suppressed') condition = t;
        else if (t === 'attached') attachedTo = w[++i] ?? '';
        else if (t === 'removed') removed = true;
        else if (t === 'in') command = w[++i];
        else if (t === 'old-guard') oldGuard = true;
        else if (t === 'nation') nation = nationWord(w[++i], line);
        else throw new Error(`unknown battery word "${t}" in: ${line}`);
      }
      if (!at && !offTable && !removed) throw new Error(`a piece needs "at x,y" or "off-table": ${line}`);
      const cmd = commandFor(side, command, line);
      batteries[id] = {
        id, name: id, side, command: cmd, label, pounds: p.value.pounds, weight: p.value.weight, kind: p.value.kind, condition,
        pose: { at: at ?? { x: 0, y: 0 }, facing }, base: { width: BASES_INCHES.battery, depth: BASES_INCHES.battery },
        onTable: !offTable && !removed, removed, attachedTo, ...(oldGuard ? { oldGuard: true } : {}), ...(nation ? { nation } : {}),
      };
      commands[cmd] = { ...commands[cmd]!, batteries: [...commands[cmd]!.batteries, id] };
      if (attachedTo) batteryAttach.push({ battery: id, unit: attachedTo, line });
      continue;
    }
    const p = parseUnitLabel(label);
    if (!p.ok) throw new Error(`bad brigade label "${label}": ${p.error.message} in: ${line}`);
    const l = p.value;
    if (!l.levels || !l.quality) throw new Error(`a case's brigade label gives its levels and quality (7/5/3 Vet): ${line}`);
    let sp = l.levels.fresh;
    let status: Status = 'good-order';
    let routedOff = false;
    let irregular = false;
    let armoured = false;
    let nation: Nationality | undefined;
    let alliedTo: 'british' | 'french' | undefined;
    for (; i < w.length; i++) {
      const t = w[i]!;
      if (t === 'sp') sp = num(w[++i], line);
      else if (t === 'good-order' || t === 'disordered' || t === 'routed') status = t;
      else if (t === 'at') at = point(w[++i], line);
      else if (t === 'facing') facing = num(w[++i], line);
      else if (t === 'off-table') offTable = true;
      else if (t === 'removed') removed = true;
      else if (t === 'routed-off') { routedOff = true; removed = true; status = 'routed'; }
      else if (t === 'irregular') irregular = true;
      else if (t === 'armoured') armoured = true;
      else if (t === 'road-marched') roadMarched.push(id);
      else if (t === 'vulnerable') vulnerable.push(id);
      else if (t === 'lost-sp-in-fire') fireLoss.push(id);
      else if (t === 'at-the-halt') atTheHalt.push(id);
      else if (t === 'in') command = w[++i];
      else if (t === 'nation') nation = nationWord(w[++i], line);
      else if (t === 'allied-to') { const a = w[++i]; if (a !== 'british' && a !== 'french') throw new Error(`allied-to british|french in: ${line}`); alliedTo = a; }
      else throw new Error(`unknown brigade word "${t}" in: ${line}`);
    }
    if (!at && !offTable && !removed) throw new Error(`a piece needs "at x,y" or "off-table": ${line}`);
    if (!Number.isInteger(sp) || sp < 0 || sp > l.levels.fresh || (sp === 0 && !removed)) throw new Error(`bad sp ${sp} in: ${line}`);
    const cmd = commandFor(side, command, line);
    units[id] = {
      id, name: id, side, command: cmd, label, brigade: l.brigade, division: l.division, corps: l.corps, cavalryCorps: l.cavalryCorps,
      arm: l.weight ? 'cavalry' : 'infantry', weight: l.weight, sk: l.sk, mixed: l.mixed, quality: l.quality, levels: l.levels,
      spStart: l.levels.fresh, sp, status, fatigue: fatigueState(sp, l.levels), irregularCavalry: irregular, ...(armoured ? { armoured: true } : {}), ...(nation ? { nation } : {}), ...(alliedTo ? { alliedTo } : {}),
      pose: { at: at ?? { x: 0, y: 0 }, facing }, base: { width: BASES_INCHES.brigade, depth: BASES_INCHES.brigade },
      onTable: !offTable && !removed, removed, routedOffTable: routedOff, attachedGeneral: null, attachedBattery: null,
    };
    commands[cmd] = { ...commands[cmd]!, units: [...commands[cmd]!.units, id] };
  }

  function officerLine(id: string, w: string[], line: string): void {
    const k = commanders[id];
    const g = generals[id];
    const army = Object.values(armies).find((a) => a.cinc.id === id);
    if (!k && !g && !army) throw new Error(`unknown officer "${id}" (officers: ${[...Object.keys(commanders), ...Object.keys(generals), ...Object.values(armies).map((a) => a.cinc.id)].join(', ')}) in: ${line}`);
    const patch: Record<string, unknown> = {};
    const cinc: Record<string, unknown> = {};
    const armyPatch: Record<string, unknown> = {};
    let at: { x: number; y: number } | null = null;
    let facing: number | null = null;
    for (let i = 0; i < w.length; i++) {
      const t = w[i]!;
      const bad = () => { throw new Error(`"${t}" does not apply to ${id} in: ${line}`); };
      if (t === 'at') at = point(w[++i], line);
      else if (t === 'facing') facing = num(w[++i], line);
      else if (t === 'off-table') patch.onTable = false;
      else if (t === 'with') { if (army) bad(); attach.push({ officer: id, unit: w[++i] ?? '', line }); }
      else if (t === 'awaiting-replacement') { if (!k) bad(); patch.status = 'awaiting-replacement'; patch.replacementTurn = null; }
      else if (t === 'due') { if (!k) bad(); patch.status = 'awaiting-replacement'; patch.replacementTurn = num(w[++i], line); }
      else if (t === 'skill') { if (g) bad(); const s = skillOf(w[++i], line); if (k) patch.skill = s; else cinc.skill = s; }
      else if (t === 'range') { if (!k) bad(); patch.rangeInches = num(w[++i], line); }
      else if (t === 'base-range') { if (!k) bad(); patch.baseRangeInches = num(w[++i], line); }
      else if (t === 'valorous' || t === 'not-valorous') { if (!k) bad(); patch.valorous = t === 'valorous'; }
      else if (t === 'lost') { if (!g) bad(); patch.lost = true; }
      else if (t === 'napoleon' || t === 'not-napoleon') { if (!army) bad(); cinc.isNapoleon = t === 'napoleon'; }
      else if (t === 'not-started-on-map') { if (!army) bad(); cinc.startedOnMap = false; }
      else if (t === 'reroll-spent') { if (!army) bad(); armyPatch.napoleonRerollSpent = true; }
      else throw new Error(`unknown officer word "${t}" in: ${line}`);
    }
    const place = (pose: { at: { x: number; y: number }; facing: number }) => ({
      ...(at || facing !== null ? { pose: { at: at ?? pose.at, facing: facing ?? pose.facing } } : {}),
      ...(at ? { onTable: true } : {}),
    });
    if (k) commanders[id] = { ...k, ...place(k.pose), ...patch } as typeof k;
    else if (g) generals[id] = { ...g, ...place(g.pose), ...patch } as typeof g;
    else {
      const a = army!;
      const next = { ...a.cinc, ...place(a.cinc.pose), ...patch, ...cinc } as typeof a.cinc;
      armies[a.side] = { ...a, ...armyPatch, cinc: { ...next, presence: presenceBonus(next.skill, next.isNapoleon) } };
    }
  }

  for (const a of attach) {
    const u = units[a.unit];
    if (!u) throw new Error(`no brigade "${a.unit}" to attach ${a.officer} to, in: ${a.line}`);
    if (u.attachedGeneral) throw new Error(`${a.unit} already has ${u.attachedGeneral} attached, in: ${a.line}`);
    units[a.unit] = { ...u, attachedGeneral: a.officer };
    const pose = { at: u.pose.at, facing: u.pose.facing };
    if (commanders[a.officer]) commanders[a.officer] = { ...commanders[a.officer]!, attachedTo: a.unit, pose, onTable: u.onTable };
    else generals[a.officer] = { ...generals[a.officer]!, attachedTo: a.unit, pose, onTable: u.onTable };
  }
  for (const a of batteryAttach) {
    const u = units[a.unit];
    if (!u) throw new Error(`no brigade "${a.unit}" to attach ${a.battery} to, in: ${a.line}`);
    units[a.unit] = { ...u, attachedBattery: a.battery };
  }
  for (const [side, level] of Object.entries(c.morale ?? {})) {
    if (!armies[side]) throw new Error(`${c.case}: morale for unknown side ${side}`);
    armies[side] = { ...armies[side]!, morale: level };
    for (const k of Object.values(commands)) if (k.side === side) commands[k.id] = { ...k, morale: level };
  }
  for (const id of c.fatigued ?? []) {
    if (!commands[id]) throw new Error(`${c.case}: fatigued names unknown command ${id}`);
    commands[id] = { ...commands[id]!, fatigued: true };
  }
  for (const [id, k] of Object.entries(commands)) if (k.units.length === 0 && k.batteries.length === 0 && !base.commands[id]) delete commands[id];

  const phase: NwPhase = c.phase;
  const inPlayerTurn = phase === 'skirmish' || phase === 'artillery' || phase === 'maneuver' || phase === 'reaction' || phase === 'combat';
  const phasing = c.phasing ?? 'french';
  if (c.phasing !== undefined && !sideIds.includes(c.phasing)) throw new Error(`${c.case}: unknown phasing side ${c.phasing}`);
  if (c.terrain !== undefined && !Array.isArray(c.terrain) && c.terrain !== 'none' && c.terrain !== 'teaching') throw new Error(`${c.case}: terrain is none, teaching or a list of features`);
  return {
    ...base, settings: settings.value, turn: c.turn ?? 1, lastTurn: c.lastTurn ?? base.lastTurn, phase,
    playerTurn: inPlayerTurn ? c.playerTurn ?? 1 : null, phasing: inPlayerTurn ? phasing : null,
    initiative: inPlayerTurn ? { winner: phasing, first: phasing } : null,
    map: { ...base.map, terrain: c.terrain === 'teaching' ? base.map.terrain : Array.isArray(c.terrain) ? c.terrain : [] },
    armies: withNations(armies, c), commanders, generals, commands, units, batteries,
    log: { ...logOf(base.log, c), ...(fireLoss.length > 0 ? { fireLoss } : {}), ...(atTheHalt.length > 0 ? { atTheHalt } : {}) },
    vulnerable, ...(roadMarched.length > 0 ? { roadMarched } : {}),
  };
}

/** Each army's nation from the case's `nations` (default French and Austrian): the phases read it from the state (NAT-2). */
function withNations(armies: NwState['armies'], c: NwCase): NwState['armies'] {
  const nations = { ...DEFAULT_NATIONS, ...(c.nations ?? {}) };
  for (const side of Object.keys(c.nations ?? {})) if (!armies[side]) throw new Error(`${c.case}: nations for unknown side ${side}`);
  return Object.fromEntries(Object.entries(armies).map(([side, a]) => [side, { ...a, nation: nations[side] ?? a.nation }]));
}

/** What the earlier phases of the player-turn left in the log: maneuver `fired`, reaction `moved`/`contacts`. */
function logOf(log: NwState['log'], c: NwCase): NwState['log'] {
  if (c.phase === 'maneuver') {
    const i = obj<{ fired?: unknown }>(c.input, 'maneuver input') ?? {};
    if (i.fired !== undefined && !Array.isArray(i.fired)) throw new Error(`${c.case}: maneuver fired is a list of battery ids`);
    return { ...log, fired: (i.fired as string[] | undefined) ?? [] };
  }
  if (c.phase === 'reaction') {
    const i = obj<{ moved?: unknown; contacts?: unknown }>(c.input, 'reaction input') ?? {};
    if (i.moved !== undefined && !Array.isArray(i.moved)) throw new Error(`${c.case}: reaction moved is a list of ids`);
    return { ...log, moved: (i.moved as string[] | undefined) ?? [], contacts: obj<Record<string, string>>(i.contacts, 'reaction contacts') ?? {} };
  }
  return log;
}

export interface CaseRun {
  readonly before: NwState;
  readonly state: NwState;
  readonly events: readonly GameEvent[];
  /** The first refusal (the phase's, or the first maneuver step's), or null. */
  readonly error: Problem | null;
  /** Every refusal: step = the maneuver action's number (from 1), null for the phase itself. */
  readonly refusals: readonly { readonly step: number | null; readonly problem: Problem }[];
  /** Maneuver cases: the number of actions. */
  readonly steps: number;
  readonly diceLeft: number;
}

const ACTION_KEYS: Record<string, readonly string[]> = { maneuver: ['maneuver'], move: ['move', 'to'], attach: ['attach', 'unit'] };
const MANEUVER_KEYS = new Set(['actions', 'resolve', 'fired', 'retreat']);
const REACTION_KEYS = new Set(['choices', 'moved', 'contacts', 'against']);

/** The maneuver phase's steps, in order; each refusal recorded and the run carried on. */
function runManeuver(c: NwCase, before: NwState, dice: ReturnType<typeof scriptedDice>, nations: Readonly<Record<string, Nationality>>): Omit<CaseRun, 'before' | 'diceLeft'> {
  const input = obj<{ actions?: unknown; resolve?: unknown }>(c.input, 'maneuver input') ?? {};
  for (const k of Object.keys(input)) if (!MANEUVER_KEYS.has(k)) throw new Error(`${c.case}: unknown maneuver input "${k}"`);
  const actions = input.actions ?? [];
  if (!Array.isArray(actions)) throw new Error(`${c.case}: maneuver actions is a list`);
  const o = obj<NwManeuverOptions>(c.options, 'maneuver options') ?? {};
  const opts: NwManeuverOptions = { ...o, nations: { ...nations, ...(o.nations ?? {}) } };
  let s = before;
  const events: GameEvent[] = [];
  const refusals: { step: number | null; problem: Problem }[] = [];
  actions.forEach((a: Record<string, unknown>, i: number) => {
    const kind = Object.keys(ACTION_KEYS).find((k) => a && typeof a === 'object' && k in a);
    if (!kind || Object.keys(a).some((k) => !ACTION_KEYS[kind]!.includes(k))) throw new Error(`${c.case}: bad maneuver action ${JSON.stringify(a)}`);
    const r = kind === 'maneuver' ? rollUnitManeuver(s, String(a.maneuver), dice, opts)
      : kind === 'move' ? moveAction(s, { unit: String(a.move), to: String(a.to) }, dice, opts)
        : attachAction(s, { general: String(a.attach), unit: a.unit === null ? null : String(a.unit) });
    if (!r.ok) { refusals.push({ step: i + 1, problem: r.error }); return; }
    s = r.value.state;
    events.push(...r.value.events);
  });
  // RC-1 (PH-17): the retreat window after final fire, answered with a way or left silent ('silent').
  const way = (input as { retreat?: unknown }).retreat;
  if (way !== undefined) {
    if (way !== 'left' && way !== 'right' && way !== 'silent') throw new Error(`${c.case}: maneuver retreat is left, right or silent`);
    const r = finalFireRetreat(s, way === 'silent' ? undefined : way, dice);
    s = r.state;
    events.push(...r.events);
  }
  if (input.resolve === true) {
    const r = maneuverPhase(s, { moves: [] }, dice, opts);
    s = r.state;
    events.push(...r.events);
  } else if (input.resolve !== undefined && input.resolve !== false) throw new Error(`${c.case}: resolve is true or false`);
  return { state: s, events, error: refusals[0]?.problem ?? null, refusals, steps: actions.length };
}

const obj = <T>(x: unknown, what: string): T => {
  if (x !== undefined && (typeof x !== 'object' || x === null || Array.isArray(x))) throw new Error(`${what} must be a map`);
  return x as T;
};

/** Run the case's phase from its starting state with its scripted dice. */
export async function runCase(c: NwCase): Promise<CaseRun> {
  const before = caseState(await baseState(), c);
  const dice = scriptedDice(c.dice ?? []);
  const nations = { ...DEFAULT_NATIONS, ...(c.nations ?? {}) };
  let r: { ok: true; value: Step<NwState> } | { ok: false; error: Problem };
  switch (c.phase) {
    case 'maneuver': {
      const m = runManeuver(c, before, dice, nations);
      return { before, ...m, diceLeft: dice.remaining };
    }
    case 'reaction': {
      const i = obj<{ choices?: Record<string, NwReactionChoice>; against?: Record<string, string> }>(c.input, 'reaction input') ?? {};
      for (const k of Object.keys(i)) if (!REACTION_KEYS.has(k)) throw new Error(`${c.case}: unknown reaction input "${k}"`);
      if (c.options !== undefined) throw new Error('reaction options go in the input (against)');
      r = reactionPhase(before, obj<Record<string, NwReactionChoice>>(i.choices, 'reaction choices') ?? {}, dice, i.against ? { against: i.against } : {});
      break;
    }
    case 'initiative':
      if (c.options !== undefined) throw new Error('the initiative phase takes no options');
      r = initiativePhase(before, obj<NwInitiativeInput>(c.input, 'initiative input') ?? {}, dice);
      break;
    case 'skirmish':
      r = skirmishPhase(before, obj<Record<string, string>>(c.input, 'a skirmish plan'), dice, obj<NwSkirmishOptions>(c.options, 'skirmish options') ?? {});
      break;
    case 'artillery':
      // Nations, cover, elevation, weather: the phase reads them from the state (issue 17).
      r = artilleryPhase(before, obj<Record<string, string>>(c.input, 'an artillery fire map'), dice, obj<NwArtilleryOptions>(c.options, 'artillery options') ?? {});
      break;
    case 'combat':
      r = combatPhase(before, obj<NwCombatInput>(c.input, 'combat input'), dice, obj<NwCombatOptions>(c.options, 'combat options') ?? {});
      break;
    case 'rally':
      if (c.input !== undefined || c.options !== undefined) throw new Error('the rally phase takes no input or options');
      r = { ok: true, value: rallyPhase(before, dice) };
      break;
  }
  if (!r.ok) return { before, state: before, events: [], error: r.error, refusals: [{ step: null, problem: r.error }], steps: 0, diceLeft: dice.remaining };
  return { before, state: r.value.state, events: r.value.events, error: null, refusals: [], steps: 0, diceLeft: dice.remaining };
}

/** Refusals the case's expectations do not name ("error <code>", "step <n> error <code>"). */
export function unexpectedRefusals(c: NwCase, run: CaseRun): string[] {
  const lines = (c.expect ?? []).map((l) => l.trim().split(/\s+/));
  return run.refusals.filter((f) => !lines.some((w) => (w[0] === 'error' && w[1] === f.problem.code)
    || (w[0] === 'step' && w[2] === 'error' && Number(w[1]) === f.step && w[3] === f.problem.code)))
    .map((f) => `${f.step === null ? 'the phase' : `step ${f.step}`} refused: ${f.problem.code}: ${f.problem.message}`);
}

// ---------------------------------------------------------------------------------------------
// Expectations

type Kind = 'brigade' | 'battery' | 'officer';
const kindOf = (s: NwState, id: string): Kind | null => {
  if (s.units[id]) return 'brigade';
  if (s.batteries[id]) return 'battery';
  if (s.commanders[id] || s.generals[id] || Object.values(s.armies).some((a) => a.cinc.id === id)) return 'officer';
  return null;
};

const PIECE_WORDS: Record<string, readonly Kind[]> = {
  sp: ['brigade'], 'good-order': ['brigade'], disordered: ['brigade'], routed: ['brigade'], fatigue: ['brigade'], general: ['brigade'],
  'routed-off': ['brigade'], '!routed-off': ['brigade'],
  full: ['battery'], suppressed: ['battery'], damaged: ['battery'], 'damaged-and-suppressed': ['battery'],
  removed: ['brigade', 'battery'], '!removed': ['brigade', 'battery'],
  'on-table': ['brigade', 'battery', 'officer'], 'off-table': ['brigade', 'battery', 'officer'],
  at: ['brigade', 'battery', 'officer'], facing: ['brigade', 'battery', 'officer'],
  lost: ['officer'], '!lost': ['officer'], attached: ['officer'], status: ['officer'], due: ['officer'], skill: ['officer'],
  range: ['officer'], valorous: ['officer'], '!valorous': ['officer'],
  grant: ['brigade', 'battery'], moved: ['brigade', 'battery', 'officer'], '!moved': ['brigade', 'battery', 'officer'],
};
/** Global words that name one piece of the case: "<word> <id>". */
const ID_WORDS = new Set(['road-bonus', '!road-bonus', 'at-the-halt', '!at-the-halt', 'reacted', '!reacted', '!candidate']);
const GLOBAL_WORDS = new Set(['army', 'command', 'phase', 'turn', 'phasing', 'player-turn', 'initiative', 'winner', '!ended', 'fired', '!fired', 'rolls', 'event', '!event', 'error', 'message',
  'step', 'log', 'candidate', 'retreat-way', ...ID_WORDS]);

/**
 * Is the line a well-formed expectation about pieces this case has? Returns the problem or
 * null. Run on every case (known ones too) before anything is rolled.
 */
export function expectationProblem(line: string, s: NwState): string | null {
  const w = line.trim().split(/\s+/);
  const head = w[0] ?? '';
  if (GLOBAL_WORDS.has(head)) {
    if (head === 'army') return s.armies[w[1] ?? ''] && ['broken', '!broken', 'reroll-spent', '!reroll-spent'].includes(w[2] ?? '') && w.length === 3 ? null : `bad expectation: ${line}`;
    if (head === 'command') return s.commands[w[1] ?? ''] && ['fatigued', '!fatigued'].includes(w[2] ?? '') && w.length === 3 ? null : `bad expectation (or unknown command): ${line}`;
    if (head === 'fired' || head === '!fired') return s.batteries[w[1] ?? ''] && w.length === 2 ? null : `bad expectation (or unknown battery): ${line}`;
    if (head === '!ended') return w.length === 1 ? null : `bad expectation: ${line}`;
    if (head === 'retreat-way') return w.length === 2 && (w[1] === 'none' || s.units[w[1]!] || s.batteries[w[1]!]) ? null : `bad expectation (retreat-way <brigade>|none): ${line}`;
    if (head === 'initiative') return w.length === 2 && w[1] === 'none' || w.length === 3 ? null : `bad expectation: ${line}`;
    if (head === 'step') return Number.isInteger(Number(w[1])) && Number(w[1]) >= 1 && ((w[2] === 'ok' && w.length === 3) || (w[2] === 'error' && w.length === 4)) ? null : `bad expectation: ${line}`;
    if (head === 'log') return w[1] === 'contact' && w.length === 4 && kindOf(s, w[2]!) && (w[3] === 'none' || kindOf(s, w[3]!)) ? null : `bad expectation (log contact <attacker> <defender>|none): ${line}`;
    if (head === 'candidate') return (w.length === 2 || w.length === 3) && s.units[w[1]!] && (w[2] === undefined || kindOf(s, w[2])) ? null : `bad expectation (or unknown piece): ${line}`;
    if (ID_WORDS.has(head)) return w.length === 2 && kindOf(s, w[1]!) ? null : `bad expectation (or unknown piece): ${line}`;
    return w.length >= 2 ? null : `bad expectation: ${line}`;
  }
  const kind = kindOf(s, head);
  if (!kind) return `unknown piece or expectation "${head}" in: ${line}`;
  const word = w[1] ?? '';
  const kinds = PIECE_WORDS[word];
  if (!kinds) return `unknown expectation "${word}" in: ${line}`;
  if (!kinds.includes(kind)) return `"${word}" does not apply to ${kind} ${head} in: ${line}`;
  if (['sp', 'fatigue', 'general', 'attached', 'status', 'due', 'skill', 'range', 'facing', 'grant'].includes(word) && w[2] === undefined) return `"${word}" needs a value in: ${line}`;
  if (word === 'at' && (w[2] === undefined || w.length > 4)) return `"at" needs x,y [±tol] in: ${line}`;
  return null;
}

const eq = (what: string, got: unknown, want: unknown): string | null => (String(got) === String(want) ? null : `${what}: expected ${want}, got ${got}`);
const tolOf = (t: string | undefined, dflt: number): number => (t && t.startsWith('±') ? Number(t.slice(1)) : dflt);
const angleDiff = (a: number, b: number): number => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

/** Check one expectation against a run; a failure message, or null. */
export function checkExpectation(line: string, run: CaseRun): string | null {
  const bad = expectationProblem(line, run.before);
  if (bad) return bad;
  const s = run.state;
  const w = line.trim().split(/\s+/);
  const rest = line.trim().slice(w[0]!.length).trim();
  const text = run.events.map((e) => JSON.stringify(e)).join('\n');
  const flag = (list: readonly string[], what: string): string | null => {
    const want = !w[0]!.startsWith('!');
    return list.includes(w[1]!) === want ? null : `${w[1]} ${want ? 'is not' : 'is'} in ${what} (${list.join(', ') || 'none'})`;
  };
  switch (w[0]) {
    case 'event': return text.includes(rest) ? null : `no event mentions "${rest}"`;
    case '!event': return text.includes(rest) ? `an event mentions "${rest}"` : null;
    case 'error': return run.refusals.some((f) => f.problem.code === w[1]) ? null
      : run.refusals.length > 0 ? `no refusal with ${w[1]} (refused: ${run.refusals.map((f) => f.problem.code).join(', ')})` : `expected a refusal with ${w[1]}, but nothing was refused`;
    case 'message': return run.refusals.length === 0 ? 'expected a refusal message, but nothing was refused'
      : run.refusals.some((f) => f.problem.message.includes(rest)) ? null : `no refusal message has "${rest}" (${run.refusals.map((f) => f.problem.message).join(' | ')})`;
    case 'step': {
      const n = Number(w[1]);
      if (n > run.steps) return `there is no step ${n} (${run.steps} actions)`;
      const f = run.refusals.find((x) => x.step === n);
      if (w[2] === 'ok') return f ? `step ${n} was refused: ${f.problem.code}: ${f.problem.message}` : null;
      return f ? eq(`step ${n} refusal`, f.problem.code, w[3]) : `step ${n} was not refused (expected ${w[3]})`;
    }
    case 'log': {
      const got = s.log.contacts[w[2]!] ?? 'none';
      return eq(`log contact ${w[2]}`, got, w[3]);
    }
    case 'road-bonus': case '!road-bonus': return flag(s.log.roadBonus, 'road-bonus');
    case 'at-the-halt': case '!at-the-halt': return flag(s.log.atTheHalt, 'at-the-halt');
    case 'reacted': case '!reacted': return flag(s.log.reacted, 'reacted');
    case 'candidate': case '!candidate': {
      const c = reactionCandidates(run.before).find((x) => x.unit === w[1]);
      if (w[0] === '!candidate') return c ? `${w[1]} may react (to ${c.trigger})` : null;
      if (!c) return `${w[1]} may not react`;
      return w[2] === undefined ? null : eq(`${w[1]}'s trigger`, c.trigger, w[2]);
    }
    case 'phase': return eq('phase', s.phase, w[1]);
    case 'retreat-way': return eq('retreat-way', s.log.retreatWay?.unit ?? 'none', w[1]);
    case 'turn': return eq('turn', s.turn, w[1]);
    case 'phasing': return eq('phasing', s.phasing ?? 'none', w[1]);
    case 'player-turn': return eq('player-turn', s.playerTurn ?? 'none', w[1]);
    case 'initiative': return eq('initiative', s.initiative ? `${s.initiative.winner} ${s.initiative.first}` : 'none', w.slice(1).join(' '));
    case 'winner': return s.ended ? eq('winner', s.ended.winner ?? 'draw', w[1]) : `the game has not ended (phase ${s.phase})`;
    case '!ended': return s.ended ? `the game ended: ${s.ended.summary}` : null;
    case 'rolls': return eq('roll events', run.events.filter((e) => e.kind === 'roll').length, w[1]);
    case 'fired': return s.log.fired.includes(w[1]!) ? null : `${w[1]} is not logged as fired (${s.log.fired.join(', ') || 'none'})`;
    case '!fired': return s.log.fired.includes(w[1]!) ? `${w[1]} is logged as fired` : null;
    case 'army': {
      const a = s.armies[w[1]!]!;
      const flag = w[2]!.replace('!', '');
      const got = flag === 'broken' ? a.broken : a.napoleonRerollSpent;
      return got === !w[2]!.startsWith('!') ? null : `army ${w[1]} ${flag}: expected ${!w[2]!.startsWith('!')}, got ${got}`;
    }
    case 'command': {
      const k = s.commands[w[1]!]!;
      return k.fatigued === !w[2]!.startsWith('!') ? null : `command ${w[1]} fatigued: expected ${!w[2]!.startsWith('!')}, got ${k.fatigued}`;
    }
  }
  const id = w[0]!;
  const word = w[1]!;
  const u = s.units[id];
  const b = s.batteries[id];
  const k = s.commanders[id];
  const g = s.generals[id];
  const cinc = Object.values(s.armies).find((a) => a.cinc.id === id)?.cinc;
  const piece = u ?? b ?? k ?? g ?? cinc;
  if (!piece) return `${id} is gone from the state`;
  switch (word) {
    case 'sp': return eq(`${id} sp`, u!.sp, w[2]);
    case 'good-order': case 'disordered': case 'routed': return eq(`${id} status`, u!.status, word);
    case 'fatigue': return eq(`${id} fatigue`, u!.fatigue, w[2]);
    case 'general': return eq(`${id} attached general`, u!.attachedGeneral ?? 'none', w[2]);
    case 'routed-off': return u!.routedOffTable ? null : `${id} should have routed off the table`;
    case '!routed-off': return u!.routedOffTable ? `${id} should not have routed off the table` : null;
    case 'full': case 'suppressed': case 'damaged': case 'damaged-and-suppressed': return eq(`${id} condition`, b!.condition, word);
    case 'removed': return (u ?? b)!.removed ? null : `${id} should be removed`;
    case '!removed': return (u ?? b)!.removed ? `${id} should not be removed` : null;
    case 'on-table': return piece.onTable ? null : `${id} should be on the table`;
    case 'off-table': return piece.onTable ? `${id} should be off the table` : null;
    case 'at': {
      const p = point(w[2], line);
      const tol = tolOf(w[3], 0.05);
      const at = piece.pose.at;
      return Math.hypot(at.x - p.x, at.y - p.y) <= tol ? null : `${id} at ${at.x.toFixed(3)},${at.y.toFixed(3)}, expected ${p.x},${p.y} ±${tol}`;
    }
    case 'facing': {
      const want = num(w[2], line);
      const tol = tolOf(w[3], 0.5);
      return angleDiff(piece.pose.facing, want) <= tol ? null : `${id} facing ${piece.pose.facing.toFixed(1)}, expected ${want} ±${tol}`;
    }
    case 'lost': case '!lost': {
      if (!g) return `${id} is not a general or ADC: "lost" is for them`;
      return g.lost === (word === 'lost') ? null : `${id} lost: expected ${word === 'lost'}, got ${g.lost}`;
    }
    case 'attached': return eq(`${id} attached to`, (k ?? g)?.attachedTo ?? 'none', w[2]);
    case 'status': return k ? eq(`${id} status`, k.status, w[2]) : `${id} is not a commander`;
    case 'due': return k ? eq(`${id} replacement turn`, k.replacementTurn ?? 'none', w[2]) : `${id} is not a commander`;
    case 'skill': return eq(`${id} skill`, (k ?? cinc)?.skill ?? 'none', w[2]);
    case 'range': return k ? eq(`${id} range`, k.rangeInches, w[2]) : `${id} is not a commander`;
    case 'grant': { const g = s.log.rolls[id]; return eq(`${id} grant`, g ? g.inches : 'none', w[2]); }
    case 'moved': case '!moved': return s.log.moved.includes(id) === (word === 'moved') ? null : `${id} ${word === 'moved' ? 'did not move' : 'moved'} (log.moved: ${s.log.moved.join(', ') || 'none'})`;
    case 'valorous': case '!valorous': return k ? (k.valorous === (word === 'valorous') ? null : `${id} valorous: expected ${word === 'valorous'}, got ${k.valorous}`) : `${id} is not a commander`;
  }
  return `unknown expectation: ${line}`;
}
