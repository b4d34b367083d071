import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { AuditExport } from './dice/entry';
import { checkAnchors, parseAnchors, type Anchor } from './dice/anchor';
import { verifyChain } from './dice/verify';
import { backupCommand } from './backup-cli';
import { loadConfig } from './config';
import { openDb } from './db/open';
import { createServices } from './services/services';
import { receiptsCommand } from './games/receipts-check';
import { nwBrigadeCommand } from './nw-brigade-cli';

/**
 * `npx estafette verify trail.json[.gz]` — check an exported audit trail offline: every hash
 * link, every revealed seed against its commitment, every die recomputed.
 * `npx estafette export --guild <id> [--out file]` — export from the bot's database (operators).
 * `npx estafette receipts <file>` — recompute a window's sealed receipts from its reveal
 * (the attached receipts-….json, or the reveal message pasted in a file): OK/MISMATCH per seat.
 * `npx estafette backup <file>` — an online backup of the bot's database (src/backup-cli.ts).
 * `npx estafette nw-brigade <battalions.yaml> [--out f]` — NW brigade units from battalions (src/nw-brigade-cli.ts).
 */
export function runCli(argv: readonly string[], out: (s: string) => void, errOut: (s: string) => void): number | Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === 'backup') return backupCommand(rest, out, errOut);
  if (cmd === 'verify' && rest[0]) return verifyFile(rest[0], argValue(rest, '--anchors'), out, errOut);
  if (cmd === 'export') return exportGuild(rest, out, errOut);
  if (cmd === 'receipts' && rest[0]) return receiptsCommand(rest[0], out, errOut);
  if (cmd === 'nw-brigade') return nwBrigadeCommand(rest, out, errOut);
  errOut('Usage:\n  estafette verify <trail.json | trail.json.gz> [--anchors anchors.txt]\n  estafette export --guild <guild id> [--out trail.json]\n  estafette receipts <receipts-….json | pasted reveal message.txt>\n  estafette backup <file.db>\n  estafette nw-brigade <battalions.yaml> [--out units.yaml] [--check scenario.yaml] [--quiet]');
  return 2;
}

/**
 * `--anchors file`: text pasted from the channel (whole roll replies, or `#12:0123…` lines).
 * Each anchored entry must be in the trail with that hash: a trail that was truncated or
 * rolled back after the post, or rewritten up to it, fails here even if it is self-consistent.
 */
function verifyFile(path: string, anchorsPath: string | undefined, out: (s: string) => void, errOut: (s: string) => void): number {
  let anchors: Anchor[] = [];
  if (anchorsPath !== undefined) {
    let text: string;
    try { text = readFileSync(anchorsPath, 'utf8'); } catch (e) { errOut(`Cannot read ${anchorsPath}: ${(e as Error).message}`); return 2; }
    const parsed = parseAnchors(text);
    if (!parsed.ok) { errOut(`${anchorsPath}: ${parsed.error.message}`); return 2; }
    if (parsed.value.length === 0) { errOut(`${anchorsPath} holds no anchor: paste roll replies or lines such as #12:0123456789abcdef.`); return 2; }
    anchors = parsed.value;
  }
  let data: unknown;
  try {
    const raw = readFileSync(path);
    data = JSON.parse((path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
  } catch (e) {
    errOut(`Cannot read ${path}: ${(e as Error).message}`);
    return 2;
  }
  const parsed = AuditExport.safeParse(data);
  if (!parsed.success) {
    errOut(`${path} is not an Estafette audit export: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return 2;
  }
  const r = verifyChain(parsed.data.entries, { guildId: parsed.data.guildId });
  const hashes = new Map(parsed.data.entries.map((e) => [e.seq, e.hash]));
  const lastSeq = parsed.data.entries.reduce((m, e) => Math.max(m, e.seq), 0);
  const problems = checkAnchors(anchors, (seq) => hashes.get(seq) ?? null, lastSeq);
  for (const p of problems) errOut(`BROKEN: ${p.message} [${p.code}]`);
  if (!r.ok) {
    errOut(`BROKEN: ${r.error.message} [${r.error.code}]`);
    return 1;
  }
  if (problems.length) return 1;
  const v = r.value;
  out(`OK: ${v.entries} entries, hash chain intact.`);
  out(`  ${v.rolls} rolls: ${v.recomputed} recomputed from revealed seeds, ${v.awaitingReveal} awaiting their seed's reveal${v.sealed ? ` (${v.sealed} private, sealed in this copy)` : ''}.`);
  out(`  ${v.epochs} seeds, ${v.revealedEpochs} revealed and matching their commitments.`);
  if (anchors.length) out(`  ${anchors.length} anchor(s) checked: the trail holds each anchored entry with the hash that was posted.`);
  if (v.uncommittedReveals) out(`  Note: the reveal of seed(s) ${v.uncommittedReveals.map((id) => `#${id}`).join(', ')} predates the roll-count check, so a deletion of their last rolls cannot be detected from this file alone.`);
  return 0;
}

function exportGuild(args: readonly string[], out: (s: string) => void, errOut: (s: string) => void): number {
  const guild = argValue(args, '--guild');
  if (!guild) { errOut('export needs --guild <guild id>'); return 2; }
  const db = openDb(loadConfig().databasePath);
  try {
    const data = createServices(db).rolls.exportTrail(guild, new Date());
    const file = argValue(args, '--out') ?? `audit-${guild}.json`;
    writeFileSync(file, JSON.stringify(data));
    out(`Wrote ${data.entries.length} entries to ${file}`);
    return 0;
  } finally {
    db.$client.close();
  }
}

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
