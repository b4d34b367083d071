import { choicesMatching, type Caller, type InputChoice, type Inputs, type NamedOption } from '../../plugin';
import type { SoloGame } from '../game';
import { distanceMm, onTable, unitById } from '../state';
import { chanceTargetKind, chanceFits } from '../phases/chance';
import { formationsFor } from '../phases/formation';
import { againstOf, sideUp, windowUnits } from '../turn';

// Options that name pieces, resolved by the command layer from soloPrinted (issue 11).
const UNIT: NamedOption = { kinds: ['unit'] };
const PIECE: NamedOption = { kinds: ['unit', 'general'], what: 'unit or general' };
const GENERAL: NamedOption = { kinds: ['general'] };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The caller's units the cards up now activate (a solo player holds both seats). */
function able(g: SoloGame, caller: Caller): InputChoice[] {
  const up = sideUp(g);
  const mine = new Set(caller.seats.map((seat) => g.seats.find((x) => x.id === seat)?.side));
  if (!up || !mine.has(up)) return [];
  return windowUnits(g).map((id) => { const u = unitById(g, id); return { name: `${u.name} — ${u.figures} figures, ${u.disorder} 'D'`, value: id }; });
}

/** The caller's living generals while his side's cards are up (KS-42), with the ride left. */
function riders(g: SoloGame, caller: Caller): InputChoice[] {
  const up = sideUp(g);
  const mine = new Set(caller.seats.map((seat) => g.seats.find((x) => x.id === seat)?.side));
  if (!up || !mine.has(up)) return [];
  return g.generals.filter((x) => x.side === up && x.alive).map((x) => ({ name: `${x.name} (general, ${Math.max(0, g.settings.generals.moveMm - (x.rodeMm ?? 0))} mm to ride)`, value: x.id }));
}

/** Enemy units, nearest first, with their distance (a charged unit: its charger only, L8). */
function targets(g: SoloGame, unitId: string): InputChoice[] {
  const u = g.units.find((x) => x.id === unitId);
  if (!u) return [];
  const against = againstOf(g, unitId);
  return onTable(g).filter((e) => e.side !== u.side && (!against || e.id === against)).sort((a, b) => distanceMm(u.at, a.at) - distanceMm(u.at, b.at))
    .map((e) => ({ name: `${e.name} — ${Math.round(distanceMm(u.at, e.at))} mm`, value: e.id }));
}

/** The sides a caller plays whose chance card is in hand. */
function chanceSides(g: SoloGame, caller: Caller): string[] {
  return caller.seats.flatMap((seat) => { const side = g.seats.find((x) => x.id === seat)?.side; const h = side ? g.chance[side] : null; return side && h && !h.played ? [side] : []; });
}

/**
 * The slash verbs Kuryakin accepts. Every act is made at once with binding dice, in public, by
 * whoever holds the card up now (L8): /move (straight ahead so many mm, or halt), /formation (a
 * formation, or "reform", L11), /fire, /charge (the whole charge sequence inside the act), and
 * /chance to play the side's chance card (L3). /ready ends the run of cards.
 */
