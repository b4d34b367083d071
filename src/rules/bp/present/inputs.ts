import { choicesMatching, type Caller, type InputChoice, type Inputs, type NamedOption } from '../../plugin';
import type { BpVerb } from '../orders';
import { actablePieces, chargeJoinersOf, chargeTargetsOf, crewTargetsOf, fireTargetsOf, formationOptionsOf, unitDisplayName } from '../pieces';
import { standingOf, type BpState } from '../state';
import type { FORMATIONS, Formation } from '../tables/vocabulary';

// Options that name pieces, resolved by the command layer from bpPrinted (issue 11).
const UNIT: NamedOption = { kinds: ['unit'] };
const PIECE: NamedOption = { kinds: ['unit', 'general'], what: 'unit or command figure' };
const SIDE: NamedOption = { kinds: ['side'] };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const FORMATION_NAMES: Readonly<Record<(typeof FORMATIONS)[number], string>> = {
  line: 'line (L38: 4" infantry)', column: 'column (6" infantry)', skirmish: 'skirmish order (9", L55-63)', square: 'square (2", against cavalry, L173)',
};

/** The caller's pieces that may take `verb` now (pieces.ts: the same tests the acts make). */
function able(s: BpState, caller: Caller, verb: BpVerb): InputChoice[] {
  if (!caller.side) return [];
  return actablePieces(s, caller.side).filter((p) => p.verbs.includes(verb)).map((p) => ({ name: p.name, value: p.id }));
}

const inches = (n: number): string => `${n.toFixed(1)}"`;

/**
 * The slash verbs Beer and Pretzel accepts. The phasing player acts in public, each act
 * resolved at once with binding dice (L24 "one player moves and determines all combat
 * results"): /move, /formation, /fire, /charge. The other player's only decisions — return
 * fire or hold it for a charge, form square — are standing reactions set privately with
 * /standing (L111, L123, L131), and who moves first if they win the roll-off (HR B-1).
 */
