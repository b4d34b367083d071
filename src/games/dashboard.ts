import { eq, ne } from 'drizzle-orm';
import { seatHolder } from './bot-general';
import { dashboards, games } from '../db/games.schema';
import type { Db } from '../db/open';
import { escapeMd, ts } from '../interaction/present-rolls';
import type { Logger } from '../logger';
import type { Outcome } from '../rules/contract';
import type { GameService, Live } from './game.service';
import type { Post } from './posts';
import { WINDOW_BUTTONS } from './posts';

/** Every ended game's dashboard says this (how flush knows it has had its last edit). */
const ENDED = '🏁 The game is over';

/**
 * How a game ended, in one line, as the channel was told when it did (the resolution's victory
 * text) — or that the GM ended it. Used by the dashboard and by commands that find it over.
 */
export function overText(outcome: Outcome | null): string {
  return outcome ? `${ENDED} — ${escapeMd(outcome.summary)}` : `${ENDED} — the GM ended it before the rules did.`;
}

/** What can still be read of an ended game. */
const ENDED_HINT = 'Its story turn by turn: `/game history`; every die stays checkable with `/rolls log`.';

/** At most one edit of a dashboard per this many ms: a burst of inputs makes one edit (Discord's rate limits). */
export const DASHBOARD_COALESCE_MS = 15_000;

/** What the dashboard needs of the channel: post a message (its id back), edit it, pin it. */
export interface DashboardPoster {
  send(channelId: string, message: Post): Promise<string>;
  edit(channelId: string, messageId: string, message: Post): Promise<void>;
  /** Pin the message if the bot may; a refusal is not an error (pinning is a courtesy). */
  pin(channelId: string, messageId: string): Promise<void>;
  /** A link readers can follow to a message of the channel; absent where there is none (the console). */
  link?(guildId: string, channelId: string, messageId: string): string;
}

/** The last resolution: its window's label and, once its post is sent, a jump link to it. */
export interface LastResolved {
  readonly label: string;
  readonly url: string | null;
}

/** Discord's jump link to a message (opens the channel at that message, for anyone who can see it). */
export function messageLink(guildId: string, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;
}

/**
 * The dashboard of a game as it stands (issue 11): turn and phase, the deadline as a Discord
 * timestamp (each reader sees it in their own time zone), who has posted (✅/⏳ — never how many
 * orders: that would tell the enemy how busy a seat is) and the last resolution.
 */
export function dashboardText(l: Live, progress: ReturnType<GameService['progress']>, lastResolved: LastResolved | null): string {
  const labels = new Map(l.ruleset.seats(l.state).map((s: { id: string; label: string }) => [s.id, s.label]));
  const lines = [`📋 **${escapeMd(l.game.name)}** — ${escapeMd(l.ruleset.name)}`];
  if (l.window) {
    const deadline = l.window.deadlineAt !== null ? ` — deadline ${ts(l.window.deadlineAt, 'f')} (${ts(l.window.deadlineAt, 'R')})` : '';
    lines.push(`Now: **${escapeMd(l.window.label)}**${deadline}${l.window.pausedAt ? ' — ⏸️ paused' : ''}`);
    for (const seat of progress) {
      if (!seat.owing) continue;
      const who = seatHolder(l, seat);
      lines.push(`${seat.ready ? '✅' : '⏳'} ${escapeMd(labels.get(seat.seatId) ?? seat.seatId)} — ${who}`);
    }
  }
  if (lastResolved) {
    const label = escapeMd(lastResolved.label);
    // The link once the resolution post is out (its message id is known); the commands always.
    const named = lastResolved.url ? `[${label}](${lastResolved.url})` : label;
    lines.push(`Last resolved: ${named} (\`/game history\`, \`/map\`).`);
  }
  return lines.join('\n');
}

/**
 * Keeps one dashboard message per running game up to date. Polled (like the outbox): it reads
 * every running game, and posts, or edits when what it says has changed and the last edit is
 * at least DASHBOARD_COALESCE_MS old. Never rejects: a failure is logged and tried again.
 */
export class DashboardSender {
  private running = false;

  constructor(private readonly db: Db, private readonly games: GameService, private readonly poster: DashboardPoster, private readonly clock: () => number, private readonly log?: Logger) {}

