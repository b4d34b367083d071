/**
 * Short labels for crowded maps: a unit is best known by its commander ("1st Division (Fabre)"
 * → "Fabre"), a general by his surname without titles ("Maréchal Delorme" → "Delorme").
 */

const TITLES = /\b(Maréchal|Marshal|Maréchal de camp|Général|General|Gen\.|GdD|GdB|FML|FZM|GM|Graf|Prinz|Prince|Count|Comte|Duke|Duc|Baron|Sir|Lord|Marquis|Freiherr|von der|von)\b\.?/g;
const MAX = 16;

/** "1st Division (Fabre)" → "Fabre"; "III Corps reserve artillery (12pdr)" → "III Res. Art.". */
export function shortUnitLabel(name: string): string {
  const paren = /\(([^)]+)\)\s*$/.exec(name);
  if (paren && !/\d/.test(paren[1]!)) return clip(paren[1]!.trim());
  const bare = name.replace(/\s*\([^)]*\)\s*$/, '').trim()
    .replace(/\bCorps reserve artillery\b/i, 'Res. Art.')
    .replace(/\bCorps (reserve )?cavalry\b/i, 'Res. Cav.')
    .replace(/\bCorps artillery\b/i, 'Art.')
    .replace(/\b(Division|Brigade)\s+(?=[A-ZÀ-Ý])/, '')
    .replace(/\bDivision\b/, 'Div.').replace(/\bBrigade\b/, 'Bde').replace(/\bartillery\b/i, 'Art.').replace(/\bCavalry\b/, 'Cav.');
  return clip(bare);
}

/** "Vandamme (III Corps)" → "Vandamme"; "FML Graf Adelsheim" → "Adelsheim"; "Pirch I (II Corps)" → "Pirch I". */
export function shortGeneralLabel(name: string): string {
  const bare = name.replace(/\s*\([^)]*\)\s*$/, '').replace(TITLES, ' ').replace(/\s+/g, ' ').trim();
  return clip(bare.length > 0 ? bare : name);
}

function clip(s: string): string {
  return s.length <= MAX ? s : `${s.slice(0, MAX - 1).trimEnd()}…`;
}
