/**
 * "Links to their histories" (issue 15): an ended campaign battle's history is read with
 * `/game history game:<id>` from any channel of the server, /campaign status names that command
 * for each battle, and the ended game reveals no more than its posts did (NW §3.0: the s.p. a
 * unit has left stay hidden from the enemy after the end too).
 */
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { campaignStatus } from '../../src/campaigns/status';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { ReplyModel } from '../../src/interaction/reply';
import { narrate } from '../../src/narrative';
import { namesFor } from '../../src/games/names';
import type { Services } from '../../src/services/services';
import { GM, playBattle } from '../helpers/campaign-play';
import { silentLog, testServices } from '../helpers/services';

const GUILD = 'guild-h';
const P1 = { id: 'p1', name: 'Ney' };
const P2 = { id: 'p2', name: 'Blücher' };

async function invoke(s: Services, inv: Invocation, guildId = GUILD): Promise<ReplyModel> {
  const ctx: CommandContext = { guildId, channelId: 'chan-elsewhere', user: { id: P2.id, name: P2.name }, isAdmin: false, services: s, now: () => new Date(0), log: silentLog, users: {} };
  try { return await execute(prepare(commandMap(), inv), ctx); } catch (e) { return errorReply(e, ctx, inv, { guildId, userId: P2.id }); }
}
const textOf = (r: ReplyModel) => [r.content ?? '', ...(r.files ?? []).map((f) => f.data.toString())].join('\n');

describe('the history of an ended campaign battle (issue 15)', () => {
  it('is linked from status and readable by number, public events only; other servers\' games are unknown', async () => {
    const s = testServices();
    const c = await s.campaigns.create({ guildId: GUILD, channelId: 'chan-hq', gm: GM, ruleset: 'nw', scenario: 'teaching', name: 'Ligny' });
    s.campaigns.join(c, P1, 'french');
    s.campaigns.join(c, P2, 'austrians');
    const { game } = await s.campaigns.startBattle(c, { channelId: 'chan-b1', gm: GM, isAdmin: false, scenario: 'teaching' });
    s.games.start('chan-b1', GM, false);
    playBattle(s, 'chan-b1', 4242);
    const ended = s.games.repo.game(game.id)!;
    expect(ended.status).toBe('ended');
    // Today's /game history in the battle's channel no longer finds it: the link must name the game.
    expect(() => s.games.history('chan-b1')).toThrowError(expect.objectContaining({ code: 'game/none-here' }));

    const st = campaignStatus(s.campaigns, c, { kind: 'side', side: 'austrians' }, () => 'chan-b1', () => true);
    expect(st.battles[0]).toContain(`\`/game history game:${game.id}\``);

    // The service reads every live resolution of the ended game, the last one ending the battle.
    const all = s.games.historyOf(ended, undefined);
    expect(all).toHaveLength(1);
    const turns = [...new Set(s.games.repo.windowsOf(game.id).map((w) => w.turn))];
    const withHidden = turns.find((t) => s.games.historyOf(ended, t).some((x) => x.events.some((e) => e.kind === 'loss' && (e as { remaining?: number }).remaining !== undefined)));
    expect(withHidden, 'a turn with a loss whose remaining s.p. the enemy may not read').toBeDefined();
    const full = s.games.historyOf(ended, withHidden).flatMap((x) => narrate(x.events, namesFor(ended, x.state))).join('\n');
    expect(full).toMatch(/SP left/);

    const r = await invoke(s, { name: 'game', subcommand: 'history', options: { game: game.id, turn: withHidden! } });
    expect(r.visibility).toBe('private');
    const text = textOf(r);
    expect(text).toContain(`(#${game.id}, ended)`);
    expect(text).toMatch(/## /);
    expect(text).not.toMatch(/SP left/);

    const other = await invoke(s, { name: 'game', subcommand: 'history', options: { game: game.id } }, 'guild-other');
    expect(other.visibility).toBe('private');
    expect(other.content).toContain('game/unknown');
    expect(other.content).not.toContain('Ligny');
  });
});
