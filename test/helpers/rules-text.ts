import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The rule texts live in `../shared/rules/` beside the repository (DESIGN.md; CI clones main with
 * `../shared` beside it, wherever that is). Tests that find a table row on its printed line read
 * them from here, never from an absolute path.
 */
export const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/rules');

/** The path of one rule text, e.g. `rulesText('solo-kuryakin.txt')`. */
export function rulesText(file: string): string {
  return resolve(RULES_DIR, file);
}
