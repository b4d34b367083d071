/**
 * The render pool: child processes that draw maps off the bot's main thread. Start-up, bounded
 * concurrency, a crash and its restart, a timeout, errors, clean shutdown, and no orphans.
 */
import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeMap } from '../../src/render/map/describe';
import type { MapDescription } from '../../src/render/map/model';
import { createRenderPool, RenderError, type RenderPool } from '../../src/render/pool/index';
import { nwInput } from './nw';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const FAULTY = resolve(FIXTURES, 'fault-child.ts');
const SMALL = { maxWidth: 600, maxHeight: 450 };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
let map: MapDescription;
const titled = (title: string): MapDescription => ({ ...map, title: { ...map.title, title } });
const pools: RenderPool[] = [];
const open = (...args: Parameters<typeof createRenderPool>) => { const p = createRenderPool(...args); pools.push(p); return p; };

/** Is a process still there? (signal 0 tests without sending anything). */
function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}
async function until(cond: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (cond()) return true; await new Promise((r) => setTimeout(r, 25)); }
  return cond();
}
const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => (e instanceof RenderError ? e.code : `not a RenderError: ${String(e)}`));

beforeAll(() => {
  const d = describeMap(nwInput());
  if (!d.ok) throw new Error(d.error.message);
  map = d.value;
});
afterEach(async () => { await Promise.all(pools.splice(0).map((p) => p.close())); });

describe('render pool', () => {
  it('starts its children and renders maps in them, never in this process', async () => {
    const pool = open({ size: 2 });
    await pool.ready();
    const { pids, size } = pool.stats();
    expect(size).toBe(2);
    expect(pids.every((pid) => pid > 0 && pid !== process.pid && alive(pid))).toBe(true);
    const [a, b] = await Promise.all([pool.render(map, SMALL), pool.render(map, SMALL)]);
    expect(a.format).toBe('png');
    expect(a.data.subarray(0, 4).equals(PNG)).toBe(true);
    expect(b.data.equals(a.data)).toBe(true);
    expect(a.width).toBeLessThanOrEqual(600);
  });

  it('runs at most `size` renders at once and queues the rest in order', async () => {
    const pool = open({ size: 1, entry: FAULTY });
    const order: string[] = [];
    const jobs = ['slow', 'second', 'third'].map((t) => pool.render(titled(t), SMALL).then(() => order.push(t)));
    await until(() => pool.stats().busy === 1);
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2 });
    await Promise.all(jobs);
    expect(order).toEqual(['slow', 'second', 'third']);
  });

  it('refuses work beyond its queue at once, rather than letting maps pile up', async () => {
    const pool = open({ size: 1, maxQueue: 1, entry: FAULTY });
    const first = pool.render(titled('slow'), SMALL);
    await until(() => pool.stats().busy === 1);
    const second = pool.render(map, SMALL);
    expect(await code(pool.render(map, SMALL))).toBe('render/busy');
    await Promise.all([first, second]);
  });

  it('replaces a child that crashes, failing only the job it was drawing', async () => {
    const pool = open({ size: 1, entry: FAULTY });
    await pool.ready();
    const [before] = pool.stats().pids;
    expect(await code(pool.render(titled('crash'), SMALL))).toBe('render/crashed');
    expect(await until(() => !alive(before!))).toBe(true);
    const r = await pool.render(map, SMALL);
    expect(r.data.subarray(0, 4).equals(PNG)).toBe(true);
    expect(pool.stats().restarts).toBe(1);
    expect(pool.stats().pids[0]).not.toBe(before);
  });

  it('gives up on a render that takes too long, kills its child and carries on', async () => {
    const pool = open({ size: 1, entry: FAULTY, timeoutMs: 800 });
    await pool.ready();
    const [before] = pool.stats().pids;
    const t = Date.now();
    expect(await code(pool.render(titled('hang'), SMALL))).toBe('render/timeout');
    expect(Date.now() - t).toBeLessThan(3000);
    expect(await until(() => !alive(before!))).toBe(true);
    expect((await pool.render(map, SMALL)).format).toBe('png');
  });

  it('reports a map that cannot be drawn without losing the child', async () => {
    const pool = open({ size: 1, entry: FAULTY });
    await pool.ready();
    const [before] = pool.stats().pids;
    expect(await code(pool.render(titled('throw'), SMALL))).toBe('render/failed');
    expect(pool.stats()).toMatchObject({ restarts: 0, pids: [before] });
  });

  it('stops trying when children die at start-up (a broken install), instead of looping', async () => {
    const pool = open({ size: 1, entry: resolve(FIXTURES, 'broken-child.ts') });
    expect(await code(pool.ready())).toBe('render/unavailable');
    expect(await code(pool.render(map, SMALL))).toBe('render/unavailable');
  });

  it('close() lets the running map finish, drops the queued ones, then stops every child', async () => {
    const pool = open({ size: 1, entry: FAULTY });
    await pool.ready();
    const pids = pool.stats().pids;
    const running = code(pool.render(titled('slow'), SMALL));
    await until(() => pool.stats().busy === 1);
    const queued = code(pool.render(map, SMALL));
    const closed = pool.close();
    expect(await running).toBe('resolved');
    expect(await queued).toBe('render/closed');
    await closed;
    expect(pids.every((pid) => !alive(pid))).toBe(true);
    expect(await code(pool.render(map, SMALL))).toBe('render/closed');
  });
});

describe('a program using the pool', () => {
  const script = resolve(FIXTURES, 'pool-script.ts');
  const run = (mode: string) => promisify(execFile)(process.execPath, ['--import', 'tsx', script, mode], { timeout: 30_000 });

  it.each(['close', 'forget'])('exits on its own (%s) and leaves no child behind', async (mode) => {
    const { stdout } = await run(mode);
    const { pids, bytes } = JSON.parse(stdout.trim().split('\n').pop()!) as { pids: number[]; bytes: number };
    expect(bytes).toBeGreaterThan(1000);
    expect(pids).toHaveLength(2);
    expect(await until(() => pids.every((pid) => !alive(pid)))).toBe(true);
  });

  it('killed outright (SIGKILL), it leaves no orphaned children', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, 'hang'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((res, rej) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => { out += b.toString(); if (out.includes('\n')) res(out); });
      child.on('exit', () => rej(new Error(`script exited early: ${out}`)));
    });
    const { pids } = JSON.parse(line.trim()) as { pids: number[] };
    expect(pids.every(alive)).toBe(true);
    child.kill('SIGKILL');
    expect(await until(() => pids.every((pid) => !alive(pid)))).toBe(true);
  });
});
