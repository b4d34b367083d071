import { canonicalJson, sha256Hex } from './canonical';
import type { ChainHeader } from './entry';

/** The previous hash of the first entry in every guild's chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** Bump only with a migration of the verifier: old entries must stay verifiable. */
const CHAIN_VERSION = 1;

export function detailHashOf(detail: unknown): string {
  return sha256Hex(canonicalJson(detail));
}

/**
 * hash = SHA-256(prevHash "\n" canonical(header)). The header carries seq and detailHash, so
 * changing any field, deleting a row or reordering rows changes some hash downstream.
 */
export function entryHash(prevHash: string, header: ChainHeader): string {
  return sha256Hex(`${prevHash}\n${headerJson(header)}`);
}

/**
 * canonicalJson of the versioned header, written out in its sorted key order: verify runs
 * this for every entry, and the generic serializer's key sort was most of its cost. A
 * property test checks both agree on every input.
 */
export function headerJson(h: ChainHeader): string {
  return `{"actorId":${str(h.actorId)},"actorName":${str(h.actorName)},"createdAt":${int(h.createdAt)},`
    + `"derivesFrom":${optStr(h.derivesFrom)},"detailHash":${str(h.detailHash)},"epochId":${optInt(h.epochId)},`
    + `"gameId":${optStr(h.gameId)},"guildId":${str(h.guildId)},"kind":${str(h.kind)},"rollIndex":${optInt(h.rollIndex)},`
    + `"seq":${int(h.seq)},"v":${CHAIN_VERSION},"visibility":${str(h.visibility)}}`;
}

/**
 * Nothing JSON.stringify would escape: no quote, backslash, control character or UTF-16
 * surrogate (it escapes lone ones; a pair is left as is, but is rare enough to take the slow path).
 */
const PLAIN = /^[^"\\\x00-\x1f\ud800-\udfff]*$/;
/** JSON.stringify(String(s)), without its call for the plain text of nearly every field (verify runs this ~8 times an entry). */
const str = (s: string) => (typeof s === 'string' && PLAIN.test(s) ? `"${s}"` : JSON.stringify(String(s)));
const optStr = (s: string | null) => (s === null || s === undefined ? 'null' : str(s));
const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new TypeError(`chain header: ${n} is not a safe integer`);
  return String(n);
};
const optInt = (n: number | null) => (n === null || n === undefined ? 'null' : int(n));

/** The header exactly as hashed, for tests that compare against the generic serializer. */
export function versionedHeader(h: ChainHeader): Record<string, unknown> {
  return {
    v: CHAIN_VERSION, guildId: h.guildId, seq: h.seq, kind: h.kind, createdAt: h.createdAt, actorId: h.actorId,
    actorName: h.actorName, gameId: h.gameId, epochId: h.epochId, rollIndex: h.rollIndex, visibility: h.visibility,
    derivesFrom: h.derivesFrom, detailHash: h.detailHash,
  };
}
