import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';

/**
 * The newest audit entry the bot has shown per guild, kept in a small file beside the database
 * (`<db>.shown`), outside SQLite and its -wal (issue 16). synchronous=FULL makes a committed
 * roll survive a power cut, but nothing in the database survives the loss of its -wal file (or
 * a restored copy of the .db alone): the trail silently goes back, and the next roll would take
 * a number, seed and index whose dice players have already seen. This file remembers.
 *
 * One line per shown entry, `guild seq hash`; the last line of a guild is its mark. Written
 * after the roll's commit, without fsync: it survives a crash or a lost -wal (FULL covers
 * power cuts). Compacted to one line per guild when it is opened past COMPACT_BYTES.
 */
const COMPACT_BYTES = 1 << 20;

export interface ShownMark {
  readonly seq: number;
  readonly hash: string;
}

export class ShownMarks {
  private readonly marks = new Map<string, ShownMark>();
  private fd: number | null;

  private constructor(readonly path: string) {
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
  static forDb(dbPath: string): ShownMarks | null {
    return dbPath === ':memory:' ? null : new ShownMarks(`${dbPath}.shown`);
  }

  get(guildId: string): ShownMark | null {
    return this.marks.get(guildId) ?? null;
  }

  /** Entry #seq of the guild was shown (or, after a rollback was handled, is the head to compare with). */
  set(guildId: string, seq: number, hash: string): void {
    if (this.fd === null) return;
    this.marks.set(guildId, { seq, hash });
    writeSync(this.fd, `${guildId} ${seq} ${hash}\n`);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
