import type { Logger } from '../logger';
import type { GamesRepo, OutboxRow } from './games.repo';
import type { Post } from './posts';
import { mapFileName, type MapRenderer } from './maps';

/** Where channel posts go: Discord, the console, or a test. */
export interface ChannelPoster {
  /**
   * `nonce` identifies the outbox row: Discord refuses a second message with the same nonce
   * (enforce_nonce), so a crash between posting and recording "sent" cannot post twice.
   */
  post(channelId: string, message: Post, nonce: string): Promise<void>;
}

const MAX_BACKOFF_MS = 10 * 60_000;

/**
 * Sends what transactions wrote to the outbox, after they committed: in order per channel
 * (a failed post holds back the later ones of its channel), retried with exponential back-off.
 * Rate limits: discord.js's REST client waits out 429s itself; a post that still fails is
 * retried later, never re-sent once marked sent.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private current: Promise<number> | null = null;

  constructor(private readonly repo: GamesRepo, private readonly poster: ChannelPoster, private readonly clock: () => number, private readonly log?: Logger, private readonly maps?: MapRenderer) {}

  flush(): Promise<number> {
    // After stop() the database may be closed: a kick queued just before must not touch it.
    if (this.running || this.stopped) return Promise.resolve(0);
    this.current = this.drain().finally(() => { this.current = null; });
    return this.current;
  }

  private async drain(): Promise<number> {
    this.running = true;
    let sent = 0;
    try {
      const blocked = new Set<string>();
      for (const due of this.repo.dueOutbox(this.clock(), 500)) {
        if (blocked.has(due.channelId)) continue;
        // Claim, then post what the row says now: a receipt amended since the list was read is
        // posted as amended, and one amended after the claim is queued behind it (issue 16).
        const row = this.repo.claimOutbox(due.id, this.clock());
        if (!row) continue;
        try {
          await this.poster.post(row.channelId, await this.withMap(decode(row)), `estafette-${row.id}`);
          this.repo.markSent(row.id, this.clock());
          sent++;
        } catch (e) {
          blocked.add(row.channelId);
          const attempts = row.attempts + 1;
          const wait = Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.min(attempts, 10));
          this.repo.markFailed(row.id, attempts, this.clock() + wait, (e as Error).message);
          this.log?.warn({ err: e, outbox: row.id, attempts }, 'outbox: post failed, will retry');
        }
      }
    } finally {
      this.running = false;
    }
    return sent;
  }

  /** Render a post's map description into an attachment (or drop it when there is no renderer). */
  private async withMap(post: Post): Promise<Post> {
    const { map, ...rest } = post;
    if (!map || !this.maps) return rest;
    const img = await this.maps.render(map);
    const name = mapFileName(img.format);
    return { ...rest, files: [...(rest.files ?? []), { name, data: img.data, description: 'Map of the battle after this phase' }], embeds: [...(rest.embeds ?? []), { image: name }] };
  }

  /** Flush soon (after the current tick), without waiting for the next poll. */
  kick(): void {
    setImmediate(() => void this.flush());
  }

  start(intervalMs = 2_000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stop polling and wait for a flush under way, so the caller may close the database after. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopped = true;
    await this.current?.catch(() => undefined);
  }
}

/** Files travel through the outbox as base64 (see Posts.put). */
interface StoredPost extends Omit<Post, 'files'> {
  readonly files?: readonly { readonly name: string; readonly data: string; readonly description?: string }[];
}

function decode(row: OutboxRow): Post {
  const body = JSON.parse(row.body) as StoredPost;
  const { files, ...rest } = body;
  return files ? { ...rest, files: files.map((f) => ({ ...f, data: Buffer.from(f.data, 'base64') })) } : rest;
}
