import { formatAnchor } from '../dice/anchor';
import type { EngagementEvent, GameEvent, PhaseEvent } from '../rules/events';
import type { NameBook } from './names';
import { engagementLines, eventLines, phaseTitle } from './lines';
import { packBlocks } from './split';

/** The dice epoch of the phase, revealed once its rolls are done (issue 4: proof of fair dice). */
export interface SeedReveal {
  readonly epoch: number;
  readonly seed: string;
  readonly commitment: string;
  /** The reveal entry (issue 16): it commits to the phase's roll count, and posting it pins that. */
  readonly anchor?: { readonly seq: number; readonly hash: string };
}

export interface NarrateOptions {
  readonly seedReveal?: SeedReveal;
  /** Characters per message; Discord's content limit unless a test says otherwise. */
  readonly limit?: number;
}

/**
 * The narrative of a resolution as Discord messages, in the order things happened: a bold
 * header per phase, one line per fact, the rules cited once per section in small text, then
 * the dice seed reveal. The map image is posted after these by the caller.
 */
export function narrate(events: readonly GameEvent[], names: NameBook, opts: NarrateOptions = {}): string[] {
  const blocks = narrativeBlocks(events, names);
  if (opts.seedReveal) {
    const a = opts.seedReveal.anchor;
    blocks.push([seedRevealLine(opts.seedReveal), ...(a ? [`-# anchor \`${formatAnchor(a.seq, a.hash)}\``] : [])]);
  }
  return packBlocks(blocks, opts.limit);
}

/** The narrative before packing: blocks of lines (a section, or one engagement of it). */
export function narrativeBlocks(events: readonly GameEvent[], names: NameBook): string[][] {
  const blocks: string[][] = [];
  for (const { phase, body } of sections(events)) {
    // The last phase event, with nothing after it, is the phase that opens now.
    if (phase && body.length === 0 && phase === events[events.length - 1]) {
      blocks.push([`⏭️ Next: **${phaseTitle(names, phase)}**`]);
      continue;
    }
    const groups = groupEngagements(body).map((g) => g.flatMap((e, i) => (i === 0 && e.kind === 'engagement' ? engagementLines(names, e, firerOf(e, g)) : eventLines(names, e))));
    const parts = groups.filter((g) => g.length > 0);
    if (parts.length === 0) parts.push(['Nothing to report.']);
    if (phase) parts[0]!.unshift(`**${phaseTitle(names, phase)}**`);
    const footer = footerOf(body);
    if (footer) parts[parts.length - 1]!.push(footer);
    blocks.push(...parts);
  }
  return blocks;
}

export function seedRevealLine(r: SeedReveal): string {
  const code = (s: string) => `\`${s.replace(/`/g, '')}\``;
  return `🔓 Dice for this phase: seed #${r.epoch} ${code(r.seed)} (commitment ${code(r.commitment)} published when the phase opened). Verify with /rolls verify.`;
}

interface Section { readonly phase: PhaseEvent | null; readonly body: GameEvent[] }

/** Cut at phase events; what comes before the first one (a closing note) has no header. */
function sections(events: readonly GameEvent[]): Section[] {
  const out: Section[] = [];
  let cur: Section = { phase: null, body: [] };
  for (const e of events) {
    if (e.kind === 'phase') {
      if (cur.phase || cur.body.length) out.push(cur);
      cur = { phase: e, body: [] };
    } else cur.body.push(e);
  }
  if (cur.phase || cur.body.length) out.push(cur);
  return out;
}

/**
 * One group per engagement (the engagement, its rolls, and the losses and removals of its
 * units), with what precedes the first and follows the last kept in place. The rules apply
 * every engagement's losses after all the dice are rolled; the reader wants them next to the
 * dice that caused them. Nothing moves out of its phase.
 */
function groupEngagements(body: readonly GameEvent[]): GameEvent[][] {
  const before: GameEvent[] = [];
  const fights: { eng: EngagementEvent; items: GameEvent[]; took: Set<string> }[] = [];
  const after: GameEvent[] = [];
  let open = false; // still reading the rolls right after an engagement
  for (const e of body) {
    if (e.kind === 'engagement') { fights.push({ eng: e, items: [e], took: new Set() }); open = true; continue; }
    if (open && e.kind === 'roll') { fights[fights.length - 1]!.items.push(e); continue; }
    open = false;
    if (e.kind === 'loss' || e.kind === 'removed') {
      // A unit can be in two engagements (a melee and a bombardment): its losses come in engagement order.
      const key = `${e.kind}|${e.unit}`;
      const home = fights.find((f) => !f.took.has(key) && f.eng.sides.some((s) => s.units.includes(e.unit)));
      if (home) { home.took.add(key); home.items.push(e); continue; }
    }
    (fights.length ? after : before).push(e);
  }
  return [before, ...fights.map((f) => f.items), after];
}

/** In a bombardment only the firer passes dice, so the sides that rolled for losses are the targets. */
function firerOf(eng: EngagementEvent, group: readonly GameEvent[]): string | undefined {
  if (!eng.bombardment) return undefined;
  const hit = new Set(group.flatMap((e) => (e.kind === 'roll' ? [e.subject] : [])));
  const firers = eng.sides.filter((s) => !hit.has(s.side));
  return hit.size > 0 && firers.length === 1 ? firers[0]!.side : undefined;
}

/**
 * "-# DRAM §8 · HR D-13 · audit #41–#44": the sections cited once per section rather than on
 * every line (subtext only works at the start of a line), and where the dice are in the audit.
 * Rule tags without a section number ("victory", "scenario") cite nothing a reader can look up.
 */
function footerOf(body: readonly GameEvent[]): string | null {
  const rules = [...new Set(body.flatMap((e) => ('rule' in e && e.rule ? e.rule.split(/,\s*/) : [])))].filter((r) => /\d/.test(r));
  // 'audit:41' or, with its anchor, 'audit:41:0123456789abcdef' (issue 16).
  const parsed = body.flatMap((e) => (e.kind === 'roll' && e.ref ? [/^audit:(\d+)(?::([0-9a-f]{16,64}))?$/.exec(e.ref)] : [])).filter((m): m is RegExpExecArray => !!m);
  const refs = parsed.map((m) => Number(m[1]));
  const parts = [...rules];
  if (refs.length) {
    const lo = Math.min(...refs), hi = Math.max(...refs);
    parts.push(refs.length === 1 ? `audit #${lo}` : new Set(refs).size === hi - lo + 1 ? `audit #${lo}–#${hi}` : `audit ${refs.map((r) => `#${r}`).join(', ')}`);
    // The newest roll of the section anchors the post: the trail must still hold it as shown.
    const newest = parsed.find((m) => Number(m[1]) === hi);
    if (newest?.[2]) parts.push(`anchor \`${formatAnchor(hi, newest[2])}\``);
  }
  return parts.length ? `-# ${parts.join(' · ')}` : null;
}
