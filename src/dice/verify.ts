import { err, ok, type Result } from '../lib/result';
import { entryHash, detailHashOf, GENESIS_HASH } from './chain';
import { commitmentOf, derivedRng, rollSalt, seedKey } from './derive';
import type { ChainEntry, EpochRevealDetail, RollDetail } from './entry';
import { isDetailOf } from './detail-check';

type TermResult = RollDetail['terms'][number];
import { parseExpression, rollTerms, type DiceExpression } from './expression';
import { sha256Hex } from './canonical';

/** What a successful check of a guild's trail established. */
export interface VerifyReport {
  readonly entries: number;
  readonly rolls: number;
  /** Rolls whose every face was recomputed from a revealed seed: anyone can repeat this. */
  readonly recomputed: number;
  /** Rolls in epochs still open, recomputed from the bot's secret seed (only the bot can do this before the reveal). */
  readonly recomputedWithSecret: number;
  /** Rolls whose seed is not revealed yet: anyone can check their chain links now, their faces after the reveal. */
  readonly awaitingReveal: number;
  /** Private rolls whose detail is sealed in this copy (an export made before the reveal). */
  readonly sealed: number;
  readonly epochs: number;
  readonly revealedEpochs: number;
  /** Rolls of resolutions a GM rolled back: still verified, but they no longer count in the game. */
  readonly voidedRolls?: number;
  /**
   * Revealed epochs whose reveal predates the roll-count commitment (old trails): a deletion of
   * their last rolls cannot be detected from the trail alone.
   */
  readonly uncommittedReveals?: readonly number[];
  /** Rolls per epoch and which epochs are revealed: what combineSplit needs. */
  readonly rollsPerEpoch?: ReadonlyMap<number, { rolls: number; revealed: boolean }>;
}

/** The first broken entry, with a stable code and a sentence saying what is wrong. */
export interface VerifyFailure {
  readonly code: string;
  readonly seq: number;
  readonly id?: number | undefined;
  readonly message: string;
}

interface EpochState {
  commitment: string;
  nextIndex: number;
  seed: string | null;
  /** The seed as an HMAC key, made once per epoch. */
  key: Buffer | null;
  revealed: boolean;
  pending: { entry: ChainEntry; detail: RollDetail }[];
  /** Rolls already recomputed with the bot's secret copy of the seed. */
  checkedWithSecret: number;
  voided: boolean;
  /** The epoch's last entry so far (its opening, then each roll): what its reveal commits to. */
  lastSeq: number;
  lastHash: string;
}

/** An entry plus, when read from the database, its detail exactly as stored (canonical JSON). */
export type VerifiableEntry = ChainEntry & { readonly detailText?: string };

export interface VerifyOptions {
  readonly guildId: string;
  /** Secret seeds of still-open epochs (the bot's own check); their commitments are checked too. */
  readonly secretSeeds?: ReadonlyMap<number, string>;
  /**
   * true (default): recompute every roll. `{ uptoSeq }`: only rolls up to that seq, leaving
   * the rest to recomputeRolls in parallel (the bot's split verify); the report then carries
   * the per-epoch counts combineSplit needs.
   */
  readonly recompute?: true | { readonly uptoSeq: number } | { readonly owner: RollOwner };
}

/**
 * Which rolls a scan recomputes when another thread recomputes the rest (the bot's split verify,
 * services/verify-split.ts): asked once per roll, in seq order, as the scan reaches it.
 */
export interface RollOwner {
  /**
   * true: this scan recomputes roll #seq; false: the other thread has taken it, and with it the
   * check of its detail hash (when its stored text opens an object: recomputeRolls reads that
   * text anyway, so the scan's share of the hashing shrinks with its share of the rolls).
   */
  mine(seq: number): boolean;
}

/**
 * Check a guild's whole trail, in seq order: contiguous seq from 1, each prev-hash link, each
 * entry hash and detail hash, each epoch's revealed seed against its published commitment,
 * and every roll's faces, salt and total recomputed from its seed and index.
 * Stops at the first broken entry.
 */
