import { afterAll, beforeAll } from 'vitest';
import { commandMap } from '../../commands/index';
import { startDiscord, type DiscordBot } from '../../src/adapters/discord';
import { discordPoster } from '../../src/adapters/posters';
import { openDb } from '../../src/db/open';
import { OutboxSender } from '../../src/games/outbox';
import { createServices, type Services } from '../../src/services/services';
import { startFakeDiscord, type FakeDiscord } from './fake-discord';
import { silentLog, type testClock } from './services';

/** The real discord.js bot against the fake Discord (each turn one transaction, as in production), with its services and outbox sender. */
export interface E2eBot {
  readonly fake: FakeDiscord;
  readonly bot: DiscordBot;
  readonly services: Services;
  readonly outbox: OutboxSender;
  stop(): Promise<void>;
}

/**
 * One guild with its channels, services on an in-memory database whose seed epochs take the
 * seeds after `seedOffset` in order (so a game's dice are the same on every run), the bot, and
 * an outbox sender that renders maps (unless `maps: false`).
 */
export async function startE2eBot(opts: {
  readonly guild: { readonly id: string; readonly name: string; readonly channels: readonly { readonly id: string; readonly name: string }[] };
  readonly clock: ReturnType<typeof testClock>;
  readonly seedOffset?: number;
  readonly services?: Services;
  readonly maps?: boolean;
  /** One transaction per turn of interactions, as the bot runs with TURN_BATCH=on (the default); false: off. */
  readonly batch?: boolean;
}): Promise<E2eBot> {
  const fake = await startFakeDiscord({ guilds: [{ id: opts.guild.id, name: opts.guild.name, channels: [...opts.guild.channels] }] });
  let n = opts.seedOffset ?? 0;
  const services = opts.services ?? createServices(openDb(':memory:'), { clock: opts.clock, seedEpochHours: 24, newSeed: () => (++n).toString(16).padStart(64, '0') });
  const bot = await startDiscord({ token: fake.token, restApi: fake.restApi, commands: commandMap(), services, log: silentLog, now: () => opts.clock.date(),
    ...(opts.batch === false ? {} : { turn: (items: () => void) => services.db.$batch.run(items) }) });
  const outbox = opts.maps === false
    ? new OutboxSender(services.games.repo, discordPoster(bot.client), opts.clock, silentLog)
    : new OutboxSender(services.games.repo, discordPoster(bot.client), opts.clock, silentLog, services.maps);
  return { fake, bot, services, outbox, stop: async () => { await bot.stop(); await fake.close(); } };
}

/**
 * `startE2eBot` for a describe block: started in its beforeAll, stopped in its afterAll. The
 * fields are filled when the block's tests run (read them as `e2e.services`, never destructure
 * at collection time).
 */
export function useE2eBot(opts: Parameters<typeof startE2eBot>[0]): E2eBot {
  const live = {} as { -readonly [K in keyof E2eBot]: E2eBot[K] };
  beforeAll(async () => { Object.assign(live, await startE2eBot(opts)); });
  afterAll(async () => { await live.bot?.stop(); await live.fake?.close(); });
  return live;
}
