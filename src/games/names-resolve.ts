import { ChoiceError } from '../lib/user-error';
import type { NameKind } from '../narrative/names';
import { normalizeName, type PrintedName } from '../rules/plugin';

export { normalizeName };

/**
 * One resolver for every name a player types (issue 11): a unit, general, corps or side is
 * accepted by any name the map, the roster and the narrative print (the ruleset lists them in
 * `Presentation.printed`), in any case, without accents, by a unique prefix of the name or of
 * one of its words, and by id. Anything else is answered with the closest names.
 */

/** Anything named by an id and the names players read: a printed piece, a seat, a pending order. */
export type Named = Pick<PrintedName, 'id' | 'names'>;

export type NameMatch<P extends Named = PrintedName> =
  | { readonly kind: 'found'; readonly id: string; readonly name: P }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly P[] }
  | { readonly kind: 'unknown'; readonly closest: readonly P[] };

/** The words of a printed name, each a place a prefix may start ("Division Kessler" → "kessler"). */
const wordStarts = (key: string): string[] => {
  const out = [key];
  for (let i = 1; i < key.length; i++) if (/[\s/(-]/.test(key[i - 1]!) && !/[\s/(-]/.test(key[i]!)) out.push(key.slice(i));
  return out;
};

/** How `query` names `id`: 0 exactly (its id or a printed name), 1 by a prefix of a name, 2 by a prefix of a word in it. */
function rank(query: string, p: Named): number | null {
  const keys = [p.id, ...p.names].map(normalizeName);
  if (keys.includes(query)) return 0;
  if (keys.some((k) => k.startsWith(query))) return 1;
  if (keys.some((k) => wordStarts(k).some((w) => w.startsWith(query)))) return 2;
  return null;
}

/** Resolve what a player typed among `printed` (already narrowed to the kinds the option takes). */
export function resolveName<P extends Named>(typed: string, printed: readonly P[]): NameMatch<P> {
  const exactId = printed.find((p) => p.id === typed);
  if (exactId) return { kind: 'found', id: exactId.id, name: exactId };
  const query = normalizeName(typed);
  // Nothing typed: every name is a candidate (a menu of them all).
  if (!query) return printed.length === 1 ? { kind: 'found', id: printed[0]!.id, name: printed[0]! } : { kind: 'unknown', closest: printed.slice(0, 25) };
  let best: P[] = [];
  let bestRank = Infinity;
  for (const p of printed) {
    const r = rank(query, p);
    if (r === null || r > bestRank) continue;
    if (r < bestRank) { best = []; bestRank = r; }
    best.push(p);
  }
  if (best.length === 1) return { kind: 'found', id: best[0]!.id, name: best[0]! };
  if (best.length > 1) return { kind: 'ambiguous', candidates: best };
  return { kind: 'unknown', closest: closest(query, printed) };
}

/** The names nearest to a misspelling, by edit distance to any printed name or word of it. */
export function closest<P extends Named>(query: string, printed: readonly P[], n = 5): P[] {
  const scored = printed.map((p) => ({ p, d: Math.min(...[p.id, ...p.names].map(normalizeName).flatMap(wordStarts).map((k) => editDistance(query, k.slice(0, Math.max(query.length, 1) + 2)))) }));
  const limit = Math.max(2, Math.ceil(query.length / 2));
  return scored.filter((x) => x.d <= limit).sort((a, b) => a.d - b.d || a.p.names[0]!.localeCompare(b.p.names[0]!)).slice(0, n).map((x) => x.p);
}

/** Levenshtein distance (the names are short: a row of the table at a time). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The name a player reads for a printed entry: its first name. */
export const printedLabel = (p: Named): string => p.names[0] ?? p.id;

/**
 * The labels of `list` as a menu shows them, told apart where two print alike (Ligny has a
 * "III Corps reserve artillery (12pdr)" on each side): by side, else by what to type.
 */
export function distinctLabels(list: readonly (Named & { readonly side?: string })[]): string[] {
  const count = (xs: readonly string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const plain = list.map(printedLabel);
  const seen = count(plain);
  const sided = list.map((p, i) => (seen.get(plain[i]!)! > 1 && p.side ? `${plain[i]} — ${p.side}` : plain[i]!));
  const still = count(sided);
  return sided.map((l, i) => (still.get(l)! > 1 ? `${l} (${list[i]!.id})` : l));
}

/** What the map labels (seats, sides and orders are not on it; not every ruleset keeps a /roster). */
const ON_THE_MAP = new Set(['unit', 'general', 'battery', 'piece', 'name']);

/**
 * The id `typed` names among `printed`, for the command option `option`; a ChoiceError
 * with the closest names ("did you mean…") when it names none or several.
 */
export function resolveOrRefuse(typed: string, printed: readonly (Named & { readonly side?: string })[], option: string, what: string, pickable?: () => ReadonlySet<string>): string {
  const m = resolveName(typed, printed);
  if (m.kind === 'found') return m.id;
  const list = m.kind === 'ambiguous' ? m.candidates : nearestPickable(typed, printed, m.closest, pickable);
  const shown = list.slice(0, 25);
  const choices = distinctLabels(shown).map((name, i) => ({ name, value: shown[i]!.id }));
  const names = choices.slice(0, 5).map((c) => `“${c.name}”`).join(', ');
  if (m.kind === 'ambiguous') {
    throw new ChoiceError('name/ambiguous', `“${typed}” could be any of ${list.length}: ${names}${list.length > 5 ? ', …' : ''}.`, 'Type more of the name, or pick one below.', option, choices);
  }
  if (!typed.trim()) throw new ChoiceError('name/missing', `Which ${what}? ${names ? `Choose one: ${names}.` : ''}`.trim(), 'Pick one below.', option, choices);
  throw new ChoiceError('name/unknown', `There is no ${what} called “${typed}”.${choices.length ? ` Did you mean ${names}?` : ''}`,
    choices.length ? 'Pick one below, or use the autocomplete list.' : `Start typing and pick from the autocomplete list${ON_THE_MAP.has(what) ? '; /map prints every name' : ''}.`, option, choices);
}

/**
 * For a name that matches nothing: the closest among what the option could take for this caller
 * (its autocomplete list: your own units for /standing, the enemy's for a target), so a French
 * player's misspelling is not answered with a British regiment; all names when none is near.
 */
function nearestPickable<P extends Named>(typed: string, printed: readonly P[], anyNear: readonly P[], pickable?: () => ReadonlySet<string>): readonly P[] {
  const query = normalizeName(typed);
  if (!pickable || !query) return anyNear;
  const ids = pickable();
  const near = ids.size ? closest(query, printed.filter((p) => ids.has(p.id))) : [];
  return near.length ? near : anyNear;
}

export type { NameKind };
