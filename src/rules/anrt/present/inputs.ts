import { distance } from '../../geometry/vector';
import { choicesMatching, type Caller, type InputChoice, type Inputs, type NamedOption } from '../../plugin';
import type { AnrtOrder } from '../orders';
import { canFire, fireReach, inFront, normalMove } from '../phases/common';
import { fireCandidates, reactionsOf } from '../phases/responses';
import { adcsOf, brigadierOf, PAY_NEAREST, poolsOf } from '../phases/command';
import { allocationIsAChoice } from '../procedures/radii';
import { commandedBy } from '../phases/generals';
import { formationsOf, isArtillery, isTarget, liveGenerals, liveUnits, phasingSide, type AnrtState, type AnrtUnit, type IfEvaded } from '../state';
import { ifEvadedOptions } from '../phases/evaded';

const UNIT: NamedOption = { kinds: ['unit'] };
const PIECE: NamedOption = { kinds: ['unit', 'general'], what: 'unit or general' };
const DIVISION: NamedOption = { kinds: ['corps'], what: 'division' };
const SIDE: NamedOption = { kinds: ['side'] };
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const inches = (n: number): string => `${n.toFixed(1)}"`;

/** The caller's units that may take orders now (the mover's, not routed). */
function orderable(s: AnrtState, caller: Caller): AnrtUnit[] {
  if (!caller.side || s.step !== 'orders' || phasingSide(s) !== caller.side) return [];
  return liveUnits(s).filter((u) => u.side === caller.side && !u.routed && !u.abandoned);
}

/** Enemy units `u` may charge: in front, within its normal move (§X). */
export function chargeTargets(s: AnrtState, u: AnrtUnit): AnrtUnit[] {
  const reach = normalMove(s, u);
  if (reach === undefined || isArtillery(u) || u.formation === 'square' || u.formation === 'march-column') return [];
  return liveUnits(s).filter((e) => e.side !== u.side && isTarget(e) && inFront(u, e.at) && distance(u.at, e.at) <= reach).sort((a, b) => distance(u.at, a.at) - distance(u.at, b.at));
}

/** Enemy units `u` may fire at now: in front, within its reach (§IX). */
export const fireTargets = fireCandidates;

/** The evade choices spelled out (L402, ANRT-E3): the others are their own names. */
const REACTION_LABEL: Partial<Record<string, string>> = {
  evade: 'evade — halt in cover or behind formed friends if reached (L402)',
  'evade-on': 'evade-on — run the whole evade move, past cover or friends (L402)',
};

/** L408-416's options spelled out for /charge's if-evaded (ANRT-E4). */
const IF_EVADED_LABEL: Record<IfEvaded, string> = {
  pursue: 'pursue — at once, no test; catch them if the move reaches (L416)',
  halt: 'halt — where the evade started (L410; cavalry tests first, L412)',
  'rally-back': 'rally-back — to the charge\'s start if the L412 test passes (L414)',
};

const unitChoices = (us: readonly AnrtUnit[]): InputChoice[] => us.map((u) => ({ name: u.name, value: u.id }));

/** A side's brigades, named by their brigadier's brigade name where the scenario gives one. */
function brigadesOf(s: AnrtState, side: string): InputChoice[] {
  return Object.values(s.divisions).filter((d) => d.side === side).flatMap((d) => d.brigades.map((b) => ({ name: `${brigadeName(s, b)} (${d.name})`, value: b })));
}

/** A brigade's printed name: its brigadier's, else its id. */
export const brigadeName = (s: AnrtState, b: string): string => { const g = brigadierOf(s, b); return g ? `Brigade ${g.name}` : b; };

/** What `/pips attach` names: a unit by id or name, else a brigade. */
function attachable(s: AnrtState, typed: string): string {
  const t = typed.trim().toLowerCase();
  return Object.values(s.units).find((u) => u.id === typed || u.name.toLowerCase() === t)?.id ?? brigadeId(s, typed);
}

/** Where `/pips attach` puts it: a division by id or name, else a brigade. */
function attachTarget(s: AnrtState, typed: string): string {
  const t = typed.trim().toLowerCase();
  return Object.values(s.divisions).find((d) => d.id === typed || d.name.toLowerCase() === t)?.id ?? brigadeId(s, typed);
}

/** A unit typed as its id or its name (any case); unknown text is kept for the check to refuse. */
function unitId(s: AnrtState, typed: string): string {
  const t = typed.toLowerCase();
  return Object.values(s.units).find((u) => u.id.toLowerCase() === t || u.name.toLowerCase() === t)?.id ?? typed;
}

/** A brigade typed as its id or its printed name (any case). */
function brigadeId(s: AnrtState, typed: string): string {
  const t = typed.trim().toLowerCase();
  const all = Object.values(s.divisions).flatMap((d) => d.brigades);
  return all.find((b) => b.toLowerCase() === t) ?? all.find((b) => brigadeName(s, b).toLowerCase() === t || brigadeName(s, b).toLowerCase().startsWith(t)) ?? typed;
}