export function verifyChain(entries: Iterable<VerifiableEntry>, opts: VerifyOptions): Result<VerifyReport, VerifyFailure> {
  const epochs = new Map<number, EpochState>();
  const astCache = new Map<string, DiceExpression>();
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let rolls = 0, recomputed = 0, recomputedWithSecret = 0, sealed = 0, revealedEpochs = 0, voidedRolls = 0;
  const uncommittedReveals: number[] = [];
  const rc = opts.recompute;
  const split = rc !== undefined && rc !== true;
  const mine: (seq: number) => boolean = !split ? () => true : 'owner' in rc ? (seq) => rc.owner.mine(seq) : (seq) => seq <= rc.uptoSeq;
  /** Whether this scan hashes the detail of the rolls it leaves to the other half (not with an owner). */
  const hashesDeferred = !split || !('owner' in rc);

  const fail = (e: ChainEntry, code: string, message: string) =>
    err<VerifyFailure>({ code, seq: e.seq, id: e.id, message: `Entry #${e.seq}${e.id !== undefined ? ` (id ${e.id})` : ''}: ${message}` });

  for (const e of entries) {
    if (e.guildId !== opts.guildId) return fail(e, 'chain/guild', `belongs to guild ${e.guildId}, not ${opts.guildId}.`);
    if (e.seq !== expectedSeq) {
      return fail(e, 'chain/gap', e.seq > expectedSeq
        ? `expected entry #${expectedSeq} next but found #${e.seq}: ${e.seq - expectedSeq} entr${e.seq - expectedSeq === 1 ? 'y is' : 'ies are'} missing.`
        : `entry #${e.seq} appears out of order (expected #${expectedSeq}).`);
    }
    if (e.prevHash !== prev) return fail(e, 'chain/prev-hash', 'its previous-hash link does not match the entry before it (an entry was removed, inserted or reordered).');
    if (entryHash(prev, e) !== e.hash) return fail(e, 'chain/hash', 'its contents do not match its hash (a field was changed).');
    // The stored text is the canonical form that was hashed: hash it as is (fast, and strict:
    // any edit of the text, even a harmless-looking one, breaks the match).
    // A roll outside this half's share of a split verify (opts.recompute) is shape-checked
    // and recomputed by the dice half, which reads every such roll: its detail is not parsed
    // here, only its stored text hashed. Text that opens an object is never the sealed `null`.
    const ours = e.kind !== 'roll' || mine(e.seq);
    const deferred = !ours && e.detailText !== undefined && e.detailText.startsWith('{');
    if ((deferred ? hashesDeferred : e.detail !== null) && (e.detailText !== undefined ? sha256Hex(e.detailText) : detailHashOf(e.detail)) !== e.detailHash) {
      return fail(e, 'chain/detail-hash', DETAIL_HASH_MISMATCH);
    }
    prev = e.hash;
    expectedSeq++;

    // Rolls are shape-checked cheaply here and fully (the schema, detail-check.ts) only when
    // something looks off.
    const detail = deferred ? null : e.detail === null ? null
      : { success: (e.kind === 'roll' && looksLikeRoll(e.detail)) || isDetailOf(e.kind, e.detail), data: e.detail };
    if (detail && !detail.success) return fail(e, 'chain/bad-detail', `its ${e.kind} detail is malformed.`);

    if (e.kind === 'epoch-open') {
      const d = detail!.data as { commitment: string };
      if (e.epochId === null || epochs.has(e.epochId)) return fail(e, 'chain/epoch', 'opens an epoch without an id or one already opened.');
      const secret = opts.secretSeeds?.get(e.epochId) ?? null;
      if (secret !== null && commitmentOf(secret) !== d.commitment) {
        return fail(e, 'seed/commitment-mismatch', `the stored secret seed of epoch ${e.epochId} does not match its published commitment (the seed was swapped).`);
      }
      epochs.set(e.epochId, { commitment: d.commitment, nextIndex: 0, seed: secret, key: secret === null ? null : seedKey(secret), revealed: false, pending: [], checkedWithSecret: 0, voided: false, lastSeq: e.seq, lastHash: e.hash });
      continue;
    }

    const epoch = e.epochId === null ? undefined : epochs.get(e.epochId);
    if (!epoch) return fail(e, 'chain/unknown-epoch', `refers to seed epoch ${e.epochId}, which was never opened earlier in the trail.`);

    if (e.kind === 'epoch-void') {
      // Voiding never hides a roll: it is allowed only once the seed is public.
      if (!epoch.revealed) return fail(e, 'chain/epoch', `voids epoch ${e.epochId} before its seed was revealed.`);
      if (epoch.voided) return fail(e, 'chain/epoch', `voids epoch ${e.epochId} a second time.`);
      epoch.voided = true;
      voidedRolls += epoch.nextIndex;
      continue;
    }

    if (e.kind === 'epoch-reveal') {
      if (e.detail === null) return fail(e, 'chain/bad-detail', 'a seed reveal cannot be sealed.');
      const d = detail!.data as EpochRevealDetail;
      if (epoch.revealed) return fail(e, 'chain/epoch', `reveals epoch ${e.epochId} a second time.`);
      if (d.commitment !== epoch.commitment || commitmentOf(d.seed) !== epoch.commitment) {
        return fail(e, 'seed/commitment-mismatch', `the revealed seed of epoch ${e.epochId} does not hash to the commitment published before its rolls (the seed was swapped).`);
      }
      const contents = checkRevealContents(e.epochId!, epoch, d);
      if (contents) return fail(e, contents.code, contents.message);
      if (d.rolls === undefined) uncommittedReveals.push(e.epochId!);
      epoch.revealed = true;
      epoch.seed = d.seed;
      epoch.key = seedKey(d.seed);
      revealedEpochs++;
      // Rolls checked with the secret copy are now checkable by anyone: count them as such.
      recomputed += epoch.checkedWithSecret;
      recomputedWithSecret -= epoch.checkedWithSecret;
      for (const p of epoch.pending) {
        const r = checkRoll(p.entry, p.detail, epoch.key, astCache);
        if (r) return fail(p.entry, r.code, r.message);
        recomputed++;
      }
      epoch.pending = [];
      continue;
    }

    // A roll.
    rolls++;
    if (epoch.revealed) return fail(e, 'roll/after-reveal', `uses epoch ${e.epochId} after its seed was revealed: anyone could have predicted it.`);
    if (e.rollIndex !== epoch.nextIndex) return fail(e, 'roll/index', `has roll index ${e.rollIndex} but the epoch's next index was ${epoch.nextIndex} (a roll was removed or replayed).`);
    epoch.nextIndex++;
    epoch.lastSeq = e.seq;
    epoch.lastHash = e.hash;
    if (deferred) continue;
    if (detail === null) { sealed++; continue; }
    const d = detail.data as RollDetail;
    if (!ours) continue;
    if (epoch.seed !== null && epoch.key !== null) {
      // Only a secret seed can be known while the epoch is open.
      const r = checkRoll(e, d, epoch.key, astCache);
      if (r) return fail(e, r.code, r.message);
      recomputedWithSecret++;
      epoch.checkedWithSecret++;
    } else {
      epoch.pending.push({ entry: e, detail: d });
    }
  }

  let awaitingReveal = 0;
  for (const ep of epochs.values()) awaitingReveal += ep.revealed ? 0 : ep.nextIndex;
  // Only the chain half of a split verify needs the per-epoch counts (combineSplit).
  const rollsPerEpoch = split ? { rollsPerEpoch: new Map([...epochs].map(([id, ep]) => [id, { rolls: ep.nextIndex, revealed: ep.revealed }])) } : {};
  return ok({
    ...rollsPerEpoch,
    entries: expectedSeq - 1,
    rolls,
    recomputed,
    recomputedWithSecret,
    awaitingReveal,
    sealed,
    epochs: epochs.size,
    revealedEpochs,
    ...(voidedRolls ? { voidedRolls } : {}),
    ...(uncommittedReveals.length ? { uncommittedReveals } : {}),
  });
}

