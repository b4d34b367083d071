import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTrace, NO_TRACE, TRACE_STAGES, traceSpan, tracing } from '../../src/lib/load-trace';
import { openDb } from '../../src/db/open';

describe('loadTrace (LOAD_TRACE, issue 12)', () => {
  const dirs: string[] = [];
  afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

  it('is off without a file: marks nothing and writes nothing', () => {
    expect(loadTrace(null)).toBe(NO_TRACE);
  });

  it('writes each interaction\'s stages as wall-clock ms, in stage order, 0 for a stage not reached', () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-trace-'));
    dirs.push(dir);
    const file = join(dir, 'trace.json');
    const trace = loadTrace(file);
    const before = Date.now();
    trace.mark('111', 'frame');
    trace.mark('111', 'push');
    trace.mark('111', 'replyDone');
    trace.mark('222', 'run');
    expect(existsSync(file)).toBe(false);
    trace.write();
    const out = JSON.parse(readFileSync(file, 'utf8')) as { stages: string[]; rows: Record<string, number[]> };
    expect(out.stages).toEqual([...TRACE_STAGES]);
    const row = out.rows['111']!;
    expect(row).toHaveLength(TRACE_STAGES.length);
    const at = (id: string, s: (typeof TRACE_STAGES)[number]) => out.rows[id]![TRACE_STAGES.indexOf(s)]!;
    expect(at('111', 'frame')).toBeGreaterThanOrEqual(before - 1);
    expect(at('111', 'frame')).toBeLessThanOrEqual(at('111', 'push'));
    expect(at('111', 'push')).toBeLessThanOrEqual(at('111', 'replyDone'));
    expect(at('111', 'run')).toBe(0);
    expect(at('222', 'run')).toBeGreaterThan(0);
    expect(at('222', 'frame')).toBe(0);
  });
  it('keeps spans of what else the bot did: fsyncs of the WAL from Durability and spans handed to it; none once written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-trace-'));
    dirs.push(dir);
    const file = join(dir, 'trace.json');
    const db = openDb(join(dir, 'd.db'));
    expect(tracing()).toBe(false);
    const trace = loadTrace(file);
    expect(tracing()).toBe(true);
    trace.span('turn', 1000, 1020, 7);
    db.$client.exec('CREATE TABLE t (x)');
    db.$client.prepare('INSERT INTO t VALUES (1)').run();
    await db.$durability.durable(); // one fsync of the WAL
    trace.write();
    expect(tracing()).toBe(false);
    traceSpan('fsync', 1, 2); // after the write: not recorded anywhere
    const out = JSON.parse(readFileSync(file, 'utf8')) as { spans: [string, number, number, number?][] };
    expect(out.spans).toContainEqual(['turn', 1000, 1020, 7]);
    const fsyncs = out.spans.filter(([k]) => k === 'fsync');
    expect(fsyncs).toHaveLength(1);
    const [, start, end] = fsyncs[0]!;
    expect(end).toBeGreaterThanOrEqual(start);
    expect(start).toBeGreaterThan(Date.now() - 60_000);
    db.$client.close();
  });
});
