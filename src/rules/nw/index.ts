import { err } from '../../lib/result';
import { nwCampaign } from './campaign';
import type { Ruleset } from '../contract';
import { NwAction, NwOrder, nwOrderKey } from './orders';
import { attachAction, moveAction, mustRoll, retreatPending, rollUnitManeuver } from './phases/maneuver';
import { problem } from './phases/target-units';
import { nwInputs, nwPresentation } from './present/index';
import { NW_PROFILE } from './profile';
import { nwPublicEvents } from './public-events';
import { buildNwState, nwScenarioData, type NwScenarioData } from './scenario';
import { NwSettingsSchema, parseNwSettings, type NwSettings } from './settings';
import type { NwState } from './state';
import { maneuverOptions, nwOwing, nwPhaseInfo, resolveNw, seatedSides } from './turn';
import { validateNwOrder } from './validate';
import { viewNw } from './view';

/**
 * Napoleon's Wars (David Bush, 2003) — napoleons-wars.txt, DIGEST.md §3. Rulings and section
 * references: src/rules/nw/README.md. Windows and who owes what: turn.ts.
 */
export const nw: Ruleset<NwState, NwOrder, NwAction, NwSettings, NwScenarioData> = {
  id: 'nw',
  name: "Napoleon's Wars",
  settings: { schema: NwSettingsSchema, parse: parseNwSettings },
  scenario: { prepare: nwScenarioData },
  // Turn 1's initiative is rolled at set-up, so the game opens on the first window with a choice.
  setup: (data, settings, dice) => resolveNw(buildNwState(data, settings), new Map(), dice),
  seats: (s) => s.seats,
  phase: nwPhaseInfo,
  owing: nwOwing,
  orderSchema: () => NwOrder,
  orderKey: nwOrderKey,
  validate: validateNwOrder,
  // Every NW choice has a default the engine applies (targets, reactions, advances): silence loses nothing.
  defaultOrders: () => [],
  actionSchema: (s) => (s.phase === 'maneuver' ? NwAction : null),
  act(s, seat, action, dice) {
    const side = s.seats.find((x) => x.id === seat)?.side;
    if (side !== s.phasing) return err(problem('action/not-phasing', 'Only the phasing player maneuvers (NW §9.0).', 'Wait for your player-turn.'));
    const own = (id: string) => s.units[id]?.side === side || s.batteries[id]?.side === side || s.generals[id]?.side === side
      || s.commanders[id]?.side === side || s.armies[side]?.cinc.id === id;
    // RC-1 (PH-17): a final-fire retreat waiting for its way comes first.
    const waiting = retreatPending(s);
    if (waiting) return err(waiting);
    switch (action.kind) {
      case 'maneuver':
        if (!own(action.unit)) return err(problem('action/not-yours', `${action.unit} is not one of your units.`));
        return rollUnitManeuver(s, action.unit, dice, maneuverOptions(s));
      case 'move':
        if (!own(action.unit)) return err(problem('action/not-yours', `${action.unit} is not one of your units or officers.`));
        return moveAction(s, { unit: action.unit, to: action.to }, dice, { ...maneuverOptions(s), askRetreatWay: seatedSides(s) });
      case 'attach':
        if (!own(action.general)) return err(problem('action/not-yours', `${action.general} is not one of your generals.`));
        return attachAction(s, { general: action.general, unit: action.unit });
    }
  },
  // The rolls the rules require (disordered units must roll, §9.0 C3); the bot makes them at the deadline.
  pendingActions: (s, seat) => {
    const side = s.seats.find((x) => x.id === seat)?.side;
    return side === s.phasing && !s.log.retreatWay ? mustRoll(s).map((unit) => ({ kind: 'maneuver' as const, unit })) : [];
  },
  resolve: resolveNw,
  outcome: (s) => (s.ended ? { winner: s.ended.winner, summary: s.ended.summary } : null),
  view: viewNw,
  publicEvents: nwPublicEvents,
  profile: NW_PROFILE,
  present: nwPresentation,
  inputs: nwInputs,
  campaign: nwCampaign,
};
