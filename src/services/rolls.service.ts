import type { AuditExport, ChainEntry, RollDetail, Visibility } from '../dice/entry';
import { parseExpression, dieFaces, diceCount } from '../dice/expression';
import { chiSquareTest, type FairnessTest } from '../dice/stats';
import { verifyChain, type VerifyFailure, type VerifyReport } from '../dice/verify';
import { err, type Result } from '../lib/result';
import { UserError } from '../lib/user-error';
import { toChainEntry } from '../db/audit.repo';
import type { AuditEntryRow, SeedEpochRow, TrailAnchorRow, TrailBreakRow } from '../db/schema';
import { checkRecords } from './trail-check';
import { VerifyPool } from './verify-split';
import { writeWarmTrail } from './verify-warm';
import { SERVER_SCOPE, type Actor, type AuditTrail, type StoredRoll } from './audit-trail';

export const LOG_PAGE_MAX = 25;
export const REASON_MAX = 200;

/** One line of `/rolls log`, already stripped of whatever the viewer may not yet see. */
export interface LogLine {
  readonly seq: number;
  readonly kind: ChainEntry['kind'];
  readonly createdAt: number;
  readonly actorId: string;
  readonly actorName: string;
  readonly epochId: number | null;
  readonly rollIndex: number | null;
  readonly visibility: Visibility;
  /** null for a private roll whose seed is not revealed yet (sealed). */
  readonly roll: RollDetail | null;
  readonly commitment?: string;
  readonly seed?: string;
  readonly unreadable?: boolean;
}

/** What `/rolls verify` established, with the bot's records of anchors and breaks. */
export interface TrailCheck {
  readonly result: Result<VerifyReport, VerifyFailure>;
  /** The last anchor the bot showed (checked against the trail), or null. */
  readonly anchor: TrailAnchorRow | null;
  /** Every break recorded for the guild, oldest first, including one found now. */
  readonly breaks: readonly TrailBreakRow[];
  /** The break this check found for the first time (the channel gets a public notice). */
  readonly newBreak: TrailBreakRow | null;
}

export interface FaceStats {
  readonly die: string;
  readonly faces: readonly { face: number; count: number; weight: number }[];
  readonly test: FairnessTest;
  readonly rolls: number;
}

/**
 * Free rolls and the audit trail as users see it: roll, log, verify, export, statistics,
 * seed epochs. Pure reads and one-transaction writes through AuditTrail.
 */
/** Trails with at least this many entries are verified in worker threads (verify-split.ts). */
export const SPLIT_VERIFY_FROM = 20_000;

export class RollsService {
  /** `dbPath` lets workers open their own connection; ':memory:' keeps everything in-thread. */
  private readonly pool = new VerifyPool();

  constructor(private readonly trail: AuditTrail, private readonly dbPath = ':memory:') {}

  /** Stop the verify workers (shutdown). */
  /** Make verify's workers quick to start (see VerifyPool.prepare); the bot calls it at start. */
  /** `warm`: and warm both workers up on a synthetic trail, then keep them (VerifyPool.prepare). */
  prepareVerify(onError?: (e: unknown) => void, opts: { warm?: boolean } = {}): Promise<boolean> {
    // A database in memory is verified on the main thread (verifyAsync): no workers to start.
    return this.dbPath === ':memory:' ? Promise.resolve(false) : this.pool.prepare(onError, opts.warm ? { warmTrail: () => writeWarmTrail() } : {});
  }

  /** Whether verify's workers were warmed up and kept (prepareVerify with `warm`), once that is settled; null if not asked. */
  get verifyWarmed(): Promise<boolean> | null {
    return this.pool.warmed;
  }

  /** The last split verify's balance (VerifyPool.lastSplit), for benchmarks. */
  get lastVerifySplit(): VerifyPool['lastSplit'] {
    return this.pool.lastSplit;
  }

