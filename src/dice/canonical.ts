import { createHash } from 'node:crypto';

/**
 * Canonical JSON for hashing: object keys sorted, no whitespace, `undefined` members
 * dropped. Only integers, strings, booleans, null, arrays and plain objects occur in audit
 * entries, so this matches RFC 8785 for everything we hash (no float formatting questions).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`canonicalJson: only safe integers are hashed, got ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: cannot encode ${typeof value}`);
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
