import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { ShownMarks } from '../../src/db/shown-marks';
import { gatedSync, settle } from '../helpers/gated-sync';

describe('ShownMarks (the file beside the database)', () => {
  it('keeps the last mark per guild across a reopen, compacts a large file, and is off for :memory:', () => {
    expect(ShownMarks.forDb(':memory:')).toBeNull();
    const db = join(mkdtempSync(join(tmpdir(), 'estafette-marks-')), 'e.db');
    const m = ShownMarks.forDb(db)!;
    for (let i = 1; i <= 20_000; i++) m.set(i % 2 ? 'A' : 'B', i, i.toString(16).padStart(64, '0'));
    m.set('A', 7, 'f'.repeat(64)); // after a handled rollback the mark may go back
    m.close();
    expect(statSync(`${db}.shown`).size).toBeGreaterThan(1 << 20);
    const again = ShownMarks.forDb(db)!;
    expect(again.get('A')).toEqual({ seq: 7, hash: 'f'.repeat(64) });
    expect(again.get('B')).toEqual({ seq: 20_000, hash: (20_000).toString(16).padStart(64, '0') });
    expect(again.get('C')).toBeNull();
    again.close();
    expect(readFileSync(`${db}.shown`, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('writes a mark only once the fsync covering its roll finished, the marks of one fsync together and in order; none after a failed fsync', async () => {
    const g = gatedSync();
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-marks-')), 'e.db');
    const db = openDb(path, { sync: g.sync });
    db.$client.exec('CREATE TABLE t (x TEXT)');
    const write = () => db.$client.prepare('INSERT INTO t VALUES (1)').run();
    const m = ShownMarks.forDb(path, db.$durability)!;
    const file = () => readFileSync(`${path}.shown`, 'utf8');
    const hash = (n: number) => n.toString(16).padStart(64, '0');
    write(); m.set('A', 1, hash(1)); // starts fsync #1
    await g.until(1);
    write(); m.set('A', 2, hash(2)); // these three wait for fsync #2
    write(); m.set('B', 3, hash(3));
    write(); m.set('A', 4, hash(4));
    expect(m.get('A')).toEqual({ seq: 4, hash: hash(4) }); // in memory at once
    await settle();
    expect(file()).toBe('');
    g.release();
    await settle();
    expect(file()).toBe(`A 1 ${hash(1)}\n`);
    await g.until(1);
    g.release();
    await settle();
    expect(file()).toBe([1, 2, 3, 4].map((n) => `${n === 3 ? 'B' : 'A'} ${n} ${hash(n)}\n`).join(''));
    write(); m.set('A', 5, hash(5));
    await g.until(1);
    g.fail();
    await settle();
    expect(file().split('\n').filter(Boolean)).toHaveLength(4); // the failed batch wrote nothing
    m.close();
    db.$client.close();
    expect(ShownMarks.forDb(path)!.get('A')).toEqual({ seq: 4, hash: hash(4) });
  });

  it('marks set together after several commits (a turn\'s batch) are written in the order they were set', async () => {
    const g = gatedSync();
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-marks-')), 'e.db');
    const db = openDb(path, { sync: g.sync });
    db.$client.exec('CREATE TABLE t (x TEXT)');
    const m = ShownMarks.forDb(path, db.$durability)!;
    const hash = (n: number) => n.toString(16).padStart(64, '0');
    for (let i = 0; i < 3; i++) db.$client.prepare('INSERT INTO t VALUES (1)').run();
    // The first set starts the fsync; the next two are covered by that same fsync.
    for (const n of [1, 2, 3]) m.set('A', n, hash(n));
    await g.until(1);
    g.release();
    await settle();
    expect(readFileSync(`${path}.shown`, 'utf8')).toBe([1, 2, 3].map((n) => `A ${n} ${hash(n)}\n`).join(''));
    m.close();
    db.$client.close();
    expect(ShownMarks.forDb(path)!.get('A')).toEqual({ seq: 3, hash: hash(3) });
  });
});
