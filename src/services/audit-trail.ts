import { randomBytes } from 'node:crypto';
import { entryHash, GENESIS_HASH } from '../dice/chain';
import { canonicalJson, sha256Hex } from '../dice/canonical';
import { commitmentOf, derivedRng, rollSalt, SEED_BYTES, seedKey } from '../dice/derive';
import type { DetailOf, EntryKind, Modifier, RollDetail, Visibility } from '../dice/entry';
import { normalize, rollTerms, type DiceExpression } from '../dice/expression';
import { AuditRepo } from '../db/audit.repo';
import type { Db } from '../db/open';
import type { SeedEpochRow } from '../db/schema';
import type { ShownMarks } from '../db/shown-marks';

/** Who caused an entry. The bot itself acts as { id: 'system' } (scheduled reveals, rolls for absent players). */
export interface Actor {
  readonly id: string;
  readonly name: string;
}

/** Open epochs whose keys are kept (one per game phase being rolled in, plus the server's). */
const MAX_KEYS = 256;

export const SYSTEM_ACTOR: Actor = { id: 'system', name: 'Estafette' };
export const SERVER_SCOPE = 'server';

export interface RollSpec {
  readonly guildId: string;
  readonly gameId?: string | null;
  /** Which seed epoch to draw from: 'server' for free rolls, a game-phase label for game rolls. */
  readonly scope?: string;
  readonly actor: Actor;
  readonly expression: DiceExpression;
  readonly purpose: string | null;
  readonly visibility: Visibility;
  readonly modifiers?: readonly Modifier[];
  readonly tableRow?: string | null;
  readonly derivesFrom?: string | null;
}

export interface StoredRoll {
  readonly id: number;
  readonly seq: number;
  /** The entry's hash: with seq, the anchor its public reply prints. */
  readonly hash: string;
  /** The guild's chain was found broken before this roll (issue 16): replies say so. */
  readonly broken?: { readonly seq: number; readonly since: number } | undefined;
  readonly epoch: SeedEpochRow;
  readonly rollIndex: number;
  readonly detail: RollDetail;
}

export interface AuditTrailOptions {
  readonly clock: () => number;
  /** Hours until a server epoch's seed is revealed; 0 = only on an admin's demand. */
  readonly seedEpochHours: number;
  /** Injectable for tests; defaults to 32 bytes from the OS CSPRNG. */
  readonly newSeed?: () => string;
  /** What the bot has shown, kept outside the database (null: in-memory database). */
  readonly marks?: ShownMarks | null;
}

/**
 * Appends to the hash-chained, append-only trail and manages seed epochs. Every public method
 * runs in one synchronous SQLite transaction (never awaits), so a roll and its chain link are
 * stored together or not at all.
 */
export class AuditTrail {
  readonly repo: AuditRepo;
  private readonly newSeed: () => string;
  // Transaction wrappers are built once; better-sqlite3 nests them as savepoints.
  private readonly tx: { roll: (s: RollSpec) => StoredRoll; rollAlone: (s: RollSpec) => StoredRoll; current: (g: string, sc: string, gm: string | null, a: Actor) => SeedEpochRow; reveal: (id: number, a: Actor) => SeedEpochRow | null };

  /**
   * Each open epoch's seed as an HMAC key, made once: derive.ts keeps the HMAC pads per key
   * object, so a roll reuses them instead of building a key and its pads again (issue 12).
   * Checked against the row's seed on every use (an id taken again after a rollback gets a
   * new key), dropped at the reveal, and bounded (oldest out first) for bots with many games.
   */
  private readonly keys = new Map<number, { seed: string; key: Buffer }>();

  /**
   * The chain head of the guild being rolled in, as read and then moved by this transaction
   * (tx.rollAlone only; null outside it): the check against what was shown reads it, and the
   * roll's append would read it again, one statement of a roll's nine (issue 12).
   */
  private head: { guildId: string; seq: number; hash: string } | null = null;

  constructor(private readonly db: Db, private readonly opts: AuditTrailOptions) {
    this.repo = new AuditRepo(db);
    this.newSeed = opts.newSeed ?? (() => randomBytes(SEED_BYTES).toString('hex'));
    const t = db.$client.transaction.bind(db.$client);
    this.tx = {
      roll: t((spec: RollSpec) => this.rollTx(spec)),
      // The check against what was shown reads the chain head in the roll's own transaction: a
      // read on its own, before it, began and ended a read transaction of its own, the costliest
      // statement of a roll on the profile (issue 12). If the roll fails, the break and reveal
      // it recorded go back with it and the next roll finds the same trail and records them.
      rollAlone: t((spec: RollSpec) => {
        try {
          this.catchUpWithShown(spec.guildId);
          return this.rollTx(spec);
        } finally {
          this.head = null;
        }
      }),
      current: t((g: string, sc: string, gm: string | null, a: Actor) => this.ensureEpoch(g, sc, gm, a, this.opts.clock())),
      reveal: t((id: number, a: Actor) => this.revealTx(id, a)),
    };
  }

