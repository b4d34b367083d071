import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { AuditRepo } from '../../src/db/audit.repo';

/**
 * Every query on audit_entries reads through an index (migration 0010 dropped the epoch index's
 * rolls and AUTOINCREMENT, issue 12): none scans the table, except the fallback that stands in
 * for a tampered trail (lastOfEpochInTrail).
 */
const plan = (c: Database.Database, source: string) => {
  const args = Array.from({ length: (source.match(/\?/g) ?? []).length }, () => 1);
  return (c.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');
};

describe('audit_entries query plans', () => {
  const db = openDb(':memory:');
  const c = db.$client;
  const stmts = (new AuditRepo(db) as unknown as { stmt: Record<string, Database.Statement> }).stmt;

  it('the repo\'s prepared reads use an index, the tampered-trail fallback alone scans', () => {
    const reads = Object.entries(stmts).filter(([, s]) => /^\s*SELECT[\s\S]*FROM audit_entries/i.test(s.source));
    expect(reads.map(([k]) => k).sort()).toEqual(['entryAt', 'hasReveal', 'hashAt', 'last', 'lastOfEpochInTrail', 'openingOf']);
    for (const [name, s] of reads) {
      const p = plan(c, s.source);
      if (name === 'lastOfEpochInTrail') expect(p).toMatch(/SCAN audit_entries/);
      else expect(p, name).not.toMatch(/SCAN audit_entries(?! USING)/);
    }
    expect(plan(c, stmts.hasReveal!.source)).toMatch(/audit_entries_epoch_marks/);
    expect(plan(c, stmts.openingOf!.source)).toMatch(/audit_entries_epoch_marks/);
    expect(plan(c, stmts.entryAt!.source)).toMatch(/audit_entries_guild_seq/);
  });

  it('per-actor lists and counts (/rolls log for one player) read the actor index; the chain in order reads (guild, seq)', () => {
    expect(plan(c, 'SELECT * FROM audit_entries WHERE guild_id = ? AND actor_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?')).toMatch(/SEARCH audit_entries USING INDEX audit_entries_guild_actor \(guild_id=\? AND actor_id=\?\)$/);
    expect(plan(c, 'SELECT count(*) FROM audit_entries WHERE guild_id = ? AND actor_id = ?')).toMatch(/COVERING INDEX audit_entries_guild_actor/);
    expect(plan(c, 'SELECT * FROM audit_entries WHERE guild_id = ? AND seq BETWEEN ? AND ? ORDER BY seq')).toMatch(/SEARCH audit_entries USING INDEX audit_entries_guild_seq \(guild_id=\? AND seq>\? AND seq<\?\)$/);
    expect(plan(c, "SELECT * FROM audit_entries WHERE guild_id = ? AND seq BETWEEN ? AND ? AND kind = 'roll' ORDER BY seq")).toMatch(/USING INDEX audit_entries_guild_seq/);
  });
});
