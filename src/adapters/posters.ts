import type { Client } from 'discord.js';
import type { Writable } from 'node:stream';
import { messageLink, type DashboardPoster } from '../games/dashboard';
import type { ChannelPoster } from '../games/outbox';
import { toPayload } from './discord';
import { render, type ConsoleView } from './console';

/** Channel posts through the bot's Discord connection (discord.js waits out rate limits). */
export function discordPoster(client: Client): ChannelPoster {
  return {
    async post(channelId, message, nonce) {
      const channel = await client.channels.fetch(channelId);
      if (!channel || !channel.isSendable()) throw new Error(`channel ${channelId} is not a text channel the bot can post in`);
      const { flags: _flags, ...payload } = toPayload({ ...message, visibility: 'public' });
      // Discord keeps nonces for a few minutes: a retry right after a crash is dropped, not doubled.
      const sent = await channel.send({ ...(payload as object), nonce: nonce.slice(0, 25), enforceNonce: true } as Parameters<typeof channel.send>[0]);
      return sent.id;
    },
  };
}

/** Channel posts in the local console: printed as they are sent; files written like replies. */
export function consolePoster(output: Writable, writeFile: (name: string, data: Buffer) => string, view?: ConsoleView): ChannelPoster {
  return {
    async post(channelId, message, nonce) {
      output.write(`\n[#${channelId}] ${render({ ...message, visibility: 'public' }, writeFile, view).replace(/^\[posted in the channel\]\n/, '')}`);
      // No message ids in a terminal: the outbox row's nonce stands in (unique per post).
      return `console-${nonce}`;
    },
  };
}

/** The live dashboard through the bot's connection: post, edit in place, pin when allowed (issue 11). */
export function discordDashboardPoster(client: Client): DashboardPoster {
  const channelOf = async (channelId: string) => {
    const channel = await client.channels.fetch(channelId);
    if (!channel || !channel.isSendable() || !('messages' in channel)) throw new Error(`channel ${channelId} is not a text channel the bot can post in`);
    return channel;
  };
  const payload = (message: Parameters<DashboardPoster['send']>[1]) => {
    const { flags: _flags, ...p } = toPayload({ ...message, visibility: 'public' });
    return { ...p, components: p.components ?? [] };
  };
  return {
    async send(channelId, message) {
      const channel = await channelOf(channelId);
      return (await channel.send(payload(message) as Parameters<typeof channel.send>[0])).id;
    },
    async edit(channelId, messageId, message) {
      const channel = await channelOf(channelId);
      await channel.messages.edit(messageId, payload(message) as Parameters<typeof channel.messages.edit>[1]);
    },
    async pin(channelId, messageId) {
      const channel = await channelOf(channelId);
      await channel.messages.pin(messageId);
    },
    link: messageLink,
  };
}

/** The dashboard in the console: printed when posted and each time it changes. */
export function consoleDashboardPoster(output: Writable, view?: ConsoleView): DashboardPoster {
  let n = 0;
  const show = (what: string, message: Parameters<DashboardPoster['send']>[1]) =>
    output.write(`\n[${what}] ${render({ ...message, visibility: 'public' }, () => '', view).replace(/^\[posted in the channel\]\n/, '')}`);
  return {
    async send(_channelId, message) { show('dashboard', message); return `console-dashboard-${++n}`; },
    async edit(_channelId, _id, message) { show('dashboard updated', message); },
    async pin() { /* nothing to pin in a terminal */ },
  };
}
