import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { ALREADY_DURABLE, type DurabilityLike } from './durability';

/**
 * The newest audit entry the bot has shown per guild, kept in a small file beside the database
 * (`<db>.shown`), outside SQLite and its -wal (issue 16). Group commit makes a roll survive a
 * power cut before its reply is shown (Durability), but nothing in the database survives the loss of its -wal file (or
 * a restored copy of the .db alone): the trail silently goes back, and the next roll would take
 * a number, seed and index whose dice players have already seen. This file remembers.
 *
 * One line per shown entry, `guild seq hash`; the last line of a guild is its mark. Written
 * once the roll's commit is on disk (the reply waits for the same fsync), without fsync of its
 * own: it survives a crash or a lost -wal (the WAL fsync covers power cuts). Never written
 * earlier: the kernel may flush this file before the -wal, and a power cut would then leave a
 * mark ahead of a trail that lost only rolls nobody saw, recording a false break (issue 12).
 * Compacted to one line per guild when it is opened past COMPACT_BYTES.
 */
const COMPACT_BYTES = 1 << 20;

export interface ShownMark {
  readonly seq: number;
  readonly hash: string;
}

export class ShownMarks {
  private readonly marks = new Map<string, ShownMark>();
  private fd: number | null;

  private constructor(readonly path: string, private readonly durability: DurabilityLike) {
    if (existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        const m = /^(\S+) (\d+) ([0-9a-f]{16,64})$/.exec(line);
        if (m) this.marks.set(m[1]!, { seq: Number(m[2]), hash: m[3]! });
      }
      if (statSync(path).size > COMPACT_BYTES) {
        writeFileSync(`${path}.tmp`, [...this.marks].map(([g, k]) => `${g} ${k.seq} ${k.hash}\n`).join(''));
        renameSync(`${path}.tmp`, path);
      }
    }
    this.fd = openSync(path, 'a');
  }

  /** The marks of the database at `dbPath`; null for an in-memory database (nothing to lose). */
  static forDb(dbPath: string, durability: DurabilityLike = ALREADY_DURABLE): ShownMarks | null {
    return dbPath === ':memory:' ? null : new ShownMarks(`${dbPath}.shown`, durability);
  }

  get(guildId: string): ShownMark | null {
    return this.marks.get(guildId) ?? null;
  }

  /** Entry #seq of the guild was shown (or, after a rollback was handled, is the head to compare with). */
  set(guildId: string, seq: number, hash: string): void {
    if (this.fd === null) return;
    this.marks.set(guildId, { seq, hash });
    const line = `${guildId} ${seq} ${hash}\n`;
    if (this.durability === ALREADY_DURABLE) { writeSync(this.fd, line); return; }
    // Lines wait for the fsync that covers their roll, and the rolls of one fsync share one
    // promise (Durability.durable): their lines are written together, in one call, instead of one
    // write per roll (issue 12). Batches finish in order, so the lines keep their order. A failed
    // fsync writes nothing: those rolls were never shown (their replies report the failure).
    const done = this.durability.durable();
    const lines = this.waiting.get(done);
    if (lines) { lines.push(line); return; }
    this.waiting.set(done, [line]);
    done.then(() => this.writeBatch(done), () => this.waiting.delete(done));
  }

  /** Lines whose fsync finished, by the promise they waited on (see set). */
  private readonly waiting = new Map<Promise<void>, string[]>();

  private writeBatch(done: Promise<void>): void {
    const lines = this.waiting.get(done);
    this.waiting.delete(done);
    if (lines && this.fd !== null) writeSync(this.fd, lines.length === 1 ? lines[0]! : lines.join(''));
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