/**
 * A reveal that commits to its epoch's contents must find exactly them: fewer rolls means the
 * epoch's last rolls were deleted (the chain re-linked around them); another last entry means
 * one was replaced. Old reveals without the fields pass here and are listed in the report.
 */
function checkRevealContents(epochId: number, epoch: EpochState, d: EpochRevealDetail): { code: string; message: string } | null {
  if (d.rolls === undefined && d.lastSeq === undefined && d.lastHash === undefined) return null;
  if (d.rolls === undefined || d.lastSeq === undefined || d.lastHash === undefined) {
    return { code: 'chain/bad-detail', message: `the reveal of epoch ${epochId} commits to only part of its contents (rolls, lastSeq and lastHash go together).` };
  }
  if (epoch.nextIndex < d.rolls) {
    return { code: 'epoch/truncated', message: `the reveal of epoch ${epochId} commits to ${d.rolls} roll(s) ending at entry #${d.lastSeq}, but the trail holds only ${epoch.nextIndex}: the epoch's last ${d.rolls - epoch.nextIndex} roll(s) were deleted.` };
  }
  if (epoch.nextIndex > d.rolls) {
    return { code: 'epoch/contents-mismatch', message: `the reveal of epoch ${epochId} commits to ${d.rolls} roll(s), but the trail holds ${epoch.nextIndex}: roll(s) were added to the epoch.` };
  }
  if (epoch.lastSeq !== d.lastSeq || epoch.lastHash !== d.lastHash) {
    return { code: 'epoch/contents-mismatch', message: `the reveal of epoch ${epochId} commits to a last entry #${d.lastSeq} (hash ${d.lastHash.slice(0, 16)}…), but the epoch's last entry in the trail is #${epoch.lastSeq} (hash ${epoch.lastHash.slice(0, 16)}…): it was replaced.` };
  }
  return null;
}

