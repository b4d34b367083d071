/**
 * Receipts settle (issue 12, load): a sealed receipt is posted RECEIPT_SETTLE_MS after it is
 * written, so a burst of amendments posts one receipt (the newest), while every receipt stays
 * stored and verifiable. Other posts never wait for a settling receipt, and a window's reveal
 * never reaches the channel before its receipts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { OutboxSender, type ChannelPoster } from '../../src/games/outbox';
import { receiptHash } from '../../src/games/receipts';
import { receipts } from '../../src/db/games.schema';
import type { Services } from '../../src/services/services';
import { testClock, testServices } from '../helpers/services';

const CH = '222222222222222222';
const GM = { id: 'gm', name: 'Napoleon' };
const FR = { id: 'p-fr', name: 'Davout' };
const AU = { id: 'p-au', name: 'Blücher' };
const SETTLE = 1_000;

let s: Services;
let clock: ReturnType<typeof testClock>;
let posted: string[];
let sender: OutboxSender;
const poster: ChannelPoster = { async post(_c, m) { posted.push(m.content ?? ''); return `m-${posted.length}`; } };

beforeEach(() => {
  clock = testClock(Date.UTC(2026, 10, 26, 9, 0));
  s = testServices({ clock, receiptSettleMs: SETTLE });
  posted = [];
  sender = new OutboxSender(s.games.repo, poster, clock);
});

async function game() {
  await s.games.create({ guildId: '111111111111111111', channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
  for (const seat of s.games.openSeats(CH)) s.games.join(CH, seat.id.startsWith('french:') ? FR : AU, seat.id);
  const w = s.games.start(CH, GM, false);
  await sender.flush(); // the window's opening post
  posted = [];
  return w;
}
const receiptPosts = () => posted.filter((p) => p.includes('has posted orders'));
const hashIn = (post: string) => /`([0-9a-f]{64})`/.exec(post)![1];

describe('receipts settle', () => {
  it('posts one receipt, the newest, for a burst of 10 amendments, and keeps every receipt verifiable', async () => {
    const w = await game();
    for (let i = 1; i <= 10; i++) {
      s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: `forward 0.${String(i).padStart(2, '0')}in` });
      clock.advance(50);
      await sender.flush();
    }
    expect(receiptPosts()).toEqual([]); // 500 ms in: still settling
    clock.set(Date.UTC(2026, 10, 26, 9, 0) + SETTLE - 1);
    await sender.flush();
    expect(receiptPosts()).toEqual([]);
    clock.advance(1);
    await expect(sender.flush()).resolves.toBe(1);
    const [post] = receiptPosts();
    const all = s.db.select().from(receipts).all().filter((r) => r.windowId === w.id);
    expect(all).toHaveLength(10); // the history: every sealed receipt kept
    for (const r of all) expect(receiptHash(r.nonce, r.orders)).toBe(r.hash);
    const newest = s.games.repo.latestReceipts(w.id).find((r) => r.seatId === all[9]!.seatId)!;
    expect(newest.id).toBe(all[9]!.id);
    expect(hashIn(post!)).toBe(newest.hash);
    expect(new Set(all.map((r) => r.orders)).size).toBe(10); // each amendment sealed what it said
    // One outbox row for the burst, marked sent once.
    expect(s.games.repo.outboxFor(CH).filter((r) => r.dedupeKey?.startsWith('receipt:'))).toHaveLength(1);
  });

  it('does not hold a window\'s reveal behind a settling receipt, and posts the receipts first', async () => {
    await game();
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 0.5in' });
    clock.advance(100);
    s.games.submit(CH, AU, { kind: 'move', unit: 'kessler', to: 'forward 0.5in' });
    await sender.flush();
    expect(posted).toEqual([]);
    // Everyone ready at once, no time passing: the resolution goes out now, after both receipts.
    s.games.ready(CH, FR);
    expect(s.games.ready(CH, AU).resolved?.resolved).toBe(true);
    await sender.flush();
    const firstResolution = posted.findIndex((p) => p.includes('resolved'));
    expect(firstResolution).toBeGreaterThan(-1);
    expect(receiptPosts()).toHaveLength(2);
    expect(posted.slice(0, 2)).toEqual(receiptPosts());
    // Nothing of the channel left behind for a later tick.
    expect(s.games.repo.outboxFor(CH).every((r) => r.sentAt !== null)).toBe(true);
  });

  it('wakes the sender when a lone receipt has settled, without waiting for the poll', async () => {
    const real = testServices({ clock: Date.now, receiptSettleMs: 50 });
    s = real;
    const sent = new Promise<string>((resolve) => {
      sender = new OutboxSender(real.games.repo, { async post(_c, m) { if (m.content?.includes('has posted orders')) resolve(m.content); return 'm'; } }, Date.now);
    });
    await game();
    sender.start(3_600_000); // the poll would come in an hour: only the due timer can post it
    real.games.onPosted = () => sender.kick();
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 0.5in' });
    const row = real.games.repo.outboxFor(CH).find((r) => r.dedupeKey?.startsWith('receipt:'))!;
    expect(row.nextAttemptAt - row.createdAt).toBe(50);
    expect(await sent).toContain('has posted orders');
    await sender.stop();
  });

  it('posts a receipt that falls due while a scan ends (the clock ticking over between the read and the wake-up)', async () => {
    // A timer may fire a millisecond early: the scan then reads the receipt as not yet due, and
    // by the time it looks for the next due post the clock has reached it. The wake-up must
    // still come (CI once waited 30 s here for the hourly poll).
    let ticking = false;
    const ticks = (): number => { if (ticking) clock.advance(1); return clock(); };
    const sentAt = new Promise<string>((resolve) => {
      sender = new OutboxSender(s.games.repo, { async post(_c, m) { if (m.content?.includes('has posted orders')) resolve(m.content); return 'm'; } }, () => ticks());
    });
    await game();
    sender.start(3_600_000);
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 0.5in' });
    const row = s.games.repo.outboxFor(CH).find((r) => r.dedupeKey?.startsWith('receipt:'))!;
    clock.set(row.nextAttemptAt - 2); // the scan reads due - 1, the wake-up's clock reads the due time
    ticking = true;
    await expect(sender.flush()).resolves.toBe(0);
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting for the poll'), 2_000).unref());
    expect(await Promise.race([sentAt, late])).toContain('has posted orders');
    await sender.stop();
  });
});
