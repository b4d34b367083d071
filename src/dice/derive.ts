import { createHmac, hash } from 'node:crypto';
import type { Rng } from './rng';
import { sha256Hex } from './canonical';

/**
 * Provably fair derivation. Every value of roll number `index` in an epoch comes from the
 * byte stream HMAC-SHA256(seed, "estafette/roll/<index>/<block>") for block = 0, 1, 2…,
 * read as big-endian 32-bit words. A die with n faces takes words until one falls below
 * the largest multiple of n that fits in 2^32 (rejection sampling, so every face is exactly
 * equally likely) and uses `word mod n`. Anyone holding the revealed seed can recompute every
 * face; nobody without it can predict one, and the published commitment SHA-256(seed) pins
 * the seed before the first roll.
 */
const TWO_32 = 2 ** 32;

export const SEED_BYTES = 32;

export function commitmentOf(seedHex: string): string {
  return sha256Hex(Buffer.from(seedHex, 'hex'));
}

export function isSeedHex(s: string): boolean {
  return /^[0-9a-f]{64}$/.test(s);
}

/** The seed as an HMAC key, checked once (verify reuses it for every roll of an epoch). */
export function seedKey(seedHex: string): Buffer {
  if (!isSeedHex(seedHex)) throw new Error('derivedRng: seed must be 64 lowercase hex characters');
  return Buffer.from(seedHex, 'hex');
}

/** The Rng for roll `index` of the epoch whose secret is `seed` (hex, or a key from seedKey). */
export function derivedRng(seed: string | Buffer, index: number): Rng {
  const key = typeof seed === 'string' ? seedKey(seed) : seed;
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`derivedRng: bad roll index ${index}`);
  const mac = hmacHexOf(key);
  let block = 0;
  // The current block as 64 hex digits: words are read from the text, so a roll allocates no
  // Buffer (node's hash() into a Buffer costs several times its hex form here; issue 12).
  let words = '';
  let offset = 0;
  const nextWord = (): number => {
    if (offset >= words.length) {
      words = mac(`estafette/roll/${index}/${block++}`);
      offset = 0;
    }
    const w = hexWord(words, offset);
    offset += 8;
    return w;
  };
  return {
    uniformInt(n: number): number {
      if (!Number.isSafeInteger(n) || n < 1 || n > TWO_32) throw new Error(`uniformInt: bad range ${n}`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const w = nextWord();
        if (w < limit) return w % n;
      }
    },
  };
}

const BLOCK = 64;
const hmacs = new WeakMap<Buffer, (message: string) => string>();

/** The big-endian 32-bit word at `offset` of lowercase hex text (node's digests). */
function hexWord(hex: string, offset: number): number {
  let w = 0;
  for (let i = offset; i < offset + 8; i++) {
    const c = hex.charCodeAt(i);
    w = w * 16 + (c <= 57 ? c - 48 : c - 87);
  }
  return w;
}

/**
 * HMAC-SHA256 under `key` (RFC 2104) as hex, with the key's inner and outer pads made once per
 * key: verify derives ~100k rolls a second from one epoch's key, and two one-shot hashes cost
 * about half of a createHmac object per roll (issue 12). Both hashes answer in hex, written
 * into the reused pads: node's hash() into a new Buffer costs 3-5 µs here, in hex under 1 µs.
 * Messages are the ASCII strings of this file; a longer one than the pad buffer holds goes
 * through createHmac. test/dice/derive.test.ts checks it against createHmac.
 */
export function hmacHexOf(key: Buffer): (message: string) => string {
  let mac = hmacs.get(key);
  if (mac) return mac;
  const k = key.length > BLOCK ? hash('sha256', key, 'buffer') : key;
  const inner = Buffer.alloc(2 * BLOCK, 0x36);
  const outer = Buffer.alloc(BLOCK + 32, 0x5c);
  for (let i = 0; i < k.length; i++) { inner[i]! ^= k[i]!; outer[i]! ^= k[i]!; }
  // inner[0, BLOCK + n) for each message length n, made once.
  const views: Buffer[] = [];
  mac = (message: string): string => {
    // latin1 is one byte per character: exact for ASCII, and a longer or non-ASCII message
    // (none in this file) takes the general path.
    if (message.length > BLOCK || !/^[\x20-\x7e]*$/.test(message)) return createHmac('sha256', key).update(message).digest('hex');
    const n = inner.write(message, BLOCK, 'latin1');
    outer.write(hash('sha256', (views[n] ??= inner.subarray(0, BLOCK + n)), 'hex'), BLOCK, 'hex');
    return hash('sha256', outer, 'hex');
  };
  hmacs.set(key, mac);
  return mac;
}

/** HMAC-SHA256 under `key` as bytes (hmacHexOf). */
export function hmacOf(key: Buffer): (message: string) => Buffer {
  const mac = hmacHexOf(key);
  return (message) => Buffer.from(mac(message), 'hex');
}

/**
 * A per-roll salt mixed into the sealed detail of a roll, so that a private roll's hash
 * cannot be brute-forced (a d6 has only six outcomes) before its seed is revealed.
 */
export function rollSalt(seed: string | Buffer, index: number): string {
  // Through hmacHexOf, so a key from seedKey reuses its pads (live private rolls, verify).
  return hmacHexOf(typeof seed === 'string' ? seedKey(seed) : seed)(`estafette/salt/${index}`).slice(0, 32);
}