/**
 * What the dice half reads of a roll (src/db/trail-read.ts iterateRollsToCheck). With its stored
 * detail text and hash, the roll's detail hash is checked here, not by the scan (RollOwner).
 */
export type RollToCheck = Pick<ChainEntry, 'id' | 'seq' | 'kind' | 'epochId' | 'rollIndex' | 'visibility' | 'detail'> & {
  readonly detailText?: string | undefined;
  readonly detailHash?: string | undefined;
};

const DETAIL_HASH_MISMATCH = 'its detail (faces, total, reason…) does not match the hashed detail.';

/**
 * The dice half of the bot's split verify: recompute every roll from its epoch's stored seed.
 * Seeds that do not match their commitment are skipped here; the chain half reports them at
 * the epoch's opening entry, which comes before any of its rolls.
 */
export function recomputeRolls(rolls: Iterable<RollToCheck>, seeds: ReadonlyMap<number, { seed: string; commitment: string }>): Result<{ rolls: number }, VerifyFailure> {
  // Callers pass only the rolls this half owns (see verify-split.ts).
  const keys = new Map<number, { seed: string; key: Buffer } | null>();
  const cache = new Map<string, DiceExpression>();
  let n = 0;
  for (const e of rolls) {
    // Exactly the rolls whose hashing verifyChain leaves to this half: text that opens an object.
    if (e.detailHash !== undefined && e.detailText?.startsWith('{') && sha256Hex(e.detailText) !== e.detailHash) return failAt(e, 'chain/detail-hash', DETAIL_HASH_MISMATCH);
    if (e.kind !== 'roll' || e.detail === null) continue;
    // Every roll's shape is checked here, whatever its epoch: the chain half leaves the rolls
    // past its share to this one (verifyChain, `deferred`).
    // One the schema accepts but the quick check does not is left unrecomputed, as before.
    const shaped = looksLikeRoll(e.detail);
    if (!shaped && !isDetailOf('roll', e.detail)) return failAt(e, 'chain/bad-detail', 'its roll detail is malformed.');
    if (e.epochId === null) continue;
    let k = keys.get(e.epochId);
    if (k === undefined) {
      const s = seeds.get(e.epochId);
      k = s && commitmentOf(s.seed) === s.commitment ? { seed: s.seed, key: seedKey(s.seed) } : null;
      keys.set(e.epochId, k);
    }
    if (k === null || e.rollIndex === null || !shaped) continue;
    const r = checkRoll(e, e.detail as RollDetail, k.key, cache);
    if (r) return failAt(e, r.code, r.message);
    n++;
  }
  return ok({ rolls: n });
}

function failAt(e: RollToCheck, code: string, message: string): Result<never, VerifyFailure> {
  return err<VerifyFailure>({ code, seq: e.seq, id: e.id, message: `Entry #${e.seq}${e.id !== undefined ? ` (id ${e.id})` : ''}: ${message}` });
}

/** The checks verifyChain makes of an entry before its detail hash, in that order. */
const BEFORE_DETAIL_HASH = new Set(['chain/guild', 'chain/gap', 'chain/prev-hash', 'chain/hash', 'chain/detail-hash']);

/**
 * Merge the two halves: the earliest broken entry wins; otherwise one report. Both may fail at
 * the same entry: the chain half's failure, unless the dice half found that entry's detail hash
 * wrong (a check it makes for the scan) and the scan's failure is a later check of the entry.
 */
