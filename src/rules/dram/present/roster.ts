import { escapeMd } from '../../../interaction/present-rolls';
import { ORDER_NAMES } from '../tables';
import type { DramState, General, Stand } from '../state';
import { viewDram } from '../view';

/**
 * `/roster` for DRAM (issue 11). DRAM keeps no paper roster: strengths and orders stand open on
 * the table (SPs §10 L179, order chits on the stands §5 L64-75), so a side's stands, their SP and
 * order, its generals with CR and AP, and the corps' initiative dice (§4 L59, placed on the
 * general's stand) are shown to anyone. Chits written this turn are face down until phase 1
 * (§5, HR D-7): the lines are built from viewDram, so only their own side can ever see them.
 */
export function dramRoster(state: DramState, side: string, own: boolean): string[] {
  const s = viewDram(state, own ? { kind: 'side', side } : { kind: 'public' });
  const army = s.sides.find((x) => x.id === side);
  if (!army) return [];
  const chief = s.generals[army.commander];
  const lines = [`**${escapeMd(army.name)}** — turn ${s.turn}${chief ? `, commanded by ${generalText(s, chief)}` : ''}`];
  // Generals above the corps (wing and army commanders), not otherwise listed under a corps.
  const higher = Object.values(s.generals).filter((g) => g.side === side && g.corps === null && g.id !== army.commander);
  if (higher.length) lines.push(`Generals: ${higher.map((g) => generalText(s, g)).join('; ')}`);
  for (const c of Object.values(s.corps).filter((x) => x.side === side)) {
    const g = s.generals[c.general];
    const die = s.initiative[c.id];
    lines.push(`__${escapeMd(c.name)}__${g ? ` — ${generalText(s, g)}` : ''}${die ? ` · initiative ${die}` : ''}`);
    for (const id of c.stands) {
      const stand = s.stands[id];
      if (stand) lines.push(`• ${standText(stand)}`);
    }
  }
  const chits = s.chits.filter((c) => s.generals[c.by]?.side === side);
  if (chits.length) {
    lines.push(`Chits written, face down until phase 1 (§5, HR D-7) — only your side sees these:`);
    for (const c of chits) {
      const target = c.target.kind === 'stand' ? s.stands[c.target.id]?.name : s.corps[c.target.id]?.name;
      lines.push(`• ${escapeMd(s.generals[c.by]?.name ?? c.by)} → ${escapeMd(target ?? c.target.id)}: ${ORDER_NAMES[c.order]} (${c.order}), for turn ${c.turn}`);
    }
  }
  return lines;
}

/** "1st Division (Fabre) — infantry, 6/8 SP, Attack (A), falling back". */
function standText(x: Stand): string {
  const state = x.removed ? 'removed' : !x.onTable ? 'not yet on the table' : x.fallingBack ? 'falling back' : '';
  return [`${escapeMd(x.name)} — ${x.arm.replace('-', ' ')}, ${Math.max(0, x.sp)}/${x.spStart} SP, ${ORDER_NAMES[x.order]} (${x.order})`, ...(state ? [state] : [])].join(', ');
}

/** "General Morand (CR 2, 1 of 3 AP left, with 1st Division (Fabre))". */
function generalText(s: DramState, g: General): string {
  const joined = g.joined ? s.stands[g.joined]?.name : undefined;
  const bits = [`CR ${g.cr}`, `${Math.max(0, g.ap - g.apSpent)} of ${g.ap} AP left`, ...(g.status !== 'present' ? [g.status.replace('-', ' ')] : []), ...(joined ? [`with ${escapeMd(joined)}`] : [])];
  return `${escapeMd(g.name)} (${bits.join(', ')})`;
}
