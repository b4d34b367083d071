import { escapeMd } from '../interaction/present-rolls';
import { officerText, type StandingUnit } from '../rules/campaign/types';
import { rulesetById } from '../rules/index';
import type { CampaignService, StoredMatching } from './campaign.service';
import type { CampaignRow } from './campaigns.repo';

/** Who reads /campaign status: the GM sees everything, a player his side's hidden values, a spectator only what is open. */
export type CampaignViewer = { readonly kind: 'gm' } | { readonly kind: 'side'; readonly side: string } | { readonly kind: 'public' };

export interface CampaignStatus {
  readonly header: string;
  readonly battles: readonly string[];
  /** One block per side: its formations and units, hidden values shown only to whom may see them. */
  readonly sides: readonly { readonly name: string; readonly lines: readonly string[]; readonly hidden: boolean }[];
  /** The chart's points: labels and each visible side's totals. */
  readonly chart: { readonly labels: readonly string[]; readonly series: readonly { readonly side: string; readonly name: string; readonly values: readonly number[] }[] };
}

const SIDE_COLOURS = ['#1f4e79', '#b22222', '#2e7d32', '#6a1b9a'];
export const sideColour = (i: number): string => SIDE_COLOURS[i % SIDE_COLOURS.length]!;

/** What `viewer` may read of a campaign (issue 15): NW hides the enemy's strengths and fatigue (its record says so). */
export function campaignStatus(service: CampaignService, c: CampaignRow, viewer: CampaignViewer, channelOf: (gameId: number) => string | null, gameEnded: (gameId: number) => boolean): CampaignStatus {
  const rules = rulesetById(c.ruleset)?.campaign;
  const hides = rules?.hidesEnemyStrength ?? true;
  const sees = (side: string) => viewer.kind === 'gm' || !hides || (viewer.kind === 'side' && viewer.side === side);
  const sides = service.repo.sides(c.id);
  const players = service.repo.players(c.id);
  const units = service.repo.units(c.id);
  const settings = rules ? rules.settings.lines(JSON.parse(c.settings)).map((l) => `\`${l.key}\` = ${l.value}${l.ruling ? ` (${l.ruling})` : ''}`).join(' · ') : '';
  const header = [
    `**${escapeMd(c.name)}** — ${c.ruleset}, founded on ${c.scenarioId}; ${c.status}. GM <@${c.gmUserId}>.`,
    `After each battle: ${rules?.afterBattle ?? '—'}.${settings ? ` Settings: ${settings}.` : ''}`,
    `Players: ${sides.map((s) => `${escapeMd(s.name)}: ${players.filter((p) => p.sideId === s.sideId).map((p) => escapeMd(p.userName)).join(', ') || '—'}`).join('; ')}.`,
  ].join('\n');
  const battles = service.repo.battles(c.id).map((b) => {
    const outcome = b.outcome ? (JSON.parse(b.outcome) as { summary?: string } | null)?.summary : null;
    const m = JSON.parse(b.matching) as StoredMatching;
    const where = channelOf(b.gameId);
    // A battle the GM ended with /game end has no outcome: no aftermath was applied (adjust by hand).
    const state = b.status === 'running' && gameEnded(b.gameId) ? 'ended by the GM without a result, no aftermath' : b.status === 'applied' ? 'aftermath applied' : b.status;
    const field = m.placement ? `${b.scenarioId}'s map (${m.placement.placed.map((p) => escapeMd(p.name)).join(', ')} placed)` : b.scenarioId;
    return `• Battle ${b.seq} — ${field}, ${state}${outcome ? `: ${escapeMd(outcome)}` : ''} (${m.matched.length} units; fought in ${where ? `<#${where}>` : 'its channel'}; history: \`/game history game:${b.gameId}\`)`;
  });
  const sideBlocks = sides.map((s) => ({ name: s.name, hidden: !sees(s.sideId), lines: sideLines(units.filter((u) => u.side === s.sideId), sees(s.sideId)) }));
  const log = service.repo.logOf(c.id).filter((e) => e.kind === 'create' || e.kind === 'aftermath' || e.kind === 'adjust' || e.kind === 'undo');
  const labels = log.map((e) => (e.kind === 'create' ? 'start' : e.kind === 'aftermath' ? `B${service.repo.battles(c.id).find((b) => b.id === e.battleId)?.seq ?? '?'}` : e.kind === 'undo' ? 'undo' : 'GM'));
  const series = sides.filter((s) => sees(s.sideId)).map((s) => ({ side: s.sideId, name: s.name, values: log.map((e) => (JSON.parse(e.totals) as Record<string, number>)[s.sideId] ?? 0) }));
  return { header, battles, sides: sideBlocks, chart: { labels, series } };
}

function sideLines(units: readonly StandingUnit[], full: boolean): string[] {
  const out: string[] = [];
  const officers = (u: StandingUnit) => u.officers.map((o) => escapeMd(officerText(o))).join(', ');
  const unitLine = (u: StandingUnit) => (full
    ? `  • ${escapeMd(u.name)} \`${u.id}\`: ${u.strength}/${u.full}${u.strength <= 0 ? ' — lost' : `, ${u.fatigue}`}, ${escapeMd(u.quality)}`
    : `  • ${escapeMd(u.name)} \`${u.id}\`: strength hidden`);
  for (const f of units.filter((u) => u.kind === 'formation')) {
    out.push(`**${escapeMd(f.name)}**${f.officers.length ? ` — ${officers(f)}` : ''}`);
    for (const u of units.filter((x) => x.kind === 'unit' && x.formation === f.id)) out.push(unitLine(u));
  }
  const loose = units.filter((x) => x.kind === 'unit' && !units.some((f) => f.kind === 'formation' && f.id === x.formation));
  if (loose.length) out.push('**Unattached**', ...loose.map(unitLine));
  if (full) {
    const live = units.filter((u) => u.kind === 'unit');
    out.push(`Total ${live.reduce((n, u) => n + u.strength, 0)} of ${live.reduce((n, u) => n + u.full, 0)}.`);
  }
  return out;
}
