/**
 * Sealed receipts a player can check (issue 16): the reveal gives the exact hashed bytes of every
 * seat, never cut; the receipt is the full SHA-256; the hashed orders carry no float noise.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseRevealed, checkRevealed } from '../../src/games/receipts-check';
import { MAX_REVEAL_MESSAGES, receiptHash, revealReceipts, roundOrderNumbers, sealedOrdersText, type OpenedReceipt } from '../../src/games/receipts';
import type { Services } from '../../src/services/services';
import { testClock, testServices } from '../helpers/services';

const CH = '222222222222222222';
const GM = { id: 'gm', name: 'Napoleon' };
const FR = { id: 'p-fr', name: 'Davout' };
const AU = { id: 'p-au', name: 'Blücher' };

let s: Services;
beforeEach(() => {
  s = testServices({ clock: testClock(Date.UTC(2026, 10, 22, 9, 0)) });
});

/** A game with one player per side holding every seat of it; returns the first window. */
async function game(scenario: string) {
  await s.games.create({ guildId: '111111111111111111', channelId: CH, gm: GM, ruleset: 'dram', scenario });
  for (const seat of s.games.openSeats(CH)) s.games.join(CH, seat.id.startsWith('french:') ? FR : AU, seat.id);
  return s.games.start(CH, GM, false);
}
type StoredPost = { content?: string; files?: { name: string; data: string }[] };
const stored = (): StoredPost[] => s.games.repo.outboxFor(CH).map((r) => JSON.parse(r.body) as StoredPost);
const resolve = () => { s.games.ready(CH, FR); return s.games.ready(CH, AU); };
/** The receipts the database opened for a window, as the resolution reveals them. */
const opened = (windowId: number): OpenedReceipt[] => s.games.repo.latestReceipts(windowId).map((r) => ({ seat: r.seatId, hash: r.hash, nonce: r.nonce, orders: r.orders }));

/** A long chain of movement: 9 legs, about 100 characters of `to` and 17 waypoints. */
const CHAIN = 'forward 0.2in then wheel left 10 then forward 0.2in then wheel right 10 then forward 0.2in then wheel left 10 then forward 0.1in';
/** As long, with no wheel: for a stand whose neighbours stand too close for it to wheel (Ligny's crowded lines). */
const STRAIGHT = 'forward 0.1in then forward 0.1in then forward 0.1in then forward 0.1in then forward 0.1in then forward 0.1in then forward 0.1in';

describe('the reveal', () => {
  it('gives every seat\'s exact hashed orders, however long, in messages a player can re-hash', async () => {
    const w = await game('saint-remy');
    for (const unit of ['fabre', 'garnier', 'hubert']) s.games.submit(CH, FR, { kind: 'move', unit, to: CHAIN });
    const sealed = opened(w.id);
    expect(sealed.find((r) => r.seat === 'french:fr-i-corps')!.orders.length).toBeGreaterThan(600); // far past the old 300-character cut
    expect(resolve().resolved?.resolved).toBe(true);
    const posts = stored();
    for (const p of posts) expect((p.content ?? '').length).toBeLessThanOrEqual(2000);
    const reveal = posts.filter((p) => p.content?.includes('receipt `') && !p.content.includes('has posted orders'));
    expect(reveal.length).toBeGreaterThan(0);
    expect(reveal.every((p) => !p.files)).toBe(true); // short enough: no file needed
    const found = parseRevealed(reveal.map((p) => p.content).join('\n'));
    expect(found.ok && found.value).toEqual(sealed);
    expect(checkRevealed(sealed).every((r) => r.ok)).toBe(true);
  });

  it('attaches one receipts file for a big battle (Ligny, 12 seats) and still names every full receipt in the channel', async () => {
    const w = await game('ligny');
    let accepted = 0;
    for (const unit of Object.keys((s.games.live(CH).state as { stands: Record<string, unknown> }).stands)) {
      let done = false;
      for (const to of [CHAIN, STRAIGHT]) {
        for (const who of [FR, AU]) {
          try { s.games.submit(CH, who, { kind: 'move', unit, to }); accepted++; done = true; break; } catch { /* not this player's, or cannot move so */ }
        }
        if (done) break;
      }
    }
    expect(accepted).toBeGreaterThan(20);
    const sealed = opened(w.id);
    expect(sealed.length).toBeGreaterThanOrEqual(8);
    resolve();
    const posts = stored();
    const withFile = posts.filter((p) => p.files?.some((f) => f.name.startsWith('receipts-')));
    expect(withFile).toHaveLength(1);
    const file = withFile[0]!.files!.find((f) => f.name.startsWith('receipts-'))!;
    expect(file.name).toBe(`receipts-${w.gameId}-${w.seq}.json`);
    const found = parseRevealed(Buffer.from(file.data, 'base64').toString('utf8'));
    expect(found.ok && found.value).toEqual(sealed);
    expect(checkRevealed(found.ok ? found.value : []).every((r) => r.ok)).toBe(true);
    const text = posts.map((p) => p.content ?? '').join('\n');
    for (const r of sealed) expect(text).toContain(r.hash);
    for (const p of posts) expect((p.content ?? '').length).toBeLessThanOrEqual(2000);
  });
});

