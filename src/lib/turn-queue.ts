/**
 * Work taken one item per turn of the event loop, oldest first (issue 12: the open-loop load).
 *
 * The gateway hands the bot every INTERACTION_CREATE frame of a socket read at once, and ws
 * emits them synchronously: handled where they arrive, a backlog of hundreds ran as one
 * macrotask (each command runs synchronously up to its wait for the fsync), so the fsyncs'
 * completions, the replies' HTTP responses and the timers all waited behind it — the bot stalled
 * for seconds (LOAD_STATS) and every input in the backlog missed Discord's 3 s. Queued here, one
 * item runs per turn (setImmediate: after the poll phase has delivered what I/O finished), so an
 * fsync that completes releases its replies before the next input starts.
 *
 * An item that waited longer than `maxWaitMs` in the queue is not run but handed to `stale`:
 * Discord refuses an answer after 3 s and has already told the user the bot did not respond, so
 * running it would only spend the time the newer inputs need (and record an order its player was
 * told failed). The wait is measured from when the item reached this process, on this process's
 * clock (an interaction's snowflake time is Discord's clock).
 */
export class TurnQueue<T> {
  private readonly items: { item: T; at: number }[] = [];
  private head = 0;
  private scheduled = false;
  private closed = false;
  private readonly now: () => number;
  private readonly schedule: (f: () => void) => void;

  constructor(
    private readonly run: (item: T) => void,
    private readonly opts: { maxWaitMs: number; stale: (item: T, waitedMs: number) => void; now?: () => number; schedule?: (f: () => void) => void },
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

  private wake(): void {
    if (this.scheduled || !this.length) return;
    this.scheduled = true;
    this.schedule(() => this.turn());
  }

  /** Run the oldest item that is still in time (the stale ones before it are dropped on the way). */
  private turn(): void {
    this.scheduled = false;
    try {
      while (this.length && !this.closed) {
        const { item, at } = this.items[this.head]!;
        this.items[this.head++] = undefined as never;
        const waited = this.now() - at;
        if (waited > this.opts.maxWaitMs) {
          this.opts.stale(item, waited);
          continue;
        }
        this.run(item);
        break;
      }
    } finally {
      // Drop the consumed prefix now and then, not on every shift (O(1) per item).
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items.splice(0, this.head);
        this.head = 0;
      }
      this.wake();
    }
  }
}
