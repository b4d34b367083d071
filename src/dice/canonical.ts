import { hash } from 'node:crypto';

/**
 * What numbers a canonical text may hold: the audit trail hashes only safe integers (no float
 * formatting questions, so it matches RFC 8785 for everything it hashes); sealed orders hold
 * finite numbers (inches, rounded: src/games/receipts.ts) in JavaScript's shortest form, and an
 * `undefined` array member is written `null`, as JSON.stringify does.
 */
export type CanonicalNumbers = 'safe-integers' | 'finite';

/**
 * Canonical JSON: object keys sorted (UTF-16 code units, as RFC 8785), no whitespace,
 * `undefined` members dropped; strings, booleans, null, arrays and plain objects, and numbers
 * as `numbers` allows. Written with loops and appends and an insertion sort of an object's few
 * keys: with map/filter/join and Array#sort (which allocates its work space on every call) it
 * was ~10% of everything a `/move` allocated for its sealed receipt (issue 12).
 */
export function canonicalJson(value: unknown, numbers: CanonicalNumbers = 'safe-integers'): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (numbers === 'safe-integers' ? !Number.isSafeInteger(value) : !Number.isFinite(value)) {
        throw new TypeError(numbers === 'safe-integers' ? `canonicalJson: only safe integers are hashed, got ${value}` : `canonicalJson: a number JSON cannot write: ${value}`);
      }
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const x: unknown = value[i];
          out += (i ? ',' : '') + (x === undefined && numbers === 'finite' ? 'null' : canonicalJson(x, numbers));
        }
        return `${out}]`;
      }
      const obj = value as Record<string, unknown>;
      const keys = sortedKeys(obj);
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${first ? '' : ','}${JSON.stringify(k)}:${canonicalJson(v, numbers)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value}, which JSON cannot write`);
  }
}

/** An object's keys in `sort()`'s order (keys are distinct): by insertion for a few, else sort(). */
function sortedKeys(obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > k; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = k;
  }
  return keys;
}

/** One-shot SHA-256 (crypto.hash, Node ≥ 20.12): half the cost of createHash for short inputs. */
export const sha256Hex = (data: string | Buffer): string => hash('sha256', data, 'hex');
