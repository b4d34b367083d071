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

/** Ranks as the scenarios print them before a general's name ("Général de brigade", "Brig-Gen", "Lt-Col"). */
const RANKS = /^(Général de division|Général de brigade|Generalmajor|Generalleutnant|Feldmarschall-Leutnant|Brig-Gen|Maj-Gen|Lt-Gen|Lt-Col|Col\.?|Colonel|Major|Marshal|Maréchal)\s+/;

/**
 * A general by his surname, as a wargamer names him: "Vandamme (III Corps)" → "Vandamme";
 * "FML Graf Adelsheim" → "Adelsheim"; "Général de brigade Louis Compère" → "Compère";
 * "Duke of Wellington" → "Wellington"; "Lt-Gen de Perponcher" → "Perponcher"; a numbered
 * namesake keeps his number ("Pirch I (II Corps)" → "Pirch I").
 */
export function shortGeneralLabel(name: string): string {
  const bare = name.replace(/\s*\([^)]*\)\s*$/, '').replace(RANKS, '').replace(TITLES, ' ').replace(/\s+/g, ' ').trim();
  const words = bare.split(' ').filter((w) => w.length > 0);
  if (words.length === 0) return clip(name);
  // The given names and particles before the surname go; a roman numeral after it stays.
  const numbered = words.length > 1 && /^[IVX]+$/.test(words.at(-1)!);
  return clip(words.slice(numbered ? -2 : -1).join(' '));
}

function clip(s: string): string {
  return s.length <= MAX ? s : `${s.slice(0, MAX - 1).trimEnd()}…`;
}
