import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import { err, ok, type Result } from '../../lib/result';
import type { IssuePath, ScenarioErrorCode } from './codes';
import { fromIssues, formatPath, valueAt, type ScenarioError, type Unplaced } from './errors';
import { locate } from './locate';
import type { ScenarioProfile } from './profiles';
import { scenarioSchema, structureSchema } from './schema';
import type { Scenario } from './types';
import { RULESET_IDS, type RulesetId } from './vocabulary';

/** Options of `parseScenarioYaml`. */
export interface ParseOptions {
  /**
   * Profiles by ruleset: how a ruleset's own fields are checked. The registry's SCENARIO_PROFILES
   * (src/rules/index.ts) holds every registered ruleset's; without it only the common format is checked.
   */
  readonly profiles?: Readonly<Partial<Record<RulesetId, ScenarioProfile>>>;
  /** What the file's location promises (assets/scenarios/<ruleset>/<id>.yaml): checked against meta. */
  readonly expect?: { readonly id?: string; readonly ruleset?: string };
}

const YAML_HINTS: Record<string, string> = {
  TAB_AS_INDENT: 'Indent with spaces: YAML does not allow tabs.',
  DUPLICATE_KEY: 'A key may appear only once in a mapping: delete or rename the repeated one.',
  MULTIPLE_DOCS: "One scenario per file: remove the '---' line and what follows, or split the file.",
  BAD_INDENT: "Check the indentation: a nested key goes further in than its parent, list items start with '- ' at the same depth, and [ ] and { } must close.",
  MISSING_CHAR: 'A bracket, brace or quote is not closed.',
};
const TOP_LEVEL = ['meta', 'map', 'sides', 'orderOfBattle', 'deployment', 'reinforcements', 'victory'];
const YAML_HINT = "Fix the YAML here. Quote text that contains ': ' or ' #', or starts with *, &, !, [, {, or #.";

/**
 * Parse and check a scenario written in YAML. Every error, from a YAML syntax slip to a
 * cross-reference that does not resolve, comes back with `file:line:column`, the field path,
 * the problem and a hint. Structural errors hide cross-field ones (those need a sound shape),
 * so fixing a file can bring up new errors once; they are then all reported together.
 */
export function parseScenarioYaml(text: string, file = '<scenario>', options: ParseOptions = {}): Result<Scenario, ScenarioError[]> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, merge: true, uniqueKeys: true });
  if (doc.errors.length > 0) return err(doc.errors.map((e) => yamlError(e, file, lines)));

  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    return err([{ code: 'scenario/yaml-syntax', file, line: 1, column: 1, path: '', message: `the YAML cannot be read: ${(e as Error).message}`, hint: 'Use fewer aliases (*name).' }]);
  }
  if (raw === null || raw === undefined) {
    return err([{ code: 'scenario/missing', file, line: 1, column: 1, path: '', message: 'the scenario is empty', hint: `Start from a shipped scenario such as assets/scenarios/dram/saint-remy.yaml: it needs ${TOP_LEVEL.join(', ')}.` }]);
  }
  const ruleset = valueAt(raw, ['meta', 'ruleset']);
  const profiles = options.profiles ?? {};
  const profile = profiles[String(ruleset) as RulesetId] ?? {};

  const parsed = scenarioSchema(profile).safeParse(raw);
  const place = (u: Unplaced) => placeError(u, file, doc, lines);
  if (!parsed.success) {
    const structure = structureSchema(profile);
    return err(sortErrors(fromIssues(parsed.error.issues, raw, (path) => keysAt(structure, path)).map(place)));
  }
  const mismatches = fileMismatches(parsed.data, options.expect);
  return mismatches.length > 0 ? err(mismatches.map(place)) : ok(parsed.data);
}

function yamlError(e: YAMLError, file: string, lines: LineCounter): ScenarioError {
  const { line, col } = lines.linePos(e.pos[0]);
  return { code: 'scenario/yaml-syntax', file, line, column: col, path: '', message: e.message, hint: YAML_HINTS[e.code] ?? YAML_HINT };
}

