import { createHash } from 'node:crypto';
import { canonicalJson } from '../dice/canonical';
import { DISCORD_LIMITS, type FileModel } from '../interaction/reply';
import { escapeMd } from '../interaction/present-rolls';
import { packBlocks } from '../narrative/split';

/**
 * Sealed receipts (issue 4, issue 16): when a seat posts orders, the channel gets
 * SHA-256(nonce + orders) at once; the resolution reveals the nonce and the exact orders text,
 * so anyone can recompute the hash and see the orders were not changed after the fact.
 *
 * The orders text is what is stored, hashed and revealed, byte for byte: the canonical JSON of
 * the seat's live orders in the order given (see {@link sealedOrdersText}).
 */

/** Decimal places kept in the numbers of an order: a millionth of an inch, the geometry's EPS. */
export const ORDER_DECIMALS = 6;
const SCALE = 10 ** ORDER_DECIMALS;

/**
 * The order with every non-integer number rounded to {@link ORDER_DECIMALS} places, so a
 * computed waypoint reads 7.94 and not 7.9399999999999995 in the orders that are sealed.
 * Copy on write: `v` itself when no number changes (most orders; the service then knows without
 * comparing texts, issue 12), else a copy of only the arrays and objects on the way to a change.
 */
export function roundOrderNumbers<T>(v: T): T {
  if (typeof v === 'number') return (Number.isInteger(v) || !Number.isFinite(v) ? v : Math.round(v * SCALE) / SCALE) as T;
  if (Array.isArray(v)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i], r = roundOrderNumbers(x);
      if (!Object.is(r, x)) (copy ??= [...v])[i] = r;
    }
    return (copy ?? v) as T;
  }
  if (v && typeof v === 'object') {
    let copy: Record<string, unknown> | null = null;
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k], r = roundOrderNumbers(x);
      if (!Object.is(r, x)) (copy ??= { ...(v as Record<string, unknown>) })[k] = r;
    }
    return (copy ?? v) as T;
  }
  return v;
}

/**
 * The text sealed for a seat: canonical JSON of its orders — object keys sorted (UTF-16 order,
 * as RFC 8785), no whitespace, numbers in JavaScript's shortest form — and pure printable ASCII:
 * any other character, the backtick and the apostrophe are written as JSON \uXXXX escapes. So
 * the text means the same JSON, survives copy and paste from Discord (no invisible or bidi
 * characters, nothing that closes an inline code span), can be pasted between single quotes in
 * a shell (the README's `printf '%s' '<nonce><orders>' | sha256sum`), and is hashed as the same
 * bytes on every machine.
 */
export function sealedOrdersText(orders: readonly unknown[]): string {
  // Outside strings canonical JSON is ASCII already, so escaping the whole text is safe.
  return canonicalJson(orders, 'finite').replace(/[^\x20-\x26\x28-\x5f\x61-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}


/** The receipt: SHA-256 over the UTF-8 bytes of the nonce immediately followed by the orders text, in hex. */
export function receiptHash(nonce: string, orders: string): string {
  return createHash('sha256').update(`${nonce}${orders}`, 'utf8').digest('hex');
}

/** One seat's receipt as the resolution opens it. */
export interface OpenedReceipt {
  readonly seat: string;
  /** The full SHA-256 hex posted when the orders were sealed. */
  readonly hash: string;
  readonly nonce: string;
  /** Exactly the text that was hashed. */
  readonly orders: string;
}

/** What a player checks: does the revealed nonce and orders text hash to the receipt? */
export const receiptMatches = (r: OpenedReceipt): boolean => receiptHash(r.nonce, r.orders) === r.hash.toLowerCase();

/** The window a reveal belongs to, as the attached file names it. */
export interface RevealedWindow {
  readonly gameId: number;
  readonly game: string;
  readonly seq: number;
  readonly label: string;
}

/** The attached file's name: one file per window. */
export const receiptsFileName = (w: Pick<RevealedWindow, 'gameId' | 'seq'>): string => `receipts-${w.gameId}-${w.seq}.json`;

/** Past this many messages the receipts go in an attached file instead (Ligny: 12 seats of long move chains). */
export const MAX_REVEAL_MESSAGES = 3;

const HEADER = '🔓 Sealed receipts, now open: SHA-256(nonce + orders) must equal the receipt posted earlier.';
const CHECK = 'Check them with `npx estafette receipts <file>` (this message pasted in a file, or the attached JSON).';

/** A revealed orders text can stand in an inline code span only if it is printable ASCII without a backtick. */
const inlineSafe = (orders: string) => /^[\x20-\x5f\x61-\x7e]+$/.test(orders);

/**
 * The reveal of a window's receipts: full hashes always in the messages; nonces and orders in
 * the messages when they fit in {@link MAX_REVEAL_MESSAGES} (split between receipts, never
 * cut), else in one attached JSON file. Orders are never shortened either way.
 */
export function revealReceipts(w: RevealedWindow, receipts: readonly OpenedReceipt[], limit: number = DISCORD_LIMITS.content): { messages: string[]; file: FileModel | null } {
  if (!receipts.length) return { messages: [], file: null };
  const full = receipts.map((r) => `• ${escapeMd(r.seat)}: receipt \`${r.hash}\`, nonce \`${r.nonce}\`, orders \`${r.orders}\``);
  if (receipts.every((r) => inlineSafe(r.orders)) && full.every((l) => l.length <= limit)) {
    const messages = packBlocks([[HEADER, ...full, `-# ${CHECK}`]], limit);
    if (messages.length <= MAX_REVEAL_MESSAGES) return { messages, file: null };
  }
  const name = receiptsFileName(w);
  const head = `${HEADER} The nonces and the exact orders are in the attached \`${name}\`; check it with \`npx estafette receipts ${name}\`.`;
  const messages = packBlocks([[head, ...receipts.map((r) => `• ${escapeMd(r.seat)}: receipt \`${r.hash}\``)]], limit);
  return { messages, file: { name, data: Buffer.from(receiptsFileJson(w, receipts)), description: `Sealed receipts of ${w.label}, opened` } };
}

/** The attached file: every receipt with the exact hashed orders text (a JSON string, so any byte survives). */
export function receiptsFileJson(w: RevealedWindow, receipts: readonly OpenedReceipt[]): string {
  return `${JSON.stringify({
    format: 'estafette-receipts/1',
    hash: 'sha256(utf8(nonce + orders)), hex',
    game: { id: w.gameId, name: w.game },
    window: { seq: w.seq, label: w.label },
    receipts: receipts.map((r) => ({ seat: r.seat, receipt: r.hash, nonce: r.nonce, orders: r.orders })),
  }, null, 2)}\n`;
}
