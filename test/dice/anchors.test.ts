import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli';
import { checkAnchors, formatAnchor, parseAnchors } from '../../src/dice/anchor';
import { verifyChain } from '../../src/dice/verify';
import { rollMessage } from '../../src/interaction/present-rolls';
import type { Services } from '../../src/services/services';
import { attacker } from '../helpers/tamper';
import { testClock, testServices } from '../helpers/services';

const G = '111111111111111111';
const alice = { id: '222222222222222222', name: 'Alice' };

describe('parseAnchors', () => {
  it('reads anchors from pasted roll replies, with or without the markdown, and bare lines', () => {
    const text = [
      '🎲 **Alice** rolled `2d6` — 2d6 [3, 4] = **7**',
      '-# audit #12 · seed #1 (commitment `abcdef012345…`) · roll 3 of that seed · anchor `#12:0123456789ABCDEF`',
      'Alice rolled 2d6 … audit #13 · seed #1 (commitment abcdef012345…) · roll 4 of that seed · anchor #13:fedcba9876543210',
      `#14:${'a'.repeat(64)}`,
    ].join('\n');
    const r = parseAnchors(text);
    expect(r.ok && r.value).toEqual([{ seq: 12, hash: '0123456789abcdef' }, { seq: 13, hash: 'fedcba9876543210' }, { seq: 14, hash: 'a'.repeat(64) }]);
  });

  it('refuses a truncated anchor rather than ignoring it, saying which line', () => {
    const r = parseAnchors('fine #3:0123456789abcdef\nanchor #4:0123abcd');
    expect(!r.ok && r.error.code).toBe('anchor/bad-format');
    expect(!r.ok && r.error.message).toMatch(/^line 2: "#4:0123abcd"/);
  });

  it('checks prefixes against the trail: missing, different, or held', () => {
    const h = (seq: number) => (seq <= 3 ? String(seq).repeat(64) : null);
    expect(checkAnchors([{ seq: 2, hash: '2'.repeat(16) }], h, 3)).toEqual([]);
    expect(checkAnchors([{ seq: 2, hash: '3'.repeat(16) }], h, 3).map((p) => p.code)).toEqual(['anchor/mismatch']);
    const gone = checkAnchors([{ seq: 5, hash: '5'.repeat(16) }], h, 3);
    expect(gone).toMatchObject([{ code: 'anchor/missing', seq: 5 }]);
    expect(gone[0]!.message).toMatch(/ends at #3: 2 entries/);
  });
});

/**
 * Issue 16, defect 2: truncating the open epoch (the newest rolls, not yet revealed) left a
 * self-consistent trail. The replies' anchors expose it, offline and in the bot.
 */
describe('anchors expose a truncated open epoch', () => {
  let s: Services;
  let replies: string[];
  let dir: string;

  beforeEach(() => {
    s = testServices({ clock: testClock() });
    replies = ['1d6', '2d6', '1d20', '3d6'].map((expression) => rollMessage(alice.name, s.rolls.roll({ guildId: G, actor: alice, expression, private: false })));
    dir = mkdtempSync(join(tmpdir(), 'estafette-anchors-'));
  });

  function cli(anchorsText: string): { code: number; out: string[]; err: string[] } {
    writeFileSync(join(dir, 'trail.json'), JSON.stringify(s.rolls.exportTrail(G, new Date(0))));
    writeFileSync(join(dir, 'anchors.txt'), anchorsText);
    const out: string[] = [], err: string[] = [];
    // verify is synchronous (only backup awaits), so the code is a number here.
    const code = runCli(['verify', join(dir, 'trail.json'), '--anchors', join(dir, 'anchors.txt')], (l) => out.push(l), (l) => err.push(l)) as number;
    return { code, out, err };
  }

  it('every public roll reply prints the anchor of its own entry', () => {
    const last = s.trail.repo.lastLink(G)!;
    expect(replies[3]).toContain(`anchor \`${formatAnchor(last.seq, last.hash)}\``);
    expect(formatAnchor(last.seq, last.hash)).toMatch(/^#5:[0-9a-f]{16}$/);
  });

  it('offline: the intact trail holds every pasted anchor', () => {
    const r = cli(replies.join('\n'));
    expect(r).toMatchObject({ code: 0, err: [] });
    expect(r.out.join('\n')).toContain('4 anchor(s) checked');
  });

  it('offline: the last two rolls deleted pass the chain check but not the anchors', () => {
    attacker(s, G).truncate(4);
    expect(verifyChain(s.rolls.exportTrail(G, new Date(0)).entries, { guildId: G }).ok).toBe(true);
    const r = cli(replies.join('\n'));
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/anchor #4:[0-9a-f]{16} names entry #4, but the trail ends at #3.*\[anchor\/missing\]/);
    expect(r.err.join('\n')).toMatch(/anchor #5:.*\[anchor\/missing\]/);
  });

  it('offline: a rewritten roll with the whole chain re-hashed contradicts the anchors', () => {
    const a = attacker(s, G);
    a.editDetail(3, (d) => { d.purpose = 'rewritten'; });
    a.rehash(3);
    const r = cli(replies.join('\n'));
    expect(r.code).toBe(1);
    expect(r.err.filter((l) => l.includes('[anchor/mismatch]'))).toHaveLength(3); // #3, #4, #5
  });

  it('offline: a bad anchors file is refused with a fix', () => {
    expect(cli('nothing here')).toMatchObject({ code: 2, err: [expect.stringMatching(/holds no anchor/)] });
  });

  it('bot: /rolls verify checks the trail against the last anchor it showed', async () => {
    const before = await s.rolls.check(G, { channelId: 'c', now: 1 });
    expect(before.result.ok).toBe(true);
    expect(before.anchor).toMatchObject({ seq: 5 });
    attacker(s, G).truncate(4);
    const after = await s.rolls.check(G, { channelId: 'c', now: 2 });
    expect(!after.result.ok && after.result.error).toMatchObject({ code: 'anchor/behind', seq: 4 });
    expect(!after.result.ok && after.result.error.message).toMatch(/ends at #3, behind the anchor the bot last showed \(#5/);
  });

  it('bot: with the anchor also erased, the seed\'s roll counter still exposes the truncation', async () => {
    attacker(s, G).truncate(4);
    s.db.$client.exec('DELETE FROM trail_anchors');
    const r = await s.rolls.check(G, { channelId: 'c', now: 2 });
    expect(!r.result.ok && r.result.error).toMatchObject({ code: 'epoch/truncated', seq: 4 });
    expect(!r.result.ok && r.result.error.message).toMatch(/Seed #1 has given 4 roll\(s\), but the trail holds only 2/);
  });

  it('bot: a deleted reveal at the end of the trail is exposed by the seed record', async () => {
    s.rolls.revealServerSeed(G, alice);
    attacker(s, G).truncate(6);
    s.db.$client.exec('DELETE FROM trail_anchors');
    const r = await s.rolls.check(G, { channelId: 'c', now: 2 });
    expect(!r.result.ok && r.result.error).toMatchObject({ code: 'epoch/reveal-missing', seq: 6 });
  });

  it('bot: a roll that reuses a shown audit number is recorded as a break at once, and its reply says so', () => {
    attacker(s, G).truncate(4);
    const again = s.rolls.roll({ guildId: G, actor: alice, expression: '1d6', private: false });
    expect(again.seq).toBe(4);
    expect(s.trail.repo.breaks(G)).toMatchObject([{ firstBadSeq: 4, code: 'anchor/behind', message: expect.stringMatching(/already reached #5/) }]);
    expect(rollMessage(alice.name, again)).toMatch(/⚠️ The audit chain is broken at #4 since/);
    // One break for one rollback: the next roll (#5, also reused) follows the re-set anchor.
    expect(rollMessage(alice.name, s.rolls.roll({ guildId: G, actor: alice, expression: '1d6', private: false }))).toMatch(/broken at #4 since/);
    expect(s.trail.repo.breaks(G)).toHaveLength(1);
  });
});
