import { checkAnchors } from '../dice/anchor';
import type { VerifyFailure } from '../dice/verify';
import type { AuditRepo } from '../db/audit.repo';

/**
 * The bot's own records against its trail (issue 16). verifyChain proves the trail is
 * self-consistent; these catch a trail that is consistent but shorter than what the bot wrote
 * and showed: the last anchor it printed, each seed epoch's roll counter, each reveal.
 * Synchronous, on the main thread: the epochs are read before the trail, so a roll committed
 * meanwhile can only make the trail look longer, never truncated.
 */
export function checkRecords(repo: AuditRepo, guildId: string): VerifyFailure | null {
  const epochs = repo.epochs(guildId, Number.MAX_SAFE_INTEGER);
  const anchor = repo.anchor(guildId);
  const lastSeq = repo.lastLink(guildId)?.seq ?? 0;
  const found: VerifyFailure[] = [];

  if (anchor) {
    for (const p of checkAnchors([anchor], (seq) => repo.hashAt(guildId, seq), lastSeq)) {
      found.push(p.code === 'anchor/missing'
        ? { code: 'anchor/behind', seq: lastSeq + 1, message: `The trail ends at #${lastSeq}, behind the anchor the bot last showed (#${anchor.seq}, ${new Date(anchor.shownAt).toISOString()}): entries #${lastSeq + 1}–#${anchor.seq} were lost (deleted, or a database rollback).` }
        : { code: 'anchor/mismatch', seq: anchor.seq, message: `Entry #${anchor.seq} no longer has the hash the bot showed for it (${anchor.hash.slice(0, 16)}…): it, or an entry before it, was replaced.` });
    }
  }
  for (const e of epochs) {
    const last = repo.lastEpochEntry(e.id);
    const inTrail = last?.rollIndex != null ? last.rollIndex + 1 : 0;
    if (last === null) {
      found.push({ code: 'epoch/truncated', seq: lastSeq + 1, message: `Seed #${e.id} has no opening entry in the trail (its commitment was removed).` });
    } else if (inTrail < e.nextIndex) {
      found.push({ code: 'epoch/truncated', seq: last.seq + 1, message: `Seed #${e.id} has given ${e.nextIndex} roll(s), but the trail holds only ${inTrail}: its last ${e.nextIndex - inTrail} roll(s) were deleted.` });
    } else if (e.revealedAt !== null && !repo.hasReveal(e.id)) {
      found.push({ code: 'epoch/reveal-missing', seq: last.seq + 1, message: `Seed #${e.id} was revealed, but its reveal entry is missing from the trail.` });
    }
  }
  return found.sort((a, b) => a.seq - b.seq)[0] ?? null;
}
