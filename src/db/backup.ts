import type Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from '../logger';

/**
 * Online backups (issue 16) through SQLite's backup API (better-sqlite3 `db.backup`): a
 * consistent copy of the live database, taken in small steps so the bot keeps serving, safe
 * while it writes (in WAL mode the copy includes every committed transaction up to the end).
 * The copy is written to `<dest>.partial` and renamed when complete, so a half-written
 * backup never carries a backup's name.
 */
export interface BackupResult {
  readonly path: string;
  readonly bytes: number;
  readonly pages: number;
  readonly ms: number;
}

export async function backupDatabase(source: Database.Database, dest: string, clock: () => number = Date.now): Promise<BackupResult> {
  const path = resolve(dest);
  if (existsSync(path)) throw new Error(`${path} already exists; choose a new file name (a backup never overwrites a file)`);
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const started = clock();
  try {
    const meta = await source.backup(partial);
    renameSync(partial, path);
    return { path, bytes: statSync(path).size, pages: meta.totalPages, ms: clock() - started };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

const NAME_RE = /^estafette-(\d{8}-\d{6})Z\.db$/;

/** `estafette-20261125-183000Z.db`: sortable by name, the time in UTC. */
export function backupFileName(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-11-25T18:30:00.000Z
  return `estafette-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}Z.db`;
}

function backupTime(name: string): number | null {
  const m = NAME_RE.exec(name);
  if (!m) return null;
  const d = m[1]!;
  return Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(11, 13), +d.slice(13, 15));
}

export interface PeriodicBackupOptions {
  readonly dir: string;
  readonly everyMs: number;
  /** How many backups to keep: older ones (by the time in their name) are deleted. */
  readonly keep: number;
  /** How often to check whether one is due (default: every minute, or `everyMs` if shorter). */
  readonly checkEveryMs?: number;
}

/**
 * Periodic backups into `dir`, every `everyMs`, keeping the newest `keep`. The schedule is
 * read from the files already there, so a bot restarted more often than `everyMs` (deploys,
 * crashes) still backs up on time rather than never.
 */
export class PeriodicBackup {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<BackupResult | null> | null = null;

  constructor(private readonly source: Database.Database, private readonly o: PeriodicBackupOptions, private readonly clock: () => number, private readonly log?: Logger) {}

  /** Backups in the folder, oldest first. */
  list(): { name: string; at: number }[] {
    if (!existsSync(this.o.dir)) return [];
    return readdirSync(this.o.dir).flatMap((name) => {
      const at = backupTime(name);
      return at === null ? [] : [{ name, at }];
    }).sort((a, b) => a.at - b.at);
  }

  /** When the next backup is due: one period after the newest; null (due now) if there is none. */
  nextDueAt(): number | null {
    const newest = this.list().at(-1);
    return newest ? newest.at + this.o.everyMs : null;
  }

  /** Take a backup if one is due (or `force`), then prune. Never rejects: failures are logged. */
  runIfDue(force = false): Promise<BackupResult | null> {
    if (this.current) return this.current;
    const due = this.nextDueAt();
    if (!force && due !== null && this.clock() < due) return Promise.resolve(null);
    this.current = this.run().finally(() => { this.current = null; });
    return this.current;
  }

  private async run(): Promise<BackupResult | null> {
    const dest = join(this.o.dir, backupFileName(this.clock()));
    try {
      const r = await backupDatabase(this.source, dest, this.clock);
      const pruned = this.prune();
      this.log?.info({ backup: r.path, bytes: r.bytes, pages: r.pages, ms: r.ms, pruned }, 'database backed up');
      return r;
    } catch (e) {
      this.log?.error({ err: e, backup: dest }, 'database backup failed; will try again at the next check');
      return null;
    }
  }

  private prune(): string[] {
    const all = this.list();
    const old = all.slice(0, Math.max(0, all.length - this.o.keep));
    for (const b of old) rmSync(join(this.o.dir, b.name), { force: true });
    return old.map((b) => b.name);
  }

  start(): void {
    const every = this.o.checkEveryMs ?? Math.min(this.o.everyMs, 60_000);
    this.timer = setInterval(() => void this.runIfDue(), every);
    this.timer.unref();
    void this.runIfDue();
  }

  /** Stop checking and wait for a backup under way, so the caller may close the database after. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.current;
  }
}
