/**
 * Self-test of the fake Discord: drives a REAL discord.js client against it.
 */
import { once } from 'node:events';
import zlib from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
} from 'discord.js';
import type { ChatInputCommandInteraction, Interaction, TextChannel } from 'discord.js';
import { snowflake, startFakeDiscord } from './fake-discord.js';
import type { FakeDiscord, StartFakeDiscordOptions } from './fake-discord.js';
import { parseMultipart } from './multipart.js';

// A PNG signature + IHDR for a 3x2 image: enough for content sniffing and width/height.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]),
  Buffer.from([0x0d, 0x0a, 0x2d, 0x2d, 0xff, 0x00]), // CRLF + "--" inside binary data must not confuse the parser
]);

const GUILD_ID = '1100000000000000001';
const CHANNEL_ID = '1100000000000000002';
const OTHER_CHANNEL_ID = '1100000000000000003';
const ALICE = { id: '1100000000000000010', username: 'alice' };

type Handler = (interaction: Interaction) => Promise<void>;

interface Harness {
  fake: FakeDiscord;
  client: Client;
  /** Errors thrown by the bot-side handler (they would otherwise vanish inside the client). */
  errors: unknown[];
  setHandler(handler: Handler): void;
  stop(): Promise<void>;
}

async function startHarness(options: StartFakeDiscordOptions = {}): Promise<Harness> {
  const fake = await startFakeDiscord({
    guilds: [
      {
        id: GUILD_ID,
        name: 'Borodino',
        channels: [
          { id: CHANNEL_ID, name: 'orders' },
          {
            id: OTHER_CHANNEL_ID,
            name: 'staff-only',
            // Deny the bot: posting there must fail like on Discord.
            permissionOverwrites: [{ id: GUILD_ID, type: 0, allow: '0', deny: String(1n << 11n) }],
          },
        ],
      },
    ],
    ...options,
  });
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.restApi } });
  const errors: unknown[] = [];
  let handler: Handler = async () => undefined;
  client.on(Events.InteractionCreate, (interaction) => {
    handler(interaction).catch((error: unknown) => errors.push(error));
  });
  const ready = once(client, Events.ClientReady);
  await client.login(fake.token);
  await ready;
  await fake.waitForReady();
  return {
    fake,
    client,
    errors,
    setHandler: (h) => (handler = h),
    stop: async () => {
      await client.destroy();
      await fake.close();
    },
  };
}