export const bpInputs: Inputs<BpState> = {
  move: {
    kind: 'action',
    names: { unit: PIECE },
    ignores: ['join', 'moves'],
    reply: 'public',
    summary: 'move a unit or command figure (L26-53): a place, or "forward 4in then wheel left 30"; made at once',
    build: (_s, o) => ({ kind: 'move', unit: text(o.unit), to: text(o.to) }),
    choices: (s, caller, focused) => (focused.name === 'unit' ? choicesMatching(focused.value, able(s, caller, 'move')) : []),
  },
  formation: {
    kind: 'action',
    names: { unit: UNIT },
    reply: 'public',
    summary: 'change formation (L28-30, L57-63): line, column, square or skirmish order',
    build: (_s, o) => ({ kind: 'formation', unit: text(o.unit), formation: text(o.formation) }),
    choices(s, caller, focused, o) {
      if (focused.name === 'formation') {
        return choicesMatching(focused.value, formationOptionsOf(s, text(o.unit)).filter((f) => f.legal).map((f) => ({ name: FORMATION_NAMES[f.formation as Formation] ?? f.formation, value: f.formation })));
      }
      return choicesMatching(focused.value, able(s, caller, 'formation'));
    },
  },
  fire: {
    kind: 'action',
    names: { unit: UNIT, target: UNIT },
    reply: 'public',
    summary: 'fire at an enemy unit (L71-101): volley, skirmish fire, round shot or canister by range and formation; the target may return fire',
    build: (_s, o) => ({ kind: 'fire', unit: text(o.unit), target: text(o.target) }),
    choices(s, caller, focused, o) {
      if (focused.name !== 'target') return choicesMatching(focused.value, able(s, caller, 'fire'));
      // Only the targets it may fire at now, with how it would fire and how far (fire-zones.ts).
      return choicesMatching(focused.value, fireTargetsOf(s, text(o.unit)).filter((t) => t.legal)
        .map((t) => ({ name: `${s.units[t.target]?.name ?? t.target} — ${t.kind ?? 'fire'}, ${inches(t.inches)}`, value: t.target })));
    },
  },
  charge: {
    kind: 'action',
    names: { unit: UNIT, target: UNIT },
    ignores: ['if-evaded'],
    reply: 'public',
    summary: 'charge an enemy unit (L105-135): morale to stand, closing fire, morale to charge home, melee; others may join it (L107)',
    build: (_s, o) => {
      const others = text(o.with).split(/[\s,]+/).filter(Boolean);
      return { kind: 'charge', unit: text(o.unit), target: text(o.target), ...(others.length ? { with: others } : {}) };
    },
    choices(s, caller, focused, o) {
      if (focused.name === 'with') {
        // Completes the last name of the list; the earlier ones stay as typed.
        const typed = focused.value.split(',').map((x) => x.trim());
        const last = typed.pop() ?? '';
        const prefix = typed.filter(Boolean);
        const joiners = chargeJoinersOf(s, text(o.unit), text(o.target)).filter((id) => !prefix.includes(id));
        return choicesMatching(last, joiners.map((id) => ({ name: [...prefix, s.units[id] ? unitDisplayName(s.units[id]!) : id].join(', '), value: [...prefix, id].join(',') })));
      }
      if (focused.name !== 'target') return choicesMatching(focused.value, able(s, caller, 'charge'));
      return choicesMatching(focused.value, chargeTargetsOf(s, text(o.unit)).filter((t) => t.legal).map((t) => ({ name: s.units[t.target] ? unitDisplayName(s.units[t.target]!) : t.target, value: t.target })));
    },
  },
  crew: {
    kind: 'action',
    reply: 'public',
    summary: 'send gunners from one gun to another (L97): a gun below 3 crew cannot move or fire; 1 move to transfer, 1 to integrate (HR B-17)',
    build: (_s, o) => ({ kind: 'crew', unit: text(o.unit), to: text(o.to), ...(typeof o.figures === 'number' ? { figures: o.figures } : {}) }),
    choices(s, caller, focused, o) {
      if (focused.name !== 'to') return choicesMatching(focused.value, able(s, caller, 'crew'));
      return choicesMatching(focused.value, crewTargetsOf(s, text(o.unit)).filter((t) => t.legal).map((t) => ({ name: s.units[t.target] ? unitDisplayName(s.units[t.target]!) : t.target, value: t.target })));
    },
  },
  standing: {
    kind: 'action',
    names: { unit: UNIT },
    reply: 'private',
    summary: 'set a unit\'s standing reactions, secret from the enemy: return fire or hold it for a charge (L131), form square when charged (L123)',
    build(s, o) {
      // Only what the player gives changes; the rest of the unit's standing reactions stay as they were.
      const now = standingOf(s, text(o.unit));
      return { kind: 'standing', unit: text(o.unit), returnFire: text(o['return-fire']) || now.returnFire, square: typeof o.square === 'boolean' ? o.square : now.square };
    },
    after(s, o) {
      const st = standingOf(s, text(o.unit));
      return `🔒 ${s.units[text(o.unit)]?.name ?? text(o.unit)}: ${st.returnFire === 'fire' ? 'returns fire when fired upon' : 'holds its fire for a charge'}; ${st.square ? 'forms square if charged by cavalry and it holds' : 'does not form square'}. Only you can see this.`;
    },
    choices: (s, caller, focused) => choicesMatching(focused.value, able(s, caller, 'standing')),
  },
  'choose first': {
    kind: 'action',
    names: { side: SIDE },
    reply: 'private',
    summary: 'who moves first should you win this turn\'s roll-off (HR B-1; default: you)',
    build: (_s, o, caller) => ({ kind: 'first', when: text(o.side) === caller.side ? 'first' : 'second' }),
    after: (s, o, caller) => `🔒 If you win the roll-off, ${text(o.side) === caller.side ? 'you move first' : `${s.sides.find((x) => x.id === text(o.side))?.name ?? text(o.side)} moves first`}. Only you can see this.`,
    choices: (s, _c, focused) => choicesMatching(focused.value, s.sides.map((x) => ({ name: x.name, value: x.id }))),
  },
};
