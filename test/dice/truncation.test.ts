import { beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/dice/verify';
import type { Services } from '../../src/services/services';
import { attacker } from '../helpers/tamper';
import { testClock, testServices } from '../helpers/services';

const G = '111111111111111111';
const alice = { id: '222222222222222222', name: 'Alice' };

/**
 * Issue 16, defect 1: deleting the last rolls of a revealed epoch, with the chain re-linked
 * around the hole, passed verify. The reveal now commits to the epoch's roll count and last
 * entry. Trail: #1 open seed 1, #2-#5 public rolls, #6 private roll, #7 reveal, #8 open seed 2, #9 roll.
 */
describe('a revealed epoch cannot lose its last rolls', () => {
  let s: Services;
  let a: ReturnType<typeof attacker>;

  beforeEach(() => {
    const clock = testClock();
    s = testServices({ clock });
    for (const expression of ['2d6+1', '4d6kh3', '1d20', '1dK8']) s.rolls.roll({ guildId: G, actor: alice, expression, private: false });
    s.rolls.roll({ guildId: G, actor: alice, expression: '1d6', reason: 'GM secret', private: true });
    clock.advance(1000);
    s.rolls.revealServerSeed(G, alice);
    s.rolls.roll({ guildId: G, actor: alice, expression: '3d6', private: false });
    a = attacker(s, G);
  });

  const offline = () => verifyChain(s.rolls.exportTrail(G, new Date(0)).entries, { guildId: G });

  it('the reveal records the roll count and the last entry of its epoch, and the intact trail verifies', () => {
    const reveal = a.rows().find((r) => r.kind === 'epoch-reveal')!;
    const sixth = a.rows().find((r) => r.seq === 6)!;
    expect(JSON.parse(reveal.detail)).toMatchObject({ rolls: 5, lastSeq: 6, lastHash: sixth.hash });
    const r = s.rolls.verify(G);
    expect(r.ok && r.value).toMatchObject({ entries: 9, revealedEpochs: 1 });
    expect(r.ok && r.value.uncommittedReveals).toBeUndefined();
    expect(offline().ok).toBe(true);
  });

  it('catches the last roll of a revealed epoch deleted and the chain re-linked', () => {
    a.deleteAndRelink([6]);
    const r = s.rolls.verify(G);
    expect(!r.ok && r.error).toMatchObject({ code: 'epoch/truncated', seq: 6 });
    expect(!r.ok && r.error.message).toMatch(/commits to 5 roll\(s\) ending at entry #6, but the trail holds only 4/);
    const off = offline();
    expect(!off.ok && off.error).toMatchObject({ code: 'epoch/truncated', seq: 6 });
  });

  it('catches the last three rolls deleted', () => {
    a.deleteAndRelink([4, 5, 6]);
    const r = s.rolls.verify(G);
    expect(!r.ok && r.error).toMatchObject({ code: 'epoch/truncated', seq: 4 });
  });

  it('catches the last roll replaced by another that the seed also produces (a changed reason)', () => {
    // Faces still derive from seed and index: only the reveal's commitment exposes it.
    a.editDetail(6, (d) => { d.purpose = 'forged after the fact'; });
    a.rehash(6);
    const r = s.rolls.verify(G);
    expect(!r.ok && r.error).toMatchObject({ code: 'epoch/contents-mismatch', seq: 7 });
    expect(!r.ok && r.error.message).toMatch(/last entry #6 .* was replaced/);
  });

  it('catches a reveal that commits to only part of the contents', () => {
    a.editDetail(7, (d) => { delete d.lastHash; });
    a.rehash(7);
    expect(!offline().ok && (offline() as { error: { code: string } }).error.code).toBe('chain/bad-detail');
  });

  it('keeps an old trail (reveal without the commitment) verifiable, and says its reveal predates the check', () => {
    a.editDetail(7, (d) => { delete d.rolls; delete d.lastSeq; delete d.lastHash; });
    a.rehash(7);
    const r = s.rolls.verify(G);
    expect(r.ok && r.value).toMatchObject({ entries: 9, revealedEpochs: 1, uncommittedReveals: [1] });
    const off = offline();
    expect(off.ok && off.value.uncommittedReveals).toEqual([1]);
  });
});

describe('a seed whose opening entry was deleted', () => {
  it('is still revealed (rolls go on), and the break is recorded', () => {
    const s = testServices({ clock: testClock() });
    s.rolls.roll({ guildId: G, actor: alice, expression: '1d6', private: false });
    s.rolls.currentServerEpoch('other-guild');
    const a = attacker(s, G);
    a.truncate(1); // the whole trail of G, opening included
    expect(s.rolls.revealServerSeed(G, alice)).toMatchObject({ id: 1 });
    expect(s.trail.repo.breaks(G)).toMatchObject([{ code: 'epoch/truncated', message: expect.stringMatching(/Seed #1 has no opening entry/) }, { code: 'anchor/behind' }]);
    expect(s.rolls.roll({ guildId: G, actor: alice, expression: '1d6', private: false }).broken).toMatchObject({ seq: 1 });
  });
});
