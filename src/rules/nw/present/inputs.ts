import { choicesMatching, type Caller, type InputChoice, type Inputs, type NamedOption } from '../../plugin';
import { REACTION_CHOICES, RETREAT_WAYS } from '../orders';
import { findContacts } from '../phases/combat';
import { batteryTargets } from '../phases/artillery';
import { canMove, mustRoll } from '../phases/maneuver';
import { reactionCandidates } from '../phases/reaction';
import { skirmishAssignments } from '../phases/skirmish';
import { nameOf } from '../phases/target-units';
import type { NwState } from '../state';
import { fireOptions, irregularSkirmishChoices } from '../turn';

// Options that name pieces, resolved by the command layer from nwPrinted (issue 11).
const UNIT: NamedOption = { kinds: ['unit'], what: 'brigade or battery' };
const PIECE: NamedOption = { kinds: ['unit', 'general'], what: 'unit or officer' };
const GENERAL: NamedOption = { kinds: ['general'] };
const SIDE: NamedOption = { kinds: ['side'] };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const routed = (u: object): boolean => 'status' in u && u.status === 'routed';

/** Brigades of the caller's side on the table, "name — label". */
const ownBrigades = (s: NwState, caller: Caller): InputChoice[] =>
  Object.values(s.units).filter((u) => u.side === caller.side && u.onTable && !u.removed).map((u) => ({ name: `${u.name} — ${u.label}`, value: u.id }));

/** The answer to an accepted NW choice: its preview on one line. */
const plain = (r: { preview: readonly string[] }): string => `✅ ${r.preview.join(' ')}`;

/**
 * The slash verbs Napoleon's Wars accepts. The phasing player's maneuver is made at once in
 * public (§9.0: /maneuver, /move, /attach); fire targets (§7-8), reactions (§10) and the
 * choices of /choose are posted to the window and stay hidden until it resolves.
 */
