import type { Dice } from '../../dice/dice';
import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Step } from '../contract';
import type { GameEvent } from '../events';
import { armyName, asGame, sideOfSeat, type SoloGame } from './game';
import type { SoloAction } from './orders';
import { playChance } from './phases/chance';
import { chargeAct } from './phases/charge';
import { fireAct } from './phases/fire';
import { formationAct, reformAct } from './phases/formation';
import { attachAct, generalMoveAct, parsePoint } from './phases/generals';
import { haltAct, moveAct } from './phases/move';
import { settleMorale } from './phases/settle';
import { unitById, withUnit, type SoloState } from './state';
import type { Formation } from './tables/vocabulary';
import { againstOf, runLabel, currentRun, sideUp, windowUnits } from './turn';

/**
 * One act (KUR L8-28): refused with the rule and a hint unless the unit is one the open window's
 * cards activate (L8), it is the caller's, and — in a charged unit's slot — it acts against its
 * charger (L8). A chance card is played by its holder at any moment between acts (K-19). Firing,
 * charging and reforming end a unit's activation; moving and changing formation spend its move.
 * After the act, the morale tests it called for are taken now or marked (settle.ts).
 */

const refuse = (code: string, message: string, hint?: string): Result<never, Problem> => err({ code, message, ...(hint ? { hint } : {}) });

/** "120", "120 mm", "forward 120mm" → 120; anything else null. */
export function parseDistance(text: string): number | null {
  const m = /^\s*(?:forward\s+|ahead\s+)?(\d+(?:\.\d+)?)\s*(?:mm|millimetres?|yards?|yds?)?\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}

export function soloAct(g: SoloGame, seat: string, a: SoloAction, dice: Dice): Result<Step<SoloGame>, Problem> {
  const side = sideOfSeat(g, seat);
  if (!side) return refuse('action/no-seat', `${seat} has no seat in this game.`);
  if (g.ended) return refuse('action/ended', 'The game is over.');
  const settings = g.settings;
  if (a.kind === 'chance') {
    if (settings.chance.timing === 'random') return refuse('chance/random', 'K-19: chance cards are played at random in this game (chance.timing random); the dice play yours.', 'Set chance.timing to between-actions to play them yourself.');
    const r = playChance(g, side, a.unit, settings, dice);
    return r.ok ? ok({ state: asGame(g, r.value.state), events: r.value.events }) : r;
  }
  const up = sideUp(g);
  if (up !== side) {
    const run = currentRun(g);
    return refuse('action/not-your-card', `KUR L8: the cards up now are ${up ? `${armyName(g, up)}'s (${runLabel(g, run)})` : 'none'}; your units act when their card comes up.`, 'Wait for your card (the map shows the cards dealt); you may still play your chance card with /chance.');
  }
  if (a.kind === 'attach' || a.kind === 'general-move') {
    // KS-41, KS-42: generals ride while their side's cards are up.
    let r: ReturnType<typeof attachAct>;
    if (a.kind === 'attach') r = attachAct(g, a.general, a.unit, side, settings);
    else {
      const to = parsePoint(a.to, g.map.landmarks);
      if (!to) return refuse('general/where', `"${a.to}" is not a point: give x,y in mm from the south-west corner (1 mm = 1 yard), or a landmark.`, `For example /move unit:${a.general} to:600,450; or /attach to join a unit.`);
      r = generalMoveAct(g, a.general, to, side, settings);
    }
    return r.ok ? ok({ state: asGame(g, r.value.state), events: r.value.events }) : r;
  }
  const u = g.units.find((x) => x.id === a.unit);
  if (!u || u.side !== side) return refuse('action/not-yours', `${a.unit} is not one of your units.`, 'Pick one of your units the cards activate now.');
  const actable = windowUnits(g);
  if (!actable.includes(u.id)) {
    const why = u.gone ? 'is no longer on the table' : u.acted ? 'has finished its activation this turn' : u.motion === 'routing' ? 'is routing (it rallies at its card, KS-5)' : 'is not activated by the cards up now';
    return refuse('action/not-activated', `KUR L8: ${u.name} ${why}.`, `Units that may act now: ${actable.map((id) => unitById(g, id).name).join(', ') || 'none (type /ready)'}.`);
  }
  const against = againstOf(g, u.id);
  if (against && !((a.kind === 'fire' || a.kind === 'charge') && a.target === against)) {
    return refuse('action/against-charger', `KUR L8: ${u.name} acts out of turn only against its charger, ${unitById(g, against).name}.`, `Fire at or charge ${unitById(g, against).name}, or type /ready to let the slot pass.`);
  }
  if ((a.kind === 'fire' || a.kind === 'charge') && !g.units.some((x) => x.id === a.target)) return refuse('action/target', `${a.target} is not a unit in this game.`, 'Name an enemy unit on the table.');
  const before: SoloState = g;
  let r: Result<{ state: SoloState; events: GameEvent[] }, Problem>;
  let due: Parameters<typeof settleMorale>[2] = [];
  let ends = false;
  switch (a.kind) {
    case 'move': {
      const mm = parseDistance(a.to);
      if (mm === null) return refuse('move/distance', `KUR L9: a unit moves straight ahead a distance in millimetres (1 mm = 1 yard, L3); "${a.to}" is not one.`, 'For example /move to:120 (or "120 mm", "forward 120"); /move to:halt halts an advancing unit (L10).');
      r = moveAct(g, u.id, mm, settings, dice); break;
    }
    case 'halt': r = haltAct(g, u.id, dice); break;
    case 'formation': r = formationAct(g, u.id, a.formation.trim().toLowerCase() as Formation, settings, dice); break;
    case 'reform': r = reformAct(g, u.id, settings, dice); ends = true; break;
    case 'fire': {
      const f = fireAct(g, u.id, a.target, settings, dice);
      if (f.ok) due = f.value.due;
      r = f; ends = true; break;
    }
    case 'charge': r = chargeAct(g, u.id, a.target, settings, dice); ends = true; break;
  }
  if (!r.ok) return r;
  let s = r.value.state;
  const events = [...r.value.events];
  if (ends && !unitById(s, u.id).gone) s = withUnit(s, { ...unitById(s, u.id), acted: true });
  const m = settleMorale(s, before, due, settings, dice);
  s = m.state;
  events.push(...m.events);
  return ok({ state: asGame(g, s), events });
}
