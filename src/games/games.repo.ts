import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { actions, games, heartbeat, outbox, readiness, receipts, remindersSent, resolutions, seats, submissions, windows } from '../db/games.schema';

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type WindowRow = typeof windows.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type ResolutionRow = typeof resolutions.$inferSelect;

/**
 * Storage for games. Returns null for absence; the services decide what absence means. Every
 * write runs inside the caller's transaction.
 */
export class GamesRepo {
  constructor(private readonly db: Db) {}

  insertGame(g: Omit<typeof games.$inferInsert, 'id'>): GameRow {
    return this.db.insert(games).values(g).returning().get();
  }
  game(id: number): GameRow | null {
    return this.db.select().from(games).where(eq(games.id, id)).get() ?? null;
  }
  liveGameIn(channelId: string): GameRow | null {
    return this.db.select().from(games).where(and(eq(games.channelId, channelId), ne(games.status, 'ended'))).get() ?? null;
  }
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
    return this.db.select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.seatId)).all();
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
    return this.db.select().from(windows).where(and(eq(windows.gameId, gameId), eq(windows.status, 'open'))).get() ?? null;
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
    return this.db.select().from(submissions)
      .where(and(eq(submissions.windowId, windowId), isNull(submissions.withdrawnAt), seatId ? eq(submissions.seatId, seatId) : undefined))
      .orderBy(asc(submissions.id)).all();
  }
  /** Replace the seat's order with the same key (amend), or add it. */
  putSubmission(s: Omit<typeof submissions.$inferInsert, 'id'>): void {
    this.withdraw(s.windowId, s.seatId, s.key, s.createdAt);
    this.db.insert(submissions).values(s).run();
  }
  withdraw(windowId: number, seatId: string, key: string, at: number): boolean {
    return this.db.update(submissions).set({ withdrawnAt: at })
      .where(and(eq(submissions.windowId, windowId), eq(submissions.seatId, seatId), eq(submissions.key, key), isNull(submissions.withdrawnAt))).run().changes > 0;
  }

  setReady(windowId: number, seatId: string, at: number): void {
    this.db.insert(readiness).values({ windowId, seatId, readyAt: at }).onConflictDoNothing().run();
  }
  unready(windowId: number, seatId: string): void {
    this.db.delete(readiness).where(and(eq(readiness.windowId, windowId), eq(readiness.seatId, seatId))).run();
  }
  readySeats(windowId: number): Set<string> {
    return new Set(this.db.select({ s: readiness.seatId }).from(readiness).where(eq(readiness.windowId, windowId)).all().map((r) => r.s));
  }

  insertAction(a: Omit<typeof actions.$inferInsert, 'id'>): void {
    this.db.insert(actions).values(a).run();
  }
  actionsOf(windowId: number): (typeof actions.$inferSelect)[] {
    return this.db.select().from(actions).where(eq(actions.windowId, windowId)).orderBy(asc(actions.id)).all();
  }

  insertReceipt(r: Omit<typeof receipts.$inferInsert, 'id'>): number {
    return this.db.insert(receipts).values(r).returning({ id: receipts.id }).get().id;
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
    this.db.insert(outbox).values({ ...o, attempts: 0 }).onConflictDoNothing().run();
  }
  dueOutbox(now: number, limit = 20): OutboxRow[] {
    return this.db.select().from(outbox).where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now))).orderBy(asc(outbox.id)).limit(limit).all();
  }
  outboxFor(channelId: string): OutboxRow[] {
    return this.db.select().from(outbox).where(eq(outbox.channelId, channelId)).orderBy(asc(outbox.id)).all();
  }
  markSent(id: number, at: number): void {
    this.db.update(outbox).set({ sentAt: at }).where(eq(outbox.id, id)).run();
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
