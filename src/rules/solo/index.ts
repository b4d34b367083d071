import { err } from '../../lib/result';
import type { Ruleset } from '../contract';
import { soloAct } from './act';
import { soloBot } from './bot';
import type { SoloGame } from './game';
import { SoloAction, SoloOrder } from './orders';
import { soloInputs, soloPresentation } from './present/index';
import { SOLO_PROFILE } from './profile';
import { buildSoloGame, soloScenarioData, type SoloScenarioData } from './scenario';
import { parseSoloSettings, SoloSettingsSchema, type SoloSettings } from './settings';
import { advance, resolveSolo, soloOwing, soloPhaseInfo } from './turn';
import { viewSolo } from './view';

/**
 * Kuryakin's Solo Napoleonic Wargames Rules (First Empire #52) — solo-kuryakin.txt, DIGEST §2.
 * Rulings and line references: src/rules/solo/README.md. The turn: turn.ts (a window per run of
 * cards held by one side); the acts: act.ts over phases/*.
 */
export const solo: Ruleset<SoloGame, SoloOrder, SoloAction, SoloSettings, SoloScenarioData> = {
  id: 'solo',
  name: "Kuryakin's Solo Napoleonic Rules",
  settings: { schema: SoloSettingsSchema, parse: parseSoloSettings },
  scenario: { prepare: soloScenarioData },
  setup(data, settings, dice) {
    const deck = data.chanceDeck === undefined ? [] : (() => { const p = parseSoloSettings({ chance: { deck: data.chanceDeck } }); return p.ok ? p.value.chance.deck : []; })();
    const b = buildSoloGame(data, settings, dice, deck);
    const st = advance(b.game, dice, true);
    return { state: st.state, events: [...b.events, ...st.events] };
  },
  seats: (g) => g.seats,
  // KUR L3: written for one person commanding both sides; two players may still share it.
  seating: 'any',
  phase: soloPhaseInfo,
  owing: soloOwing,
  orderSchema: () => SoloOrder,
  orderKey: () => 'none',
  validate: () => err({ code: 'order/none', message: 'Kuryakin has no posted orders: every act resolves at once (L3, L8).', hint: 'Use /move, /formation, /fire, /charge or /chance.' }),
  defaultOrders: () => [],
  actionSchema: (g) => (g.ended ? null : SoloAction),
  act: soloAct,
  // Nothing is compulsory in an activation: a unit may stand (L8 "in any sequence desired").
  pendingActions: () => [],
  resolve: (g, _orders, dice) => resolveSolo(g, dice),
  outcome: (g) => (g.ended ? { winner: g.ended.winner, summary: g.ended.summary } : null),
  view: viewSolo,
  profile: SOLO_PROFILE,
  present: soloPresentation,
  inputs: soloInputs,
  // Issue 13, beyond the text: the bot general's candidates (src/rules/bot/doctrine.ts ranks them).
  bot: soloBot,
};
