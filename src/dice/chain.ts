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
  const h = {
    v: CHAIN_VERSION,
    guildId: header.guildId,
    seq: header.seq,
    kind: header.kind,
    createdAt: header.createdAt,
    actorId: header.actorId,
    actorName: header.actorName,
    gameId: header.gameId,
    epochId: header.epochId,
    rollIndex: header.rollIndex,
    visibility: header.visibility,
    derivesFrom: header.derivesFrom,
    detailHash: header.detailHash,
  };
  return sha256Hex(`${prevHash}\n${canonicalJson(h)}`);
}
