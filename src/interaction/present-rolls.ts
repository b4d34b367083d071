import type { RollDetail } from '../dice/entry';
import { formatAnchor } from '../dice/anchor';
import { formatRoll } from '../dice/expression';
import type { SeedEpochRow } from '../db/schema';
import type { LogLine } from '../services/rolls.service';
import type { StoredRoll } from '../services/audit-trail';
import { safeText } from './safe-text';

/** How rolls and trail entries read in a reply. Discord markdown; the console strips what it cannot show. */

export const short = (hex: string) => `${hex.slice(0, 12)}…`;
export const ts = (ms: number, style: 'f' | 'F' | 'R' | 't' = 'f') => `<t:${Math.floor(ms / 1000)}:${style}>`;

/** "2d6 [4, 3] + 1 = 8", with modifiers as named terms. */
export function rollBreakdown(d: RollDetail): string {
  const diceTotal = d.total - d.modifiers.reduce((s, m) => s + m.value, 0);
  const dice = formatRoll({ expression: d.expression, terms: d.terms, total: diceTotal, min: diceTotal, max: diceTotal });
  if (d.modifiers.length === 0) return dice;
  const mods = d.modifiers.map((m) => `${m.value < 0 ? '−' : '+'} ${Math.abs(m.value)} (${m.label})`).join(' ');
  return `${dice.replace(/ = [^=]+$/, '')} ${mods} = ${d.total < 0 ? `\u2212${-d.total}` : d.total}`;
}

/**
 * The roll's place in the trail, and its anchor (issue 16): `npx estafette verify --anchors`
 * reads anchors pasted from the channel, so the format is fixed (src/dice/anchor.ts).
 */
export function rollFooter(r: Pick<StoredRoll, 'seq' | 'hash' | 'epoch' | 'rollIndex' | 'broken'>): string {
  const footer = `-# audit #${r.seq} · seed #${r.epoch.id} (commitment \`${short(r.epoch.commitment)}\`) · roll ${r.rollIndex} of that seed · ${anchorText(r.seq, r.hash)}`;
  return r.broken ? `${footer}\n${brokenLine(r.broken)}` : footer;
}

/** "anchor `#12:0123456789abcdef`" */
export const anchorText = (seq: number, hash: string) => `anchor \`${formatAnchor(seq, hash)}\``;

/** Said on every roll, log and verify once a break is recorded (issue 16). */
export function brokenLine(b: { seq: number; since: number }): string {
  return `⚠️ The audit chain is broken at #${b.seq} since ${ts(b.since, 'f')}: entries from there on cannot be proved (see /rolls verify).`;
}

export function rollMessage(actorName: string, r: StoredRoll): string {
  const d = r.detail;
  const why = d.purpose ? ` for *${escapeMd(d.purpose)}*` : '';
  // The breakdown ends "= total" (U+2212 for a negative one, issue 11: `/roll -1d6`): replaced by the bold total.
  const breakdown = rollBreakdown(d).replace(/ = [-\u2212]?\d+$/, '');
  const total = d.total < 0 ? `\u2212${-d.total}` : String(d.total);
  return `🎲 **${escapeMd(actorName)}** rolled \`${d.expression}\`${why}\n${breakdown} = **${total}**\n${rollFooter(r)}`;
}

export function logLine(l: LogLine): string {
  const who = `**${escapeMd(l.actorName)}**`;
  const head = `\`#${l.seq}\` ${ts(l.createdAt, 't')}`;
  if (l.unreadable) return `${head} ⚠️ this entry is unreadable — run /rolls verify`;
  switch (l.kind) {
    case 'epoch-open':
      return `${head} 🔐 seed #${l.epochId} committed: \`${short(l.commitment ?? '')}\``;
    case 'epoch-reveal':
      return `${head} 🔓 seed #${l.epochId} revealed by ${who}: \`${short(l.seed ?? '')}\``;
    case 'epoch-void':
      return `${head} 🚫 the rolls of seed #${l.epochId} were voided by ${who} (a rollback)`;
    case 'roll': {
      if (!l.roll) return `${head} 🔒 ${who} rolled privately (sealed until seed #${l.epochId} is revealed)`;
      const why = l.roll.purpose ? ` — *${escapeMd(truncateInline(l.roll.purpose, 60))}*` : '';
      const lock = l.visibility === 'private' ? '🔓 ' : '';
      return `${head} ${lock}${who} \`${l.roll.expression}\` → **${l.roll.total}**${why}`;
    }
  }
}

export function epochLine(e: SeedEpochRow): string {
  if (e.revealedAt !== null) {
    return `**Seed #${e.id}** — ${e.nextIndex} roll(s), revealed ${ts(e.revealedAt, 'R')}\n  commitment \`${e.commitment}\`\n  seed \`${e.seed}\``;
  }
  const closes = e.closesAt !== null ? `, revealed automatically ${ts(e.closesAt, 'R')}` : ', revealed on an admin\'s demand';
  return `**Seed #${e.id}** — open since ${ts(e.openedAt, 'R')}, ${e.nextIndex} roll(s)${closes}\n  commitment \`${e.commitment}\``;
}

/**
 * Make user- or scenario-provided text inert in Discord markdown: emphasis, code, spoilers,
 * masked links, and block markers (quote, heading, list, subtext) at the start of a line.
 * Plain punctuation such as "(09:00)" or "Saint-Rémy" is left alone.
 */
export function escapeMd(s: string): string {
  if (s.length > ESCAPED_MAX_LENGTH) return escapeMdAfresh(s);
  let escaped = escapedShort.get(s);
  if (escaped === undefined) {
    if (escapedShort.size >= ESCAPED_KEPT) escapedShort.clear();
    escapedShort.set(s, (escaped = escapeMdAfresh(s)));
  }
  return escaped;
}

/**
 * escapeMd's answers for short texts: names and labels, the same few again and again (every
 * sealed receipt escapes its seat's label; its five Unicode-aware scans were ~5 µs a receipt
 * under bench:load, issue 12). At most ESCAPED_KEPT, all forgotten at once past it.
 */
const escapedShort = new Map<string, string>();
export const ESCAPED_KEPT = 4096;
const ESCAPED_MAX_LENGTH = 200;

function escapeMdAfresh(s: string): string {
  // Bidi and invisible controls first: the @everyone defuse below adds a zero-width space on purpose.
  return safeText(s)
    .replace(/([\\*_`~|[\]])/g, '\\$1')
    .replace(/^(\s*)([>#-])/gm, '$1\\$2')
    .replace(/@(everyone|here)/g, '@\u200b$1');
}

function truncateInline(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