describe('fake Discord with a real discord.js client', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });
  afterEach(() => {
    expect(h.errors).toEqual([]);
    h.setHandler(async () => undefined);
  });

  it('logs in and fills the guild cache from READY + GUILD_CREATE', () => {
    const guild = h.client.guilds.cache.get(GUILD_ID);
    expect(guild?.name).toBe('Borodino');
    expect(guild?.channels.cache.get(CHANNEL_ID)?.name).toBe('orders');
    expect(guild?.members.me?.id).toBe(h.fake.botUser.id);
    expect(h.client.user?.id).toBe(h.fake.botUser.id);
    expect(h.client.application?.id).toBe(h.fake.applicationId);
    expect(h.fake.gatewayStats.identifies).toEqual([{ intents: GatewayIntentBits.Guilds, shard: [0, 1], compress: false }]);
    expect(h.fake.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /gateway/bot');
  });

  it('records a public reply, with subcommand and options visible to the bot', async () => {
    h.setHandler(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply(`${i.options.getSubcommand()}:${i.options.getString('expression', true)} for ${i.user.username}`);
    });
    const ix = h.fake.sendSlashCommand({
      guildId: GUILD_ID,
      channelId: CHANNEL_ID,
      user: ALICE,
      name: 'roll',
      subcommand: 'log',
      options: [{ name: 'expression', type: 3, value: '2d6' }],
    });
    const history = await ix.waitForResponse();
    expect(history.callback).toMatchObject({ callbackType: 4, content: 'log:2d6 for alice', ephemeral: false, flags: 0 });
    expect(history.original?.message.content).toBe('log:2d6 for alice');
    expect(h.fake.channelMessages(CHANNEL_ID).map((m) => m.message.content)).toContain('log:2d6 for alice');
  });

  it('records an ephemeral reply (flag 64) and keeps it out of the channel', async () => {
    h.setHandler(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
    });
    const history = await h.fake.sendSlashCommand({ name: 'secret' }).waitForResponse();
    expect(history.callback).toMatchObject({ callbackType: 4, content: 'only you', ephemeral: true });
    expect(history.callback!.flags & 64).toBe(64);
    expect(h.fake.channelMessages(CHANNEL_ID).some((m) => m.message.content === 'only you')).toBe(false);
  });

  it('records deferReply + editReply with a PNG attachment (multipart)', async () => {
    h.setHandler(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.editReply({ content: 'the map', files: [new AttachmentBuilder(PNG, { name: 'map.png' })] });
    });
    const ix = h.fake.sendSlashCommand({ name: 'map' });
    const history = await ix.waitForResponse();
    expect(history.callback?.callbackType).toBe(5);
    const [edit] = history.edits;
    expect(edit).toMatchObject({ target: '@original', content: 'the map', ephemeral: false });
    expect(edit!.attachments).toHaveLength(1);
    expect(edit!.attachments[0]).toMatchObject({ field: 'files[0]', filename: 'map.png', contentType: 'image/png' });
    expect(edit!.attachments[0]!.data.equals(PNG)).toBe(true);
    expect(edit!.request.contentType).toMatch(/^multipart\/form-data/);
    expect(edit!.request.method).toBe('PATCH');

    // The stored message has a Discord-like attachment whose URL serves the bytes back.
    const original = history.original!;
    expect(original.message.flags! & 128).toBe(0); // no longer "thinking"
    const attachment = original.message.attachments[0]!;
    expect(attachment).toMatchObject({ filename: 'map.png', size: PNG.length, width: 3, height: 2, content_type: 'image/png' });
    const download = await fetch(attachment.url);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('records a follow-up after a reply as a separate message', async () => {
    h.setHandler(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      const followUp = await i.followUp({ content: 'second', flags: MessageFlags.Ephemeral });
      expect(followUp.content).toBe('second');
    });
    const ix = h.fake.sendSlashCommand({ name: 'chain' });
    const history = await ix.waitFor((x) => x.followUps.length === 1);
    expect(history.callback?.content).toBe('first');
    expect(history.followUps[0]).toMatchObject({ content: 'second', ephemeral: true });
    expect(history.followUps[0]!.messageId).not.toBe(history.original?.message.id);
  });

  it('lets the first follow-up after a defer fill the "thinking" message, keeping the defer flags', async () => {
    h.setHandler(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'done' });
    });
    const history = await h.fake.sendSlashCommand({ name: 'slow' }).waitForResponse();
    expect(history.followUps[0]).toMatchObject({ filledDeferred: true, ephemeral: true, content: 'done' });
    expect(history.original?.message.content).toBe('done');
  });

  it('answers with_response=true with the created message', async () => {
    let replyId: string | undefined;
    h.setHandler(async (i) => {
      if (!i.isChatInputCommand()) return;
      const response = await i.reply({ content: 'with response', withResponse: true });
      replyId = response.resource?.message?.id;
    });
    const history = await h.fake.sendSlashCommand({ name: 'resp' }).waitForResponse();
    await h.fake.waitFor(() => replyId);
    expect(replyId).toBe(history.original?.message.id);
  });

  it('records autocomplete choices', async () => {
    h.setHandler(async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      await i.respond(['Ney', 'Murat', 'Davout'].filter((n) => n.toLowerCase().startsWith(typed)).map((n) => ({ name: n, value: n })));
    });
    const history = await h.fake
      .sendAutocomplete({ name: 'order', options: [{ name: 'marshal', type: 3, value: 'm', focused: true }] })
      .waitForResponse();
    expect(history.callback).toMatchObject({ callbackType: 8 });
    expect(history.callback?.choices).toEqual([{ name: 'Murat', value: 'Murat' }]);
  });

  it('handles a button on a previous reply with update()', async () => {
    h.setHandler(async (i) => {
      if (i.isChatInputCommand()) {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('advance').setLabel('Advance').setStyle(ButtonStyle.Primary),
        );
        await i.reply({ content: 'Orders?', components: [row] });
      } else if (i.isButton()) {
        await i.update({ content: `clicked ${i.customId} by ${i.user.username}`, components: [] });
      }
    });
    const command = await h.fake.sendSlashCommand({ name: 'orders' }).waitForResponse();
    const messageId = command.original!.message.id;
    expect(command.original!.message.components).toHaveLength(1);

    const click = await h.fake.clickButton({ customId: 'advance', messageId, user: ALICE }).waitForResponse();
    expect(click.callback).toMatchObject({ callbackType: 7, content: 'clicked advance by alice', messageId });
    expect(h.fake.message(messageId)?.message).toMatchObject({ content: 'clicked advance by alice', components: [] });
  });

  it('synthesizes the clicked message when none is given', async () => {
    h.setHandler(async (i) => {
      if (i.isButton()) await i.deferUpdate();
    });
    const history = await h.fake.clickButton({ customId: 'noop' }).waitFor((x) => x.callback !== undefined);
    expect(history.callback?.callbackType).toBe(6);
  });

  it('records channel messages posted with the bot token, and enforces channel permissions', async () => {
    const channel = (await h.client.channels.fetch(CHANNEL_ID)) as TextChannel;
    const sent = await channel.send({ content: 'Turn 3 begins', files: [new AttachmentBuilder(PNG, { name: 'turn3.png' })] });
    const [stored] = h.fake.channelMessages(CHANNEL_ID).filter((m) => m.source === 'channel');
    expect(stored?.message).toMatchObject({ id: sent.id, content: 'Turn 3 begins', author: { id: h.fake.botUser.id } });
    expect([...stored!.files.values()][0]!.data.equals(PNG)).toBe(true);
    const post = h.fake.requests.find((r) => r.method === 'POST' && r.path === `/channels/${CHANNEL_ID}/messages`);
    expect(post?.authorization).toBe(`Bot ${h.fake.token}`);

    // The overwrite denies SendMessages there (but not ViewChannel): Missing Permissions.
    const denied = h.client.channels.cache.get(OTHER_CHANNEL_ID) as TextChannel;
    await expect(denied.send('nope')).rejects.toMatchObject({ code: 50013 });
  });

  it('rejects what Discord rejects: overlong content, empty messages', async () => {
    const channel = h.client.channels.cache.get(CHANNEL_ID) as TextChannel;
    const error = await channel.send('x'.repeat(2001)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ code: 50035, rawError: { errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } });
    await expect(h.client.rest.post(`/channels/${CHANNEL_ID}/messages`, { body: {} })).rejects.toMatchObject({ code: 50006 });
  });

  it('records command registration and uses the registered ids', async () => {
    const registered = await h.client.application!.commands.set(
      [{ name: 'roll', description: 'Roll dice', options: [{ name: 'expression', description: 'e.g. 2d6', type: 3, required: true }] }],
      GUILD_ID,
    );
    const [command] = h.fake.commands(GUILD_ID);
    expect(command).toMatchObject({ name: 'roll', guild_id: GUILD_ID, application_id: h.fake.applicationId });
    expect(registered.first()?.id).toBe(command!.id);

    let seenId: string | undefined;
    h.setHandler(async (i) => {
      if (!i.isChatInputCommand()) return;
      seenId = i.commandId;
      await i.reply('ok');
    });
    await h.fake.sendSlashCommand({ name: 'roll', options: [{ name: 'expression', type: 3, value: 'd6' }] }).waitForResponse();
    expect(seenId).toBe(command!.id);

    await expect(h.client.application!.commands.set([{ name: 'Bad Name', description: 'x' }])).rejects.toMatchObject({ code: 50035 });
  });

  it('answers unknown routes with 404 and records them', async () => {
    await expect(h.client.rest.get('/definitely/not/a/route')).rejects.toMatchObject({ status: 404, code: 0 });
    expect(h.fake.unknownRoutes.map((r) => r.path)).toEqual(['/definitely/not/a/route']);
  });

  it('survives a gateway reconnect by resuming, and still delivers interactions', async () => {
    h.fake.requestReconnect();
    await h.fake.waitFor(() => h.fake.gatewayStats.resumes === 1, { description: 'a RESUME' });
    h.setHandler(async (i) => {
      if (i.isChatInputCommand()) await i.reply('still here');
    });
    const history = await h.fake.sendSlashCommand({ name: 'ping' }).waitForResponse();
    expect(history.callback?.content).toBe('still here');
    expect(h.fake.gatewayStats.identifies).toHaveLength(1);
  });
});

