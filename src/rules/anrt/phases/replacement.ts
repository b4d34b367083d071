import type { GameEvent } from '../../events';
import { distance } from '../../geometry/vector';
import type { AnrtGeneral, AnrtState } from '../state';
import { commandedBy } from './generals';

/**
 * Generals out of play and back (§VI L271-278, §XIII L998-1015). A general hit is out of play
 * (phases/combat.ts); here he comes back: incapacitated, "for one move", at the end of his side's
 * next turn (L1000); removed (badly wounded or killed), replaced — divisional and brigade
 * commanders "at the end of their own turn following the turn in which they fell" (§VI L278), the
 * others "at the beginning of the move after next" (§XIII L1015), as ruling A-6 splits them
 * (`replacement.timing`). A replacement stands with the nearest unit of his command and carries a
 * permanent pip deduction (QRS `replacement-general`, counted in phases/command.ts).
 */

type Effect = NonNullable<AnrtState['fallen']>[string]['effect'];

/** Generals who fell in a resolution, with the effect its events name (default killed); their brigades lose all but one pip next move (L274). */
export function recordFallen(before: AnrtState, s: AnrtState, events: readonly GameEvent[]): AnrtState {
  const fell = Object.values(s.generals).filter((g) => !g.alive && before.generals[g.id]?.alive);
  if (!fell.length) return s;
  const effectOf = (id: string): Effect => {
    const e = [...events].reverse().find((x) => x.kind === 'general' && x.general === id);
    const what = e && e.kind === 'general' ? e.what : 'killed';
    return what === 'incapacitated' || what === 'badly-wounded' ? what : 'killed';
  };
  const fallen = { ...(s.fallen ?? {}), ...Object.fromEntries(fell.map((g) => [g.id, { turn: s.turn, effect: effectOf(g.id) }])) };
  const brigades = fell.filter((g) => g.level === 'brigade').map((g) => g.command);
  return { ...s, fallen, brigadierFell: { ...(s.brigadierFell ?? {}), ...Object.fromEntries(brigades.map((b) => [b, true as const])) } };
}

/** Whether a removed general is replaced under §VI (division and brigade, A-6 split) rather than §XIII. */
function bySectionVI(s: AnrtState, g: AnrtGeneral): boolean {
  const t = s.settings.replacement?.timing ?? 'split';
  return t === 'section-vi' || (t === 'split' && (g.level === 'division' || g.level === 'brigade'));
}

/**
 * Brings back the generals due: at the end of `side`'s own turn (`own-turn-end`: the
 * incapacitated and the §VI replacements) or as a turn begins (`turn-start`: the §XIII ones).
 */
export function returnGenerals(s0: AnrtState, when: 'own-turn-end' | 'turn-start', side?: string): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const [id, f] of Object.entries(s0.fallen ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const g = s.generals[id];
    if (!g || g.alive) continue;
    const early = f.effect === 'incapacitated' || bySectionVI(s, g);
    const due = when === 'own-turn-end' ? early && g.side === side && s.turn >= f.turn + 1 : !early && s.turn >= f.turn + 2;
    if (!due) continue;
    const rest = Object.fromEntries(Object.entries(s.fallen ?? {}).filter(([k]) => k !== id));
    if (f.effect === 'incapacitated') {
      s = { ...s, fallen: rest, generals: { ...s.generals, [id]: { ...g, alive: true, joined: undefined } } };
      events.push({ kind: 'note', rule: 'ANRT §XIII L1000', text: `${g.name} is back in play after a move incapacitated.` });
      continue;
    }
    const near = commandedBy(s, g).sort((a, b) => distance(a.at, g.at) - distance(b.at, g.at) || a.id.localeCompare(b.id))[0];
    const name = g.name.endsWith("'s replacement") ? g.name : `${g.name}'s replacement`;
    s = { ...s, fallen: rest, generals: { ...s.generals, [id]: { ...g, name, alive: true, joined: undefined, at: near?.at ?? g.at, replacements: (g.replacements ?? 0) + 1 } } };
    events.push({ kind: 'note', rule: bySectionVI(s, g) ? 'ANRT §VI L278' : 'ANRT §XIII L1015', text: `${name} takes up ${g.name.endsWith("'s replacement") ? 'the post again' : `${g.name}'s post`}${near ? ` with ${near.name}` : ''}: a permanent pip deduction for his division (QRS replacement-general).` });
  }
  return { s, events };
}
