import type Database from 'better-sqlite3';

/**
 * The COMMIT of a turn's batch failed (a full or failing disk, SQLITE_FULL / SQLITE_IOERR), or
 * SQLite rolled the batch back on its own: nothing the turn's commands did before their first
 * `await` was recorded. Every input of the turn is answered that its outcome is not confirmed
 * (src/interaction/dispatch.ts), never that it was done.
 */
export class TurnCommitError extends Error {
  readonly code = 'storage/turn-not-committed';
  constructor(cause: unknown) {
    super(`the turn's transaction did not commit: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'TurnCommitError';
  }
}

interface Turn {
  readonly outcome: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
  readonly afterCommit: (() => void)[];
  readonly afterTurn: (() => void)[];
}

/**
 * One write transaction around a turn of the interaction queue (issue 12: load throughput). The
 * queue (src/lib/turn-queue.ts) runs a turn's interactions synchronously, each up to its first
 * `await`; run here they share one BEGIN IMMEDIATE … COMMIT, so one turn costs one commit (and
 * its WAL frames) instead of one per command. Each command's own `db.$client.transaction(...)`
 * becomes a SAVEPOINT (better-sqlite3 nests them so): a command that throws rolls back only its
 * own work. What a command does after its first `await` runs after the COMMIT (microtasks run
 * once the turn's macrotask returns), in autocommit mode, as it does without batches.
 *
 * The batch is a marker code can ask instead of `inTransaction`, which is true for a whole turn:
 * `depth` counts the service transactions running now (openDb counts every
 * `$client.transaction` function), `afterCommit` defers what may only happen once the work is
 * committed (a roll's shown mark, the outbox's kick), and `onRollback` listeners drop what was
 * cached from a batch that did not commit.
 */
export class TurnBatch {
  /** Service transactions (`$client.transaction` functions) running now, nested ones included. */
  depth = 0;
  private turn: Turn | null = null;
  private readonly rolledBack: (() => void)[] = [];
  private readonly begin: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly commit: () => void;

  /** `commit`: tests inject a failing one (SQLITE_FULL, IOERR); by default the COMMIT statement. */
  constructor(private readonly client: Database.Database, opts: { commit?: () => void } = {}) {
    this.begin = client.prepare('BEGIN IMMEDIATE');
    this.rollback = client.prepare('ROLLBACK');
    const commit = client.prepare('COMMIT');
    this.commit = opts.commit ?? (() => { commit.run(); });
  }

  /**
   * No service transaction holds the caller: what it writes commits on its own, or with the
   * turn's batch (a transaction opened other than through `$client.transaction` counts as one).
   */
  get outermost(): boolean {
    return this.depth === 0 && (this.turn !== null || !this.client.inTransaction);
  }

  /** A turn's transaction is open. */
  get open(): boolean {
    return this.turn !== null;
  }

  /**
   * The open turn's outcome: resolves after its COMMIT, rejects with a TurnCommitError if it did
   * not commit. Null outside a turn. Taken synchronously by a command as it starts (dispatch).
   */
  get outcome(): Promise<void> | null {
    return this.turn?.outcome ?? null;
  }

  /** Run `f` once the open turn has committed (never if it fails); outside a turn, now. */
  afterCommit(f: () => void): void {
    if (this.turn) this.turn.afterCommit.push(f);
    else f();
  }

  /** Run `f` once the open turn has ended, committed or not; outside a turn, now. */
  afterTurn(f: () => void): void {
    if (this.turn) this.turn.afterTurn.push(f);
    else f();
  }

  /**
   * `fn` as one service transaction: a BEGIN … COMMIT of its own, or a SAVEPOINT inside the
   * transaction running (a turn's batch, an outer service transaction), rolled back if `fn`
   * throws; counted in `depth` while `fn` runs. Exactly what `$client.transaction(fn)()` does
   * (the same statements and savepoint name, so the two nest), without building better-sqlite3's
   * four wrapper functions and their properties on every call: every input made one, ~3% of the
   * bytes a `/move` allocated under bench:load (issue 12).
   */
  transaction<T>(fn: () => T): T {
    const s = (this.statements ??= transactionStatements(this.client));
    const nested = this.client.inTransaction;
    (nested ? s.savepoint : s.begin).run();
    let result: T;
    this.depth++;
    try {
      result = fn();
      if (result && typeof (result as { then?: unknown }).then === 'function') throw new TypeError('Transaction function cannot return a promise');
    } catch (e) {
      this.depth--;
      if (this.client.inTransaction) {
        if (nested) { s.rollbackTo.run(); s.release.run(); } else s.rollback.run();
      }
      throw e;
    }
    this.depth--;
    (nested ? s.release : s.commit).run();
    return result;
  }
  private statements: ReturnType<typeof transactionStatements> | null = null;

  /** Told every time a turn's batch does not commit (drop what was cached during it). */
  onRollback(f: () => void): void {
    this.rolledBack.push(f);
  }

  /**
   * Run `body` (a turn) inside one write transaction. Inside another transaction, or when the
   * write lock cannot be had (BEGIN fails: busy past busy_timeout, a failing disk), the body runs
   * without a batch: each command then commits, and reports its failures, on its own.
   * A body that throws still has its turn committed: the items before it ran to completion and
   * their replies will say so.
   */
  run(body: () => void): void {
    if (this.turn || !this.client.open || this.client.inTransaction) { body(); return; }
    try {
      this.begin.run();
    } catch {
      body();
      return;
    }
    let resolve!: () => void, reject!: (e: Error) => void;
    const outcome = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
    // A turn whose commands all answered before awaiting it must not be an unhandled rejection.
    outcome.catch(() => undefined);
    const turn: Turn = { outcome, resolve, reject, afterCommit: [], afterTurn: [] };
    this.turn = turn;
    try {
      body();
    } finally {
      this.turn = null;
      this.end(turn);
    }
  }

  private end(turn: Turn): void {
    let failure: TurnCommitError | null = null;
    if (!this.client.inTransaction) {
      // SQLite rolls a whole transaction back on some errors (SQLITE_FULL, IOERR, NOMEM inside a
      // statement): the commands before that error lost their work with it.
      failure = new TurnCommitError(new Error('SQLite rolled the transaction back'));
    } else {
      try {
        this.commit();
      } catch (e) {
        failure = new TurnCommitError(e);
        // A failed COMMIT may leave the transaction open (SQLITE_BUSY, a deferred constraint):
        // nothing of it may be committed later by a statement that happens to run next.
        try { if (this.client.inTransaction) this.rollback.run(); } catch { /* closed or gone: nothing committed */ }
      }
    }
    if (failure) {
      for (const f of this.rolledBack) f();
      turn.reject(failure);
      runAll(turn.afterTurn);
      return;
    }
    turn.resolve();
    runAll(turn.afterCommit, turn.afterTurn);
  }
}

/** better-sqlite3's own transaction statements (lib/methods/transaction.js), its savepoint name included. */
function transactionStatements(client: Database.Database) {
  const savepointName = '`\t_bs3.\t`';
  return {
    begin: client.prepare('BEGIN'),
    commit: client.prepare('COMMIT'),
    rollback: client.prepare('ROLLBACK'),
    savepoint: client.prepare(`SAVEPOINT ${savepointName}`),
    release: client.prepare(`RELEASE ${savepointName}`),
    rollbackTo: client.prepare(`ROLLBACK TO ${savepointName}`),
  };
}

/** Run every hook even if one throws (each is a different service's); then throw the first error. */
function runAll(...lists: (() => void)[][]): void {
  let first: unknown = null;
  for (const list of lists) {
    for (const f of list) {
      try { f(); } catch (e) { first ??= e; }
    }
  }
  if (first !== null) throw first;
}
