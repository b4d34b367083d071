import { detailHashOf, entryHash, GENESIS_HASH } from '../../src/dice/chain';
import { canonicalJson } from '../../src/dice/canonical';
import { toChainEntry } from '../../src/db/audit.repo';
import type { AuditEntryRow } from '../../src/db/schema';
import type { Services } from '../../src/services/services';

/**
 * An attacker with raw access to the database file (test/dice/tamper.test.ts style): the
 * append-only triggers dropped, rows deleted or rewritten, the chain re-linked afterwards.
 */
export function attacker(s: Services, guildId: string) {
  const sql = s.db.$client;
  for (const t of ['audit_entries_no_update', 'audit_entries_no_delete', 'seed_epochs_seed_immutable']) sql.exec(`DROP TRIGGER IF EXISTS ${t}`);
  const rows = (): AuditEntryRow[] => [...s.trail.repo.iterate(guildId)];
  return {
    rows,
    /** Delete entries by seq, then close the gap in the seq numbers and re-hash everything after. */
    deleteAndRelink(seqs: readonly number[]): void {
      const sorted = [...seqs].sort((a, b) => b - a);
      for (const seq of sorted) {
        sql.prepare('DELETE FROM audit_entries WHERE guild_id = ? AND seq = ?').run(guildId, seq);
        sql.prepare('UPDATE audit_entries SET seq = seq - 1 WHERE guild_id = ? AND seq > ?').run(guildId, seq);
      }
      this.rehash(Math.min(...seqs));
    },
    /** Delete the newest entries (no re-linking needed: nothing comes after them). */
    truncate(fromSeq: number): void {
      sql.prepare('DELETE FROM audit_entries WHERE guild_id = ? AND seq >= ?').run(guildId, fromSeq);
    },
    editDetail(seq: number, f: (d: Record<string, any>) => void): void {
      const row = rows().find((r) => r.seq === seq)!;
      const d = JSON.parse(row.detail);
      f(d);
      sql.prepare('UPDATE audit_entries SET detail = ? WHERE id = ?').run(canonicalJson(d), row.id);
    },
    /** Re-hash the chain from `fromSeq` on, as a careful attacker would after an edit. */
    rehash(fromSeq: number): void {
      let prev = GENESIS_HASH;
      for (const r of rows()) {
        if (r.seq >= fromSeq) {
          const header = { ...toChainEntry(r), detailHash: detailHashOf(JSON.parse(r.detail)) };
          const hash = entryHash(prev, header);
          sql.prepare('UPDATE audit_entries SET detail_hash = ?, prev_hash = ?, hash = ? WHERE id = ?').run(header.detailHash, prev, hash, r.id);
          prev = hash;
        } else prev = r.hash;
      }
    },
  };
}
