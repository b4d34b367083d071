import { and, asc, type Column, desc, eq, getTableColumns, is, isNull, lte, ne, sql, Table } from 'drizzle-orm';
import type { Db } from '../db/open';
import { actions, games, heartbeat, outbox, readiness, receipts, remindersSent, resolutions, seats, submissions, windows } from '../db/games.schema';

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type WindowRow = typeof windows.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type ResolutionRow = typeof resolutions.$inferSelect;

/** Live games whose seats and window GamesRepo.liveIn keeps (far more than one process serves at once). */
const MAX_REV_COPIES = 4096;

/**
 * Storage for games. Returns null for absence; the services decide what absence means. Every
 * write runs inside the caller's transaction.
 */
export class GamesRepo {
  // Every player command reads these: statements prepared once (drizzle builds SQL per call).
  private readonly hot;

  /** Await before posting what this database committed (group commit, issue 12). */
  get durability(): Db['$durability'] {
    return this.db.$durability;
  }

  constructor(private readonly db: Db) {
    const { state: _state, ...gameMeta } = getTableColumns(games);
    this.hot = {
      // Without `state`: the game's whole rules state is kilobytes of JSON (most of a command's
      // reading time, issue 12), and the service keeps it parsed per version (GameService.stateOf).
      // Plain SQL with the columns named as the row's fields: drizzle's mapping of a row cost
      // more than the query (issue 12). The same columns as `games`, less `state` (checked in a test).
      liveGameIn: db.$client.prepare<[string], Omit<GameRow, 'state'>>(`SELECT ${fieldsOf(gameMeta)}
        FROM games WHERE channel_id = ? AND status != 'ended'`),
      stateAt: db.$client.prepare<[number, number], { state: string | null }>('SELECT state FROM games WHERE id = ? AND version = ?'),
      // Plain SQL too, read at least once per input: drizzle's mapping of each row (`is()` per
      // column, a reduce) cost ~1.4% of the bot's main thread under bench:load, half what the
      // queries themselves did. Every column, named as drizzle names it (checked in a test).
      openWindow: db.$client.prepare<[number], WindowRow>(`SELECT ${fieldsOf(windows)} FROM windows WHERE game_id = ? AND status = 'open'`),
      seats: db.$client.prepare<[number], SeatRow>(`SELECT ${fieldsOf(seats)} FROM seats WHERE game_id = ? ORDER BY seat_id`),
      active: db.$client.prepare<[number], SubmissionRow>(`SELECT ${fieldsOf(submissions)} FROM submissions WHERE window_id = ? AND withdrawn_at IS NULL ORDER BY id`),
      activeSeat: db.$client.prepare<[number, string], SubmissionRow>(`SELECT ${fieldsOf(submissions)} FROM submissions WHERE window_id = ? AND seat_id = ? AND withdrawn_at IS NULL ORDER BY id`),
      // Every seat a player holds, in one read (a DRAM commander holds the army's seat and a corps'):
      // one statement, not one per seat tried (issue 12). Through submissions_live, a lookup per seat.
      activeSeats: db.$client.prepare<[number, string], SubmissionRow>(`SELECT ${fieldsOf(submissions)} FROM submissions
        WHERE window_id = ? AND withdrawn_at IS NULL AND seat_id IN (SELECT value FROM json_each(?)) ORDER BY id`),
      ready: db.$client.prepare<[number], string>('SELECT seat_id FROM readiness WHERE window_id = ?').pluck(),
      // The writes of every order, in plain SQL as well: drizzle's prepared statements fill their
      // placeholders and map a RETURNING row on each call (~2-3 µs each under bench:load, issue 12).
      withdraw: db.$client.prepare<[{ at: number; window: number; seat: string; key: string }]>(`UPDATE submissions SET withdrawn_at = @at
        WHERE window_id = @window AND seat_id = @seat AND key = @key AND withdrawn_at IS NULL`),
      insertSubmission: db.$client.prepare<[{ windowId: number; seatId: string; userId: string; key: string; body: string; createdAt: number }]>(`INSERT INTO submissions
        (window_id, seat_id, user_id, key, body, created_at, withdrawn_at) VALUES (@windowId, @seatId, @userId, @key, @body, @createdAt, NULL)`),
      insertReceipt: db.$client.prepare<[{ windowId: number; seatId: string; hash: string; nonce: string; orders: string; createdAt: number }]>(`INSERT INTO receipts
        (window_id, seat_id, hash, nonce, orders, created_at) VALUES (@windowId, @seatId, @hash, @nonce, @orders, @createdAt)`),
      // Only a row no sender has claimed: one being posted keeps what it says (issue 16, the amend race).
      // Through outbox_unsent_key (unsent posts by key): the family is the key range [family,
      // familyEnd), so a receipt reads its own seat's unsent post and no other. Walking every unsent
      // post (outbox_pending) cost ~55 µs per input with ~200 receipts settling; a range of the
      // dedupe index walked every sent receipt of the family too (bench/inputs.ts 3.1×).
      // INDEXED BY: without statistics SQLite prefers outbox_pending's equality on sent_at.
      replaceUnsent: db.$client.prepare<[{ body: string; key: string; family: string; familyEnd: string }]>(`UPDATE outbox INDEXED BY outbox_unsent_key SET body = @body, dedupe_key = @key
        WHERE dedupe_key >= @family AND dedupe_key < @familyEnd AND substr(dedupe_key, 1, length(@family)) = @family AND sent_at IS NULL AND claimed_at IS NULL`),
      enqueue: db.insert(outbox).values({
        gameId: sql.placeholder('gameId'), channelId: sql.placeholder('channelId'), body: sql.placeholder('body'), dedupeKey: sql.placeholder('dedupeKey'),
        createdAt: sql.placeholder('createdAt'), nextAttemptAt: sql.placeholder('nextAttemptAt'), attempts: 0,
      }).onConflictDoNothing().prepare(),
      // The outbox sender's statements: one claim and one "sent" per post, one due list per drain.
      // `busy`: a JSON array of channels the sender is posting to already (their rows wait for that).
      dueOutbox: db.select().from(outbox).where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql.placeholder('now')),
        sql`${outbox.channelId} NOT IN (SELECT value FROM json_each(${sql.placeholder('busy')}))`,
        sql`NOT EXISTS (SELECT 1 FROM outbox p WHERE p.channel_id = ${outbox.channelId} AND p.sent_at IS NULL AND p.id < ${outbox.id} AND p.next_attempt_at > ${sql.placeholder('now')})`))
        .orderBy(asc(outbox.id)).limit(sql.placeholder('limit')).prepare(),
      // Through outbox_pending: only unsent rows due later (settling receipts and back-offs) are read.
      nextDue: db.$client.prepare<[number], { at: number | null }>('SELECT MIN(next_attempt_at) AS at FROM outbox WHERE sent_at IS NULL AND next_attempt_at > ?'),
      releaseSettling: db.$client.prepare<[{ now: number; channel: string }]>(`UPDATE outbox SET next_attempt_at = @now WHERE sent_at IS NULL AND next_attempt_at > @now
        AND attempts = 0 AND channel_id = @channel AND substr(dedupe_key, 1, 8) = 'receipt:'`),
      claimOutbox: db.update(outbox).set({ claimedAt: sql`coalesce(${outbox.claimedAt}, ${sql.placeholder('at')})` })
        .where(and(eq(outbox.id, sql.placeholder('id')), isNull(outbox.sentAt))).returning().prepare(),
      markSent: db.update(outbox).set({ sentAt: sql.placeholder('at') as never, messageId: sql.placeholder('messageId') as never }).where(eq(outbox.id, sql.placeholder('id'))).prepare(),
    };
  }

  insertGame(g: Omit<typeof games.$inferInsert, 'id'>): GameRow {
    return this.db.insert(games).values(g).returning().get();
  }
  game(id: number): GameRow | null {
    return this.db.select().from(games).where(eq(games.id, id)).get() ?? null;
  }
  /**
   * The channel's live game. Its `state` is read from the database only when something reads it
   * (the service's parsed copy of that version usually serves instead); every change of the state
   * bumps `version`, so the row's version names the state it had when the row was read.
   */
  liveGameIn(channelId: string): GameRow | null {
    const meta = this.hot.liveGameIn.get(channelId);
    if (!meta) return null;
    let text: string | null | undefined;
    const stateAt = this.hot.stateAt;
    return {
      ...meta,
      get state(): string | null {
        if (text !== undefined) return text;
        const row = stateAt.get(meta.id, meta.version);
        // A row kept across a change of its game and read only afterwards: a bug of the caller's.
        if (!row) throw new Error(`game ${meta.id} changed after version ${meta.version} was read: read the game again`);
        return (text = row.state);
      },
    };
  }
  /**
   * The channel's live game with its open window and seats, as every player command reads them.
   * The window and the seats are read again only when the game's `rev` differs from the copy's:
   * the database gives `rev` a new value with every write to either, in the writing statement, so
   * a rollback restores it too (migration 0012). Seats and window took ~30 µs of the ~300 µs a
   * `/move` spent in its command under bench:load (issue 12). The copies are frozen: shared.
   */
  liveIn(channelId: string): { game: GameRow; window: WindowRow | null; seats: readonly SeatRow[] } | null {
    const game = this.liveGameIn(channelId);
    if (!game) return null;
    let at = this.atRev.get(game.id);
    if (!at || at.rev !== game.rev) {
      // Ended games leave their copy behind: a bound, not an eviction order, keeps that small.
      if (this.atRev.size >= MAX_REV_COPIES) this.atRev.clear();
      const window = this.openWindow(game.id);
      at = { rev: game.rev, window: window && Object.freeze(window), seats: Object.freeze(this.seats(game.id).map((s) => Object.freeze(s))) };
      this.atRev.set(game.id, at);
    }
    return { game, window: at.window, seats: at.seats };
  }
  private readonly atRev = new Map<number, { rev: number; window: WindowRow | null; seats: readonly SeatRow[] }>();

  gamesIn(guildId: string): GameRow[] {
    return this.db.select().from(games).where(eq(games.guildId, guildId)).orderBy(desc(games.id)).limit(50).all();
  }
  /** Update only if the game is still at `expectVersion`; false when someone else got there first. */
  updateGame(id: number, patch: Partial<Omit<GameRow, 'id'>>, expectVersion?: number): boolean {
    const where = expectVersion === undefined ? eq(games.id, id) : and(eq(games.id, id), eq(games.version, expectVersion));
    return this.db.update(games).set(patch).where(where).run().changes === 1;
  }

  insertSeats(rows: (typeof seats.$inferInsert)[]): void {
    if (rows.length) this.db.insert(seats).values(rows).run();
  }
  seats(gameId: number): SeatRow[] {
    return this.hot.seats.all(gameId);
  }
  updateSeat(gameId: number, seatId: string, patch: Partial<SeatRow>): void {
    this.db.update(seats).set(patch).where(and(eq(seats.gameId, gameId), eq(seats.seatId, seatId))).run();
  }

  insertWindow(w: Omit<typeof windows.$inferInsert, 'id'>): WindowRow {
    return this.db.insert(windows).values(w).returning().get();
  }
  window(id: number): WindowRow | null {
    return this.db.select().from(windows).where(eq(windows.id, id)).get() ?? null;
  }
  openWindow(gameId: number): WindowRow | null {
    return this.hot.openWindow.get(gameId) ?? null;
  }
  lastWindow(gameId: number): WindowRow | null {
    return this.db.select().from(windows).where(eq(windows.gameId, gameId)).orderBy(desc(windows.seq)).limit(1).get() ?? null;
  }
  windowsOf(gameId: number): WindowRow[] {
    return this.db.select().from(windows).where(eq(windows.gameId, gameId)).orderBy(asc(windows.seq)).all();
  }
  openWindows(): WindowRow[] {
    return this.db.select().from(windows).where(eq(windows.status, 'open')).orderBy(asc(windows.id)).all();
  }
  updateWindow(id: number, patch: Partial<WindowRow>): void {
    this.db.update(windows).set(patch).where(eq(windows.id, id)).run();
  }

  /** The seat's live orders in a window, in the order they were given. */
  activeSubmissions(windowId: number, seatId?: string): SubmissionRow[] {
    return seatId === undefined ? this.hot.active.all(windowId) : this.hot.activeSeat.all(windowId, seatId);
  }
  /** The live orders of any of `seatIds` in a window, in the order they were given (each row names its seat). */
  activeSubmissionsOfSeats(windowId: number, seatIds: readonly string[]): SubmissionRow[] {
    return seatIds.length === 1 ? this.hot.activeSeat.all(windowId, seatIds[0]!) : this.hot.activeSeats.all(windowId, JSON.stringify(seatIds));
  }
  /** Replace the seat's order with the same key (amend), or add it. */
  putSubmission(s: Omit<typeof submissions.$inferInsert, 'id'>): void {
    this.withdraw(s.windowId, s.seatId, s.key, s.createdAt);
    this.hot.insertSubmission.run({ windowId: s.windowId, seatId: s.seatId, userId: s.userId, key: s.key, body: s.body, createdAt: s.createdAt });
  }
  withdraw(windowId: number, seatId: string, key: string, at: number): boolean {
    return this.hot.withdraw.run({ at, window: windowId, seat: seatId, key }).changes > 0;
  }

  setReady(windowId: number, seatId: string, at: number): void {
    this.db.insert(readiness).values({ windowId, seatId, readyAt: at }).onConflictDoNothing().run();
  }
  unready(windowId: number, seatId: string): void {
    this.db.delete(readiness).where(and(eq(readiness.windowId, windowId), eq(readiness.seatId, seatId))).run();
  }
  readySeats(windowId: number): Set<string> {
    return new Set(this.hot.ready.all(windowId));
  }

  insertAction(a: Omit<typeof actions.$inferInsert, 'id'>): void {
    this.db.insert(actions).values(a).run();
  }
  actionsOf(windowId: number): (typeof actions.$inferSelect)[] {
    return this.db.select().from(actions).where(eq(actions.windowId, windowId)).orderBy(asc(actions.id)).all();
  }

  insertReceipt(r: Omit<typeof receipts.$inferInsert, 'id'>): number {
    const { windowId, seatId, hash, nonce, orders, createdAt } = r;
    return Number(this.hot.insertReceipt.run({ windowId, seatId, hash, nonce, orders, createdAt }).lastInsertRowid);
  }
  latestReceipts(windowId: number): (typeof receipts.$inferSelect)[] {
    return this.db.select().from(receipts).where(and(eq(receipts.windowId, windowId),
      sql`${receipts.id} = (SELECT MAX(r2.id) FROM receipts r2 WHERE r2.window_id = ${receipts.windowId} AND r2.seat_id = ${receipts.seatId})`)).all();
  }

  insertResolution(r: Omit<typeof resolutions.$inferInsert, 'id'>): void {
    this.db.insert(resolutions).values(r).run();
  }
  resolutionOf(windowId: number): ResolutionRow | null {
    return this.db.select().from(resolutions).where(eq(resolutions.windowId, windowId)).get() ?? null;
  }
  markRolledBack(id: number, at: number, reason: string): void {
    this.db.update(resolutions).set({ rolledBackAt: at, rollbackReason: reason }).where(eq(resolutions.id, id)).run();
  }

  remindersSent(windowId: number): Map<string, Set<number>> {
    const out = new Map<string, Set<number>>();
    for (const r of this.db.select().from(remindersSent).where(eq(remindersSent.windowId, windowId)).all()) {
      out.set(r.seatId, new Set([...(out.get(r.seatId) ?? []), r.leadMs]));
    }
    return out;
  }
  markReminder(windowId: number, seatId: string, leadMs: number, at: number): boolean {
    return this.db.insert(remindersSent).values({ windowId, seatId, leadMs, sentAt: at }).onConflictDoNothing().run().changes === 1;
  }

  enqueue(o: Omit<typeof outbox.$inferInsert, 'id' | 'attempts'>): void {
    // A post with columns beyond the common ones (none today) goes through the query builder.
    const { gameId = null, channelId, body, dedupeKey = null, createdAt, nextAttemptAt, ...rest } = o;
    if (Object.keys(rest).length) this.db.insert(outbox).values({ ...o, attempts: 0 }).onConflictDoNothing().run();
    else this.hot.enqueue.run({ gameId, channelId, body, dedupeKey, createdAt, nextAttemptAt });
  }
  /**
   * Enqueue a post that supersedes any unsent, unclaimed post of the same family (`family` is a
   * dedupe-key prefix; e.g. a seat's sealed receipt: only the latest matters). Keeps a burst of
   * amendments from flooding the channel. A post a sender has claimed is never rewritten: the new
   * one is queued after it, so it still reaches the channel before anything queued later.
   */
  enqueueLatest(family: string, o: Omit<typeof outbox.$inferInsert, 'id' | 'attempts' | 'dedupeKey'> & { dedupeKey: string }): void {
    const replaced = this.hot.replaceUnsent.run({ body: o.body, key: o.dedupeKey, family, familyEnd: prefixEnd(family) }).changes;
    if (!replaced) this.enqueue(o);
  }

  /**
   * Posts that may go now, oldest first. A post waiting out its back-off holds back the later
   * posts of its channel: channel order is kept even across failures (a receipt must reach the
   * channel before the reveal that opens it).
   */
  dueOutbox(now: number, limit = 20, busyChannels: readonly string[] = []): OutboxRow[] {
    return this.hot.dueOutbox.all({ now, limit, busy: JSON.stringify(busyChannels) });
  }
  /** When the next unsent post falls due after `now` (a settling receipt, a back-off), or null. */
  nextDueAfter(now: number): number | null {
    return this.hot.nextDue.get(now)?.at ?? null;
  }
  /**
   * Make the channel's settling receipts (written, never tried, not yet due) due at `now`: another
   * post is going to the channel, and it neither waits for them nor goes before them.
   */
  releaseSettlingReceipts(channelId: string, now: number): void {
    this.hot.releaseSettling.run({ now, channel: channelId });
  }
  /**
   * Take a row to post it, and read what it says at that moment: from now on enqueueLatest leaves
   * it alone. Null when it was sent meanwhile.
   */
  claimOutbox(id: number, at: number): OutboxRow | null {
    return this.hot.claimOutbox.get({ id, at }) ?? null;
  }
  outboxFor(channelId: string): OutboxRow[] {
    return this.db.select().from(outbox).where(eq(outbox.channelId, channelId)).orderBy(asc(outbox.id)).all();
  }
  /** `messageId`: what the post became (null when the poster could not say). */
  markSent(id: number, at: number, messageId: string | null = null): void {
    this.hot.markSent.run({ id, at, messageId });
  }
  /** The message a sent post became, by its dedupe key (null if unsent or sent before 0009). */
  sentMessageId(dedupeKey: string): string | null {
    return this.db.select({ m: outbox.messageId }).from(outbox).where(eq(outbox.dedupeKey, dedupeKey)).get()?.m ?? null;
  }
  /**
   * Delete up to `limit` sent posts older than `sentBefore` that nothing reads again: sealed
   * receipts (one per input, most of the outbox; the key holds the submission id, so it can never
   * be queued again, and the receipt itself stays with the submission) and keyless posts. The
   * few posts a turn makes keep their rows: their dedupe keys are what stop a second post of the
   * same window or resolution, and `resolution:<window>:0` holds the dashboard's jump link.
   * Uses the outbox_pending index (sent_at first). Returns how many rows went.
   */
  pruneSentOutbox(sentBefore: number, limit: number): number {
    return this.db.$client.prepare(`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?
      AND (dedupe_key IS NULL OR substr(dedupe_key, 1, 8) = 'receipt:') LIMIT ?)`).run(sentBefore, limit).changes;
  }
  markFailed(id: number, attempts: number, nextAt: number, error: string): void {
    this.db.update(outbox).set({ attempts, nextAttemptAt: nextAt, lastError: error.slice(0, 500) }).where(eq(outbox.id, id)).run();
  }

  heartbeat(key: string): number | null {
    return this.db.select().from(heartbeat).where(eq(heartbeat.key, key)).get()?.at ?? null;
  }
  beat(key: string, at: number): void {
    this.db.insert(heartbeat).values({ key, at }).onConflictDoUpdate({ target: heartbeat.key, set: { at } }).run();
  }
}

/**
 * A table's columns (or some of them) as a SELECT list naming each as drizzle names the row's
 * field, for plain statements whose rows are what drizzle's select would return.
 */
function fieldsOf(columns: Table | Record<string, Column>): string {
  const cols: Record<string, Column> = is(columns, Table) ? getTableColumns(columns) : (columns as Record<string, Column>);
  return Object.entries(cols).map(([field, c]) => `"${c.name}" AS "${field}"`).join(', ');
}

/**
 * The least string above every string that starts with `prefix` (SQLite compares text as UTF-8
 * bytes, in code-point order): `[prefix, prefixEnd(prefix))` is a key range an index can walk.
 */
export function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop();
  if (last === undefined) throw new Error('prefixEnd: an empty prefix has no range');
  const next = last.codePointAt(0)! + 1;
  // U+10FFFF has no successor: the range ends after every string the shorter prefix starts.
  if (next > 0x10ffff) return prefixEnd(points.join(''));
  // Past the surrogates (no code point of a UTF-8 string falls in them).
  return points.join('') + String.fromCodePoint(next >= 0xd800 && next <= 0xdfff ? 0xe000 : next);
}