  async flush(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let changed = 0;
    try {
      const rows = this.db.select({ id: games.id, guildId: games.guildId, channelId: games.channelId, name: games.name, status: games.status }).from(games).where(ne(games.status, 'setup')).all();
      const known = new Map(this.db.select().from(dashboards).all().map((d) => [d.gameId, d]));
      for (const g of rows) {
        const d = known.get(g.id);
        // An ended game gets its last edit (no buttons), then is left alone.
        if (g.status === 'ended' && (!d?.messageId || d.content?.includes(ENDED))) continue;
        try {
          if (g.status === 'ended' ? await this.finish(g.id, g.name, d!) : await this.update(g.id, g.guildId, g.channelId, d)) changed++;
        } catch (e) {
          this.log?.warn({ err: e, game: g.id }, 'dashboard: could not post or edit; will retry');
        }
      }
    } catch (e) {
      this.log?.warn({ err: e }, 'dashboard: cannot read the games; will retry');
    } finally {
      this.running = false;
    }
    return changed;
  }

  private async update(gameId: number, guildId: string, channelId: string, d: typeof dashboards.$inferSelect | undefined): Promise<boolean> {
    const now = this.clock();
    if (d?.editedAt != null && now - d.editedAt < DASHBOARD_COALESCE_MS) return false;
    // What it shows (who has posted, the turn) is read now: shown once on disk (issue 12).
    const mark = this.db.$durability.mark();
    const l = this.liveOf(gameId, channelId);
    if (!l) return false;
    const content = dashboardText(l, l.window ? this.games.progress(l) : [], this.lastResolved(gameId, guildId, channelId));
    if (d?.content === content && d.messageId) return false;
    await this.db.$durability.durable(mark);
    const post: Post = { content, components: [WINDOW_BUTTONS] };
    if (d?.messageId) {
      await this.poster.edit(channelId, d.messageId, post);
      this.db.update(dashboards).set({ content, editedAt: now }).where(eq(dashboards.gameId, gameId)).run();
      return true;
    }
    const messageId = await this.poster.send(channelId, post);
    this.db.insert(dashboards).values({ gameId, channelId, messageId, content, editedAt: now })
      .onConflictDoUpdate({ target: dashboards.gameId, set: { messageId, content, editedAt: now } }).run();
    await this.poster.pin(channelId, messageId).catch((e: unknown) => this.log?.info({ err: e, game: gameId }, 'dashboard: not pinned (no permission?)'));
    return true;
  }

  /** The last edit of an ended game's dashboard: the result and where its story is; no deadline, no seats, no buttons. */
  private async finish(gameId: number, name: string, d: typeof dashboards.$inferSelect): Promise<boolean> {
    const mark = this.db.$durability.mark();
    const game = this.games.repo.game(gameId);
    const outcome = game ? this.games.outcomeOf(game) : null;
    const content = [`📋 **${escapeMd(name)}**`, overText(outcome), ENDED_HINT].join('\n');
    await this.db.$durability.durable(mark);
    await this.poster.edit(d.channelId, d.messageId!, { content, components: [] });
    this.db.update(dashboards).set({ content, editedAt: this.clock() }).where(eq(dashboards.gameId, gameId)).run();
    return true;
  }

  /**
   * The last resolution standing (a rolled-back one no longer counts), linked to the first
   * message of its post (`resolution:<window>:0`, the head line) once the outbox has sent it.
   */
  private lastResolved(gameId: number, guildId: string, channelId: string): LastResolved | null {
    const repo = this.games.repo;
    // From the newest back: one resolution read in the usual case, however long the game.
    const w = repo.windowsOf(gameId).reverse().find((x) => x.status === 'resolved' && x.trigger !== 'rolled-back' && repo.resolutionOf(x.id)?.rolledBackAt == null);
    if (!w) return null;
    const messageId = repo.sentMessageId(`resolution:${w.id}:0`);
    return { label: w.label, url: messageId && this.poster.link ? this.poster.link(guildId, channelId, messageId) : null };
  }

  /** The running game as players see it now (null if the channel's live game is another one). */
  private liveOf(gameId: number, channelId: string): Live | null {
    try {
      const l = this.games.live(channelId);
      return l.game.id === gameId ? l : null;
    } catch {
      return null;
    }
  }
}

/** Poll the dashboards every `everyMs` (edits themselves are spaced by DASHBOARD_COALESCE_MS). */
export function startDashboards(sender: DashboardSender, everyMs = 5_000): NodeJS.Timeout {
  const timer = setInterval(() => { void sender.flush(); }, everyMs);
  timer.unref();
  return timer;
}
