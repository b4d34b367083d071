import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseExpression, type DiceExpression } from '../dice/expression';
import { openDb, type Db } from '../db/open';
import { AuditTrail, SERVER_SCOPE } from './audit-trail';

/**
 * A small synthetic trail for warming verify's worker threads while the bot is idle after
 * start-up (issue 12): a fresh worker runs its first pass at about twice its warm CPU (V8's
 * inline caches, tiers and young generation start cold), so a first `/rolls verify` on workers
 * that have already verified this trail runs at about the warm speed.
 *
 * Written by the bot's own AuditTrail into a database file of its own (never the bot's), so
 * the workers run exactly the code of a real verify: the same reads, the same checks, the same
 * shapes of rows. Half its rolls in a revealed epoch and half in an open one, public and private,
 * of the expressions players type most, like a real trail. Written a slice at a time, each in its
 * own transaction, between turns of the event loop, so the bot keeps answering meanwhile.
 */
export const WARM_GUILD = 'verify-warm-up';
/** 4 chunks of the split (verify-split.ts MEET_CHUNK): enough to trade chunks, ~0.5 s of one core to write. */
export const WARM_ROLLS = 4096;
/** Rolls per transaction between turns of the event loop: ~10-20 ms of the main thread each. */
const SLICE = 64;
const ACTOR = { id: 'system', name: 'Estafette' };
const EXPRESSIONS = ['2d6', '1d6', '3d6', '1d20+3', '4d6kh3', '2d6-1'];

export interface WarmTrail {
  readonly dbPath: string;
  readonly guildId: string;
  readonly uptoSeq: number;
  /** Closes the trail's connection and removes its folder. */
  readonly remove: () => void;
}

export async function writeWarmTrail(rolls = WARM_ROLLS): Promise<WarmTrail> {
  const dir = mkdtempSync(join(tmpdir(), 'estafette-verify-warm-'));
  const dbPath = join(dir, 'warm.db');
  let db: Db | null = null;
  const remove = () => { db?.$client.close(); db = null; rmSync(dir, { recursive: true, force: true }); };
  try {
    db = openDb(dbPath);
    // A throwaway file: no fsync of its commits or checkpoints (the workers read it through WAL as they read the bot's).
    db.$client.pragma('synchronous = OFF');
    const trail = new AuditTrail(db, { clock: Date.now, seedEpochHours: 0, marks: null });
    const asts: DiceExpression[] = EXPRESSIONS.map((t) => { const p = parseExpression(t); if (!p.ok) throw new Error(`warm-up expression ${t}`); return p.value; });
    const open = db;
    const slice = open.$client.transaction((from: number, upto: number) => {
      for (let i = from; i < upto; i++) {
        trail.roll({ guildId: WARM_GUILD, actor: ACTOR, expression: asts[i % asts.length]!, purpose: i % 4 ? null : 'warm-up', visibility: i % 7 === 0 ? 'private' : 'public' });
      }
    });
    const half = Math.floor(rolls / 2);
    for (const [from, upto] of [[0, half], [half, rolls]] as const) {
      for (let i = from; i < upto; i += SLICE) {
        slice(i, Math.min(upto, i + SLICE));
        await new Promise((r) => setImmediate(r));
      }
      const epoch = from === 0 ? trail.repo.openEpoch(WARM_GUILD, SERVER_SCOPE) : null;
      if (epoch) trail.reveal(epoch.id, ACTOR);
    }
    return { dbPath, guildId: WARM_GUILD, uptoSeq: trail.repo.lastLink(WARM_GUILD)!.seq, remove };
  } catch (e) {
    remove();
    throw e;
  }
}