  /** Roll and record. Opens (and publishes the commitment of) a new epoch first if none is open. */
  roll(spec: RollSpec): StoredRoll {
    // Only a roll committed on its own is shown at once (game rolls are posted after their
    // resolution's commit, through the outbox). A roll in a turn's batch (src/db/batch.ts) is
    // alone too: no service transaction holds it, and its shown mark is set once the batch has
    // committed (and written once that commit is durable: ShownMarks), never if it fails.
    const batch = this.db.$batch;
    if (!batch.outermost) return this.tx.roll(spec);
    const r = this.tx.rollAlone(spec);
    const marks = this.opts.marks;
    if (marks) batch.afterCommit(() => marks.set(spec.guildId, r.seq, r.hash));
    return r;
  }

  /**
   * The trail is behind what the bot has shown (a lost -wal file, a restored copy): record the
   * break, and reveal the server seed, whose counter went back with the trail, so the next roll
   * draws from a fresh seed instead of dealing the shown dice again (issue 16). Runs inside the
   * roll's transaction (tx.rollAlone), so the break, the reveal and the roll commit together; the
   * roll's mark, set once it is durable, is past the head found here.
   */
  private catchUpWithShown(guildId: string): void {
    const shown = this.opts.marks?.get(guildId);
    if (!shown) return;
    const head = this.repo.lastLink(guildId);
    this.head = head ? { guildId, ...head } : null;
    if (head && head.seq >= shown.seq) return;
    const headSeq = head?.seq ?? 0;
    this.repo.recordBreak({
      guildId, firstBadSeq: headSeq + 1, code: 'trail/rolled-back', foundAt: this.opts.clock(), channelId: null,
      message: `The trail ends at #${headSeq}, but the bot had shown entries up to #${shown.seq} (hash ${shown.hash.slice(0, 16)}…): they were lost (a lost -wal file or a restored copy of the database). The server seed in use was revealed, so no lost roll's dice are dealt again.`,
    });
    const open = this.repo.openEpoch(guildId, SERVER_SCOPE);
    if (open) this.revealTx(open.id, SYSTEM_ACTOR);
  }

  private rollTx(spec: RollSpec): StoredRoll {
    {
      const now = this.opts.clock();
      const epoch = this.ensureEpoch(spec.guildId, spec.scope ?? SERVER_SCOPE, spec.gameId ?? null, spec.actor, now);
      // The roll's seq is known before its index is taken: the epoch's row records both in one write.
      const last = this.linkOf(spec.guildId);
      const rollIndex = this.repo.takeIndex(epoch.id, (last?.seq ?? 0) + 1);
      const key = this.keyOf(epoch);
      const result = rollTerms(spec.expression, derivedRng(key, rollIndex));
      const modifiers = [...(spec.modifiers ?? [])];
      const detail: RollDetail = {
        expression: normalize(spec.expression),
        purpose: spec.purpose,
        terms: result.terms as RollDetail['terms'],
        modifiers,
        total: result.total + modifiers.reduce((s, m) => s + m.value, 0),
        tableRow: spec.tableRow ?? null,
        salt: spec.visibility === 'private' ? rollSalt(key, rollIndex) : null,
      };
      const { id, seq, hash } = this.append(spec.guildId, 'roll', detail, {
        actor: spec.actor, now, gameId: spec.gameId ?? null, epochId: epoch.id, rollIndex,
        visibility: spec.visibility, derivesFrom: spec.derivesFrom ?? null,
      }, last);
      const brk = this.repo.firstBreak(spec.guildId);
      return { id, seq, hash, epoch, rollIndex, detail, ...(brk ? { broken: { seq: brk.firstBadSeq, since: brk.foundAt } } : {}) };
    }
  }

  private keyOf(epoch: SeedEpochRow): Buffer {
    const hit = this.keys.get(epoch.id);
    if (hit && hit.seed === epoch.seed) return hit.key;
    const key = seedKey(epoch.seed);
    this.keys.delete(epoch.id);
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(epoch.id, { seed: epoch.seed, key });
    return key;
  }

  /** The open epoch of a scope, opening one if needed. */
  currentEpoch(guildId: string, scope = SERVER_SCOPE, gameId: string | null = null, actor: Actor = SYSTEM_ACTOR): SeedEpochRow {
    return this.tx.current(guildId, scope, gameId, actor);
  }

  /** Close an epoch and publish its seed: from now on anyone can recompute its rolls. */
  reveal(epochId: number, actor: Actor = SYSTEM_ACTOR): SeedEpochRow | null {
    return this.tx.reveal(epochId, actor);
  }