describe('games stored before this change', () => {
  it('open their receipts exactly as they were stored and hashed (raw UTF-8, float noise)', async () => {
    const w = await game('saint-remy');
    // The old sealing: JSON.stringify with sorted keys, nothing rounded or escaped.
    const orders = '[{"kind":"move","path":[{"x":21,"y":7},{"x":21,"y":7.9399999999999995}],"to":"vers Saint-Rémy","unit":"garnier"}]';
    const nonce = '0123456789abcdef0123456789abcdef';
    s.games.repo.insertReceipt({ windowId: w.id, seatId: 'french:fr-i-corps', hash: receiptHash(nonce, orders), nonce, orders, createdAt: 0 });
    resolve();
    const file = stored().flatMap((p) => p.files ?? []).find((f) => f.name.startsWith('receipts-'));
    expect(file).toBeDefined(); // raw non-ASCII cannot be pasted safely from a message: the file carries it
    const found = parseRevealed(Buffer.from(file!.data, 'base64').toString('utf8'));
    expect(found.ok && found.value).toEqual([{ seat: 'french:fr-i-corps', hash: receiptHash(nonce, orders), nonce, orders }]);
    expect(checkRevealed(found.ok ? found.value : [])[0]!.ok).toBe(true);
  });
});

describe('the receipt', () => {
  it('is the full SHA-256 of nonce + orders, posted when the orders are sealed', async () => {
    const w = await game('saint-remy');
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 2in' });
    const [r] = opened(w.id);
    expect(r!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r!.hash).toBe(receiptHash(r!.nonce, r!.orders));
    expect(stored().at(-1)!.content).toContain(`sealed receipt \`${r!.hash}\``);
  });

  it('seals exactly the seat\'s live orders as stored, in their order, through amendments of any of them (issue 12: not read back after the write)', async () => {
    const w = await game('saint-remy');
    const seats = new Set<string>();
    // Two seats' units, amended out of order: an amendment withdraws its unit's order and adds the new one last.
    const steps: [string, string][] = [['fabre', 'forward 1in'], ['garnier', 'forward 0.94in'], ['fabre', 'forward 0.5in'], ['hubert', 'forward 1in'], ['garnier', 'forward 0.3in'], ['fabre', 'forward 0.7in']];
    for (const [unit, to] of steps) {
      const { seat } = s.games.submit(CH, FR, { kind: 'move', unit, to });
      seats.add(seat);
      const live = s.games.repo.activeSubmissions(w.id, seat).map((x) => JSON.parse(x.body) as unknown);
      const r = opened(w.id).find((x) => x.seat === seat)!;
      expect(r.orders).toBe(sealedOrdersText(live));
      expect(r.hash).toBe(receiptHash(r.nonce, r.orders));
    }
    expect(seats.size).toBe(2); // fabre and garnier share a seat; hubert holds another
  });
});

describe('the sealed orders text', () => {
  it('is rounded and canonical: what is stored, executed, hashed and revealed is 7.94, not 7.9399999999999995', async () => {
    const w = await game('saint-remy');
    // garnier stands at y = 7; 7 + 0.94 is 7.9399999999999995 in doubles.
    expect(7 + 0.94).toBe(7.9399999999999995);
    s.games.submit(CH, FR, { kind: 'move', unit: 'garnier', to: 'forward 0.94in' });
    const bodies = s.games.repo.activeSubmissions(w.id).map((x) => x.body);
    expect(bodies.join()).toContain('"y":7.94}');
    const [r] = opened(w.id);
    expect(r!.orders).toContain('"y":7.94}');
    expect(r!.orders).not.toMatch(/\d\.\d{7,}/);
    expect(r!.orders).toBe(sealedOrdersText(bodies.map((b) => JSON.parse(b) as unknown)));
    resolve();
    expect(stored().map((p) => p.content).join('\n')).toContain(r!.orders);
  });

  it('sorts keys, rounds to 6 places, and writes anything but printable ASCII (and the backtick) as \\u escapes', () => {
    expect(roundOrderNumbers({ a: 7.9399999999999995, b: [1 / 3, 2, -0.0000004] })).toEqual({ a: 7.94, b: [0.333333, 2, -0] });
    // Copy on write: nothing to round gives the order itself; a change copies only its way there.
    const exact = { kind: 'move', to: [{ x: 1.5, y: 2 }], n: -0, keep: { z: 'a' } };
    expect(roundOrderNumbers(exact)).toBe(exact);
    const inexact = { ...exact, to: [{ x: 1.5, y: 2 }, { x: 0.1 + 0.2, y: 3 }] };
    const rounded = roundOrderNumbers(inexact);
    expect(rounded).toEqual({ ...exact, to: [{ x: 1.5, y: 2 }, { x: 0.3, y: 3 }] });
    expect(rounded.keep).toBe(inexact.keep);
    expect(rounded.to[0]).toBe(inexact.to[0]);
    expect(inexact.to[1]!.x).toBe(0.1 + 0.2); // the input is never changed
    const text = sealedOrdersText([{ z: 1, a: "Ney's Saint-Rémy `x` \u202E", '10': true, '9': null }]);
    expect(text).toBe('[{"10":true,"9":null,"a":"Ney\\u0027s Saint-R\\u00e9my \\u0060x\\u0060 \\u202e","z":1}]');
    expect(JSON.parse(text)).toEqual([{ z: 1, a: "Ney's Saint-Rémy `x` \u202E", '10': true, '9': null }]);
  });
});

