import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShownMarks } from '../../src/db/shown-marks';

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
});
