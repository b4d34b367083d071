import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import { execute, prepare } from '../../src/interaction/dispatch';
import type { ReplyModel } from '../../src/interaction/reply';
import type { Services } from '../../src/services/services';
import { attacker } from '../helpers/tamper';
import { silentLog, testClock, testServices } from '../helpers/services';

const G = '111111111111111111';
const CH = '333333333333333333';
const FOUND = Date.UTC(1815, 5, 18, 12, 0);

function invoke(s: Services, inv: Invocation, now = FOUND): Promise<ReplyModel> {
  const ctx: CommandContext = { guildId: G, channelId: CH, user: { id: '5', name: 'Soult' }, isAdmin: false, services: s, now: () => new Date(now), log: silentLog, users: {} };
  return execute(prepare(commandMap(), inv), ctx);
}
const roll = (s: Services, expression = '2d6') => invoke(s, { name: 'roll', options: { expression } });
const verify = (s: Services, now?: number) => invoke(s, { name: 'rolls', subcommand: 'verify', options: {} }, now);

/** Issue 16, defect 4: after verify found a broken chain, the bot kept appending to it silently. */
describe('a broken chain is recorded and said everywhere', () => {
  async function brokenServer() {
    const s = testServices({ clock: testClock() });
    for (const e of ['1d6', '2d6', '3d6']) await roll(s, e);
    const a = attacker(s, G);
    const original = a.rows().find((r) => r.seq === 3)!.detail;
    a.editDetail(3, (d) => { d.total += 1; });
    return { s, restore: () => s.db.$client.prepare('UPDATE audit_entries SET detail = ? WHERE guild_id = ? AND seq = 3').run(original, G) };
  }

  it('verify records the break once (guild, first bad seq, code, when, where) and posts a public notice for the admins', async () => {
    const { s } = await brokenServer();
    const r = await verify(s);
    expect(r.visibility).toBe('public');
    expect(r.content).toMatch(/❌ \*\*The audit trail is broken\.\*\*/);
    expect(r.announcements).toHaveLength(1);
    expect(r.announcements![0]).toMatch(/^🚨 \*\*Server admins: the dice audit trail of this server is broken at entry #3\*\* \(`chain\/detail-hash`\)/);
    expect(s.trail.repo.breaks(G)).toEqual([{ id: 1, guildId: G, firstBadSeq: 3, code: 'chain/detail-hash', message: expect.stringMatching(/^Entry #3/), foundAt: FOUND, channelId: CH }]);
    // The same break found again is not a new notice, but the reply says since when.
    const again = await verify(s, FOUND + 60_000);
    expect(again.announcements).toBeUndefined();
    expect(again.content).toContain(`chain broken at #3 since <t:${FOUND / 1000}:f>`);
    expect(s.trail.repo.breaks(G)).toHaveLength(1);
  });

  it('later rolls and the log header say the chain is broken, and since when', async () => {
    const { s } = await brokenServer();
    await verify(s);
    const r = await roll(s);
    expect(r.content).toMatch(new RegExp(`⚠️ The audit chain is broken at #3 since <t:${FOUND / 1000}:f>`));
    const log = await invoke(s, { name: 'rolls', subcommand: 'log', options: {} });
    expect(log.embeds![0]!.description).toMatch(/^⚠️ The audit chain is broken at #3 since/);
  });

  it('every later verify marks the break, even once the rows are put back', async () => {
    const { s, restore } = await brokenServer();
    await verify(s);
    restore();
    const r = await verify(s, FOUND + 3_600_000);
    expect(r.content).toMatch(/^⚠️ \*\*Audit trail consistent now, but it was found broken before\*\*/);
    expect(r.content).toContain(`chain broken at #3 since <t:${FOUND / 1000}:f> (\`chain/detail-hash\`)`);
  });

  it('an intact trail says nothing of breaks, and the log has no warning', async () => {
    const s = testServices({ clock: testClock() });
    await roll(s);
    const r = await verify(s);
    expect(r.content).toMatch(/^✅ \*\*Audit trail intact\*\*/);
    expect(r.content).toMatch(/still holds the last anchor the bot showed, anchor `#2:[0-9a-f]{16}`/);
    expect(r.content).not.toMatch(/broken/);
    const log = await invoke(s, { name: 'rolls', subcommand: 'log', options: {} });
    expect(log.embeds![0]!.description).not.toMatch(/broken/);
  });

  it('a recorded break cannot be deleted by the bot', async () => {
    const { s } = await brokenServer();
    await verify(s);
    expect(() => s.db.$client.prepare('DELETE FROM trail_breaks').run()).toThrow(/never deleted/);
  });
});
