import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/dice/verify';
import { seededDice } from '../../src/dice/dice';
import { parseExpression } from '../../src/dice/expression';
import { UserError } from '../../src/lib/user-error';
import { testClock, testServices } from '../helpers/services';

const G = '111111111111111111';
const G2 = '999999999999999999';
const ney = { id: '300000000000000001', name: 'Ney' };
const grouchy = { id: '300000000000000002', name: 'Grouchy' };
const HOUR = 3_600_000;

describe('RollsService', () => {
  it('publishes the commitment before the first roll and stores every field', () => {
    const s = testServices();
    const r = s.rolls.roll({ guildId: G, actor: ney, expression: '2D6 + 1', reason: "Ney's nerve", private: false });
    expect(r.seq).toBe(2); // #1 is the epoch-open entry carrying the commitment
    const [open, roll] = [...s.trail.repo.iterate(G)];
    expect(open!.kind).toBe('epoch-open');
    expect(JSON.parse(open!.detail).commitment).toBe(r.epoch.commitment);
    expect(roll).toMatchObject({ kind: 'roll', actorId: ney.id, actorName: 'Ney', epochId: r.epoch.id, rollIndex: 0, visibility: 'public', gameId: null });
    expect(r.detail).toMatchObject({ expression: '2d6+1', purpose: "Ney's nerve", modifiers: [], tableRow: null });
    expect(r.detail.terms).toHaveLength(2);
  });

  it('derives each roll from the epoch seed and its index, so a replay gives the same faces', () => {
    const s = testServices();
    const stored = ['1d6', '4d6kh3', '2d20kl1', '1dK12'].map((expression) => s.rolls.roll({ guildId: G, actor: ney, expression, private: false }));
    const replay = seededDice(s.trail.repo.epoch(stored[0]!.epoch.id)!.seed);
    for (const r of stored) expect(replay.roll(r.detail.expression, { purpose: 'replay' }).result.terms).toEqual(r.detail.terms);
  });

  it('rolls from the seed of the epoch in the row, even when a rolled-back epoch left its id to another (the trail keeps keys per epoch)', () => {
    const s = testServices();
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    s.rolls.revealServerSeed(G, ney);
    // A new epoch opened, rolled in (its key kept) and rolled back: its id is free again.
    let lost: { id: number; seed: string } | undefined;
    expect(() => s.db.$client.transaction(() => {
      const r = s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: true });
      lost = { id: r.epoch.id, seed: r.epoch.seed };
      throw new Error('the resolution failed');
    })()).toThrow('the resolution failed');
    const again = s.rolls.roll({ guildId: G, actor: ney, expression: '3d6', private: true });
    expect(again.epoch.id).toBe(lost!.id);
    expect(again.epoch.seed).not.toBe(lost!.seed);
    expect(seededDice(again.epoch.seed, again.rollIndex).roll(again.detail.expression, { purpose: 'replay' }).result.terms).toEqual(again.detail.terms);
    expect(s.rolls.verify(G)).toMatchObject({ ok: true, value: { rolls: 2, recomputedWithSecret: 1 } });
  });

  it('answers a bad expression with a user error and stores nothing', () => {
    const s = testServices();
    expect(() => s.rolls.roll({ guildId: G, actor: ney, expression: '2d6+', private: false })).toThrow(UserError);
    expect(() => s.rolls.roll({ guildId: G, actor: ney, expression: '500d6', private: false })).toThrowError(expect.objectContaining({ code: 'dice/too-many-dice' }));
    expect(s.trail.repo.count(G, {})).toBe(0);
  });

  it('keeps separate chains per guild', () => {
    const s = testServices();
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    s.rolls.roll({ guildId: G2, actor: ney, expression: '1d6', private: false });
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    expect(s.trail.repo.count(G, {})).toBe(3);
    expect(s.trail.repo.count(G2, {})).toBe(2);
    expect(s.rolls.verify(G).ok && s.rolls.verify(G2).ok).toBe(true);
  });

  it('reveals the seed on schedule and opens a new epoch for the next roll', () => {
    const clock = testClock();
    const s = testServices({ clock, seedEpochHours: 24 });
    const first = s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    clock.advance(23 * HOUR);
    expect(s.trail.revealDue()).toHaveLength(0);
    clock.advance(2 * HOUR);
    const revealed = s.trail.revealDue();
    expect(revealed.map((e) => e.id)).toEqual([first.epoch.id]);
    const second = s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    expect(second.epoch.id).not.toBe(first.epoch.id);
    expect(second.rollIndex).toBe(0);
    const v = s.rolls.verify(G);
    expect(v.ok && v.value).toMatchObject({ epochs: 2, revealedEpochs: 1, recomputed: 1, awaitingReveal: 1 });
  });

  it('reveals an overdue epoch before a roll even if the sweep has not run (bot was down)', () => {
    const clock = testClock();
    const s = testServices({ clock, seedEpochHours: 1 });
    const a = s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    clock.advance(2 * HOUR);
    const b = s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    expect(b.epoch.id).not.toBe(a.epoch.id);
    expect(s.trail.repo.epoch(a.epoch.id)!.revealedAt).not.toBeNull();
    expect(s.rolls.verify(G).ok).toBe(true);
  });

  it('with SEED_EPOCH_HOURS=0 reveals only on demand', () => {
    const clock = testClock();
    const s = testServices({ clock, seedEpochHours: 0 });
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    clock.advance(1000 * HOUR);
    expect(s.trail.revealDue()).toEqual([]);
    expect(s.rolls.revealServerSeed(G, ney)?.revealedAt).toBe(clock());
    expect(s.rolls.revealServerSeed(G, ney)).toBeNull();
  });

  it('seals a private roll in the log and the export until its seed is revealed', () => {
    const s = testServices();
    s.rolls.roll({ guildId: G, actor: grouchy, expression: '1d6', reason: 'where is Blücher', private: true });
    const sealedLog = s.rolls.log(G, { page: 1, pageSize: 10 }).lines.find((l) => l.kind === 'roll')!;
    expect(sealedLog.roll).toBeNull();
    const exp = s.rolls.exportTrail(G, new Date(0));
    expect(JSON.stringify(exp)).not.toContain('Blücher');
    const offline = verifyChain(exp.entries, { guildId: G });
    expect(offline.ok && offline.value).toMatchObject({ sealed: 1, rolls: 1 });

    s.rolls.revealServerSeed(G, ney);
    expect(s.rolls.log(G, { page: 1, pageSize: 10 }).lines.find((l) => l.kind === 'roll')!.roll?.purpose).toBe('where is Blücher');
    const after = verifyChain(s.rolls.exportTrail(G, new Date(0)).entries, { guildId: G });
    expect(after.ok && after.value).toMatchObject({ sealed: 0, recomputed: 1 });
  });

  it('pages the log newest first and filters by user', () => {
    const s = testServices();
    for (let i = 0; i < 7; i++) s.rolls.roll({ guildId: G, actor: i % 2 ? ney : grouchy, expression: `1d6+${i}`, private: false });
    const p1 = s.rolls.log(G, { page: 1, pageSize: 3 });
    expect(p1).toMatchObject({ total: 8, pages: 3, page: 1 });
    expect(p1.lines.map((l) => l.seq)).toEqual([8, 7, 6]);
    expect(s.rolls.log(G, { page: 3, pageSize: 3 }).lines.map((l) => l.seq)).toEqual([2, 1]);
    expect(s.rolls.log(G, { page: 99, pageSize: 3 }).page).toBe(3);
    const mine = s.rolls.log(G, { actorId: ney.id, page: 1, pageSize: 25 });
    expect(mine.total).toBe(3);
    expect(mine.lines.every((l) => l.actorId === ney.id)).toBe(true);
  });

  it('counts faces per die type, kept and dropped alike, and skips sealed private rolls', () => {
    const s = testServices();
    s.rolls.roll({ guildId: G, actor: ney, expression: '4d6kh3+1d20', private: false });
    s.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false });
    s.rolls.roll({ guildId: G, actor: ney, expression: '3d6', private: true });
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d{1,2,3,4,5,6}', private: false });
    const d6 = s.rolls.stats(G, 'd6');
    expect(d6.faces.map((f) => f.face)).toEqual([1, 2, 3, 4, 5, 6]);
    // A custom list with the same faces is the same die.
    expect(d6.faces.reduce((a, f) => a + f.count, 0)).toBe(4 + 2 + 1);
    expect(d6.rolls).toBe(3);
    expect(s.rolls.stats(G, 'd20').faces.reduce((a, f) => a + f.count, 0)).toBe(1);
    const k8 = s.rolls.stats(G, 'dK8');
    expect(k8.faces.find((f) => f.face === 0)?.weight).toBe(2);
    expect(() => s.rolls.stats(G, '2d6')).toThrowError(expect.objectContaining({ code: 'stats/bad-die' }));
  });

  it('parses what it stores', () => {
    const s = testServices();
    const r = s.rolls.roll({ guildId: G, actor: ney, expression: ' 1 D % ', private: false });
    expect(parseExpression(r.detail.expression).ok).toBe(true);
  });
});
