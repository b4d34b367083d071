import type { z } from 'zod';
import type { Dice } from '../../dice/dice';
import type { Problem, Result } from '../../lib/result';
import type { SideId } from '../contract';
import type { GameEvent } from '../events';
import type { SettingLine } from '../plugin';
import type { PlacementRules } from './placement';

/**
 * Campaigns (issue 15) as a property of the ruleset record: how a ruleset's order of battle
 * becomes a campaign's standing order of battle, how a battle starts from it and how its own
 * after-battle rules update it. Pure: no database, no clock; dice come in like a resolution's.
 */

/** An officer of a formation or unit, as the standing order of battle keeps him. */
export interface StandingOfficer {
  readonly id: string;
  readonly name: string;
  /** 'lost': killed or captured in a battle; 'replaced': his post is held by a replacement. */
  readonly status: 'present' | 'lost' | 'replaced';
  /**
   * The ratings the next battle fields at his post, set when a battle changed them (a
   * replacement one skill lower, a vacant post's staff); absent = as the scenario prints them.
   * Keys are the ruleset's own (NW `skill`, `valorous`, `rangeInches`; DRAM `cr`, `ap`).
   */
  readonly rating?: Readonly<Record<string, string | number | boolean>> | undefined;
  /** Who holds the post in the next battle when it is not he ("Lannes's replacement"). */
  readonly holder?: string | undefined;
}

/** "Lannes (replaced: Lannes's replacement, skill P, no V, 10")" — the officer as /campaign status and the log show him. */
export function officerText(o: StandingOfficer): string {
  if (o.status === 'present' && !o.rating) return o.name;
  const r = o.rating ? Object.entries(o.rating).map(([k, v]) => `${k} ${String(v)}`).join(', ') : '';
  return `${o.name} (${o.status}${o.holder ? `: ${o.holder}` : ''}${r ? `${o.holder ? ',' : ':'} ${r}` : ''})`;
}

/** One formation (a corps, a command, an army) or unit (a brigade, a stand, a battery) of a side. */
export interface StandingUnit {
  /** The id scenarios use for it: battles are matched to the campaign by id. */
  readonly id: string;
  readonly side: SideId;
  readonly kind: 'formation' | 'unit';
  /** The formation it belongs to (null for a formation). */
  readonly formation: string | null;
  readonly name: string;
  /** Current strength in the ruleset's own points (NW s.p., a battery 2 / damaged 1; DRAM SP); 0 = lost. Formations: 0. */
  readonly strength: number;
  /** Its strength at full establishment. */
  readonly full: number;
  /** The ruleset's fatigue word ('fresh', 'worn', 'spent'; '—' where it keeps none). */
  readonly fatigue: string;
  /** The ruleset's quality word ('veteran', 'line'; a DRAM arm). */
  readonly quality: string;
  readonly officers: readonly StandingOfficer[];
}

/** The standing order of battle after a battle, with what was done to it and why. */
export interface Aftermath {
  readonly standing: readonly StandingUnit[];
  /** Narrated and audited like a resolution: rolls (with their audit refs) and notes. */
  readonly events: readonly GameEvent[];
  /** One line for the campaign log: "Pursuit costs the Allies 7 s.p.; final losses …". */
  readonly summary: string;
}

/** The campaign rules a ruleset carries (`Ruleset.campaign`); absent = it plays no campaigns yet. */
export interface CampaignRules<S, Settings, ScenarioData, CampaignSettings> {
  /** The after-battle rules it plays, with their reference, for /campaign status. */
  readonly afterBattle: string;
  /** The campaign's own settings (its after-battle rulings), with defaults. */
  readonly settings: {
    readonly schema: z.ZodType<CampaignSettings>;
    parse(raw: unknown): Result<CampaignSettings, Problem>;
    lines(settings: CampaignSettings): readonly SettingLine[];
  };
  /** A scenario's order of battle as campaign units (formations first, then their units), at full strength. */
  orderOfBattle(data: ScenarioData): readonly StandingUnit[];
  /**
   * The scenario's data and rulings for a battle of the campaign: every matched unit at its
   * standing strength, lost units left out, and the battle's rulings adjusted so that nothing
   * the aftermath does is also done in the battle (NW: pursuit is rolled once, by the aftermath).
   */
  seed(data: ScenarioData, settings: Settings, standing: ReadonlyMap<string, StandingUnit>, campaign: CampaignSettings): { readonly data: ScenarioData; readonly settings: Settings };
  /** The ended battle's state applied to the standing order of battle by the ruleset's after-battle rules. */
  aftermath(state: S, standing: readonly StandingUnit[], settings: CampaignSettings, dice: Dice): Aftermath;
  /**
   * How its formations are laid out when the GM places them on a scenario's map (issue 15,
   * src/rules/campaign/compose.ts). Absent: its battles are matched by id only.
   */
  readonly placement?: PlacementRules;
  /** The enemy's strengths and fatigue are hidden from a side's players (NW: s.p. are never shown to the enemy). */
  readonly hidesEnemyStrength: boolean;
}