describe('fake Discord timing behaviour', () => {
  it('acknowledges heartbeats and expires interactions that are not answered in time', async () => {
    const h = await startHarness({ heartbeatIntervalMs: 100, interactionCallbackDeadlineMs: 50 });
    try {
      await h.fake.waitFor(() => h.fake.gatewayStats.heartbeats >= 2, { description: 'two heartbeats' });
      expect(h.fake.gatewayStats.resumes).toBe(0); // acks arrived, so no zombie-connection reconnect

      h.setHandler(async (i) => {
        if (!i.isChatInputCommand()) return;
        await new Promise((resolve) => setTimeout(resolve, 150));
        await i.reply('too late');
      });
      const ix = h.fake.sendSlashCommand({ name: 'slow' });
      await h.fake.waitFor(() => h.errors.length > 0, { description: 'the late reply to fail' });
      expect(h.errors[0]).toMatchObject({ code: 10062 });
      expect(ix.history.callback).toBeUndefined();
    } finally {
      await h.stop();
    }
  });

  it('forgets the oldest privately answered interactions past keepAnswered (load runs), and only those', async () => {
    const h = await startHarness({ keepAnswered: 2 });
    const seen = new Map<string, Interaction>();
    try {
      h.setHandler(async (i) => {
        if (!i.isChatInputCommand()) return;
        seen.set(i.commandName, i);
        await i.reply(i.commandName === 'public' ? { content: 'for all' } : { content: `only you ${i.commandName}`, flags: MessageFlags.Ephemeral });
      });
      const pub = await h.fake.sendSlashCommand({ name: 'public' }).waitForResponse();
      const first = await h.fake.sendSlashCommand({ name: 'a' }).waitForResponse();
      const firstMessage = first.original!.message.id;
      expect(h.fake.message(firstMessage)).toBeDefined();
      const kept = [await h.fake.sendSlashCommand({ name: 'b' }).waitForResponse(), await h.fake.sendSlashCommand({ name: 'c' }).waitForResponse()];
      // The third private answer pushed the first out, with its reply; the history a caller holds still reads.
      expect(() => h.fake.interaction(first.id)).toThrow(/unknown interaction/);
      expect(h.fake.message(firstMessage)).toBeUndefined();
      expect(first.callback?.content).toBe('only you a');
      // Its token is gone too (as an expired one): a follow-up is refused; a kept one's is not.
      await expect((seen.get('a') as ChatInputCommandInteraction).followUp('late')).rejects.toMatchObject({ code: 10015 });
      await (seen.get('c') as ChatInputCommandInteraction).followUp('still mine');
      for (const x of kept) expect(h.fake.interaction(x.id).callback?.content).toBe(`only you ${x.id === kept[0]!.id ? 'b' : 'c'}`);
      // A public answer is not counted and stays, as does its channel message.
      expect(h.fake.interaction(pub.id).callback?.content).toBe('for all');
      expect(h.fake.channelMessages(CHANNEL_ID).map((m) => m.message.content)).toContain('for all');
    } finally {
      await h.stop();
    }
  });

  it('closes IDENTIFY with 4014 when a privileged intent is not enabled', async () => {
    const fake = await startFakeDiscord({ privilegedIntents: 0 });
    const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers], rest: { api: fake.restApi } });
    try {
      await expect(client.login(fake.token)).rejects.toThrow();
      expect(fake.gatewayStats.errors).toContain('Disallowed intent(s).');
    } finally {
      await client.destroy();
      await fake.close();
    }
  });
});

