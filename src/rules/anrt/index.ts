import { err } from '../../lib/result';
import type { Ruleset } from '../contract';
import { anrtCampaign } from './campaign';
import { AnrtAction, AnrtOrder, orderKey } from './orders';
import { problem } from './phases/common';
import { validateOrder } from './phases/orders';
import { reactionsOf } from './phases/responses';
import { anrtInputs, anrtPresentation } from './present/index';
import { ANRT_PROFILE } from './profile';
import { anrtScenarioData, buildAnrtState, type AnrtScenarioData } from './scenario';
import { AnrtSettingsSchema, parseAnrtSettings, type AnrtSettings } from './settings';
import { liveUnits, sideOfSeat, type AnrtState } from './state';
import { anrtOwing, anrtPhaseInfo, anrtSetup, resolveAnrt } from './turn';

/**
 * A Near Run Thing — a-near-run-thing.txt, DIGEST.md §5. Its QRS is missing: entered by the GM
 * (the project's stand-in available, clearly labelled), or ruled by the GM step by step in a
 * window he owes. Rulings and line references: src/rules/anrt/README.md. The turn: turn.ts.
 */
export const anrt: Ruleset<AnrtState, AnrtOrder, AnrtAction, AnrtSettings, AnrtScenarioData> = {
  id: 'anrt',
  name: 'A Near Run Thing',
  settings: { schema: AnrtSettingsSchema, parse: parseAnrtSettings },
  scenario: { prepare: anrtScenarioData },
  setup: (data, settings, dice) => anrtSetup(buildAnrtState(data, settings), dice),
  seats: (s) => s.seats,
  phase: anrtPhaseInfo,
  owing: anrtOwing,
  orderSchema: () => AnrtOrder,
  orderKey,
  validate: validateOrder,
  // A silent mover holds (no pips spent); a silent charged unit gives its "otherwise" response (§X).
  defaultOrders(s, seat) {
    const side = sideOfSeat(s, seat);
    if (s.step !== 'responses' || !side) return [];
    return liveUnits(s).filter((u) => u.side === side && s.charges.some((c) => c.target === u.id)).map((u) => ({ kind: 'react' as const, unit: u.id, choice: reactionsOf(s, u)[0]! }));
  },
  actionSchema: () => null,
  act: () => err(problem('action/none', 'A Near Run Thing takes orders, not immediate actions.', 'Use /move, /formation, /charge, /fire, /react or /choose first.')),
  pendingActions: () => [],
  resolve: resolveAnrt,
  outcome: (s) => (s.ended ? { winner: s.ended.winner, summary: s.ended.summary } : null),
  view: (s) => s,
  profile: ANRT_PROFILE,
  present: anrtPresentation,
  inputs: anrtInputs,
  campaign: anrtCampaign,
};
