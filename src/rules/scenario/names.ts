import { editDistance, nameKey } from '../location/names';

/**
 * Matching what people type against names in a scenario: "saint amand la haye" finds
 * "Saint-Amand-la-Haye", and a near miss gets a "did you mean".
 */

/**
 * The key two names are compared by. It is the one player commands use (location/names.ts):
 * case, accents, hyphens and punctuation ignored, "St" read as "Saint". So a scenario can
 * only be valid if players can tell its landmarks apart.
 */
export const normalizeName = (name: string): string => nameKey(name);

/**
 * The known names closest to `typed`, best first: near misses (a third of the length, at
 * least 2 edits) and names that start with what was typed. At most `max`.
 */
export function closest(typed: string, known: readonly string[], max = 3): string[] {
  const t = normalizeName(typed);
  const scored = known
    .map((name) => {
      const n = normalizeName(name);
      const d = n.startsWith(t) && t.length >= 3 ? 0.5 : editDistance(t, n);
      return { name, d, limit: Math.max(2, Math.floor(Math.max(t.length, n.length) / 3)) };
    })
    .filter((s) => s.d <= s.limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  return [...new Set(scored.map((s) => s.name))].slice(0, max);
}

/** "Did you mean 'a' or 'b'?", or the fallback when nothing is close. */
export function didYouMean(typed: string, known: readonly string[], fallback: string): string {
  const near = closest(typed, known);
  if (near.length === 0) return fallback;
  return `Did you mean ${near.map((n) => `'${n}'`).join(' or ')}?`;
}

/** "a, b, c" capped at `max` items ("… and 12 more"), for hints that list what exists. */
export function listSome(items: readonly string[], max = 8): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} … and ${items.length - max} more` : shown;
}
