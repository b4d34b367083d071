import { armyName, type SoloGame } from '../game';
import { cardOfUnit } from '../phases/queue';
import type { SoloUnit } from '../state';

/**
 * `/roster` (issue 13): figures, 'D' chits, special figures and generals' ratings. Everything on
 * the table is open in Kuryakin (figures are counted, chits lie by the unit, L10); what is private
 * is the chance card in hand (L3), shown only to its own side.
 */

/** KS-41: ", attached to 3e Ligne" (in its front rank), or nothing. */
const withUnit = (g: SoloGame, unitId: string | undefined): string => (unitId ? `, attached to ${g.units.find((u) => u.id === unitId)?.name ?? unitId} (in its front rank)` : '');

const special = (u: SoloUnit): string => {
  if (!u.specials) return '';
  const s = (['officer', 'musician', 'standard'] as const).map((k) => `${k} ${u.specials?.[k]?.alive ? '✓' : '✗'}`);
  return ` · ${s.join(', ')}`;
};

function unitLine(g: SoloGame, u: SoloUnit): string {
  if (u.gone) return `- ~~${u.name}~~ — ${u.gone}`;
  const card = cardOfUnit(g, u.id);
  const state = [u.motion, u.formationChange ? `${u.formation} → ${u.formationChange.to} (${u.formationChange.quartersLeft} quarters to go)` : u.formation, u.moraleMarker ? 'morale marker' : ''].filter(Boolean).join(', ');
  return `- **${u.name}** (${u.type}, class ${u.class}) — ${u.figures}/${u.startFigures} figures, ${u.disorder} 'D', ${state}${special(u)}${card !== null ? ` · card ${card}${u.acted ? ' (done)' : ''}` : ''}`;
}

/** A side's roster. `own`: its chance card too. */
export function soloRoster(g: SoloGame, side: string, own: boolean): string[] {
  const lines = [`**${armyName(g, side)}** — turn ${g.turn}, 1 mm = 1 yard`];
  for (const b of g.brigades.filter((x) => x.side === side)) {
    const brig = g.generals.find((x) => x.id === b.brigadier);
    const rating = brig ? `${brig.name}${brig.alive ? '' : ' (dead)'}: TH ${brig.th}, AV ${brig.av}, CR grade ${brig.grade} (placeholder generals.crTable)${withUnit(g, brig.attachedTo)}` : 'no brigadier';
    lines.push(`__${g.brigadeNames[b.id] ?? b.id}__ — ${rating}; ${g.inControl[b.id] ? 'in control this turn' : 'out of control: a card per unit'}`);
    for (const u of g.units.filter((x) => x.brigade === b.id)) lines.push(unitLine(g, u));
  }
  const seniors = g.generals.filter((x) => x.side === side && x.level !== 'brigadier');
  for (const x of seniors) lines.push(`${x.name} (${x.level}${x.alive ? '' : ', dead'}): TH ${x.th}, AV ${x.av}${withUnit(g, x.attachedTo)}`);
  const held = g.chance[side];
  if (held && (own || held.played)) lines.push(`Chance card: "${held.card.name}" (${held.card.effect}${held.card.text ? `: ${held.card.text}` : ''})${held.played ? ' — played' : ' — in hand: /chance'}`);
  return lines;
}
