import { choicesMatching, type Caller, type InputChoice, type Inputs } from '../../plugin';
import { FORMATIONS } from '../tables/vocabulary';
import { figuresOf, isLive, phasingSide, standingOf, type BpState, type BpUnit } from '../state';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const FORMATION_NAMES: Readonly<Record<(typeof FORMATIONS)[number], string>> = {
  line: 'line (L38: 4" infantry)', column: 'column (6" infantry)', skirmish: 'skirmish order (9", L55-63)', square: 'square (2", against cavalry, L173)',
};

const describeUnit = (u: BpUnit): string => `${u.name} — ${figuresOf(u)} figs, ${u.formation}${u.stage === 'effective' ? '' : `, ${u.stage}`}`;

/** The caller's live units, when it is their move period (the phasing player acts, L22-24). */
function mine(s: BpState, caller: Caller, phasingOnly: boolean): InputChoice[] {
  if (!caller.side || (phasingOnly && phasingSide(s) !== caller.side)) return [];
  return Object.values(s.units).filter((u) => u.side === caller.side && isLive(u)).map((u) => ({ name: describeUnit(u), value: u.id }));
}

/** The enemy's live units, nearest first to the acting unit when it is known. */
function enemies(s: BpState, caller: Caller, from: string): InputChoice[] {
  const me = s.units[from];
  const foes = Object.values(s.units).filter((u) => u.side !== caller.side && isLive(u));
  if (me) foes.sort((a, b) => Math.hypot(a.pose.at.x - me.pose.at.x, a.pose.at.y - me.pose.at.y) - Math.hypot(b.pose.at.x - me.pose.at.x, b.pose.at.y - me.pose.at.y));
  return foes.map((u) => ({ name: me ? `${describeUnit(u)} · ${Math.hypot(u.pose.at.x - me.pose.at.x, u.pose.at.y - me.pose.at.y).toFixed(1)}"` : describeUnit(u), value: u.id }));
}

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
    reply: 'public',
    summary: 'move a unit or command figure (L26-53): a place, or "forward 4in then wheel left 30"; made at once',
    build: (_s, o) => ({ kind: 'move', unit: text(o.unit), to: text(o.to) }),
    choices(s, caller, focused) {
      if (focused.name !== 'unit') return [];
      const figures = Object.values(s.commanders).filter((c) => c.side === caller.side && c.alive).map((c) => ({ name: `${c.name} (command figure)`, value: c.id }));
      return choicesMatching(focused.value, [...mine(s, caller, true), ...(phasingSide(s) === caller.side ? figures : [])]);
    },
  },
  formation: {
    kind: 'action',
    reply: 'public',
    summary: 'change formation (L28-30, L57-63): line, column, square or skirmish order',
    build: (_s, o) => ({ kind: 'formation', unit: text(o.unit), formation: text(o.formation) }),
    choices(s, caller, focused, o) {
      if (focused.name === 'formation') {
        const current = s.units[text(o.unit)]?.formation;
        return choicesMatching(focused.value, FORMATIONS.filter((f) => f !== current).map((f) => ({ name: FORMATION_NAMES[f], value: f })));
      }
      return choicesMatching(focused.value, mine(s, caller, true).filter((c) => s.units[c.value]?.arm !== 'artillery'));
    },
  },
  fire: {
    kind: 'action',
    reply: 'public',
    summary: 'fire at an enemy unit (L71-101): volley, skirmish fire, round shot or canister by range and formation; the target may return fire',
    build: (_s, o) => ({ kind: 'fire', unit: text(o.unit), target: text(o.target) }),
    choices(s, caller, focused, o) {
      if (focused.name === 'target') return choicesMatching(focused.value, enemies(s, caller, text(o.unit)));
      return choicesMatching(focused.value, mine(s, caller, true).filter((c) => !s.log.fired.includes(c.value) && s.units[c.value]?.arm !== 'cavalry'));
    },
  },
  charge: {
    kind: 'action',
    reply: 'public',
    summary: 'charge an enemy unit (L105-135): morale to stand, closing fire, morale to charge home, melee',
    build: (_s, o) => ({ kind: 'charge', unit: text(o.unit), target: text(o.target) }),
    choices(s, caller, focused, o) {
      if (focused.name === 'target') return choicesMatching(focused.value, enemies(s, caller, text(o.unit)));
      return choicesMatching(focused.value, mine(s, caller, true).filter((c) => !s.log.meleed.includes(c.value) && s.units[c.value]?.arm !== 'artillery'));
    },
  },
  standing: {
    kind: 'action',
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
    choices: (s, caller, focused) => choicesMatching(focused.value, mine(s, caller, false)),
  },
  'choose first': {
    kind: 'action',
    reply: 'private',
    summary: 'who moves first should you win this turn\'s roll-off (HR B-1; default: you)',
    build: (_s, o, caller) => ({ kind: 'first', when: text(o.side) === caller.side ? 'first' : 'second' }),
    after: (s, o, caller) => `🔒 If you win the roll-off, ${text(o.side) === caller.side ? 'you move first' : `${s.sides.find((x) => x.id === text(o.side))?.name ?? text(o.side)} moves first`}. Only you can see this.`,
    choices: (s, _c, focused) => choicesMatching(focused.value, s.sides.map((x) => ({ name: x.name, value: x.id }))),
  },
};
