import { randomFillSync } from 'node:crypto';

/**
 * Random bytes as hex, drawn from a pool filled by the CSPRNG a few kilobytes at a time (issue 12:
 * a sealed receipt's nonce on every order). `randomBytes(16)` asks the CSPRNG for 16 bytes on
 * every call: 2.1% of the bot's main thread under bench:load, ~30 µs an input in a profile. Every
 * byte still comes from the CSPRNG and is handed out once: the pool only buys them in bulk.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

export function randomHex(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes <= 0 || bytes > POOL_BYTES) throw new RangeError(`randomHex: ${bytes} bytes (1 to ${POOL_BYTES})`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  // Handed out once: wiped so no later reader of the pool (a heap dump) finds a nonce in use.
  pool.fill(0, used, used + bytes);
  used += bytes;
  return hex;
}