export const nwInputs: Inputs<NwState> = {
  maneuver: {
    kind: 'action',
    names: { unit: UNIT },
    reply: 'public',
    summary: "roll a unit's Maneuver Table result (NW §9.0 C): public and binding",
    build: (_s, o) => ({ kind: 'maneuver', unit: text(o.unit) }),
    after(s, o) {
      const grant = s.log.rolls[text(o.unit)];
      if (!grant) return null;
      return grant.inches > 0 ? `➡️ ${grant.inches}" to spend: \`/move unit:${text(o.unit)} to:…\`` : '➡️ It holds this phase.';
    },
    choices(s, caller, focused) {
      const must = new Set(mustRoll(s));
      const pieces = [...Object.values(s.units), ...Object.values(s.batteries)]
        .filter((u) => u.side === caller.side && u.onTable && !u.removed && s.log.rolls[u.id] === undefined && !routed(u))
        .filter((u) => canMove(s, u.id) || s.log.rolls[u.id] === undefined)
        .sort((a, b) => Number(must.has(b.id)) - Number(must.has(a.id)));
      return choicesMatching(focused.value, pieces.map((u) => ({ name: `${u.name} — ${u.label}${must.has(u.id) ? ' (must roll: disordered)' : ''}`, value: u.id })));
    },
  },
  move: {
    kind: 'action',
    names: { unit: PIECE },
    ignores: ['join', 'moves'],
    reply: 'public',
    summary: "make a unit's or officer's move at once (NW §9.0 B), spending its Maneuver roll",
    build: (_s, o) => ({ kind: 'move', unit: text(o.unit), to: text(o.to) }),
    choices(s, caller, focused) {
      if (s.phase !== 'maneuver' || caller.side !== s.phasing || focused.name !== 'unit') return [];
      const rows = [
        ...[...Object.values(s.units), ...Object.values(s.batteries)]
          .filter((u) => u.side === caller.side && !u.removed && u.onTable && (canMove(s, u.id) || (!s.log.rolls[u.id] && !s.log.moved.includes(u.id) && !routed(u))))
          .map((u) => ({ name: `${u.name} — ${s.log.rolls[u.id] ? `${s.log.rolls[u.id]!.inches}" to spend` : 'not rolled yet'}`, value: u.id })),
        ...[...Object.values(s.commanders), ...Object.values(s.generals)].filter((x) => x.side === caller.side && x.onTable && !s.log.moved.includes(x.id))
          .map((x) => ({ name: `${x.name} (officer, 18")`, value: x.id })),
      ];
      return choicesMatching(focused.value, rows);
    },
  },
  attach: {
    kind: 'action',
    names: { general: GENERAL, unit: UNIT },
    reply: 'public',
    summary: 'attach a general to a brigade of his command, or detach him (NW §9.0 A)',
    build: (_s, o) => ({ kind: 'attach', general: text(o.general), unit: o.unit ? text(o.unit) : null }),
    choices(s, caller, focused) {
      if (focused.name === 'general') {
        return choicesMatching(focused.value, Object.values(s.generals).filter((g) => g.side === caller.side && !g.lost && g.onTable).map((g) => ({ name: `${g.name} (${g.label})`, value: g.id })));
      }
      return choicesMatching(focused.value, ownBrigades(s, caller));
    },
  },
  fire: {
    kind: 'order',
    names: { unit: UNIT, target: { ...UNIT, keep: ['hold'] } },
    summary: "choose a skirmishing brigade's or a battery's target (NW §7, §8), secret until the fire phase resolves",
    build: (s, o) => (s.batteries[text(o.unit)] ? { kind: 'fire', battery: text(o.unit), target: text(o.target) } : { kind: 'skirmish', unit: text(o.unit), target: text(o.target) }),
    confirm: (r) => [plain(r), ...(r.warnings ?? []).map((w) => `⚠️ ${w}`), '-# Only you see this until the fire phase resolves. Post again to amend; `/ready` when done.'].join('\n'),
    choices(s, caller, focused, o) {
      const side = caller.side;
      if (!side || s.phase !== 'skirmish') return [];
      const skirmish = skirmishAssignments(s, fireOptions(s))[side];
      const batteries = batteryTargets(s, fireOptions(s));
      if (focused.name === 'unit') {
        const sk = (skirmish?.choices ?? []).map((c) => ({ name: `${nameOf(s, c.attacker)} (skirmish: ${c.options.length} targets)`, value: c.attacker }));
        // §7.9 L154: irregular cavalry skirmishes only if named here.
        sk.push(...irregularSkirmishChoices(s, side).map((id) => ({ name: `${nameOf(s, id)} (irregular cavalry: skirmish if you choose)`, value: id })));
        const bt = Object.values(s.batteries).filter((b) => b.side === side && batteries[b.id]?.decision.kind !== 'none').map((b) => ({ name: `${b.name} (artillery)`, value: b.id }));
        return choicesMatching(focused.value, [...sk, ...bt]);
      }
      const t = batteries[text(o.unit)];
      const options = t ? [...(t.decision.kind === 'choice' ? t.decision.options : t.decision.kind === 'forced' ? [t.decision.target] : []), 'hold']
        : skirmish?.choices.find((c) => c.attacker === text(o.unit))?.options
          ?? skirmishAssignments(s, { ...fireOptions(s), irregularsSkirmishing: [text(o.unit)] })[side]?.candidates.find((c) => c.attacker === text(o.unit))?.candidates.map((c) => c.target) ?? [];
      return choicesMatching(focused.value, options.map((x) => ({ name: x === 'hold' ? 'hold (do not fire)' : nameOf(s, x), value: x })));
    },
  },
  react: {
    kind: 'order',
    names: { unit: UNIT },
    ignores: ['if-evaded'],
    summary: 'say what an eligible cavalry brigade does if its reaction roll succeeds (NW §10)',
    build: (_s, o) => ({ kind: 'react', unit: text(o.unit), choice: o.choice }),
    confirm: (r) => [plain(r), '-# The roll is made when the phase resolves. Post again to change; `/ready` when done.'].join('\n'),
    choices(s, caller, focused) {
      if (focused.name === 'choice') return choicesMatching(focused.value, REACTION_CHOICES.map((c) => ({ name: c, value: c })));
      if (s.phase !== 'reaction') return [];
      return choicesMatching(focused.value, reactionCandidates(s).filter((c) => s.units[c.unit]?.side === caller.side)
        .map((c) => ({ name: `${nameOf(s, c.unit)} — ${c.contacted ? 'contacted' : 'zone'} by ${nameOf(s, c.trigger)} (default ${c.defaultChoice})`, value: c.unit })));
    },
  },
  'choose first': {
    kind: 'order',
    names: { side: SIDE },
    summary: 'initiative winner: which side moves first this turn (NW §6.0 L71)',
    build: (_s, o) => ({ kind: 'first', side: text(o.side) }),
    confirm: plain,
    choices: (s, _c, focused) => choicesMatching(focused.value, s.sides.map((x) => ({ name: x.name, value: x.id }))),
  },
  'choose reroll': {
    kind: 'order',
    summary: "Napoleon's once-per-game initiative re-roll (NW §6.0 L77)",
    build: (_s, o) => ({ kind: 'reroll', use: o.use }),
    confirm: plain,
  },
  'choose advance': {
    kind: 'order',
    names: { unit: UNIT },
    summary: 'whether a brigade advances after winning its combat (NW §11.5; default yes)',
    build: (_s, o) => ({ kind: 'advance', unit: text(o.unit), advance: o.advance }),
    confirm: plain,
    choices: (s, caller, focused) => choicesMatching(focused.value, ownBrigades(s, caller)),
  },
  'choose retreat': {
    kind: 'order',
    names: { unit: UNIT },
    summary: 'the way a retreating brigade bends when two ways back are equally direct (NW §11.4 L401; RC-1; default right)',
    build: (_s, o) => ({ kind: 'retreat', unit: text(o.unit), way: o.way }),
    confirm: (r) => [plain(r), '-# The phase goes on when the window resolves. Post again to change; `/ready` when done.'].join('\n'),
    choices(s, caller, focused) {
      if (focused.name === 'way') return choicesMatching(focused.value, RETREAT_WAYS.map((w) => ({ name: w === 'left' ? 'left (counter-clockwise)' : 'right (clockwise, the default)', value: w })));
      const w = s.log.retreatWay;
      return w && w.side === caller.side ? choicesMatching(focused.value, [{ name: nameOf(s, w.unit), value: w.unit }]) : [];
    },
  },
  'choose lead': {
    kind: 'order',
    names: { defender: UNIT, unit: UNIT },
    summary: 'the dominant attacker when two attackers tie in s.p. (NW §11.0.1)',
    build: (_s, o) => ({ kind: 'primary', defender: text(o.defender), unit: text(o.unit) }),
    confirm: plain,
    choices(s, caller, focused, o) {
      if (focused.name === 'defender') return choicesMatching(focused.value, findContacts(s).contacts.map((k) => ({ name: nameOf(s, k.defender), value: k.defender })));
      const defender = text(o.defender);
      const attackers = defender ? new Set(findContacts(s).contacts.find((k) => k.defender === defender)?.attackers ?? []) : null;
      return choicesMatching(focused.value, ownBrigades(s, caller).filter((c) => !attackers || attackers.has(c.value)));
    },
  },
};