  private revealTx(epochId: number, actor: Actor): SeedEpochRow | null {
    {
      const epoch = this.repo.epoch(epochId);
      if (!epoch || epoch.revealedAt !== null) return null;
      const now = this.opts.clock();
      // The reveal commits to the epoch's roll count and last entry (issue 16), so deleting its
      // last rolls later is caught by verify even with the chain re-linked around them.
      const last = this.repo.lastEpochEntry(epoch.id);
      if (!last) {
        // Its opening was deleted from the trail: there is nothing to commit to. Still reveal
        // (rolls must not stop for good), and record the break so every reply says so.
        this.repo.recordBreak({
          guildId: epoch.guildId, firstBadSeq: (this.repo.lastLink(epoch.guildId)?.seq ?? 0) + 1, code: 'epoch/truncated', foundAt: now, channelId: null,
          message: `Seed #${epoch.id} has no opening entry in the trail (it was removed); it was revealed without a commitment to its contents.`,
        });
      }
      const contents = last ? { rolls: epoch.nextIndex, lastSeq: last.seq, lastHash: last.hash } : {};
      this.append(epoch.guildId, 'epoch-reveal', { scope: epoch.scope, commitment: epoch.commitment, seed: epoch.seed, ...contents }, {
        actor, now, gameId: epoch.gameId, epochId: epoch.id, rollIndex: null, visibility: 'public', derivesFrom: null,
      });
      this.repo.markRevealed(epoch.id, now);
      // Its seed is public now and draws no more rolls. (A transaction rolled back after this
      // only costs the next roll one key.)
      this.keys.delete(epoch.id);
      return { ...epoch, revealedAt: now };
    }
  }

  /** Mark a revealed epoch's rolls void (a GM rolled back the resolution that used them). */
  voidEpoch(epochId: number, actor: Actor, reason: string): void {
    this.db.$client.transaction(() => {
      const epoch = this.repo.epoch(epochId);
      if (!epoch || epoch.revealedAt === null) throw new Error(`epoch ${epochId} is not revealed`);
      this.append(epoch.guildId, 'epoch-void', { scope: epoch.scope, reason }, {
        actor, now: this.opts.clock(), gameId: epoch.gameId, epochId: epoch.id, rollIndex: null, visibility: 'public', derivesFrom: null,
      });
    })();
  }

  /** Reveal every epoch whose scheduled close has passed (the scheduler's sweep). */
  revealDue(): SeedEpochRow[] {
    const due = this.repo.dueEpochs(this.opts.clock());
    return due.map((e) => this.reveal(e.id)).filter((e): e is SeedEpochRow => e !== null);
  }

  private ensureEpoch(guildId: string, scope: string, gameId: string | null, actor: Actor, now: number): SeedEpochRow {
    const open = this.repo.openEpoch(guildId, scope);
    // A server epoch past its time is revealed before the next roll, so no roll ever uses a
    // seed later than its announced close.
    if (open && !(open.closesAt !== null && open.closesAt <= now)) return open;
    if (open) this.revealTx(open.id, SYSTEM_ACTOR);
    const seed = this.newSeed();
    const closesAt = scope === SERVER_SCOPE && this.opts.seedEpochHours > 0 ? now + this.opts.seedEpochHours * 3_600_000 : null;
    const epoch = this.repo.createEpoch({ guildId, gameId, scope, seed, commitment: commitmentOf(seed), openedAt: now, closesAt });
    this.append(guildId, 'epoch-open', { scope, commitment: epoch.commitment, closesAt }, {
      actor, now, gameId, epochId: epoch.id, rollIndex: null, visibility: 'public', derivesFrom: null,
    });
    return epoch;
  }

  /** The guild's chain head: the one this transaction holds, else read. */
  private linkOf(guildId: string): { seq: number; hash: string } | null {
    return this.head?.guildId === guildId ? this.head : this.repo.lastLink(guildId);
  }

  private append<K extends EntryKind>(guildId: string, kind: K, detail: DetailOf<K>, h: {
    actor: Actor; now: number; gameId: string | null; epochId: number | null; rollIndex: number | null;
    visibility: Visibility; derivesFrom: string | null;
  }, last = this.linkOf(guildId)): { id: number; seq: number; hash: string } {
    // The detail's canonical text is both what is hashed and what is stored: made once (issue 12).
    const detailText = canonicalJson(detail);
    const header = {
      guildId, seq: (last?.seq ?? 0) + 1, kind, createdAt: h.now, actorId: h.actor.id, actorName: h.actor.name,
      gameId: h.gameId, epochId: h.epochId, rollIndex: h.rollIndex, visibility: h.visibility, derivesFrom: h.derivesFrom,
      detailHash: sha256Hex(detailText),
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    const hash = entryHash(prevHash, header);
    const id = this.repo.insertEntry({ ...header, detail: detailText, prevHash, hash });
    if (this.head) this.head = { guildId, seq: header.seq, hash };
    // The chain head is what replies anchor to. A new entry at or below the last anchor means
    // the trail lost entries the bot had written (and maybe shown): a rollback, recorded at once.
    if (!this.repo.advanceAnchor(guildId, header.seq, hash, h.now)) {
      const seen = this.repo.anchor(guildId)!;
      this.repo.recordBreak({
        guildId, firstBadSeq: header.seq, code: 'anchor/behind', foundAt: h.now, channelId: null,
        message: `Entry #${header.seq} was written again: the trail had already reached #${seen.seq} (hash ${seen.hash.slice(0, 16)}…), so entries shown before were lost (a rollback or a deletion).`,
      });
      // The break holds the evidence; from here the anchor follows the trail again.
      this.repo.resetAnchor(guildId, header.seq, hash, h.now);
    }
    return { id, seq: header.seq, hash };
  }
}
