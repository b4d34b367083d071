import { FRIEND_RANGE_MM } from '../tables/morale';
import type { SoloSettings } from '../settings';
import { distanceMm, unitById, type SoloState } from '../state';
import type { MoraleInput } from '../procedures/morale';
import type { TroopClass } from '../tables/vocabulary';
import { unitInCommand } from './control';
import { coverAt } from './ground';

/**
 * Morale from the game state (KUR L8, L23; STYLE pattern 3): who must test after an event, now or
 * at its card (L8 markers), and the morale test's conditions read from the table — friends within
 * 300 mm, command reach, attached generals, friends routing, casualties.
 */

/** Why units may have to test (the placeholder "Reasons for Testing", K-5). */
export type MoraleEvent =
  | { readonly kind: 'charged'; readonly unit: string }
  | { readonly kind: 'lost-melee'; readonly unit: string }
  | { readonly kind: 'routs'; readonly unit: string }
  | { readonly kind: 'fired-on'; readonly unit: string; readonly figuresBefore: number; readonly lost: number; readonly by?: string };

/** Who tests, and when: `now` (the event's own unit, or a unit that has already acted, L8) or at its card (`marker`). */
export interface MoraleDue {
  readonly unit: string;
  readonly when: 'now' | 'marker';
  readonly reason: MoraleEvent['kind'] | 'friend-routs';
  /** The enemy unit that caused the test: a rout or retire goes away from it (KS-30). */
  readonly from?: string;
}

/** L8 + K-5: the tests an event calls for, as the settings' triggers allow. */
export function moraleDue(s: SoloState, e: MoraleEvent, settings: SoloSettings): MoraleDue[] {
  const on = settings.morale.triggers;
  const whenFor = (id: string): 'now' | 'marker' => (unitById(s, id).acted ? 'now' : 'marker');
  switch (e.kind) {
    case 'charged': return on.includes('charged') ? [{ unit: e.unit, when: 'now', reason: 'charged' }] : [];
    case 'lost-melee': return on.includes('lost-melee') ? [{ unit: e.unit, when: 'now', reason: 'lost-melee' }] : [];
    case 'routs': {
      if (!on.includes('friend-routs-within-300')) return [];
      const r = unitById(s, e.unit);
      return s.units
        .filter((u) => !u.gone && u.id !== r.id && u.side === r.side && u.motion !== 'routing' && distanceMm(u.at, r.at) <= FRIEND_RANGE_MM)
        .map((u) => ({ unit: u.id, when: whenFor(u.id), reason: 'friend-routs' as const }));
    }
    case 'fired-on': {
      if (!on.includes('fire-casualties') || e.figuresBefore <= 0) return [];
      const pct = (e.lost * 100) / e.figuresBefore;
      return pct >= settings.morale.fireCasualtyPercent ? [{ unit: e.unit, when: whenFor(e.unit), reason: 'fired-on', ...(e.by ? { from: e.by } : {}) }] : [];
    }
  }
}

/** What the state cannot know about the moment of the test: the caller's. */
export interface MoraleMoment {
  readonly chargedFrom?: 'front' | 'flank' | 'rear';
  readonly chargedByClass?: TroopClass;
  readonly vsCavalry?: boolean;
  readonly defendingCover?: boolean;
  readonly artilleryCannotReply?: boolean;
  readonly lostMelee?: boolean;
  /** A brigade or division CO of this side killed within influence range this turn (L23). */
  readonly coKilledInRange?: boolean;
  readonly corpsCommanderKilled?: boolean;
}

/** L23: the morale test's input, its conditions read from the state. */
export function moraleInputFor(s: SoloState, unitId: string, moment: MoraleMoment = {}): MoraleInput {
  const u = unitById(s, unitId);
  const friends = s.units.filter((x) => !x.gone && x.id !== u.id && x.side === u.side && distanceMm(x.at, u.at) <= FRIEND_RANGE_MM);
  const attachedGenerals = s.generals.filter((g) => g.alive && g.attachedTo === u.id);
  const attached = attachedGenerals.some((g) => g.level === 'corps') ? 'corps' : attachedGenerals.some((g) => g.level === 'division') ? 'division' : attachedGenerals.some((g) => g.level === 'brigadier') ? 'brigadier' : null;
  return {
    unit: u,
    casualtiesThisTurn: u.casualtiesThisTurn,
    casualtiesTotal: u.casualtiesTotal,
    friendsWithin300: friends.filter((x) => x.motion !== 'routing').length,
    underCommand: unitInCommand(s, u.id),
    attached,
    motion: u.motion,
    friendsRouting: s.units.filter((x) => !x.gone && x.id !== u.id && x.side === u.side && x.motion === 'routing').length,
    // L23 "Defending cover": a unit standing in soft or hard cover that is not routing or retiring (KS-34).
    defendingCover: u.motion !== 'routing' && u.motion !== 'retiring' && coverAt(s, u.at) !== 'none',
    ...moment,
  };
}