function placeError(u: Unplaced, file: string, doc: Document, lines: LineCounter): ScenarioError {
  const { line, column } = locate(doc, lines, u.path, u.at);
  const also = u.related ? ` (see line ${locate(doc, lines, u.related).line})` : '';
  return { code: u.code, file, line, column, path: formatPath(u.path), message: u.message + also, hint: u.hint };
}

function sortErrors(errors: ScenarioError[]): ScenarioError[] {
  const seen = new Set<string>();
  return errors
    .filter((e) => {
      const key = `${e.line}:${e.column}:${e.code}:${e.message}`;
      return !seen.has(key) && Boolean(seen.add(key));
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

function fileMismatches(s: Scenario, expect: ParseOptions['expect']): Unplaced[] {
  const out: Unplaced[] = [];
  const code: ScenarioErrorCode = 'scenario/file-mismatch';
  if (expect?.id !== undefined && expect.id !== s.meta.id) out.push({ code, path: ['meta', 'id'], message: `meta.id is '${s.meta.id}' but the file is named '${expect.id}'`, hint: `Rename the file to ${s.meta.id}.yaml or set id: ${expect.id}.` });
  if (expect?.ruleset !== undefined && expect.ruleset !== s.meta.ruleset) out.push({ code, path: ['meta', 'ruleset'], message: `meta.ruleset is '${s.meta.ruleset}' but the file is in the '${expect.ruleset}' folder`, hint: `Move the file to assets/scenarios/${s.meta.ruleset}/.` });
  return out;
}

/** The keys an object schema accepts at `path` (for "did you mean"); [] when the path leads elsewhere. Also used by src/rules/nw/build/load.ts. */
export function keysAt(schema: unknown, path: IssuePath): readonly string[] {
  let s = schema;
  const def = (x: unknown) => (x as { def?: Record<string, unknown> }).def ?? {};
  const unwrap = () => {
    for (let d = def(s); ; d = def(s)) {
      if (d.type === 'pipe') s = d.in;
      else if (['optional', 'default', 'nullable', 'readonly', 'prefault'].includes(String(d.type))) s = d.innerType;
      else return d;
    }
  };
  for (const seg of path) {
    const d = unwrap();
    if (d.type === 'object') s = (d.shape as Record<string, unknown>)[String(seg)];
    else if (d.type === 'array') s = d.element;
    else if (d.type === 'record') s = d.valueType;
    else return [];
    if (s === undefined) return [];
  }
  const d = unwrap();
  return d.type === 'object' ? Object.keys(d.shape as object) : [];
}

/** The scenarios shipped with Estafette. */
export const SHIPPED_SCENARIOS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../assets/scenarios');

/** Read and parse one scenario file; its folder and name are checked against meta.ruleset and meta.id. The only reading of files here. */
export async function loadScenarioFile(path: string, options: Omit<ParseOptions, 'expect'> = {}): Promise<Result<Scenario, ScenarioError[]>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err([{ code: 'scenario/unreadable', file: path, line: 1, column: 1, path: '', message: `cannot read the file: ${(e as Error).message}`, hint: 'Check the path; shipped scenarios live in assets/scenarios/<ruleset>/<id>.yaml.' }]);
  }
  const folder = basename(dirname(path));
  const expect = { id: basename(path, extname(path)), ...((RULESET_IDS as readonly string[]).includes(folder) && { ruleset: folder }) };
  return parseScenarioYaml(text, path, { ...options, expect });
}

/** A scenario file found on disk (not yet parsed). */
export interface ScenarioListing {
  readonly ruleset: RulesetId;
  readonly id: string;
  readonly path: string;
}

/** Scenario files under `dir`/<ruleset>/, by ruleset then id. Folders that are not a ruleset id are skipped. */
export async function listScenarios(dir: string = SHIPPED_SCENARIOS): Promise<ScenarioListing[]> {
  const out: ScenarioListing[] = [];
  for (const ruleset of RULESET_IDS) {
    let names: string[];
    try {
      names = await readdir(join(dir, ruleset));
    } catch {
      continue; // no scenarios for this ruleset yet
    }
    for (const name of names.sort()) {
      const ext = extname(name);
      if (ext === '.yaml' || ext === '.yml') out.push({ ruleset, id: basename(name, ext), path: join(dir, ruleset, name) });
    }
  }
  return out;
}
