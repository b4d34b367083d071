import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { err, ok, type Result } from '../../../lib/result';
import { formatPath, fromIssues, type ScenarioError } from '../../scenario/errors';
import { keysAt } from '../../scenario/load';
import { locate } from '../../scenario/locate';
import { buildOrderOfBattle, type BuiltOrderOfBattle } from './build';
import { buildSourceSchema, type BuildSource } from './source';

/**
 * Reads a battalion-level source (assets/sources/README.md) and builds it. Every problem, from
 * a YAML slip to a brigade over 12 s.p., comes back as `file:line:column path: message [code]`
 * with a hint, through the scenario loader's own error machinery (src/rules/scenario/errors.ts).
 */
export function parseBuildSource(text: string, file = '<source>'): Result<{ source: BuildSource; built: BuiltOrderOfBattle }, ScenarioError[]> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return err(doc.errors.map((e) => {
      const { line, col } = lines.linePos(e.pos[0]);
      return { code: 'scenario/yaml-syntax' as const, file, line, column: col, path: '', message: e.message, hint: 'Fix the YAML here: indent with spaces, close brackets and quotes.' };
    }));
  }
  const raw: unknown = doc.toJS();
  const place = (path: readonly PropertyKey[], at?: 'key') => locate(doc, lines, path, at);
  const parsed = buildSourceSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    return err(fromIssues(parsed.error.issues, raw, (path) => keysAt(buildSourceSchema, path)).map((u) => {
      const { line, column } = place(u.path, u.at);
      return { code: u.code, file, line, column, path: formatPath(u.path), message: u.message, hint: u.hint };
    }).sort((a, b) => a.line - b.line || a.column - b.column));
  }
  const built = buildOrderOfBattle(parsed.data);
  if (!built.ok) {
    const { line, column } = place(built.error.path);
    return err([{ code: 'scenario/strength', file, line, column, path: formatPath(built.error.path), message: built.error.message, hint: built.error.hint }]);
  }
  return ok({ source: parsed.data, built: built.value });
}

/** Reads and builds a source file. */
export async function loadBuildSource(path: string): Promise<Result<{ source: BuildSource; built: BuiltOrderOfBattle }, ScenarioError[]>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err([{ code: 'scenario/unreadable', file: path, line: 1, column: 1, path: '', message: `cannot read the file: ${(e as Error).message}`, hint: 'Check the path: a battalion-level source such as assets/sources/quatre-bras-battalions.yaml.' }]);
  }
  return parseBuildSource(text, path);
}
