/**
 * Work taken in turns of the event loop, oldest first, each turn bounded by a time budget (issue 12:
 * the open-loop load).
 *
 * The gateway hands the bot every INTERACTION_CREATE frame of a socket read at once, and ws
 * emits them synchronously: handled where they arrive, a backlog of hundreds ran as one
 * macrotask (each command runs synchronously up to its wait for the fsync), so the fsyncs'
 * completions, the replies' HTTP responses and the timers all waited behind it — the bot stalled
 * for seconds (LOAD_STATS) and every input in the backlog missed Discord's 3 s. Queued here, items
 * run for up to `budgetMs` a turn (setImmediate: after the poll phase has delivered what I/O
 * finished), so an fsync that completes releases its replies within about a budget. One item a
 * turn (budget 0) kept the loop's delay p99 near 10 ms but gave each fsync one or two commits:
 * closed-loop throughput fell ~35% (bench:load 60: 748 vs 1,189 inputs/s); 20 ms gave 1,121/s
 * with a delay p99 of 50 ms, 50 ms gave 995/s and 87 ms (2026-11-26, idle machine).
 *
 * An item that waited longer than `maxWaitMs` in the queue is not run but handed to `stale`:
 * Discord refuses an answer after 3 s and has already told the user the bot did not respond, so
 * running it would only spend the time the newer inputs need (and record an order its player was
 * told failed). The wait is measured from when the item reached this process, on this process's
 * clock (an interaction's snowflake time is Discord's clock).
 *
 * `around` wraps each turn's items (those run and those dropped as stale): the bot makes a turn
 * one database transaction there (src/db/batch.ts, TURN_BATCH), which this queue does not know.
 * It must call the function it is given exactly once.
 */
export class TurnQueue<T> {
  private readonly items: { item: T; at: number }[] = [];
  private head = 0;
  private scheduled = false;
  private closed = false;
  private paused = 0;
  private readonly now: () => number;
  private readonly schedule: (f: () => void) => void;

  constructor(
    private readonly run: (item: T) => void,
    private readonly opts: { maxWaitMs: number; budgetMs?: number; stale: (item: T, waitedMs: number) => void; now?: () => number; schedule?: (f: () => void) => void; onTurn?: (start: number, end: number, ran: number) => void; around?: (turn: () => void) => void },
  ) {
    this.now = opts.now ?? (() => performance.now());
    this.schedule = opts.schedule ?? ((f) => setImmediate(f));
  }

  /** Items waiting. */
  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    if (this.closed) return;
    this.items.push({ item, at: this.now() });
    this.wake();
  }

  /**
   * Run nothing more: what waits is let go, and later pushes are ignored (the bot is stopping and
   * its database closes next; an interaction let go is one Discord reports unanswered, as for any
   * stopped bot). Returns how many were waiting.
   */
  close(): number {
    const waiting = this.length;
    this.closed = true;
    this.items.length = 0;
    this.head = 0;
    return waiting;
  }

  /**
   * Hold every item until the returned release is called (each release once; pauses nest): for a
   * WAL restart, which needs a moment with no new commits (src/db/checkpointer.ts). Items run
   * synchronously within a turn, so a pause taken outside a turn starts with none part-way.
   * What waits keeps its arrival time: a long pause makes items stale as any wait does.
   */
  pause(): () => void {
    this.paused++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.paused--;
      this.wake();
    };
  }

  private wake(): void {
    if (this.scheduled || this.paused || !this.length) return;
    this.scheduled = true;
    this.schedule(() => this.turn());
  }

  /**
   * Run the oldest items still in time (the stale ones are dropped on the way) for up to
   * `budgetMs` of this turn, then yield: a few inputs per turn share one fsync and one poll
   * of finished I/O, and no turn holds the loop much longer than the budget.
   */
  private turn(): void {
    this.scheduled = false;
    const start = this.now();
    let ran = 0;
    const items = () => {
      while (this.length && !this.closed && !this.paused) {
        const { item, at } = this.items[this.head]!;
        this.items[this.head++] = undefined as never;
        const now = this.now();
        const waited = now - at;
        if (waited > this.opts.maxWaitMs) {
          this.opts.stale(item, waited);
          continue;
        }
        this.run(item);
        ran++;
        if (this.now() - start >= (this.opts.budgetMs ?? 0)) break;
      }
    };
    try {
      if (this.opts.around) this.opts.around(items);
      else items();
    } finally {
      this.opts.onTurn?.(start, this.now(), ran);
      // Drop the consumed prefix now and then, not on every shift (O(1) per item).
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items.splice(0, this.head);
        this.head = 0;
      }
      this.wake();
    }
  }
}
