import type { Logger } from '../logger';
import type { GamesRepo, OutboxRow } from './games.repo';
import type { Post } from './posts';
import { mapFileName, type MapRenderer } from './maps';

/** Where channel posts go: Discord, the console, or a test. */
export interface ChannelPoster {
  /**
   * `nonce` identifies the outbox row: Discord refuses a second message with the same nonce
   * (enforce_nonce), so a crash between posting and recording "sent" cannot post twice.
   * Resolves to the id of the message posted (the console's is local), kept with the row so
   * the dashboard can link to the last resolution (issue 11).
   */
  post(channelId: string, message: Post, nonce: string): Promise<string>;
}

const MAX_BACKOFF_MS = 10 * 60_000;
/** How long sent receipts stay in the outbox by default (OUTBOX_RETENTION_DAYS): a week to look back on "was it posted?". */
export const DEFAULT_OUTBOX_RETENTION_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;
/** Rows deleted per statement: short write transactions, so commands never wait long behind a prune. */
const PRUNE_BATCH = 2_000;

/**
 * Channels posted to at once: Discord limits each channel on its own (5 messages / 5 s) and
 * discord.js queues per route, so a channel waiting out its limit must not hold back the others.
 * Bounded, so a burst over many channels does not open many sockets or render many maps at once.
 */
export const MAX_CHANNELS_IN_FLIGHT = 4;

/** A claimed row and the attempts it had (the in-memory count when its back-off could not be written). */
interface Claimed { readonly row: OutboxRow; readonly attempts: number }

