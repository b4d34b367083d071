/**
 * A player's check of sealed receipts (issue 16): `npx estafette receipts <file>` and the README's
 * by-hand `printf '%s' '<nonce><orders>' | sha256sum`, both run on what a game really revealed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli';
import { receiptHash, receiptsFileJson, sealedOrdersText, type OpenedReceipt } from '../../src/games/receipts';
import { parseRevealed } from '../../src/games/receipts-check';
import { testClock, testServices } from '../helpers/services';

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'estafette-receipts-cli-'));
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
const cli = (...args: string[]) => {
  const out: string[] = [];
  const code = runCli(args, (s) => out.push(s), (s) => out.push(s));
  return { code, text: out.join('\n') };
};
/** The README's hand check, run by a real shell. */
const byHand = (nonce: string, orders: string) => execFileSync('sh', ['-c', `printf '%s' '${nonce}${orders}' | sha256sum`], { encoding: 'utf8' }).split(' ')[0];

/** Two seats' orders sealed and opened by a real game (Saint-Rémy), as the channel got them. */
async function revealedGame(): Promise<{ text: string; receipts: OpenedReceipt[] }> {
  const s = testServices({ clock: testClock(Date.UTC(2026, 10, 22, 9, 0)) });
  const CH = 'c';
  await s.games.create({ guildId: 'g', channelId: CH, gm: { id: 'gm', name: 'N' }, ruleset: 'dram', scenario: 'saint-remy' });
  for (const seat of s.games.openSeats(CH)) s.games.join(CH, seat.id.startsWith('french:') ? { id: 'fr', name: 'D' } : { id: 'au', name: 'S' }, seat.id);
  s.games.start(CH, { id: 'gm', name: 'N' }, false);
  s.games.submit(CH, { id: 'fr', name: 'D' }, { kind: 'move', unit: 'garnier', to: 'forward 0.94in' });
  s.games.submit(CH, { id: 'fr', name: 'D' }, { kind: 'move', unit: 'fabre', to: 'wheel right 90 then forward 1in' });
  s.games.ready(CH, { id: 'fr', name: 'D' });
  s.games.ready(CH, { id: 'au', name: 'S' });
  const posts = s.games.repo.outboxFor(CH).map((r) => (JSON.parse(r.body) as { content?: string }).content ?? '');
  const text = posts.slice(posts.findIndex((p) => p.startsWith('🔓 Sealed receipts'))).join('\n');
  const parsed = parseRevealed(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { text, receipts: parsed.value };
}

describe('npx estafette receipts', () => {
  it('reports each seat OK from a pasted reveal (as markdown, or as Discord shows it) and from a receipts file', async () => {
    const { text, receipts } = await revealedGame();
    expect(receipts.length).toBe(1);
    for (const variant of [text, text.replace(/`/g, '').replace(/\\(.)/g, '$1')]) {
      const r = cli('receipts', file('reveal.txt', variant));
      expect(r.code).toBe(0);
      expect(r.text).toMatch(/^OK {8}french:fr-i-corps {2}[0-9a-f]{64}$/m);
      expect(r.text).toContain('All 1 receipt(s) match');
    }
    const json = file('receipts-1-1.json', receiptsFileJson({ gameId: 1, game: 'Saint-Rémy', seq: 1, label: 'Turn 1' }, receipts));
    expect(cli('receipts', json).code).toBe(0);
  });

  it('reports MISMATCH and exits 1 when an order was changed, and exits 2 with a fix for what it cannot check', async () => {
    const { receipts } = await revealedGame();
    const changed = receipts.map((r) => ({ ...r, orders: r.orders.replace('7.94', '8.94') }));
    const r = cli('receipts', file('tampered.json', receiptsFileJson({ gameId: 1, game: 'x', seq: 1, label: 'Turn 1' }, changed)));
    expect(r.code).toBe(1);
    expect(r.text).toMatch(/^MISMATCH {2}french:fr-i-corps {2}receipt [0-9a-f]{64}, but SHA-256\(nonce \+ orders\) = [0-9a-f]{64}$/m);
    const hashesOnly = cli('receipts', file('summary.txt', `🔓 Sealed receipts, now open…\n• french:fr-i-corps: receipt \`${receipts[0]!.hash}\``));
    expect(hashesOnly.code).toBe(2);
    expect(hashesOnly.text).toContain('Download the attached receipts-');
    expect(cli('receipts', join(dir, 'missing.json')).code).toBe(2);
    expect(cli('receipts', file('bad.json', '{"receipts":[{"seat":"a"}]}')).text).toContain('not an Estafette receipts file');
    expect(cli().text).toContain('estafette receipts <');
  });

  it('runs as `npx estafette receipts` (bin/estafette.mjs) with its exit code', async () => {
    const { text } = await revealedGame();
    const ok = spawnSync(process.execPath, [join(ROOT, 'bin', 'estafette.mjs'), 'receipts', file('bin.txt', text)], { encoding: 'utf8', cwd: ROOT });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('OK        french:fr-i-corps');
    const bad = spawnSync(process.execPath, [join(ROOT, 'bin', 'estafette.mjs'), 'receipts', file('bin-bad.txt', text.replace('garnier', 'garnieR'))], { encoding: 'utf8', cwd: ROOT });
    expect(bad.status).toBe(1);
  }, 60_000);
});

describe('the check by hand (README)', () => {
  it("the README's example prints the receipt it shows, and matches how the bot hashes", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const m = /^printf '%s' '([0-9a-f]{32})(.*)' \| sha256sum\n([0-9a-f]{64}) {2}-$/m.exec(readme);
    expect(m, 'README shows printf … | sha256sum and its output').not.toBeNull();
    const [, nonce, orders, shown] = m!;
    expect(byHand(nonce!, orders!)).toBe(shown);
    expect(receiptHash(nonce!, orders!)).toBe(shown);
    expect(sealedOrdersText(JSON.parse(orders!) as unknown[])).toBe(orders); // the example is a real sealed text
  });

  it('re-hashes every receipt a game revealed', async () => {
    const { receipts } = await revealedGame();
    for (const r of receipts) expect(byHand(r.nonce, r.orders)).toBe(r.hash);
  });
});
