import type { Modifier } from '../dice/entry';
import type { Point } from '../rules/geometry/types';
import { escapeMd } from '../interaction/present-rolls';
import { gridRef } from '../rules/location/grid';
import { nameOf, type NameBook } from './names';

/**
 * The pieces every narrative line is made of. Names come from players and scenario files, and
 * the rules' prose embeds them, so everything that is not our own punctuation goes through
 * escapeMd (the console adapter strips the escapes again).
 */

/** A name, escaped. */
export const who = (names: NameBook, id: string): string => escapeMd(nameOf(names, id));

/** A name with its side when the name does not already say it: "1st Division (French)". */
export function whoOfSide(names: NameBook, id: string): string {
  const side = names.entry(id)?.side;
  const name = nameOf(names, id);
  if (side === undefined) return escapeMd(name);
  const sideName = nameOf(names, side);
  return name.toLowerCase().includes(sideName.toLowerCase()) ? escapeMd(name) : `${escapeMd(name)} (${escapeMd(sideName)})`;
}

// Ids inside the rules' prose ("casualties from pr's 6 dice", "order changed by fr-c1-gen").
// One-character and all-digit tokens are skipped: they are order letters and numbers far more
// often than ids, and a wrong substitution would lie.
const TOKEN = /[A-Za-z0-9_][A-Za-z0-9_-]*/g;

/** Rules' prose with known ids replaced by names, escaped. */
export function prose(names: NameBook, text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const id = m[0];
    if (id.length < 2 || /^\d+$/.test(id)) continue;
    const entry = names.entry(id);
    if (!entry) continue;
    let name = entry.name;
    let end = m.index + id.length;
    // "Prussians's" reads wrong: a name ending in s takes a bare apostrophe.
    if (/s$/i.test(name) && /^'s\b/.test(text.slice(end))) { name += "'"; end += 2; }
    out += escapeMd(text.slice(last, m.index)) + escapeMd(name);
    last = end;
  }
  return out + escapeMd(text.slice(last));
}

/** "+1", "−2" (a true minus sign, as in rollBreakdown). */
export const signed = (v: number): string => (v < 0 ? `−${-v}` : `+${v}`);

/**
 * "+1 (artillery)". Rules labels often repeat the value ("+1 artillery", "+ CR of …") or
 * start with the stand they apply to ("fr-c1-d3: +1 artillery"); the value is printed once,
 * from the number, and the stand is named unless `unitShown` says the line already did.
 */
export function modifierText(names: NameBook, m: Modifier, unitShown?: string): string {
  let label = m.label;
  let owner: string | undefined;
  const own = /^([^\s:]+): (.*)$/s.exec(label);
  if (own && names.entry(own[1]!)) { owner = own[1]!; label = own[2]!; }
  label = label.replace(/^[+−-]\s?\d*\s+/, '');
  const text = prose(names, label);
  return `${signed(m.value)} (${owner && owner !== unitShown ? `${who(names, owner)}: ${text}` : text})`;
}

/** Inches with at most one decimal: "12″", "1.8″". */
export const inches = (n: number): string => `${Number(n.toFixed(1))}″`;

/** Where a point is: its grid cell when the book knows the grid and the point is on the table. */
export function place(names: NameBook, p: Point): string {
  const ref = names.grid ? gridRef(p, names.grid) : undefined;
  return ref ?? `(${p.x.toFixed(1)}, ${p.y.toFixed(1)})`;
}