/**
 * The slash verbs A Near Run Thing accepts, all orders to the open window: the initiative
 * winner's /choose first (L12); the mover's /move, /formation and /charge, paid in pips (§VI
 * L266, previewed against the division's budget); the other side's /react to a charge or to an
 * enemy move in front of its cavalry (§X, §VII L424).
 */
export const anrtInputs: Inputs<AnrtState> = {
  'choose first': {
    kind: 'order',
    names: { side: SIDE },
    summary: 'the initiative winner chooses which side moves first this turn (L12)',
    build: (_s, o): AnrtOrder => ({ kind: 'first', side: text(o.side) }),
    choices: (s, _c, focused) => choicesMatching(focused.value, s.sides.map((x) => ({ name: x.name, value: x.id }))),
    confirm: (a, _o, s) => { const o = a.order as Extract<AnrtOrder, { kind: 'first' }>; return `✅ ${s.sides.find((x) => x.id === o.side)?.name ?? o.side} will move first (L12).`; },
  },
  move: {
    kind: 'order',
    names: { unit: PIECE, join: UNIT },
    summary: 'move a unit up to its normal move (QRS movement), paid in its division\'s command pips (§VI L266, §VII); moves:N makes N moves at once, each paid, never nearer than 6" to the enemy (multiple moves, L311); to:hold pays the +1 pip of a one-hit unit so it need not withdraw (L204); or a general at general speed, join: a unit of his command (§VII L451-457, §XIII L975-979)',
    build: (s, o): AnrtOrder => (s.generals[text(o.unit)]
      ? { kind: 'general', general: text(o.unit), to: text(o.to) || 'here', ...(text(o.join) ? { join: text(o.join) } : {}) }
      : { kind: 'move', unit: text(o.unit), to: text(o.to), ...(typeof o.moves === 'number' && o.moves !== 1 ? { moves: o.moves } : {}) }),
    choices(s, caller, focused, o) {
      if (focused.name === 'join') { const g = s.generals[text(o.unit)]; return choicesMatching(focused.value, g ? unitChoices(commandedBy(s, g)) : []); }
      if (focused.name !== 'unit') return [];
      const generals = caller.side && s.step === 'orders' && phasingSide(s) === caller.side ? liveGenerals(s, caller.side).map((g) => ({ name: `${g.name} (general)`, value: g.id })) : [];
      return choicesMatching(focused.value, [...unitChoices(orderable(s, caller).filter((u) => normalMove(s, u) !== undefined)), ...generals]);
    },
    confirm: (a) => `✅ Move ordered (sealed until the phase resolves). ${a.preview.join(' ')}`,
  },
  'pips allocate': {
    kind: 'order',
    names: { division: DIVISION },
    summary: 'a corps commander gives one of his command dice to a division of his within 20" (L21, ANRT-C15); the division that had it takes the other\'s; default: as thrown',
    build: (_s, o): AnrtOrder => ({ kind: 'allocate', division: text(o.division), die: Number(o.die) }),
    choices(s, caller, focused) {
      const pools = caller.side && phasingSide(s) === caller.side && s.command ? poolsOf(s.command).filter((p) => allocationIsAChoice(p.faces)) : [];
      if (!pools.length) return [];
      const gname = (g: string) => s.generals[g]?.name ?? g;
      if (focused.name === 'division') return choicesMatching(focused.value, pools.flatMap((p) => p.divisions.map((d) => ({ name: `${s.divisions[d]?.name ?? d} (${gname(p.general)}'s dice)`, value: d }))));
      return [...new Set(pools.flatMap((p) => p.faces))].map((f) => ({ name: String(f), value: String(f) }));
    },
    confirm: (a) => `✅ Dice allocated (sealed). ${a.preview.join(' ')}`,
  },
  'pips regroup': {
    kind: 'order',
    summary: 'declare a brigade regrouping in your next phase (L19, L285): a throw of 4-6 then takes back 1-3 hits; on:false withdraws it; units: the units to restore first, in order, when its throw takes hits back as this window closes (default: those that lost most)',
    build: (s, o): AnrtOrder => {
      const units = text(o.units).split(',').map((x) => x.trim()).filter(Boolean).map((x) => unitId(s, x));
      return { kind: 'regroup', brigade: brigadeId(s, text(o.brigade)), on: o.on !== false, ...(units.length ? { units } : {}) };
    },
    choices: (s, caller, focused) => (focused.name === 'brigade' && caller.side ? choicesMatching(focused.value, brigadesOf(s, caller.side)) : []),
    confirm: (a) => `✅ Regroup declaration recorded (sealed). ${a.preview.join(' ')}`,
  },
  'pips attach': {
    kind: 'order',
    summary: 'attach an unattached unit to a brigade, or a corps-level brigade to a division, as your next phase opens, if in command control of both commanders (L231-234)',
    build: (s, o): AnrtOrder => ({ kind: 'attach', what: attachable(s, text(o.what)), to: attachTarget(s, text(o.to)) }),
    choices(s, caller, focused, o) {
      if (!caller.side) return [];
      const side = caller.side;
      if (focused.name === 'what') {
        const units = liveUnits(s).filter((u) => u.side === side && u.brigade === u.division && !u.parent).map((u) => ({ name: `${u.name} (unattached)`, value: u.id }));
        const brigades = Object.values(s.divisions).filter((d) => d.side === side && d.corpsLevel).flatMap((d) => d.brigades.filter((b) => b !== d.id).map((b) => ({ name: `${brigadeName(s, b)} (corps level)`, value: b })));
        return choicesMatching(focused.value, [...units, ...brigades]);
      }
      const unit = s.units[text(o.what)];
      if (unit) return choicesMatching(focused.value, brigadesOf(s, side).filter((b) => brigadierOf(s, b.value)));
      return choicesMatching(focused.value, Object.values(s.divisions).filter((d) => d.side === side && !d.corpsLevel).map((d) => ({ name: d.name, value: d.id })));
    },
    confirm: (a) => `✅ Attachment recorded (sealed). ${a.preview.join(' ')}`,
  },
  'pips pay': {
    kind: 'order',
    // `nearest` sets back the default payer (ANRT-C16).
    names: { division: { ...DIVISION, keep: [PAY_NEAREST] } },
    summary: 'pay the orders of one of the corps\' own units or brigades from a division you name, from this phase until changed (L231, ANRT-C16; default and `nearest`: the nearest division)',
    build: (s, o): AnrtOrder => ({ kind: 'pay', what: attachable(s, text(o.what)), division: text(o.division) }),
    choices(s, caller, focused) {
      if (!caller.side) return [];
      const side = caller.side;
      const corps = Object.values(s.divisions).filter((d) => d.side === side && d.corpsLevel);
      if (focused.name === 'what') {
        const units = liveUnits(s).filter((u) => corps.some((d) => d.id === u.division)).map((u) => ({ name: `${u.name} (corps)`, value: u.id }));
        const brigades = corps.flatMap((d) => d.brigades.filter((b) => b !== d.id).map((b) => ({ name: `${brigadeName(s, b)} (corps level)`, value: b })));
        return choicesMatching(focused.value, [...units, ...brigades]);
      }
      return choicesMatching(focused.value, [...Object.values(s.divisions).filter((d) => d.side === side && !d.corpsLevel && s.pips[d.id] !== undefined).map((d) => ({ name: `${d.name} (${s.pips[d.id]} pips)`, value: d.id })), { name: 'nearest (the default)', value: PAY_NEAREST }]);
    },
    confirm: (a) => `✅ Payer recorded (sealed). ${a.preview.join(' ')}`,
  },
  'pips adc': {
    kind: 'order',
    names: { division: { ...DIVISION, keep: ['none'] } },
    summary: 'send an ADC to a division\'s general from your next phase, each phase until told otherwise (L258): +1 pip when he arrives; division:none keeps him',
    build: (_s, o): AnrtOrder => ({ kind: 'adc', adc: text(o.adc), division: text(o.division) }),
    choices(s, caller, focused) {
      if (!caller.side) return [];
      if (focused.name === 'adc') return choicesMatching(focused.value, Object.values(adcsOf(s)).filter((a) => a.side === caller.side).map((a) => ({ name: `${a.name}${a.to ? ` → ${s.divisions[a.to]?.name ?? a.to}` : ''}`, value: a.id })));
      return choicesMatching(focused.value, [...Object.values(s.divisions).filter((d) => d.side === caller.side).map((d) => ({ name: d.name, value: d.id })), { name: 'none (stays at headquarters)', value: 'none' }]);
    },
    confirm: (a) => `✅ ADC errand recorded (sealed). ${a.preview.join(' ')}`,
  },
  formation: {
    kind: 'order',
    names: { unit: UNIT },
    summary: 'change formation (line, reinforced-line, column, masse, march-column, square, skirmish; guns limbered/unlimbered), or the same formation to recover from disorder; paid in pips',
    build: (_s, o): AnrtOrder => ({ kind: 'formation', unit: text(o.unit), formation: text(o.formation) as AnrtUnit['formation'] }),
    choices(s, caller, focused, o) {
      if (focused.name !== 'formation') return choicesMatching(focused.value, unitChoices(orderable(s, caller)));
      const u = s.units[text(o.unit)];
      return choicesMatching(focused.value, (u ? formationsOf(u.arm).filter((f) => f !== u.formation || u.disordered) : []).map((f) => ({ name: u && f === u.formation ? `${f} (recover from disorder)` : f, value: f })));
    },
    confirm: (a) => `✅ Formation ordered. ${a.preview.join(' ')}`,
  },
  charge: {
    kind: 'order',
    names: { unit: UNIT, target: UNIT },
    ignores: ['with'],
    summary: 'declare a charge on an enemy in front within the unit\'s normal move (§X); the enemy answers before it goes in; if-evaded: pursue, halt or rally-back should it evade (L408-416; default: the rules\')',
    build: (_s, o): AnrtOrder => {
      const ifEvaded = text(o['if-evaded']).trim().toLowerCase();
      // Unknown text is kept for the order's schema to refuse with the list (orders.ts).
      return { kind: 'charge', unit: text(o.unit), target: text(o.target), ...(ifEvaded && ifEvaded !== 'default' ? { ifEvaded: ifEvaded as IfEvaded } : {}) };
    },
    choices(s, caller, focused, o) {
      if (focused.name === 'if-evaded') {
        const u = s.units[text(o.unit)];
        return choicesMatching(focused.value, [{ name: 'default — the rules\' (ANRT-E1)', value: 'default' }, ...(u ? ifEvadedOptions(u) : []).map((c) => ({ name: IF_EVADED_LABEL[c], value: c }))]);
      }
      if (focused.name !== 'target') return choicesMatching(focused.value, unitChoices(orderable(s, caller).filter((u) => chargeTargets(s, u).length > 0)));
      const u = s.units[text(o.unit)];
      return choicesMatching(focused.value, (u ? chargeTargets(s, u) : []).map((t) => ({ name: `${t.name} — ${inches(distance(u!.at, t.at))}`, value: t.id })));
    },
    confirm: (a) => `✅ Charge declared (sealed). ${a.preview.join(' ')}`,
  },
  fire: {
    kind: 'order',
    names: { unit: UNIT, target: UNIT },
    summary: 'choose a fire target in front and in range (§IX): the mover in its orders, the other side in the responses window; otherwise the nearest',
    build: (_s, o): AnrtOrder => ({ kind: 'fire', unit: text(o.unit), target: text(o.target) }),
    choices(s, caller, focused, o) {
      if (focused.name !== 'target') return choicesMatching(focused.value, unitChoices(liveUnits(s).filter((u) => u.side === caller.side && canFire(u) && fireTargets(s, u).length > 1)));
      const u = s.units[text(o.unit)];
      return choicesMatching(focused.value, (u ? fireTargets(s, u) : []).map((t) => ({ name: `${t.name} — ${inches(distance(u!.at, t.at))}`, value: t.id })));
    },
    confirm: (a) => `✅ Fire target chosen (sealed). ${a.preview.join(' ')}`,
  },
  react: {
    kind: 'order',
    names: { unit: UNIT },
    summary: 'answer a charge (stand, evade — halting in cover or behind formed friends, evade-on — running on past them, square, countercharge, volley, gunners-evade) or opportunity charge an enemy that moved in front of your cavalry, or showed its flank or rear in front of your infantry (or a pursuer that ends there; never leaving your own flank or rear to an undisordered enemy, L430); if-evaded: pursue, halt or rally-back should its target evade (L408-416); a unit near chargers of evaders: its answer should their pursuit uncover it (§X, §VII L402, L421, L424)',
    build: (_s, o): AnrtOrder => {
      const ifEvaded = text(o['if-evaded']).trim().toLowerCase();
      // ANRT-E8: as /charge's; unknown text is kept for the order's schema to refuse with the list.
      return { kind: 'react', unit: text(o.unit), choice: text(o.choice) as 'stand', ...(ifEvaded && ifEvaded !== 'default' ? { ifEvaded: ifEvaded as IfEvaded } : {}) };
    },
    choices(s, caller, focused, o) {
      if (focused.name === 'if-evaded') {
        const u = s.units[text(o.unit)];
        return choicesMatching(focused.value, [{ name: 'default — the rules\' (ANRT-E1)', value: 'default' }, ...(u ? ifEvadedOptions(u) : []).map((c) => ({ name: IF_EVADED_LABEL[c], value: c }))]);
      }
      if (focused.name === 'choice') { const u = s.units[text(o.unit)]; return choicesMatching(focused.value, (u ? reactionsOf(s, u) : []).map((c) => ({ name: REACTION_LABEL[c] ?? c, value: c }))); }
      if (!caller.side || s.step !== 'responses') return [];
      return choicesMatching(focused.value, unitChoices(liveUnits(s).filter((u) => u.side === caller.side && reactionsOf(s, u).length > 0)));
    },
    confirm: (a) => `✅ Response recorded (secret until the phase resolves). ${a.preview.join(' ')}`,
  },
};
