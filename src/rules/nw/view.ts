import type { Viewer } from '../contract';
import { formatUnitLabel } from './labels';
import type { NwState, NwUnit } from './state';
import type { FatigueLevels } from './tables/fatigue';
import { QUALITY_LABELS } from './tables/vocabulary';

/**
 * What a viewer may see of an NW game (NW §3.0 "Army Rosters", L43-49).
 *
 * Each player keeps a roster "to conceal that information from the enemy" (L45): the unit's
 * identification with its fresh/worn/spent levels, and the s.p. it has lost. What is on the
 * table is open to both players: the base and its label's identity, arm, cavalry weight, SK,
 * (MX) and quality (§2.0 L31-37), the disorder and rout markers (L45, §11.4 L403, §11.5 L409),
 * a battery's casualty ring for damage (§8.4 L196) and its suppression, which comes of a fire
 * roll made in the open (§1.4 L27, §11.6 L413), officers and their labels (§2.0 L38-41), and a
 * command's red flag, which is announced (Ch.II §4.0 L601). So a side's viewer sees its own
 * pieces whole and every enemy brigade with its strength hidden (rulings VW-1..VW-4 below);
 * the public sees both sides hidden; the umpire sees everything.
 *
 * The result is still an NwState, so hidden numbers take sentinel values that no real unit
 * can have (s.p. are never negative): see NW_HIDDEN_SP and strengthHidden.
 *
 * Rulings:
 *  VW-1 The fresh/worn/spent levels are roster information, not table information: L37 prints
 *       them on the label, but the fresh level IS the starting s.p. (Ch.II §2.6 L502) and L45
 *       puts the same identification on the roster to hide it. The enemy's label reads
 *       `1B/1/IV SK1 ?/?/? Vet`.
 *  VW-2 Quality, SK, weight and (MX) stay public: they are the printed label's identity
 *       (§2.0 L33-37) and every roll they modify is made "in front of all players" (§1.4 L27).
 *  VW-3 The fatigue state (fresh/worn/spent) is computed from s.p. (Ch.II §2.6 L502) and is
 *       hidden with them; a hidden unit reads 'fresh', which carries no penalty, so nothing
 *       keyed on the state singles it out. Read it only when !strengthHidden(u).
 *  VW-4 A command's `fatigued` flag and an army's `broken` flag stay public: both are
 *       announced and flagged on the table (Ch.II §4.0 L601, §12.0 L433).
 */

/** The s.p. value (now and at the start) of a brigade whose strength the viewer may not see. */
export const NW_HIDDEN_SP = -1;
/** The fatigue levels of such a brigade: no real label has a negative fresh level. */
export const NW_HIDDEN_LEVELS: FatigueLevels = { fresh: NW_HIDDEN_SP, worn: null, spent: null };
/** How the levels are printed in a redacted label (VW-1). */
export const NW_HIDDEN_LEVELS_TEXT = '?/?/?';

/** Is this unit's strength hidden from the viewer the state was viewed for? */
export const strengthHidden = (u: Pick<NwUnit, 'sp'>): boolean => u.sp === NW_HIDDEN_SP;

/** The side a viewer plays, if any (the umpire and the public play none; an unknown seat none). */
export function nwViewerSide(s: Pick<NwState, 'seats'>, viewer: Viewer): string | undefined {
  return viewer.kind === 'side' ? viewer.side : viewer.kind === 'seat' ? s.seats.find((x) => x.id === viewer.seat)?.side : undefined;
}

/** "1B/1/I": a brigade label's identity field (§2.0 L33), printed from the unit's fields. */
export const unitIdentity = (u: NwUnit): string =>
  formatUnitLabel({ ...u, weight: null, sk: 0, mixed: false, levels: null, quality: null });

/**
 * The label as the enemy reads it across the table (VW-1, VW-2): built from the unit's fields,
 * never from the printed label, so no stray token of the original can survive.
 */
export function publicUnitLabel(u: NwUnit): string {
  const id = formatUnitLabel({ ...u, levels: null, quality: null });
  return `${id} ${NW_HIDDEN_LEVELS_TEXT} ${QUALITY_LABELS[u.quality]}`;
}

/** A brigade with its strength, levels and fatigue state hidden (VW-1, VW-3). */
export function hideStrength(u: NwUnit): NwUnit {
  return { ...u, label: publicUnitLabel(u), levels: NW_HIDDEN_LEVELS, spStart: NW_HIDDEN_SP, sp: NW_HIDDEN_SP, fatigue: 'fresh' };
}

/** The state as `viewer` may see it. */
export function viewNw(s: NwState, viewer: Viewer): NwState {
  if (viewer.kind === 'gm') return s;
  const side = nwViewerSide(s, viewer);
  const units = Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, u.side === side ? u : hideStrength(u)]));
  return { ...s, units };
}
