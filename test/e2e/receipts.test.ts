/**
 * Issue 16, the amend race, end to end through the real discord.js client and the fake Discord:
 * every receipt a resolution opens reaches the channel before the reveal, and re-hashes from
 * what the channel received — even when a player amends while the first receipt is still being
 * posted, or when posting a receipt fails and waits out its back-off.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discordPoster } from '../../src/adapters/posters';
import { checkRevealed, parseRevealed, receiptsCommand } from '../../src/games/receipts-check';
import { receiptHash, revealReceipts } from '../../src/games/receipts';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, startSaintRemy } from '../helpers/e2e-channel';
import { testClock, testServices } from '../helpers/services';

const GUILD = '1400000000000000001';
const CH_RACE = '1400000000000000002';
const CH_FAIL = '1400000000000000003';
const GM = { id: '1400000000000000010', username: 'gm' };
const FR = { id: '1400000000000000011', username: 'davout' };
const AU = { id: '1400000000000000012', username: 'schwarzenberg' };
const RECEIPT_POST = (channel: string) => (r: { method: string; path: string; body: string }) => r.method === 'POST' && r.path === `/channels/${channel}/messages` && r.body.includes('has posted orders');

describe('sealed receipts reach the channel before their reveal', () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Leipzig', channels: [{ id: CH_RACE, name: 'race' }, { id: CH_FAIL, name: 'fail' }] }, clock, services: testServices({ clock }), maps: false });

  /** Set up Saint-Rémy in `channel` with both players seated, and open turn 1. */
  async function started(channel: string) {
    const c = e2eChannel(() => e2e, GUILD, channel);
    await startSaintRemy(c, GM, FR, AU);
    return c;
  }

  /**
   * What the channel shows: every revealed receipt was posted as a receipt earlier in the
   * channel, and recomputes from the revealed nonce and orders. Returns the reveal's text.
   */
  function expectRevealedAfterPosted(channel: string): string {
    const msgs = e2e.fake.channelMessages(channel).map((m) => m.message.content);
    const revealAt = msgs.findIndex((m) => m.startsWith('🔓 Sealed receipts, now open'));
    expect(revealAt).toBeGreaterThan(0);
    const revealText = msgs.slice(revealAt).join('\n');
    const revealed = parseRevealed(revealText);
    if (!revealed.ok) throw new Error(revealed.error.message);
    const before = msgs.slice(0, revealAt).filter((m) => m.includes('has posted orders'));
    for (const r of revealed.value) expect(before.some((m) => m.includes(`sealed receipt \`${r.hash}\``)), `receipt of ${r.seat} posted before the reveal`).toBe(true);
    expect(checkRevealed(revealed.value).every((r) => r.ok)).toBe(true);
    return revealText;
  }

  it('a player amends while the first receipt is still being posted: the amended receipt is posted too, before the reveal', async () => {
    const c = await started(CH_RACE);
    let release!: () => void;
    let arrived!: () => void;
    const held = new Promise<void>((r) => { arrived = r; });
    let holding = true;
    const stop = e2e.fake.intercept(async (req) => {
      if (!holding || !RECEIPT_POST(CH_RACE)(req)) return;
      holding = false;
      arrived();
      await new Promise<void>((r) => { release = r; });
    });
    try {
      expect(c.replyText(await c.cmd(FR, 'move', undefined, [c.str('unit', 'fabre'), c.str('to', 'forward 1in')]))).toContain('accepted');
      const draining = e2e.outbox.flush(); // the first receipt is on its way to Discord...
      await held;
      // ...when the player amends, and everyone is ready.
      expect(c.replyText(await c.cmd(FR, 'move', undefined, [c.str('unit', 'fabre'), c.str('to', 'forward 2in')]))).toContain('accepted');
      await c.cmd(AU, 'ready', undefined, []);
      expect(c.replyText(await c.cmd(FR, 'ready', undefined, []))).toContain('resolved');
      release();
      await draining;
      await c.flush();
    } finally {
      stop();
    }
    const receipts = e2e.fake.channelMessages(CH_RACE).map((m) => m.message.content).filter((m) => m.includes('has posted orders'));
    expect(receipts).toHaveLength(2); // the one in flight, and the amended one queued behind it
    const reveal = expectRevealedAfterPosted(CH_RACE);
    expect(reveal).toContain('forward 2in'); // the latest orders are the ones opened
    expect(reveal).not.toContain('forward 1in');

    // A player's own check, from the reveal pasted into a file: OK, and MISMATCH once tampered.
    const dir = mkdtempSync(join(tmpdir(), 'estafette-receipts-'));
    const lines: string[] = [];
    writeFileSync(join(dir, 'reveal.txt'), reveal);
    expect(receiptsCommand(join(dir, 'reveal.txt'), (s) => lines.push(s), (s) => lines.push(s))).toBe(0);
    expect(lines.join('\n')).toMatch(/^OK {8}french:fr-i-corps {2}[0-9a-f]{64}$/m);
    writeFileSync(join(dir, 'tampered.txt'), reveal.replace('forward 2in', 'forward 3in'));
    lines.length = 0;
    expect(receiptsCommand(join(dir, 'tampered.txt'), (s) => lines.push(s), (s) => lines.push(s))).toBe(1);
    expect(lines.join('\n')).toContain('MISMATCH  french:fr-i-corps');
  });

  it('a receipt whose post failed holds back the reveal until it is posted', async () => {
    const c = await started(CH_FAIL);
    let failing = true;
    const stop = e2e.fake.intercept((req) => {
      if (!failing || !RECEIPT_POST(CH_FAIL)(req)) return;
      failing = false;
      return { status: 403, body: { message: 'Missing Access', code: 50001 } };
    });
    try {
      await c.cmd(FR, 'move', undefined, [c.str('unit', 'fabre'), c.str('to', 'forward 1.5in')]);
      await c.flush(); // the receipt's post fails and waits out its back-off
      expect(c.channelText()).not.toContain('has posted orders');
      await c.cmd(AU, 'ready', undefined, []);
      await c.cmd(FR, 'ready', undefined, []);
      await c.flush();
      expect(c.channelText()).not.toContain('resolved (everyone is ready)'); // held back behind the receipt
      clock.advance(60_000);
      await c.flush();
    } finally {
      stop();
    }
    expect(c.channelText()).toContain('resolved (everyone is ready)');
    expect(expectRevealedAfterPosted(CH_FAIL)).toContain('forward 1.5in');
  });

  it('a reveal too long for messages reaches Discord as one JSON attachment that the check accepts', async () => {
    const nonce = 'cd'.repeat(16);
    const receipts = Array.from({ length: 12 }, (_, i) => {
      const orders = JSON.stringify([{ kind: 'move', unit: `stand-${i}`, path: Array.from({ length: 50 }, (_, k) => ({ x: k + 0.25, y: i + 0.5 })) }]);
      return { seat: `seat-${i}`, hash: receiptHash(nonce, orders), nonce, orders };
    });
    const reveal = revealReceipts({ gameId: 9, game: 'Ligny', seq: 2, label: 'Turn 1' }, receipts);
    expect(reveal.file).not.toBeNull();
    const poster = discordPoster(e2e.bot.client);
    for (const [i, content] of reveal.messages.entries()) await poster.post(CH_FAIL, i === 0 ? { content, files: [reveal.file!] } : { content }, `receipts-file-${i}`);
    const posted = e2e.fake.channelMessages(CH_FAIL).find((m) => m.message.attachments.some((a) => a.filename === 'receipts-9-2.json'))!;
    const bytes = [...posted.files.values()].find((f) => f.filename === 'receipts-9-2.json')!.data;
    const dir = mkdtempSync(join(tmpdir(), 'estafette-receipts-'));
    writeFileSync(join(dir, 'receipts-9-2.json'), bytes);
    const lines: string[] = [];
    expect(receiptsCommand(join(dir, 'receipts-9-2.json'), (s) => lines.push(s), (s) => lines.push(s))).toBe(0);
    expect(lines.filter((l) => l.startsWith('OK '))).toHaveLength(12);
    for (const r of receipts) expect(e2e.fake.channelMessages(CH_FAIL).map((m) => m.message.content).join('\n')).toContain(r.hash);
  });
});