  /** Where verify's workers start from (VerifyPool.bundled). */
  get verifyBundle(): URL | null {
    return this.pool.bundled;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  roll(input: { guildId: string; actor: Actor; expression: string; reason?: string | undefined; private: boolean }): StoredRoll {
    const parsed = parseExpression(input.expression);
    if (!parsed.ok) throw UserError.from(parsed.error);
    const reason = input.reason?.trim() || null;
    if (reason && reason.length > REASON_MAX) throw new UserError('roll/reason-too-long', `The reason is ${reason.length} characters long; the limit is ${REASON_MAX}.`, 'Shorten the reason.');
    return this.trail.roll({
      guildId: input.guildId, actor: input.actor, expression: parsed.value, purpose: reason,
      visibility: input.private ? 'private' : 'public',
    });
  }

  log(guildId: string, opts: { actorId?: string | undefined; page: number; pageSize: number }): { lines: LogLine[]; total: number; page: number; pages: number } {
    const total = this.trail.repo.count(guildId, { actorId: opts.actorId });
    const pages = Math.max(1, Math.ceil(total / opts.pageSize));
    const page = Math.min(Math.max(1, opts.page), pages);
    const rows = this.trail.repo.page(guildId, { actorId: opts.actorId, limit: opts.pageSize, offset: (page - 1) * opts.pageSize });
    const revealed = this.revealedEpochIds(guildId);
    return { lines: rows.map((r) => toLogLine(r, revealed)), total, page, pages };
  }

  /**
   * The bot's full check: chain, every seed against its commitment, every roll recomputed.
   * Large trails run in two worker threads so the bot keeps answering meanwhile.
   */
  async verifyAsync(guildId: string): Promise<Result<VerifyReport, VerifyFailure>> {
    const last = this.trail.repo.lastLink(guildId);
    if (this.dbPath === ':memory:' || !last || last.seq < SPLIT_VERIFY_FROM) return this.verify(guildId);
    return this.pool.verify(this.dbPath, guildId, last.seq);
  }

  /**
   * `/rolls verify`: the full check, then the trail against the bot's own records (the last
   * anchor it showed, each seed's roll counter and reveal). A break found is recorded once,
   * and every recorded break is returned, so the caller can say so every time (issue 16).
   */
  async check(guildId: string, where: { channelId: string | null; now: number }): Promise<TrailCheck> {
    let result = await this.verifyAsync(guildId);
    if (result.ok) {
      const rec = checkRecords(this.trail.repo, guildId);
      if (rec) result = err(rec);
    }
    const newBreak = result.ok ? null : this.trail.repo.recordBreak({
      guildId, firstBadSeq: result.error.seq, code: result.error.code, message: result.error.message, foundAt: where.now, channelId: where.channelId,
    });
    return { result, anchor: this.trail.repo.anchor(guildId), breaks: this.trail.repo.breaks(guildId), newBreak };
  }

  /** The earliest recorded break, for the log header and roll replies. */
  firstBreak(guildId: string): TrailBreakRow | null {
    return this.trail.repo.firstBreak(guildId);
  }

  /** The same check in this thread, in one pass. */
  verify(guildId: string): Result<VerifyReport, VerifyFailure> {
    return verifyChain(this.trail.repo.iterateVerifiable(guildId), { guildId, secretSeeds: this.openSeeds(guildId) });
  }

  /** The trail as a file anyone can check offline; private rolls stay sealed until their seed is revealed. */
  exportTrail(guildId: string, exportedAt: Date): AuditExport {
    const revealed = this.revealedEpochIds(guildId);
    const entries: ChainEntry[] = [];
    for (const row of this.trail.repo.iterate(guildId)) {
      const e = toChainEntry(row);
      const sealed = e.kind === 'roll' && e.visibility === 'private' && !revealed.has(e.epochId!);
      entries.push(sealed ? { ...e, detail: null } : e);
    }
    return { format: 'estafette-audit/1', guildId, exportedAt: exportedAt.toISOString(), entries };
  }

  /** Face counts of one die type over every visible roll of the guild, with a chi-square test. */
  stats(guildId: string, dieText: string): FaceStats {
    const parsed = parseExpression(`1${dieText.trim().replace(/^1(?=d)/i, '')}`);
    if (!parsed.ok || diceCount(parsed.value) !== 1 || parsed.value.terms.length !== 1) {
      throw new UserError('stats/bad-die', `"${dieText}" is not a single die.`, 'Name one die such as d6, d20, d% or dK8.');
    }
    const term = parsed.value.terms[0]!.term;
    if (term.kind !== 'dice') throw new UserError('stats/bad-die', `"${dieText}" is not a die.`, 'Name one die such as d6, d20, d% or dK8.');
    const faces = dieFaces(term);
    const key = faces.join(',');
    const counts = new Map<number, number>();
    for (const f of faces) counts.set(f, 0);
    const revealed = this.revealedEpochIds(guildId);
    let rolls = 0;
    for (const row of this.trail.repo.iterate(guildId, 'roll')) {
      if (row.visibility === 'private' && !revealed.has(row.epochId!)) continue;
      let d: RollDetail;
      try { d = JSON.parse(row.detail) as RollDetail; } catch { continue; }
      let used = false;
      for (const t of d.terms ?? []) {
        if (t.kind !== 'dice' || faceKey(t) !== key) continue;
        used = true;
        for (const die of t.dice) counts.set(die.face, (counts.get(die.face) ?? 0) + 1);
      }
      if (used) rolls++;
    }
    const weights = new Map<number, number>();
    for (const f of faces) weights.set(f, (weights.get(f) ?? 0) + 1);
    const rowsOut = [...weights.keys()].sort((a, b) => a - b).map((face) => ({ face, count: counts.get(face) ?? 0, weight: weights.get(face)! }));
    return { die: dieText.trim(), faces: rowsOut, test: chiSquareTest(rowsOut), rolls };
  }

  /** Reveal the server epoch's seed now (admin); the next roll opens a new one. */
  revealServerSeed(guildId: string, actor: Actor): SeedEpochRow | null {
    const open = this.trail.repo.openEpoch(guildId, SERVER_SCOPE);
    return open ? this.trail.reveal(open.id, actor) : null;
  }

  /** The open server epoch (opened now if none), so its commitment can be shown before any roll. */
  currentServerEpoch(guildId: string): SeedEpochRow {
    return this.trail.currentEpoch(guildId, SERVER_SCOPE);
  }

  epochs(guildId: string, limit = 10): SeedEpochRow[] {
    return this.trail.repo.epochs(guildId, limit);
  }

  private revealedEpochIds(guildId: string): Set<number> {
    return new Set(this.trail.repo.epochs(guildId, 1_000_000).filter((e) => e.revealedAt !== null).map((e) => e.id));
  }

  /** Every stored seed: each is checked against its published commitment, open or not. */
  private openSeeds(guildId: string): Map<number, string> {
    return this.trail.repo.seeds(guildId);
  }
}

function faceKey(t: { sides: number; faces?: readonly number[] | undefined }): string {
  return (t.faces ?? Array.from({ length: t.sides }, (_, i) => i + 1)).join(',');
}

function toLogLine(row: AuditEntryRow, revealed: ReadonlySet<number>): LogLine {
  const e = toChainEntry(row);
  const base = {
    seq: e.seq, kind: e.kind, createdAt: e.createdAt, actorId: e.actorId, actorName: e.actorName,
    epochId: e.epochId, rollIndex: e.rollIndex, visibility: e.visibility,
  };
  const d = e.detail as Record<string, unknown> | null;
  if (d && 'unreadable' in d) return { ...base, roll: null, unreadable: true };
  if (e.kind === 'roll') {
    const sealed = e.visibility === 'private' && !revealed.has(e.epochId!);
    return { ...base, roll: sealed ? null : (d as RollDetail) };
  }
  return { ...base, roll: null, commitment: d?.commitment as string, ...(e.kind === 'epoch-reveal' ? { seed: d?.seed as string } : {}) };
}
