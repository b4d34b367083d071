import type { Client } from 'discord.js';
import type { Writable } from 'node:stream';
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
      await channel.send({ ...(payload as object), nonce: nonce.slice(0, 25), enforceNonce: true } as Parameters<typeof channel.send>[0]);
    },
  };
}

/** Channel posts in the local console: printed as they are sent; files written like replies. */
export function consolePoster(output: Writable, writeFile: (name: string, data: Buffer) => string, view?: ConsoleView): ChannelPoster {
  return {
    async post(channelId, message) {
      output.write(`\n[#${channelId}] ${render({ ...message, visibility: 'public' }, writeFile, view).replace(/^\[posted in the channel\]\n/, '')}`);
    },
  };
}