describe('fake gateway compression (raw WebSocket client)', () => {
  // discord.js only uses these when the optional zlib-sync package is installed; exercise them
  // directly so installing it later cannot silently break the end-to-end tests.
  async function collect(url: string, identify: Record<string, unknown>, until: (frames: Buffer[]) => boolean): Promise<Buffer[]> {
    const ws = new WebSocket(url);
    const frames: Buffer[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        ws.on('error', reject);
        ws.on('message', (data: Buffer) => {
          frames.push(data);
          if (frames.length === 1) ws.send(JSON.stringify({ op: 2, d: identify }));
          if (until(frames)) resolve();
        });
      });
    } finally {
      ws.close(1000);
      await once(ws, 'close');
    }
    return frames;
  }

  it('supports compress=zlib-stream (one deflate context, sync-flushed payloads)', async () => {
    const fake = await startFakeDiscord();
    try {
      const frames = await collect(
        `${fake.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`,
        { token: fake.token, intents: 1, properties: {} },
        (f) => f.length >= 3, // HELLO, READY, GUILD_CREATE
      );
      const text = zlib.inflateSync(Buffer.concat(frames), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
      expect(text.startsWith('{"op":10')).toBe(true);
      expect(text).toContain('"t":"READY"');
      expect(text).toContain('"t":"GUILD_CREATE"');
      for (const frame of frames) expect(frame.subarray(-4).equals(Buffer.from([0, 0, 0xff, 0xff]))).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('supports IDENTIFY compress: true (each payload deflated on its own)', async () => {
    const fake = await startFakeDiscord();
    try {
      const frames = await collect(fake.gatewayUrl + '?v=10&encoding=json', { token: fake.token, intents: 1, properties: {}, compress: true }, (f) => f.length >= 2);
      expect(JSON.parse(frames[0]!.toString())).toMatchObject({ op: 10 });
      expect(JSON.parse(zlib.inflateSync(frames[1]!).toString())).toMatchObject({ op: 0, t: 'READY', s: 1 });
      expect(fake.gatewayStats.identifies[0]?.compress).toBe(true);
    } finally {
      await fake.close();
    }
  });
});

describe('multipart parser', () => {
  it('round-trips a FormData body as undici encodes it', async () => {
    const form = new FormData();
    form.append('files[0]', new Blob([PNG], { type: 'image/png' }), 'a "quoted".png');
    form.append('payload_json', JSON.stringify({ content: 'hi' }));
    const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
    const parts = parseMultipart(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type')!);
    expect(parts.map((p) => p.name)).toEqual(['files[0]', 'payload_json']);
    expect(parts[0]).toMatchObject({ filename: 'a "quoted".png', contentType: 'image/png' });
    expect(parts[0]!.data.equals(PNG)).toBe(true);
    expect(JSON.parse(parts[1]!.data.toString())).toEqual({ content: 'hi' });
  });

  it('generates snowflakes that discord.js routes recognise', () => {
    expect(snowflake()).toMatch(/^\d{17,19}$/);
  });
});
