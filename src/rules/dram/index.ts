import { err, ok } from '../../lib/result';
import type { Ruleset } from '../contract';
import { dramCampaign } from './campaign';
import { rollInitiative } from './initiative';
import { DramOrder, InitiativeAction, orderKey, validateOrder, type DramAction } from './orders';
import { DRAM_PROFILE } from './profile';
import { dramInputs, dramPresentation } from './present/index';
import { DramSettingsSchema, parseDramSettings, type DramSettings } from './settings';
import { dramScenarioData } from './scenario';
import { setupDram, type DramScenarioData } from './setup';
import type { DramState } from './state';
import { owing, pendingInitiative, phaseInfo, resolveWindow } from './turn';
import { viewDram } from './view';

/**
 * A Wee DRAM of Napoleon Mk IV (Tim Gow, 2001) — dram-mk4.txt, DIGEST.md §1. Rulings and
 * section references: src/rules/dram/README.md.
 */
export const dram: Ruleset<DramState, DramOrder, DramAction, DramSettings, DramScenarioData> = {
  id: 'dram',
  name: 'A Wee DRAM of Napoleon Mk IV',
  settings: { schema: DramSettingsSchema, parse: parseDramSettings },
  scenario: { prepare: dramScenarioData },
  setup: setupDram,
  seats: (s) => s.seats,
  phase: phaseInfo,
  owing,
  orderSchema: () => DramOrder,
  orderKey,
  validate: validateOrder,
  defaultOrders: () => [], // DRAM default: stands keep their orders and do not move; no new chits.
  actionSchema: (s) => (s.phase === 'movement' || s.phase === 'initiative' ? InitiativeAction : null),
  act(s, seat, action, dice) {
    if (s.phase !== 'movement' && s.phase !== 'initiative') return err({ code: 'action/wrong-phase', message: 'Initiative is rolled at the start of movement (DRAM §4).' });
    if (!pendingInitiative(s, seat).includes(action.corps)) {
      const rolled = s.initiative[action.corps];
      return err(rolled != null
        ? { code: 'action/already-rolled', message: `${s.corps[action.corps]?.name ?? action.corps} already rolled ${rolled} this turn: initiative is binding.` }
        : { code: 'action/not-yours', message: `You do not roll initiative for ${action.corps}.`, hint: `Your corps: ${pendingInitiative(s, seat).join(', ') || 'none left to roll'}.` });
    }
    return ok(rollInitiative(s, action.corps, dice));
  },
  pendingActions: (s, seat) => pendingInitiative(s, seat).map((corps) => ({ kind: 'initiative' as const, corps })),
  resolve: resolveWindow,
  outcome: (s) => (s.ended ? { winner: s.ended.winner, summary: s.ended.summary } : null),
  view: viewDram,
  profile: DRAM_PROFILE,
  present: dramPresentation,
  inputs: dramInputs,
  campaign: dramCampaign,
};
