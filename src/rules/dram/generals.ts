import type { Dice } from '../../dice/dice';
import type { Step } from '../contract';
import type { GameEvent } from '../events';
import { ruleRoll } from '../roll';
import type { DramState, General } from './state';
import { corpsReplacement, generalRisk, needsSubRoll, promotedAp, type RiskOutcome } from './tables';
import { withGeneral } from './update';

/**
 * DRAM §6 L79-90 — generals who took part in combat roll 2D6 for their personal risk (with a
 * 1D6 sub-roll on 2, 9-10 and 12), then vacancies are filled: a corps general by his staff
 * (CR 0, AP 1); a higher general by a subordinate whose AP becomes max(own, predecessor − 1),
 * whose own corps then passes to its staff (HR D-19).
 */
export function generalsAtRisk(state: DramState, dice: Dice, participants: readonly string[]): Step<DramState> {
  let s = state;
  const events: GameEvent[] = [];
  for (const id of [...participants].sort()) {
    const g = s.generals[id];
    if (!g || g.status !== 'present') continue;
    const roll = ruleRoll(dice, '2d6', { rule: 'DRAM §6', purpose: "general's personal risk", subject: id });
    const total = roll.rolled.total;
    let sub: number | undefined;
    let subEvent: GameEvent | undefined;
    if (needsSubRoll(total)) {
      const r2 = ruleRoll(dice, '1d6', { rule: 'DRAM §6', purpose: `personal risk sub-roll (2D6 = ${total})`, subject: id });
      sub = r2.rolled.total;
      subEvent = r2.event();
    }
    const outcome = generalRisk(total, sub, g.cr);
    events.push(roll.event(`${total}: ${OUTCOME_TEXT[outcome]}`));
    if (subEvent) events.push(subEvent);
    const step = applyOutcome(s, g, outcome);
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

const OUTCOME_TEXT: Record<RiskOutcome, string> = {
  'flees': 'flees in terror and leaves the field',
  'carry-on': 'carries on',
  'near-miss': 'near miss — an aide retrieves his bullet-holed hat',
  'light-wound-cr': 'light wound: −1 CR',
  'light-wound-ap': 'light wound: −1 AP',
  'serious-wound': 'serious wound: carried from the field',
  'mortally-wounded': 'mortally wounded',
  'killed': 'dies a hero, sword in hand',
};

function applyOutcome(s: DramState, g: General, outcome: RiskOutcome): Step<DramState> {
  const floor = s.settings.generals.floor;
  const event = (what: string, detail: string): GameEvent => ({ kind: 'general', rule: 'DRAM §6', general: g.id, what, detail });
  switch (outcome) {
    case 'carry-on':
    case 'near-miss':
      return { state: s, events: [] };
    case 'light-wound-cr':
      return { state: withGeneral(s, g.id, { cr: Math.max(floor, g.cr - 1) }), events: [event('wounded', `CR ${g.cr} → ${Math.max(floor, g.cr - 1)}`)] };
    case 'light-wound-ap':
      return { state: withGeneral(s, g.id, { ap: Math.max(floor, g.ap - 1) }), events: [event('wounded', `AP ${g.ap} → ${Math.max(floor, g.ap - 1)}`)] };
    default: {
      const status = outcome === 'flees' ? 'fled' : outcome === 'serious-wound' ? 'seriously-wounded' : outcome === 'mortally-wounded' ? 'mortally-wounded' : 'dead';
      const gone = withGeneral(s, g.id, { status, joined: null });
      const succ = succession(gone, g.id);
      return { state: succ.state, events: [event(status, OUTCOME_TEXT[outcome]), ...succ.events] };
    }
  }
}

/** Fill the post of a general who has left the field (DRAM §6, HR D-19). */
export function succession(s: DramState, goneId: string): Step<DramState> {
  const gone = s.generals[goneId]!;
  if (gone.level === 'corps' && gone.corps) return staffTakesOver(s, gone);
  const candidates = gone.subordinates.map((id) => s.generals[id]!).filter((x) => x && x.status === 'present');
  if (candidates.length === 0 || s.settings.generals.promotion === 'none') {
    return { state: s, events: [{ kind: 'general', rule: 'DRAM §6', general: goneId, what: 'not replaced', detail: `${gone.name}'s post stays vacant` }] };
  }
  // The text says "may be replaced": by default the ablest subordinate steps up.
  const heir = [...candidates].sort((a, b) => b.ap + b.cr - (a.ap + a.cr) || (a.id < b.id ? -1 : 1))[0]!;
  const ap = promotedAp(heir.ap, gone.ap);
  let next = withGeneral(s, heir.id, {
    level: gone.level, ap, corps: null, superior: gone.superior,
    subordinates: [...gone.subordinates.filter((x) => x !== heir.id), ...(heir.corps ? [] : heir.subordinates)],
  });
  const events: GameEvent[] = [{ kind: 'general', rule: 'DRAM §6', general: heir.id, what: 'promoted', detail: `${heir.name} replaces ${gone.name}; AP ${heir.ap} → ${ap}` }];
  if (heir.corps) {
    const staff = staffTakesOver(next, { ...heir, corps: heir.corps }, heir.id);
    next = staff.state;
    events.push(...staff.events);
  }
  return { state: repointSide(next, goneId, heir.id), events };
}

function staffTakesOver(s: DramState, gone: General, superiorOverride?: string): Step<DramState> {
  const corpsId = gone.corps!;
  const { cr, ap } = corpsReplacement();
  const id = `${corpsId}-staff-${s.turn}`;
  const staff: General = {
    id, name: `${s.corps[corpsId]!.name} staff`, side: gone.side, level: 'corps', cr, ap, apSpent: 0, corps: corpsId,
    subordinates: [], superior: superiorOverride ?? gone.superior, pose: gone.pose, joined: null, status: 'present', staff: true,
  };
  let next: DramState = { ...s, generals: { ...s.generals, [id]: staff }, corps: { ...s.corps, [corpsId]: { ...s.corps[corpsId]!, general: id } } };
  const sup = staff.superior ? next.generals[staff.superior] : undefined;
  if (sup) next = withGeneral(next, sup.id, { subordinates: [...sup.subordinates.filter((x) => x !== gone.id), id] });
  return { state: next, events: [{ kind: 'general', rule: 'DRAM §6', general: id, what: 'staff takes over', detail: `${s.corps[corpsId]!.name}: CR ${cr}, AP ${ap}` }] };
}

/** The side's commander reference follows a promotion to army command. */
function repointSide(s: DramState, from: string, to: string): DramState {
  return { ...s, sides: s.sides.map((side) => (side.commander === from ? { ...side, commander: to } : side)) };
}

/** The corps under a general: his own, and those of every general under him (DRAM §6 L81 "subordinate units"). */
export function corpsUnder(s: DramState, general: string, seen: Set<string> = new Set()): Set<string> {
  const out = new Set<string>();
  const g = s.generals[general];
  if (!g || seen.has(general)) return out;
  seen.add(general);
  if (g.corps) out.add(g.corps);
  for (const sub of g.subordinates) for (const c of corpsUnder(s, sub, seen)) out.add(c);
  return out;
}

/** DE-15 (`generals.crAssists`): may this general add his CR to this stand's combat? */
export const mayAssist = (s: DramState, general: string, stand: string): boolean =>
  s.settings.generals.crAssists === 'any' || corpsUnder(s, general).has(s.stands[stand]?.corps ?? '');
