import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { SPLIT_VERIFY_FROM } from '../../src/services/rolls.service';
import { createServices } from '../../src/services/services';
import { testClock, testSeeds } from '../helpers/services';

const G = '111111111111111111';
const ney = { id: '300000000000000001', name: 'Ney' };

describe('verify in worker threads (large trails)', () => {
  it('gives the same report as the single pass, and finds the same broken entry', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-split-')), 'trail.db');
    const db = openDb(path);
    const s = createServices(db, { clock: testClock(), newSeed: testSeeds(), dbPath: path, seedEpochHours: 0 });
    const fill = db.$client.transaction((n: number, priv: boolean) => {
      for (let i = 0; i < n; i++) s.rolls.roll({ guildId: G, actor: ney, expression: i % 3 ? '2d6+1' : '4d6kh3', private: priv && i % 10 === 0 });
    });
    fill(SPLIT_VERIFY_FROM / 2, true);
    s.rolls.revealServerSeed(G, ney);
    fill(SPLIT_VERIFY_FROM / 2, true);

    const whole = s.rolls.verify(G);
    const split = await s.rolls.verifyAsync(G);
    expect(whole.ok).toBe(true);
    expect(split).toEqual(whole);
    expect(split.ok && split.value).toMatchObject({ rolls: SPLIT_VERIFY_FROM, recomputed: SPLIT_VERIFY_FROM / 2, recomputedWithSecret: SPLIT_VERIFY_FROM / 2, epochs: 2 });

    // Workers started from the bundle the bot makes at start (lib/worker-bundle.ts) say the same.
    expect(await s.rolls.prepareVerify((e) => { throw e; })).toBe(true);
    await s.rolls.close();
    expect(await s.rolls.verifyAsync(G)).toEqual(whole);
    // A bundle removed under a long-running bot (a temp-folder cleaner): workers start through tsx again.
    rmSync(fileURLToPath(s.rolls.verifyBundle!), { force: true });
    await s.rolls.close();
    expect(await s.rolls.verifyAsync(G)).toEqual(whole);
    expect(s.rolls.verifyBundle).toBeNull();

    // A face rewritten late in the trail with the whole chain re-hashed is caught by the dice worker.
    db.$client.exec('DROP TRIGGER audit_entries_no_update');
    const target = db.$client.prepare("SELECT id, seq, detail FROM audit_entries WHERE guild_id = ? AND kind = 'roll' ORDER BY seq DESC LIMIT 1 OFFSET 5").get(G) as { id: number; seq: number; detail: string };
    const d = JSON.parse(target.detail);
    d.terms[0].dice[0].face = d.terms[0].dice[0].face === 1 ? 2 : 1;
    db.$client.prepare('UPDATE audit_entries SET detail = ? WHERE id = ?').run(JSON.stringify(d), target.id);
    const broken = await s.rolls.verifyAsync(G);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatchObject({ seq: target.seq });
    expect(!s.rolls.verify(G).ok).toBe(true);
    db.$client.close();
  }, 120_000);
});
