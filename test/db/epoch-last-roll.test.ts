import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../src/dice/expression';
import { checkRecords } from '../../src/services/trail-check';
import { testClock, testServices } from '../helpers/services';

const G = '111111111111111111';
const ney = { id: '300000000000000001', name: 'Ney' };
const d6 = (parseExpression('1d6') as { ok: true; value: never }).value;

/**
 * An epoch's last entry is read where its seed_epochs row says its last roll is (migration 0010,
 * issue 12). It must be the entry the old epoch index gave — the epoch's roll with the highest
 * index, else its opening — on an honest trail and on a tampered one alike, or the reveal and
 * `/rolls verify`'s seed checks would see another trail than before.
 */
describe('AuditRepo.lastEpochEntry', () => {
  function trail() {
    const s = testServices({ clock: testClock(), seedEpochHours: 0 });
    const sql = s.db.$client;
    // Three seeds whose rolls interleave, one of them revealed, one opened without rolls.
    const scopes = ['server', 'game:1/turn:1/phase:a', 'game:2/turn:1/phase:a'];
    for (let i = 0; i < 30; i++) s.trail.roll({ guildId: G, scope: scopes[(i * 7) % 3]!, actor: ney, expression: d6, purpose: null, visibility: 'public' });
    s.trail.reveal(s.trail.repo.openEpoch(G, scopes[1]!)!.id, ney);
    s.trail.currentEpoch(G, 'game:3/turn:1/phase:a');
    // What the index (epoch_id, roll_index) answered, read from the trail alone.
    const old = (epochId: number) => sql.prepare("SELECT seq, hash, roll_index AS rollIndex FROM audit_entries WHERE epoch_id = ? AND kind IN ('epoch-open', 'roll') ORDER BY roll_index DESC LIMIT 1").get(epochId) ?? null;
    const epochs = () => (sql.prepare('SELECT id FROM seed_epochs ORDER BY id').all() as { id: number }[]).map((e) => e.id);
    const same = () => { for (const id of [...epochs(), 99]) expect(s.trail.repo.lastEpochEntry(id), `seed #${id}`).toEqual(old(id)); };
    const tamper = () => { for (const t of ['audit_entries_no_update', 'audit_entries_no_delete']) sql.exec(`DROP TRIGGER IF EXISTS ${t}`); return sql; };
    return { s, sql, same, tamper, epochs };
  }

  it('gives the epoch\'s highest roll, or its opening, as the trail holds them', () => {
    const { s, same, epochs } = trail();
    expect(epochs()).toHaveLength(4);
    same();
    expect(s.trail.repo.lastEpochEntry(4)).toMatchObject({ rollIndex: null });
  });

  it('gives the same as the trail when the last roll was deleted, re-indexed, moved to another seed, or its seq reused', () => {
    for (const attack of [
      (sql: ReturnType<ReturnType<typeof trail>['tamper']>, seq: number) => sql.prepare('DELETE FROM audit_entries WHERE guild_id = ? AND seq = ?').run(G, seq),
      (sql: ReturnType<ReturnType<typeof trail>['tamper']>, seq: number) => sql.prepare('UPDATE audit_entries SET roll_index = 0 WHERE guild_id = ? AND seq = ?').run(G, seq),
      (sql: ReturnType<ReturnType<typeof trail>['tamper']>, seq: number) => sql.prepare('UPDATE audit_entries SET epoch_id = 3, roll_index = 0 WHERE guild_id = ? AND seq = ?').run(G, seq),
      (sql: ReturnType<ReturnType<typeof trail>['tamper']>, seq: number) => { sql.prepare('DELETE FROM audit_entries WHERE guild_id = ? AND seq = ?').run(G, seq); sql.prepare('UPDATE audit_entries SET seq = seq - 1 WHERE guild_id = ? AND seq > ?').run(G, seq); },
    ]) {
      const { s, same, tamper } = trail();
      const last = s.trail.repo.lastEpochEntry(1)!;
      attack(tamper(), last.seq);
      same();
      expect(s.trail.repo.lastEpochEntry(1)).not.toEqual(last);
    }
  });

  it('a roll moved into another seed past its counter: that seed\'s own last roll, and /rolls verify\'s seed checks say what they said', () => {
    const { s, tamper } = trail();
    const moved = s.trail.repo.lastEpochEntry(1)!;
    const own = s.trail.repo.lastEpochEntry(3)!;
    const sql = tamper();
    sql.prepare('UPDATE audit_entries SET epoch_id = 3, roll_index = 50 WHERE guild_id = ? AND seq = ?').run(G, moved.seq);
    // The old index gave the forged roll (index 50): both leave seed #3 untruncated (50 + 1 and
    // its own last + 1 both reach its counter); the new lookup keeps to the roll the seed dealt.
    expect(sql.prepare("SELECT seq FROM audit_entries WHERE epoch_id = 3 AND kind IN ('epoch-open', 'roll') ORDER BY roll_index DESC LIMIT 1").get()).toEqual({ seq: moved.seq });
    expect(s.trail.repo.lastEpochEntry(3)).toEqual(own);
    expect(checkRecords(s.trail.repo, G)).toMatchObject({ code: 'epoch/truncated', message: expect.stringMatching(/^Seed #1 has given 10 roll\(s\), but the trail holds only 9/) });
  });

  it('gives the same as the trail when the row counts rolls it has no seq for, or none at all', () => {
    const { sql, same } = trail();
    sql.prepare('UPDATE seed_epochs SET last_roll_seq = NULL WHERE id = 1').run();
    sql.prepare('UPDATE seed_epochs SET next_index = 3 WHERE id = 4').run();
    same();
  });
});
