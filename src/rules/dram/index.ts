import { err, ok, type Problem } from '../../lib/result';
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
/** Who rolls a corps' initiative (DRAM §4: each corps' own commander), for the seat that asked but does not (issue 11). */
function notYours(s: DramState, seat: string, corps: string): Problem {
  const name = (id: string) => s.corps[id]?.name ?? id;
  const mine = pendingInitiative(s, seat);
  const rollers = s.seats.filter((x) => x.commands.includes(corps)).map((x) => x.label);
  return {
    code: 'action/not-yours',
    message: `You do not roll initiative for ${name(corps)}${rollers.length ? `: the ${rollers.join(' or the ')} seat rolls it` : ''} (DRAM §4).`,
    hint: mine.length ? `Yours to roll: ${mine.map(name).join(', ')}.` : 'Your seat has no corps to roll for this turn.',
  };
}

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
        : notYours(s, seat, action.corps));
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
