/**
 * Receipts settle, end to end through discord.js and the fake Discord (issue 12, load): five
 * quick amendments make one receipt post, the newest, once RECEIPT_SETTLE_MS has passed; the
 * reveal is not held by the settle time and still follows every receipt it opens.
 */
import { describe, expect, it } from 'vitest';
import { checkRevealed, parseRevealed } from '../../src/games/receipts-check';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, startSaintRemy } from '../helpers/e2e-channel';
import { testClock, testServices } from '../helpers/services';

const GUILD = '1400000000000000101';
const CH = '1400000000000000102';
const GM = { id: '1400000000000000110', username: 'gm' };
const FR = { id: '1400000000000000111', username: 'davout' };
const AU = { id: '1400000000000000112', username: 'schwarzenberg' };
const SETTLE = 1_000;

describe('receipts settle before they are posted', () => {
  const clock = testClock(Date.UTC(2026, 10, 26, 18, 0));
  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Dresden', channels: [{ id: CH, name: 'settle' }] }, clock, services: testServices({ clock, receiptSettleMs: SETTLE }), maps: false });

  it('posts one receipt for a burst of amendments, the newest, and the reveal at once after it', async () => {
    const c = e2eChannel(() => e2e, GUILD, CH);
    await startSaintRemy(c, GM, FR, AU);
    const receiptPosts = () => c.posts().filter((m) => m.includes('has posted orders'));
    for (const to of ['forward 1in', 'forward 2in', 'forward 1.5in', 'forward 0.5in', 'forward 2.5in']) {
      expect(c.replyText(await c.cmd(FR, 'move', undefined, [c.str('unit', 'fabre'), c.str('to', to)]))).toContain('accepted');
      clock.advance(100);
      await c.flush();
    }
    expect(receiptPosts()).toEqual([]);
    clock.advance(SETTLE);
    await c.flush();
    expect(receiptPosts()).toHaveLength(1);
    const live = e2e.services.games.live(CH);
    const newest = e2e.services.games.repo.latestReceipts(live.window!.id).find((r) => r.seatId === 'french:fr-i-corps')!;
    expect(receiptPosts()[0]).toContain(newest.hash);
    expect(newest.orders).toContain('forward 2.5in');

    // The Austrians order and everyone is ready at once: no time passes, and the reveal still
    // goes out, after the Austrian receipt.
    expect(c.replyText(await c.cmd(AU, 'move', undefined, [c.str('unit', 'kessler'), c.str('to', 'forward 1in')]))).toContain('accepted');
    await c.cmd(AU, 'ready', undefined, []);
    expect(c.replyText(await c.cmd(FR, 'ready', undefined, []))).toContain('resolved');
    await c.flush();
    const msgs = c.posts();
    const revealAt = msgs.findIndex((m) => m.startsWith('🔓 Sealed receipts, now open'));
    expect(revealAt).toBeGreaterThan(0);
    const revealed = parseRevealed(msgs.slice(revealAt).join('\n'));
    if (!revealed.ok) throw new Error(revealed.error.message);
    const before = msgs.slice(0, revealAt).filter((m) => m.includes('has posted orders'));
    expect(before).toHaveLength(2);
    for (const r of revealed.value) expect(before.some((m) => m.includes(r.hash)), `receipt of ${r.seat} posted before the reveal`).toBe(true);
    expect(checkRevealed(revealed.value).every((r) => r.ok)).toBe(true);
  });
});
