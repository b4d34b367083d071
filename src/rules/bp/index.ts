import { err, ok } from '../../lib/result';
import { bpBot } from './bot';
import type { Ruleset } from '../contract';
import { BpAction, BpOrder } from './orders';
import { chargeAction } from './phases/charge';
import { problem } from './phases/common';
import { crewAction } from './phases/crew';
import { fireAction } from './phases/fire';
import { formationAction } from './phases/formation';
import { moveAction } from './phases/move';
import { bpScenarioData, buildBpState, type BpScenarioData } from './scenario';
import { BpSettingsSchema, parseBpSettings, type BpSettings } from './settings';
import { sideOfSeat, type BpState } from './state';
import { advance, bpOwing, bpPhaseInfo, resolveBp } from './turn';
import { viewBp } from './view';
import { bpInputs, bpPresentation } from './present/index';
import { BP_PROFILE } from './profile';

/**
 * Beer and Pretzel (Robert Epstein, 1996) — beer-and-pretzel.txt, DIGEST.md §4. Rulings and
 * line references: src/rules/bp/README.md. The turn: turn.ts; the acts: phases/*.
 */
export const bp: Ruleset<BpState, BpOrder, BpAction, BpSettings, BpScenarioData> = {
  id: 'bp',
  name: 'Beer and Pretzel',
  settings: { schema: BpSettingsSchema, parse: parseBpSettings },
  scenario: { prepare: bpScenarioData },
  // Turn 1's roll-off is made at set-up, so the game opens on the first mover's window.
  setup: (data, settings, dice) => advance(buildBpState(data, settings), dice, true),
  seats: (s) => s.seats,
  phase: bpPhaseInfo,
  owing: bpOwing,
  orderSchema: () => BpOrder,
  orderKey: () => 'none',
  validate: () => err(problem('order/none', 'B&P has no posted orders: every act resolves at once (L24).', 'Use move, formation, fire, charge, crew or standing.')),
  defaultOrders: () => [],
  actionSchema: (s) => (s.ended ? null : BpAction),
  act(s, seat, action, dice) {
    const side = sideOfSeat(s, seat);
    if (!side) return err(problem('action/no-seat', `${seat} has no seat in this game.`));
    if (s.ended) return err(problem('action/ended', 'The game is over.'));
    const own = (id: string) => s.units[id]?.side === side || s.commanders[id]?.side === side;
    switch (action.kind) {
      case 'standing': {
        // Private, at any time, for the seat's own units; no event, so nothing reaches the channel.
        if (s.units[action.unit]?.side !== side) return err(problem('action/not-yours', `${action.unit} is not one of your units.`));
        return ok({ state: { ...s, standing: { ...s.standing, [action.unit]: { returnFire: action.returnFire, square: action.square } } }, events: [] });
      }
      case 'first':
        return ok({ state: { ...s, firstChoice: { ...s.firstChoice, [side]: action.when } }, events: [] });
      default:
        break;
    }
    if (side !== s.order[s.period]) return err(problem('action/not-phasing', 'Only the side whose move period this is acts now (L24).', 'Wait for your move period; set standing reactions meanwhile.'));
    if (!own(action.unit)) return err(problem('action/not-yours', `${action.unit} is not one of your units.`));
    switch (action.kind) {
      case 'move': return moveAction(s, action.unit, action.to);
      case 'formation': return formationAction(s, action.unit, action.formation);
      case 'fire': return fireAction(s, action.unit, action.target, dice);
      case 'charge': return chargeAction(s, action.unit, action.target, dice, action.with ?? []);
      case 'crew': return crewAction(s, action.unit, action.to, action.figures);
    }
  },
  // Nothing is compulsory in a move period: a player may move "any, all, or none" (L163).
  pendingActions: () => [],
  resolve: (s, orders, dice) => resolveBp(s, orders, dice),
  outcome: (s) => (s.ended ? { winner: s.ended.winner, summary: s.ended.summary } : null),
  view: viewBp,
  profile: BP_PROFILE,
  present: bpPresentation,
  inputs: bpInputs,
  // Issue 13, beyond the text: the bot general's candidates (src/rules/bot/doctrine.ts ranks them).
  bot: bpBot,
};
