import { hash } from 'node:crypto';

/**
 * Canonical JSON for hashing: object keys sorted, no whitespace, `undefined` members
 * dropped. Only integers, strings, booleans, null, arrays and plain objects occur in audit
 * entries, so this matches RFC 8785 for everything we hash (no float formatting questions).
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(value)) throw new TypeError(`canonicalJson: only safe integers are hashed, got ${value}`);
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
        return `${out}]`;
      }
      const obj = value as Record<string, unknown>;
      // Plain string sort = UTF-16 code unit order, as RFC 8785 specifies.
      const keys = Object.keys(obj).sort();
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${first ? '' : ','}${JSON.stringify(k)}:${canonicalJson(v)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode ${typeof value}`);
  }
}

/** One-shot SHA-256 (crypto.hash, Node ≥ 20.12): half the cost of createHash for short inputs. */
export const sha256Hex = (data: string | Buffer): string => hash('sha256', data, 'hex');
