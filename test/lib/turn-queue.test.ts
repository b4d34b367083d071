import { describe, expect, it } from 'vitest';
import { TurnQueue } from '../../src/lib/turn-queue';

/** A queue on a hand-driven clock and scheduler: `turns` holds the turns asked for, run one by one. */
function harness(maxWaitMs = 100, budgetMs?: number, costMs = 0) {
  let clock = 0;
  const turns: (() => void)[] = [];
  const ran: string[] = [];
  const dropped: { item: string; waited: number }[] = [];
  const q = new TurnQueue<string>((x) => { ran.push(x); clock += costMs; if (x === 'boom') throw new Error('boom'); }, {
    maxWaitMs, ...(budgetMs !== undefined ? { budgetMs } : {}), stale: (item, waited) => dropped.push({ item, waited }), now: () => clock, schedule: (f) => turns.push(f),
  });
  const step = () => turns.shift()!();
  return { q, ran, dropped, turns, step, advance: (ms: number) => { clock += ms; } };
}

describe('TurnQueue (issue 12: one interaction per turn of the event loop)', () => {
  it('runs one item per turn, oldest first, and asks for a turn only while items wait', () => {
    const h = harness();
    h.q.push('a'); h.q.push('b'); h.q.push('c');
    expect(h.turns).toHaveLength(1); // one pending turn, however many items arrive
    expect(h.ran).toEqual([]); // nothing runs where it arrives
    h.step();
    expect(h.ran).toEqual(['a']);
    expect(h.q.length).toBe(2);
    h.step(); h.step();
    expect(h.ran).toEqual(['a', 'b', 'c']);
    expect(h.turns).toHaveLength(0);
    h.q.push('d');
    expect(h.turns).toHaveLength(1);
  });

  it('with a budget, runs items until the turn has used it, then yields (a few inputs share one fsync; no turn holds the loop much past the budget)', () => {
    const h = harness(1_000, 20, 6); // each item takes 6 ms of the clock
    for (const x of ['a', 'b', 'c', 'd', 'e']) h.q.push(x);
    h.step();
    expect(h.ran).toEqual(['a', 'b', 'c', 'd']); // 6, 12, 18 < 20 ms; the fourth takes the turn to 24 ms
    expect(h.turns).toHaveLength(1);
    h.step();
    expect(h.ran).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(h.turns).toHaveLength(0);
  });

  it('drops what waited past maxWaitMs without running it, and runs the next one in time in the same turn', () => {
    const h = harness(100);
    h.q.push('old1'); h.q.push('old2');
    h.advance(60);
    h.q.push('new');
    h.advance(50); // old ones waited 110 ms, the new one 50 ms
    h.step();
    expect(h.dropped.map((d) => d.item)).toEqual(['old1', 'old2']);
    expect(h.dropped[0]!.waited).toBe(110);
    expect(h.ran).toEqual(['new']);
    expect(h.q.length).toBe(0);
  });

  it('an item waiting exactly maxWaitMs still runs', () => {
    const h = harness(100);
    h.q.push('x');
    h.advance(100);
    h.step();
    expect(h.ran).toEqual(['x']);
  });

  it('keeps going after an item throws (the error reaches the caller of the turn)', () => {
    const h = harness();
    h.q.push('boom'); h.q.push('after');
    expect(() => h.step()).toThrow('boom');
    expect(h.turns).toHaveLength(1);
    h.step();
    expect(h.ran).toEqual(['boom', 'after']);
  });

  it('keeps order across many items (the consumed prefix is compacted)', () => {
    const h = harness();
    const n = 5_000;
    for (let i = 0; i < n; i++) h.q.push(String(i));
    for (let i = 0; i < n / 2; i++) h.step();
    for (let i = n; i < n + 10; i++) h.q.push(String(i));
    while (h.turns.length) h.step();
    expect(h.ran).toEqual(Array.from({ length: n + 10 }, (_, i) => String(i)));
  });

  it('close() lets go of what waits and ignores later pushes (the bot is stopping)', () => {
    const h = harness();
    h.q.push('a'); h.q.push('b');
    expect(h.q.close()).toBe(2);
    h.q.push('c');
    while (h.turns.length) h.step();
    expect(h.ran).toEqual([]);
    expect(h.dropped).toEqual([]);
    expect(h.q.length).toBe(0);
  });

  it('with the real scheduler, lets I/O and timers due run between two items', async () => {
    const order: string[] = [];
    const q = new TurnQueue<number>((i) => { order.push(`item ${i}`); if (i === 0) setImmediate(() => order.push('immediate queued by item 0')); }, { maxWaitMs: 10_000, stale: () => undefined });
    q.push(0); q.push(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['item 0', 'immediate queued by item 0', 'item 1']);
  });
  it('holds every item while paused (a WAL restart, src/db/checkpointer.ts) and runs them in order once each pause is released', () => {
    const h = harness(1_000, 20);
    h.q.push('a');
    const release = h.q.pause();
    h.step(); // the turn asked for before the pause runs nothing
    expect(h.ran).toEqual([]);
    h.q.push('b');
    expect(h.turns).toHaveLength(0); // no turn asked for while paused
    const second = h.q.pause();
    release();
    release(); // a release counts once
    expect(h.turns).toHaveLength(0); // still held by the second pause
    second();
    expect(h.turns).toHaveLength(1);
    h.step();
    expect(h.ran).toEqual(['a', 'b']);
  });

  it('a pause taken by an item holds the items after it in the same turn', () => {
    let release: (() => void) | null = null;
    const turns: (() => void)[] = [];
    const ran: string[] = [];
    const q: TurnQueue<string> = new TurnQueue<string>((x) => { ran.push(x); if (x === 'pause') release = q.pause(); }, {
      maxWaitMs: 1_000, budgetMs: 20, stale: () => undefined, now: () => 0, schedule: (f) => turns.push(f),
    });
    q.push('a'); q.push('pause'); q.push('c');
    turns.shift()!();
    expect(ran).toEqual(['a', 'pause']);
    expect(turns).toHaveLength(0);
    release!();
    turns.shift()!();
    expect(ran).toEqual(['a', 'pause', 'c']);
  });

  it('`around` wraps each turn\'s items once (the bot\'s transaction per turn), stale drops included, and ends even when an item throws', () => {
    let clock = 0;
    const turns: (() => void)[] = [];
    const log: string[] = [];
    const q = new TurnQueue<string>((x) => { log.push(x); clock += 6; if (x === 'boom') throw new Error('boom'); }, {
      maxWaitMs: 100, budgetMs: 20, stale: (x) => log.push(`stale:${x}`), now: () => clock, schedule: (f) => turns.push(f),
      around: (items) => { log.push('begin'); try { items(); } finally { log.push('end'); } },
    });
    q.push('old');
    clock += 150;
    for (const x of ['a', 'b', 'c', 'd', 'e']) q.push(x);
    turns.shift()!();
    // One wrap per turn; the budget still ends the turn inside it (6, 12, 18, 24 ms ≥ 20).
    expect(log).toEqual(['begin', 'stale:old', 'a', 'b', 'c', 'd', 'end']);
    log.length = 0;
    q.push('boom'); q.push('f');
    expect(() => turns.shift()!()).toThrow('boom');
    expect(log).toEqual(['begin', 'e', 'boom', 'end']); // the wrap saw the turn end (its batch commits what ran)
    log.length = 0;
    turns.shift()!(); // the queue goes on with the next turn
    expect(log).toEqual(['begin', 'f', 'end']);
    expect(turns).toHaveLength(0);
  });
});
