import { err, ok, type Result } from '../lib/result';

/**
 * Anchors (issue 16): a public post names the chain head at that moment, `#<seq>:<hash prefix>`.
 * Anyone who saw the post can later check that the trail still holds entry #seq with that hash:
 * a trail that lost it (truncated, rolled back) or rewrote anything up to it cannot match.
 *
 * 16 hex digits (64 bits) are printed. Matching a posted anchor with a different entry is a
 * second preimage on 64 bits of SHA-256, about 2^64 hashes per anchor: out of reach of a bot
 * operator. A birthday collision (2^32) would need two versions of the entry prepared before the
 * post, and both would hold the same dice (seed and index fix them), so nothing is gained. The
 * full 64-digit hash is accepted too.
 */
export const ANCHOR_HEX = 16;
const HEX_MIN = ANCHOR_HEX;
const HEX_MAX = 64;

/** A posted anchor: an entry's seq and a prefix (16–64 lowercase hex digits) of its hash. */
export interface Anchor {
  readonly seq: number;
  readonly hash: string;
}

/** `#12:0123456789abcdef`, as replies print it. */
export function formatAnchor(seq: number, hash: string): string {
  return `#${seq}:${hash.slice(0, ANCHOR_HEX)}`;
}

/** An anchor the trail contradicts. */
export interface AnchorProblem {
  /** 'anchor/missing': the trail ends before the anchored entry; 'anchor/mismatch': that entry has another hash. */
  readonly code: 'anchor/missing' | 'anchor/mismatch';
  readonly seq: number;
  readonly message: string;
}

/**
 * Every anchor in pasted text: whole channel messages ("… · anchor `#12:0123456789abcdef`")
 * or bare `#12:0123…` lines. A `#N:` followed by too few or too many hex digits is an error
 * (a truncated copy proves nothing), so a bad paste is never silently ignored.
 */
export function parseAnchors(text: string): Result<Anchor[], { code: 'anchor/bad-format'; message: string }> {
  const out: Anchor[] = [];
  const re = /#(\d+):([0-9a-fA-F]+)/g;
  for (const m of text.matchAll(re)) {
    const hex = m[2]!.toLowerCase();
    const seq = Number(m[1]);
    if (hex.length < HEX_MIN || hex.length > HEX_MAX || !Number.isSafeInteger(seq) || seq < 1) {
      const line = text.slice(0, m.index).split('\n').length;
      return err({ code: 'anchor/bad-format', message: `line ${line}: "${m[0]}" is not an anchor: it needs an entry number and ${HEX_MIN} to ${HEX_MAX} hex digits, as in #12:0123456789abcdef. Copy the anchor whole.` });
    }
    out.push({ seq, hash: hex });
  }
  return ok(out);
}

/**
 * Check anchors against a trail. `hashAt(seq)` gives the trail's full hash of entry #seq, or
 * null when it has none; `lastSeq` is the trail's newest entry. Returns every contradiction.
 */
export function checkAnchors(anchors: readonly Anchor[], hashAt: (seq: number) => string | null, lastSeq: number): AnchorProblem[] {
  const problems: AnchorProblem[] = [];
  for (const a of anchors) {
    const h = a.seq > lastSeq ? null : hashAt(a.seq);
    if (h === null) {
      const gone = a.seq - lastSeq;
      const why = gone > 0 ? `the trail ends at #${lastSeq}: ${gone} entr${gone === 1 ? 'y' : 'ies'} up to one that was shown ${gone === 1 ? 'is' : 'are'} missing (truncated or rolled back).` : 'the trail has no such entry.';
      problems.push({ code: 'anchor/missing', seq: a.seq, message: `anchor #${a.seq}:${a.hash.slice(0, ANCHOR_HEX)} names entry #${a.seq}, but ${why}` });
    } else if (!h.startsWith(a.hash)) {
      problems.push({ code: 'anchor/mismatch', seq: a.seq, message: `anchor #${a.seq}:${a.hash.slice(0, ANCHOR_HEX)} does not match entry #${a.seq} of the trail (hash ${h.slice(0, ANCHOR_HEX)}…): that entry, or one before it, was changed, removed or replaced since it was shown.` });
    }
  }
  return problems;
}