export function combineSplit(chain: Result<VerifyReport, VerifyFailure>, dice: Result<{ rolls: number }, VerifyFailure>): Result<VerifyReport, VerifyFailure> {
  if (!chain.ok && !dice.ok) {
    if (chain.error.seq !== dice.error.seq) return chain.error.seq < dice.error.seq ? chain : dice;
    return dice.error.code === 'chain/detail-hash' && !BEFORE_DETAIL_HASH.has(chain.error.code) ? dice : chain;
  }
  if (!chain.ok) return chain;
  if (!dice.ok) return dice;
  let recomputed = 0, recomputedWithSecret = 0;
  for (const ep of chain.value.rollsPerEpoch?.values() ?? []) {
    if (ep.revealed) recomputed += ep.rolls;
    else recomputedWithSecret += ep.rolls;
  }
  const { rollsPerEpoch: _omit, ...rest } = chain.value;
  return ok({ ...rest, recomputed, recomputedWithSecret });
}

/** Recompute one roll from its seed; null when it matches. */
function checkRoll(e: Pick<ChainEntry, 'visibility' | 'rollIndex'>, d: RollDetail, key: Buffer, cache: Map<string, DiceExpression>): { code: string; message: string } | null {
  const index = e.rollIndex!;
  const wantSalt = e.visibility === 'private' ? rollSalt(key, index) : null;
  if (d.salt !== wantSalt) return { code: 'roll/salt', message: wantSalt ? 'its salt does not derive from its seed.' : 'a public roll carries a salt.' };
  let ast = cache.get(d.expression);
  if (!ast) {
    const parsed = parseExpression(d.expression);
    if (!parsed.ok) return { code: 'roll/expression', message: `its expression "${d.expression}" does not parse.` };
    ast = parsed.value;
    cache.set(d.expression, ast);
  }
  const again = rollTerms(ast, derivedRng(key, index));
  if (!sameTerms(again.terms, d.terms)) {
    return { code: 'roll/faces-mismatch', message: `its dice do not match what seed and index ${index} produce (recorded ${facesOf(d.terms)}, derived ${facesOf(again.terms)}).` };
  }
  let total = again.total;
  for (const m of d.modifiers) total += m.value;
  if (total !== d.total) return { code: 'roll/total-mismatch', message: `its total ${d.total} should be ${total}.` };
  return null;
}

/** Field-by-field equality of recomputed and recorded terms (as strict as comparing their canonical JSON). */
function sameTerms(a: readonly TermResult[], b: readonly TermResult[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    if (x.kind !== y.kind || x.sign !== y.sign) return false;
    if (x.kind === 'const' || y.kind === 'const') {
      if (x.kind !== 'const' || y.kind !== 'const' || x.value !== y.value) return false;
      continue;
    }
    if (x.sides !== y.sides || x.notation !== y.notation || x.subtotal !== y.subtotal) return false;
    if ((x.faces === undefined) !== (y.faces === undefined)) return false;
    if (x.faces && y.faces && (x.faces.length !== y.faces.length || x.faces.some((f, k) => f !== y.faces![k]))) return false;
    if (x.dice.length !== y.dice.length) return false;
    for (let k = 0; k < x.dice.length; k++) {
      if (x.dice[k]!.face !== y.dice[k]!.face || x.dice[k]!.kept !== y.dice[k]!.kept) return false;
    }
  }
  return true;
}

/** Enough shape for checkRoll to run without throwing; anything subtler shows up as a mismatch. */
function looksLikeRoll(d: unknown): d is RollDetail {
  const r = d as Partial<RollDetail> | null;
  return typeof r === 'object' && r !== null && typeof r.expression === 'string' && typeof r.total === 'number'
    && Array.isArray(r.terms) && Array.isArray(r.modifiers) && (r.salt === null || typeof r.salt === 'string')
    && r.terms.every((t) => t && (t.kind === 'const' || (t.kind === 'dice' && Array.isArray(t.dice))))
    && r.modifiers.every((m) => m && Number.isSafeInteger(m.value));
}

function facesOf(terms: RollDetail['terms']): string {
  return terms.flatMap((t) => (t.kind === 'dice' ? t.dice.map((x) => x.face) : [])).join(',');
}