describe('the sealed orders text, against its definition', () => {
  // The plain definition the text had before it was written for fewer allocations (issue 12):
  // every value fast-check makes must give the same bytes, so every stored hash still checks.
  const reference = (v: unknown): string => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map((x: unknown) => (x === undefined ? 'null' : reference(x))).join(',')}]`;
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${reference(o[k])}`).join(',')}}`;
  };
  const escaped = (t: string) => t.replace(/[^\x20-\x26\x28-\x5f\x61-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  it('gives the same text as the definition for any JSON orders (keys in any order, unicode, undefined members)', () => {
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.string({ unit: 'grapheme' }),
        fc.array(fc.oneof(tie('v'), fc.constant(undefined)), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), fc.constantFrom('10', '9', 'a', 'Z', '__proto__x')), fc.oneof(tie('v'), fc.constant(undefined)), { maxKeys: 5 })),
    })).v;
    fc.assert(fc.property(fc.array(value, { maxLength: 4 }), (orders) => {
      expect(sealedOrdersText(orders)).toBe(escaped(reference(orders)));
    }), { numRuns: 500 });
  });
  it('refuses what JSON cannot write, as before', () => {
    expect(() => sealedOrdersText([{ a: Number.NaN }])).toThrow(/number JSON cannot write/);
    expect(() => sealedOrdersText([{ a: () => 1 }])).toThrow(/function, which JSON cannot write/);
    expect(sealedOrdersText([{ b: 1, a: undefined, c: [undefined, 2] }])).toBe('[{"b":1,"c":[null,2]}]');
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${(i * 7) % 40}`, i])); // past the insertion sort's 16 keys
    expect(sealedOrdersText([many])).toBe(escaped(reference([many])));
  });
});

describe('revealReceipts', () => {
  const w = { gameId: 3, game: 'Ligny', seq: 4, label: 'Turn 2 (10:00) — movement' };
  const receipt = (seat: string, orders: string): OpenedReceipt => {
    const nonce = 'ab'.repeat(16);
    return { seat, hash: receiptHash(nonce, orders), nonce, orders };
  };

  it('splits between receipts, never inside one, and uses a file past the message budget', () => {
    const rs = Array.from({ length: 6 }, (_, i) => receipt(`seat-${i}`, `[${'"x",'.repeat(120)}"${i}"]`));
    const two = revealReceipts(w, rs.slice(0, 4));
    expect(two.file).toBeNull();
    expect(two.messages.length).toBeGreaterThan(1);
    for (const m of two.messages) expect(m.length).toBeLessThanOrEqual(2000);
    for (const r of rs.slice(0, 4)) expect(two.messages.filter((m) => m.includes(r.orders))).toHaveLength(1);
    const many = revealReceipts(w, Array.from({ length: 20 }, (_, i) => rs[i % 6]!));
    expect(many.messages.length).toBeLessThanOrEqual(MAX_REVEAL_MESSAGES);
    expect(many.file?.name).toBe('receipts-3-4.json');
  });

  it('puts in the file a receipt that could not stand in a message (one too long, or an older stored text with a backtick)', () => {
    for (const odd of [receipt('a', `["${'y'.repeat(2100)}"]`), receipt('b', '["wheel `left`"]'), receipt('c', '["Rém\u202Ey"]')]) {
      const r = revealReceipts(w, [odd]);
      expect(r.file).not.toBeNull();
      const back = parseRevealed(r.file!.data.toString('utf8'));
      expect(back.ok && back.value).toEqual([odd]);
      expect(r.messages.join('\n')).toContain(odd.hash);
    }
  });
});
