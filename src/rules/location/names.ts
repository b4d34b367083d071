/**
 * Matching typed names against landmarks and enemy stands: case, accents, hyphens and
 * punctuation are ignored, "St"/"Ste" read as "Saint"/"Sainte" (Saint-Amand ≈ saint amand ≈
 * St. Amand), an exact name beats a prefix, and a unique prefix is enough ("Lig" → Ligny).
 */

/**
 * Lower case, accents stripped, quote-like marks unified; spaces collapsed. For the grammar.
 * Remembered per text (issue 12): players send the same few texts again and again ("forward
 * 1in", a landmark's name), and every `toward <landmark>` folds each landmark's name; folding
 * (Unicode normalisation and six regular expressions) was ~5% of a /move's validation.
 */
export function foldText(text: string): string {
  const hit = folds.get(text);
  if (hit !== undefined) return hit;
  const out = fold(text);
  // Bounded: a full memo starts again rather than growing with every text ever typed.
  if (folds.size >= FOLDS_KEPT) folds.clear();
  folds.set(text, out);
  return out;
}
const folds = new Map<string, string>();
/** Texts remembered: a game's landmark and stand names and its players' usual moves, several games over. */
export const FOLDS_KEPT = 1024;

function fold(text: string): string {
  return text
    .replace(/[“”″‶〃]/g, '"')
    .replace(/[‘’′‵]/g, "'")
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/''/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte' };

function nameWords(name: string): string[] {
  return foldText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .map((t) => ABBREVIATIONS[t] ?? t);
}

/** The comparison key of a name: folded, abbreviations expanded, letters and digits only. */
export function nameKey(name: string): string {
  return nameWords(name).join('');
}

/** Keys of the name from each word on ("I Corps (Zieten)" → icorpszieten, corpszieten, zieten). */
function wordKeys(name: string): string[] {
  const words = nameWords(name);
  return words.map((_, i) => words.slice(i).join(''));
}

/** Edit distance counting an adjacent swap as one edit (optimal string alignment): "lingy" → "ligny" is 1. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Something with a display name and other names it answers to. */
export interface Named<T> {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly value: T;
}

/** How a typed name matched. */
export type NameMatch<T> =
  | { readonly kind: 'found'; readonly value: T; readonly name: string }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly kind: 'none'; readonly suggestions: readonly string[] };

/** How many edits a near miss of this length may have to be suggested. */
const nearMissLimit = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

/**
 * Match typed text against names: exact key, then a unique prefix of the name, then a unique
 * prefix from a later word ("zieten" → "I Corps (Zieten)", "haye" → "Saint-Amand-la-Haye");
 * several matches at a tier are ambiguous; nothing gives near misses (at most 3).
 */
export function matchName<T>(typed: string, entries: readonly Named<T>[]): NameMatch<T> {
  const key = nameKey(typed);
  if (key.length === 0) return { kind: 'none', suggestions: [] };
  const keysOf = (e: Named<T>) => [e.name, ...(e.aliases ?? [])].map(nameKey);
  const distinct = (list: readonly Named<T>[]) => [...new Set(list.map((e) => e.name))];

  const exact = entries.filter((e) => keysOf(e).includes(key));
  if (exact.length === 1 && exact[0]) return { kind: 'found', value: exact[0].value, name: exact[0].name };
  if (exact.length > 1) return { kind: 'ambiguous', candidates: distinct(exact) };

  const prefixed = entries.filter((e) => keysOf(e).some((k) => k.startsWith(key)));
  if (prefixed.length === 1 && prefixed[0]) return { kind: 'found', value: prefixed[0].value, name: prefixed[0].name };
  if (prefixed.length > 1) return { kind: 'ambiguous', candidates: distinct(prefixed).sort() };

  const inner = entries.filter((e) => [e.name, ...(e.aliases ?? [])].some((n) => wordKeys(n).some((k) => k.startsWith(key))));
  if (inner.length === 1 && inner[0]) return { kind: 'found', value: inner[0].value, name: inner[0].name };
  if (inner.length > 1) return { kind: 'ambiguous', candidates: distinct(inner).sort() };

  const scored = entries
    .map((e) => ({ name: e.name, d: Math.min(...keysOf(e).map((k) => editDistance(key, k))) }))
    .filter((s) => s.d <= nearMissLimit(key.length))
    .sort((x, y) => x.d - y.d || x.name.localeCompare(y.name));
  return { kind: 'none', suggestions: [...new Set(scored.map((s) => s.name))].slice(0, 3) };
}