/**
 * Sends what transactions wrote to the outbox, after they committed: in order per channel
 * (a failed post holds back the later ones of its channel), retried with exponential back-off.
 * Channels are independent: up to MAX_CHANNELS_IN_FLIGHT channels post at once, one post in
 * flight per channel (its "lane"), so a slow or rate-limited channel delays only itself.
 * Rate limits: discord.js's REST client waits out 429s itself; a post that still fails is
 * retried later, never re-sent once marked sent.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private pollMs = 0;
  /** Wakes the sender when the next post falls due (a settling receipt, a back-off) before the poll. */
  private dueTimer: NodeJS.Timeout | undefined;
  /** A scan (read, claim, wait for the disk) is under way. */
  private running = false;
  private stopped = false;
  private scanning: Promise<unknown> | null = null;
  /** Kicked while a scan ran: scan again when it ends. */
  private kicked = false;
  /**
   * The time the last scan read its due rows at. The wake-up looks for rows due *after that*,
   * not after the clock when the scan ends: a row falling due in between (a timer firing a
   * millisecond early, then the clock ticking over) would otherwise be neither posted nor waited
   * for, and sit until the next poll (CI caught it: a lone receipt never posted).
   */
  private scannedAt: number | null = null;
  /** A scan left due posts behind (their channel busy, or no lane free): scan again when a lane ends. */
  private deferred = false;
  /** Channels being posted to, each with the lane posting its claimed rows in order. */
  private readonly lanes = new Map<string, Promise<number>>();
  /**
   * Rows posted whose "sent" could not be written (disk full, I/O error): never posted again
   * by this process; recorded first on every later drain, and nothing new is posted until
   * they are. Were the process to stop first, a restart would post them again with the same
   * nonce, which Discord drops for a few minutes (enforce_nonce).
   */
  private readonly unrecorded = new Map<number, { at: number; messageId: string | null }>();
  /** Failed posts whose back-off could not be written: held in memory instead. */
  private readonly heldBack = new Map<number, { attempts: number; until: number }>();
  /** True from a storage error until a write succeeds: logs once, not once per poll. */
  private storageFailing = false;

  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly retentionMs: number;

  constructor(private readonly repo: GamesRepo, private readonly poster: ChannelPoster, private readonly clock: () => number, private readonly log?: Logger, private readonly maps?: MapRenderer, opts: { retentionMs?: number } = {}) {
    this.retentionMs = opts.retentionMs ?? DEFAULT_OUTBOX_RETENTION_MS;
  }

  /**
   * Delete sent receipts older than the retention (GamesRepo.pruneSentOutbox says which rows and
   * why), in batches with a turn of the event loop between them. Without it the outbox keeps a
   * row per input forever (issue 12). Never rejects: a storage error is logged, and the next
   * hourly prune tries again. Resolves to how many rows went.
   */
  async prune(): Promise<number> {
    let gone = 0;
    try {
      for (;;) {
        if (this.stopped) break;
        const n = this.repo.pruneSentOutbox(this.clock() - this.retentionMs, PRUNE_BATCH);
        gone += n;
        if (n < PRUNE_BATCH) break;
        await new Promise((r) => setImmediate(r));
      }
    } catch (e) {
      this.log?.warn({ err: e }, 'outbox: could not prune sent posts; will retry');
    }
    if (gone) this.log?.info({ rows: gone, retentionMs: this.retentionMs }, 'outbox: pruned sent receipts');
    return gone;
  }

  /**
   * Send what is due, and resolve when the posts this call started are done (posts of a channel
   * already being posted to are left to that channel's lane and the scan after it). Never
   * rejects: a storage error is logged and retried on the next poll.
   */
  flush(): Promise<number> {
    // After stop() the database may be closed: a kick queued just before must not touch it.
    if (this.running || this.stopped) return Promise.resolve(0);
    this.kicked = false;
    this.running = true;
    this.scannedAt = null;
    const scan = this.scan()
      .catch((e: unknown) => { this.storageError(e, 'outbox: cannot read the outbox; will retry'); return [] as Promise<number>[]; })
      .finally(() => {
        this.running = false;
        this.scanning = null;
        if (this.kicked) this.kick();
        else this.wakeWhenDue();
      });
    this.scanning = scan;
    return scan.then(async (started) => (await Promise.all(started)).reduce((a, b) => a + b, 0));
  }

  /** Posts sent but not yet recorded as sent (storage failing). */
  get unrecordedCount(): number {
    return this.unrecorded.size;
  }

  /** Claim the due rows of channels not being posted to, wait for their commits to be on disk, start a lane per channel. */
  private async scan(): Promise<Promise<number>[]> {
    if (!this.recordUnrecorded()) return [];
    const free = MAX_CHANNELS_IN_FLIGHT - this.lanes.size;
    if (this.lanes.size) this.deferred = true; // a busy channel may have more queued: look again when its lane ends
    if (free <= 0) return [];
    const now = this.clock();
    this.scannedAt = now;
    const blocked = new Set<string>();
    // Claim, then post what the row says now: a receipt amended since the list was read is
    // posted as amended, and one amended after the claim is queued behind it (issue 16).
    const byChannel = new Map<string, Claimed[]>();
    for (const due of this.repo.dueOutbox(now, 500, [...this.lanes.keys()])) {
      if (blocked.has(due.channelId) || this.lanes.has(due.channelId)) continue;
      if (!byChannel.has(due.channelId) && byChannel.size >= free) { this.deferred = true; continue; }
      const h = this.heldBack.get(due.id);
      if (h && h.until > now) { blocked.add(due.channelId); continue; }
      let row: ReturnType<GamesRepo['claimOutbox']>;
      try {
        row = this.repo.claimOutbox(due.id, this.clock());
      } catch (e) {
        // Nothing was posted: the row stays due and is claimed again once storage works.
        this.storageError(e, 'outbox: could not claim a post; holding posts until storage works');
        break;
      }
      if (!row) continue;
      const list = byChannel.get(row.channelId) ?? [];
      list.push({ row, attempts: h?.attempts ?? row.attempts });
      byChannel.set(row.channelId, list);
    }
    if (!byChannel.size) return [];
    // A post acknowledges what its transaction committed: none leaves before that is on disk.
    // One wait covers the whole batch (group commit, issue 12). Rows claimed but not posted
    // stay due and are posted by the next scan, as after a failed post.
    try {
      await this.repo.durability.durable();
    } catch (e) {
      this.log?.error({ err: e, rows: [...byChannel.values()].reduce((n, l) => n + l.length, 0) }, 'outbox: the commits of these posts are not known to be on disk (fsync failed); not posting them');
      return [];
    }
    return [...byChannel].map(([channelId, rows]) => this.lane(channelId, rows));
  }

  /**
   * Post one channel's claimed rows in order. A failure stops the lane (the row's back-off holds
   * back the rest of the channel); a post that cannot be recorded as sent stops every lane.
   */
  private lane(channelId: string, rows: readonly Claimed[]): Promise<number> {
    const run = async (): Promise<number> => {
      let sent = 0;
      for (const { row, attempts } of rows) {
        if (this.unrecorded.size) break;
        let messageId: string | null;
        try {
          messageId = (await this.poster.post(row.channelId, await this.withMap(decode(row)), `estafette-${row.id}`)) ?? null;
        } catch (e) {
          this.postFailed(row, attempts, e);
          break;
        }
        this.heldBack.delete(row.id);
        const at = this.clock();
        sent++;
        try {
          this.repo.markSent(row.id, at, messageId);
          this.storageWorks();
        } catch (e) {
          // Posted but not recorded: remember it, and post nothing more until it is recorded.
          this.unrecorded.set(row.id, { at, messageId });
          this.storageError(e, 'outbox: a post was sent but could not be recorded as sent; holding every later post until it is');
          break;
        }
      }
      return sent;
    };
    const lane = run()
      .catch((e: unknown) => { this.log?.error({ err: e, channel: channelId }, 'outbox: a channel\'s posts stopped on an unexpected error; will retry'); return 0; })
      .finally(() => {
        this.lanes.delete(channelId);
        if (this.deferred && !this.stopped) { this.deferred = false; this.kick(); }
      });
    this.lanes.set(channelId, lane);
    return lane;
  }

  /** Between polls, flush when the next post falls due (a receipt done settling). */
  private wakeWhenDue(): void {
    if (!this.timer || this.stopped) return;
    clearTimeout(this.dueTimer);
    let at: number | null;
    try {
      at = this.repo.nextDueAfter(this.scannedAt ?? this.clock());
    } catch {
      return; // storage failing: the poll tries again
    }
    if (at === null) return;
    const wait = Math.max(0, at - this.clock());
    if (wait >= this.pollMs) return;
    this.dueTimer = setTimeout(() => void this.flush(), wait);
    this.dueTimer.unref();
  }

  /** Write the "sent" marks that failed before; false while storage still fails. */
  private recordUnrecorded(): boolean {
    for (const [id, { at, messageId }] of this.unrecorded) {
      try {
        this.repo.markSent(id, at, messageId);
      } catch (e) {
        this.storageError(e, 'outbox: still cannot record sent posts; holding later posts');
        return false;
      }
      this.unrecorded.delete(id);
      this.log?.info({ outbox: id }, 'outbox: recorded a post sent while storage was failing');
    }
    this.storageWorks();
    return true;
  }

  private postFailed(row: OutboxRow, before: number, e: unknown): void {
    const attempts = before + 1;
    const wait = Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.min(attempts, 10));
    const until = this.clock() + wait;
    this.log?.warn({ err: e, outbox: row.id, attempts }, 'outbox: post failed, will retry');
    try {
      this.repo.markFailed(row.id, attempts, until, e instanceof Error ? e.message : String(e));
      this.heldBack.delete(row.id);
      this.storageWorks();
    } catch (e2) {
      this.heldBack.set(row.id, { attempts, until });
      this.storageError(e2, 'outbox: could not record a failed post; backing off in memory');
    }
  }

  private storageError(e: unknown, msg: string): void {
    if (this.storageFailing) this.log?.debug({ err: e, unrecorded: this.unrecorded.size }, msg);
    else this.log?.error({ err: e, unrecorded: this.unrecorded.size }, msg);
    this.storageFailing = true;
  }

  private storageWorks(): void {
    if (!this.storageFailing) return;
    this.storageFailing = false;
    this.log?.info('outbox: storage works again; posting resumes');
  }

  /** Render a post's map description into an attachment (or drop it when there is no renderer). */
  private async withMap(post: Post): Promise<Post> {
    const { map, ...rest } = post;
    if (!map || !this.maps) return rest;
    const img = await this.maps.render(map);
    const name = mapFileName(img.format);
    return { ...rest, files: [...(rest.files ?? []), { name, data: img.data, description: 'Map of the battle after this phase' }], embeds: [...(rest.embeds ?? []), { image: name }] };
  }

  /**
   * Flush soon (after the current tick), without waiting for the next poll. A kick during a
   * drain (which now waits for an fsync) drains again after it, so new posts do not wait for the poll.
   */
  kick(): void {
    // Every order of a turn kicks once its turn commits: one scheduled kick serves them all
    // (a scan per input cost ~2% of the main thread under bench:load, issue 12).
    if (this.kickPending) return;
    this.kickPending = true;
    setImmediate(() => {
      this.kickPending = false;
      if (this.running) this.kicked = true;
      else void this.flush();
    });
  }
  private kickPending = false;

  start(intervalMs = 2_000): void {
    this.pollMs = intervalMs;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
    void this.prune();
  }

  /** Stop polling and wait for a flush under way, so the caller may close the database after. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.pruneTimer);
    clearTimeout(this.dueTimer);
    this.stopped = true;
    await this.scanning?.catch(() => undefined);
    await Promise.all(this.lanes.values());
    if (this.unrecorded.size && !this.recordUnrecorded()) {
      this.log?.error({ outbox: [...this.unrecorded.keys()] }, 'outbox: stopping with posts sent but not recorded (storage failing): a restart posts them again with the same nonce, which Discord drops only for a few minutes');
    }
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
