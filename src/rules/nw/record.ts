/**
 * Copies of the state's id-keyed records (units, batteries, log.rolls…) for immutable updates
 * (issue 12, "updates that do not copy the world" — where a copy cannot be avoided, a cheap one).
 *
 * A record read from JSON with hundreds of ids is a dictionary-mode object in V8, and object
 * spread copies one of those several times slower per key than a for-in loop (measured on this
 * machine with 600 brigade-like entries: ~870-1,430 µs a spread, ~240-430 µs a loop), so at 600
 * brigades every maneuver roll and move paid for its copy of `units` more than for its rules.
 * The key order is the spread's (integer-like keys ascending, then the others as inserted: for-in
 * on a plain object with no inherited enumerable keys), so the state's JSON and its hash are the same.
 *
 * A large record is copied by a cloner instead (`clonerOf`): one object literal naming every key,
 * made once per set of keys. V8 builds such a literal from a fixed shape and reads each key at a
 * fixed place, ~20 µs a copy of 600 entries against ~115 µs for the loop (node 20, this machine;
 * bench/nw.ts's acts copy `units` once a move). A record's keys never change after it is made
 * (brigades, batteries and officers are never added or deleted; a phase's draft replaces entries
 * of its own copies in place, never adds one), so a copy with the same keys shares its cloner.
 */

type Cloner = (rec: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/** Below this many keys the loop is as quick as a cloner; above the upper bound V8 makes the literal a dictionary anyway. */
const CLONER_MIN_KEYS = 64;
const CLONER_MAX_KEYS = 1000;
/** Cloners kept by key set (least recently used dropped first): a few games' records each. */
const CLONERS_KEPT = 64;

/** The cloner each record copied so far (and each copy made by one) has, by identity. */
const clonerByRecord = new WeakMap<object, Cloner>();
/** Cloners by their key list (JSON of the keys in order): every window re-reads its records from JSON. */
const clonerByKeys = new Map<string, Cloner>();

/**
 * `(r) => ({ "k1": r["k1"], … })` for these keys, in this order. The keys are written as JSON
 * string literals (JSON.stringify escapes every character a JS string literal cannot hold), so an
 * id is never code. `__proto__` is refused: in a literal it would set the prototype, not a key.
 */
function makeCloner(keys: readonly string[]): Cloner | null {
  if (keys.includes('__proto__')) return null;
  const fields = keys.map((k) => { const q = JSON.stringify(k); return `${q}: r[${q}]`; });
  return new Function('r', `return { ${fields.join(', ')} };`) as Cloner;
}

/** The cloner for `rec`'s keys, or null when the loop is used (a small record, a huge one, a `__proto__` key). */
function clonerOf(rec: Readonly<Record<string, unknown>>): Cloner | null {
  const kept = clonerByRecord.get(rec);
  if (kept) return kept;
  const keys = Object.keys(rec);
  if (keys.length < CLONER_MIN_KEYS || keys.length > CLONER_MAX_KEYS) return null;
  const sig = JSON.stringify(keys);
  let c = clonerByKeys.get(sig);
  if (c) clonerByKeys.delete(sig); // re-inserted below: the most recently used is last
  else {
    const made = makeCloner(keys);
    if (!made) return null;
    c = made;
    if (clonerByKeys.size >= CLONERS_KEPT) clonerByKeys.delete(clonerByKeys.keys().next().value!);
  }
  clonerByKeys.set(sig, c);
  clonerByRecord.set(rec, c);
  return c;
}

/** The for-in copy (the spread's keys and order). */
function loopCopy<T>(rec: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in rec) out[k] = rec[k]!;
  return out;
}

/** A shallow copy of `rec` (as `{ ...rec }`). */
export function copyRecord<T>(rec: Readonly<Record<string, T>>): Record<string, T> {
  const c = clonerOf(rec);
  if (!c) return loopCopy(rec);
  const out = c(rec) as Record<string, T>;
  clonerByRecord.set(out, c);
  return out;
}

/**
 * The keys of a record made by adding an id (withEntry), in an order that gives the record's own
 * order when set one by one (integer-like ids sort themselves first either way), and how many of
 * them are its own: the list is shared down a line of records each one id longer (log.rolls gains
 * one a Maneuver roll, 300 a player-turn at 600 brigades), and a copy reads it instead of
 * enumerating the record (for-in on a dictionary-mode object sorts its keys first): measured on
 * this machine, 300 rolls' growing copies 2.3 ms instead of 4.1-4.5 ms. A record's keys never
 * change once made (the cloners' rule above), so the list stays true.
 */
const grownKeys = new WeakMap<object, { readonly keys: string[]; readonly n: number }>();

/** `rec` with `id` set to `value` (as `{ ...rec, [id]: value }`: a new id goes last). */
export function withEntry<T>(rec: Readonly<Record<string, T>>, id: string, value: T): Record<string, T> {
  // A new id changes the keys (log.rolls gains one a roll): no cloner for the copy.
  if (!Object.prototype.hasOwnProperty.call(rec, id)) {
    const grown = grownKeys.get(rec);
    let keys = grown ? grown.keys : Object.keys(rec);
    const n = grown ? grown.n : keys.length;
    const out: Record<string, T> = {};
    for (let i = 0; i < n; i++) { const k = keys[i]!; out[k] = rec[k]!; }
    out[id] = value;
    // The list grows in place while this is the longest record made from it; a second record
    // grown from the same one (a replay, a check and its act) takes its own list.
    if (keys.length !== n) keys = keys.slice(0, n);
    keys.push(id);
    grownKeys.set(out, { keys, n: n + 1 });
    return out;
  }
  const out = copyRecord(rec);
  out[id] = value;
  return out;
}