export const soloInputs: Inputs<SoloGame> = {
  move: {
    kind: 'action',
    names: { unit: PIECE },
    ignores: ['join', 'moves'],
    reply: 'public',
    summary: 'move a unit its card activates straight ahead so many mm (1 mm = 1 yard): the marked die sets the allowance, then the swerve (L9-11); "halt" halts an advancing unit (L10); a general rides to x,y mm or a landmark (KS-42)',
    build: (g, o) => {
      if (g.generals.some((x) => x.id === text(o.unit))) return { kind: 'general-move', general: text(o.unit), to: text(o.to) };
      return text(o.to).trim().toLowerCase() === 'halt' ? { kind: 'halt', unit: text(o.unit) } : { kind: 'move', unit: text(o.unit), to: text(o.to) };
    },
    choices(g, caller, focused, o) {
      if (focused.name === 'unit') return choicesMatching(focused.value, [...able(g, caller), ...riders(g, caller)]);
      const gen = g.generals.find((x) => x.id === text(o.unit));
      if (gen) return choicesMatching(focused.value, g.map.landmarks.map((l) => ({ name: `${l.name} — ${Math.round(distanceMm(gen.at, l.at))} mm`, value: l.name })));
      return choicesMatching(focused.value, [{ name: '100 mm ahead', value: '100' }, { name: '200 mm ahead', value: '200' }, { name: 'halt (L10)', value: 'halt' }]);
    },
  },
  attach: {
    kind: 'action',
    names: { general: GENERAL, unit: UNIT },
    reply: 'public',
    summary: "attach a general to one of his side's units — he rides to its front rank and counts for its morale and charges (L14, L23, L27-28; KS-41) — or, with no unit, detach him",
    build: (_g, o) => ({ kind: 'attach', general: text(o.general), unit: text(o.unit) ? text(o.unit) : null }),
    choices(g, caller, focused, o) {
      if (focused.name === 'general') return choicesMatching(focused.value, riders(g, caller));
      const gen = g.generals.find((x) => x.id === text(o.general));
      if (!gen) return [];
      const own = g.brigades.find((b) => b.brigadier === gen.id);
      return choicesMatching(focused.value, onTable(g).filter((u) => u.side === gen.side && (gen.level !== 'brigadier' || !own || u.brigade === own.id))
        .map((u) => ({ name: `${u.name} — ${Math.round(distanceMm(gen.at, u.at))} mm`, value: u.id })));
    },
  },
  formation: {
    kind: 'action',
    names: { unit: UNIT },
    reply: 'public',
    summary: 'change formation (D4 quarters of a move, L9-10), or "reform" to remove disorder (the whole turn, L11)',
    build: (_g, o) => (text(o.formation).trim().toLowerCase() === 'reform' ? { kind: 'reform', unit: text(o.unit) } : { kind: 'formation', unit: text(o.unit), formation: text(o.formation) }),
    choices(g, caller, focused, o) {
      if (focused.name !== 'formation') return choicesMatching(focused.value, able(g, caller));
      const u = g.units.find((x) => x.id === text(o.unit));
      if (!u) return [];
      return choicesMatching(focused.value, [...formationsFor(g, u.id).filter((f) => f !== u.formation).map((f) => ({ name: f, value: f })), ...(u.disorder > 0 ? [{ name: `reform (remove 'D', L11)`, value: 'reform' }] : [])]);
    },
  },
  fire: {
    kind: 'action',
    names: { unit: UNIT, target: UNIT },
    reply: 'public',
    summary: 'fire at an enemy unit: volley, skirmishers or artillery by range (placeholder ranges), casualties by figure (L12-16); ends its activation',
    build: (_g, o) => ({ kind: 'fire', unit: text(o.unit), target: text(o.target) }),
    choices: (g, caller, focused, o) => choicesMatching(focused.value, focused.name === 'target' ? targets(g, text(o.unit)) : able(g, caller)),
  },
  charge: {
    kind: 'action',
    names: { unit: UNIT, target: UNIT },
    ignores: ['with', 'if-evaded'],
    reply: 'public',
    summary: 'charge an enemy unit: charge test, the target jumps the queue and tests, defensive fire, charge home, melee rounds (L8, L16-28)',
    build: (_g, o) => ({ kind: 'charge', unit: text(o.unit), target: text(o.target) }),
    choices: (g, caller, focused, o) => choicesMatching(focused.value, focused.name === 'target' ? targets(g, text(o.unit)) : able(g, caller)),
  },
  chance: {
    kind: 'action',
    names: { unit: UNIT },
    reply: 'public',
    summary: "play your side's chance card (L3), between acts, on a unit when its effect names one",
    build: (_g, o) => ({ kind: 'chance', ...(text(o.unit) ? { unit: text(o.unit) } : {}) }),
    choices(g, caller, focused) {
      const out: InputChoice[] = [];
      for (const side of chanceSides(g, caller)) {
        const card = g.chance[side]!.card;
        const kind = chanceTargetKind(card);
        for (const u of onTable(g)) if (kind !== 'none' && (kind === 'enemy' ? u.side !== side : u.side === side) && chanceFits(card, u) === null) out.push({ name: `${u.name} — "${card.name}"`, value: u.id });
      }
      return choicesMatching(focused.value, out);
    },
  },
};
