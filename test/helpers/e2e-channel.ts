import type { OutboxSender } from '../../src/games/outbox';
import type { FakeDiscord } from './fake-discord';

/** One slash-command option as the fake Discord sends it. */
export type Opt = { name: string; type: number; value: string | number | boolean };

/**
 * What the end-to-end game tests do in one channel: run a slash command as a user, read the reply
 * and the channel, and drain the outbox. `fake` and `outbox` are read lazily (they are set in
 * beforeAll).
 */
export function e2eChannel(env: () => { fake: FakeDiscord; outbox: OutboxSender }, guildId: string, channelId: string) {
  const cmd = (user: { id: string; username: string }, name: string, subcommand: string | undefined, options: Opt[] = []) =>
    env().fake.sendSlashCommand({ guildId, channelId, user, name, ...(subcommand ? { subcommand } : {}), options, memberPermissions: '0' }).waitForResponse({ timeoutMs: 15_000 });
  type Reply = Awaited<ReturnType<typeof cmd>>;
  const posts = () => env().fake.channelMessages(channelId).map((m) => m.message.content);
  return {
    cmd,
    str: (name: string, value: string): Opt => ({ name, type: 3, value }),
    posts,
    channelText: () => posts().join('\n'),
    flush: async () => { while (await env().outbox.flush()) { /* until the outbox is empty */ } },
    replyText: (h: Reply) => h.edits.at(-1)?.content ?? h.followUps.at(-1)?.content ?? h.callback?.content ?? '',
    /** Whether only the caller saw the reply (deferred replies are edited or followed up ephemerally). */
    isPrivate: (h: Reply) => h.callback?.ephemeral === true || h.followUps.at(-1)?.ephemeral === true || h.edits.at(-1)?.ephemeral === true,
  };
}

type E2eChannel = ReturnType<typeof e2eChannel>;
type User = { id: string; username: string };

/** DRAM's Saint-Rémy created in the channel by `gm`, both corps and commands seated (`fr`, `au`), started, and turn 1's posts sent. */
export async function startSaintRemy(c: E2eChannel, gm: User, fr: User, au: User): Promise<E2eChannel> {
  await c.cmd(gm, 'game', 'create', [c.str('ruleset', 'dram'), c.str('scenario', 'saint-remy')]);
  for (const seat of ['french:fr-i-corps', 'french:command']) await c.cmd(fr, 'game', 'join', [c.str('seat', seat)]);
  for (const seat of ['austrians:command', 'austrians:au-i-korps']) await c.cmd(au, 'game', 'join', [c.str('seat', seat)]);
  await c.cmd(gm, 'game', 'start', []);
  await c.flush();
  return c;
}
