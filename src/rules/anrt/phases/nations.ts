import { isArtillery, type AnrtUnit } from '../state';
import { NATIONAL } from '../tables/characteristics';
import type { MoraleTest } from '../tables/vocabulary';

/**
 * National characteristics (§XV L1032-1052) applied from the state: each unit carries its nation
 * (ANRT-N1, scenario.ts), each characteristic is a row of `NATIONAL` with its printed delta.
 */

type Applies = (typeof NATIONAL)[number]['applies'];
const row = (a: Applies) => NATIONAL.find((n) => n.applies === a)!;

/** A printed morale adjustment (not a QRS cell): its delta, its line and what the narrative calls it. */
export interface PrintedAdjust { readonly delta: number; readonly line: string; readonly label: string }

/**
 * "Facing column" (L1035, ANRT-N2): the unit the test is taken against is formed infantry in an
 * attack column, masse or march column.
 */
const isColumn = (e: AnrtUnit): boolean => e.arm === 'infantry' && (e.formation === 'column' || e.formation === 'masse' || e.formation === 'march-column');

/** The national adjustments to a morale test of `u`, taken against `against` when there is one (a charger, a melee opponent). */
export function nationalMorale(u: AnrtUnit, test: MoraleTest, against?: AnrtUnit): PrintedAdjust[] {
  const out: PrintedAdjust[] = [];
  const add = (a: Applies, label: string) => { const r = row(a); if (r.nation === u.nation) out.push({ delta: r.delta, line: r.line, label }); };
  if (u.arm === 'infantry' && against && isColumn(against)) add('infantry-morale-facing-column', 'British infantry facing column');
  // L1038: "when cavalry testing or rally": every morale test a British cavalry unit takes, the router's rally test included.
  if (u.arm === 'cavalry') add('cavalry-morale-or-rally', 'British cavalry');
  if (test === 'volley-and-countercharge' && u.arm === 'cavalry' && (u.horse === 'light' || u.carabiniers)) add('light-cavalry-or-carabinier-volley-and-countercharge', `French ${u.carabiniers ? 'carabiniers' : 'light cavalry'}`);
  return out;
}

/** L1048: Russian infantry "ignore the withdraw requirement for only one hit left" — no +1 pip of L204 (they still cannot advance). */
export const ignoresOneHitWithdraw = (u: AnrtUnit): boolean => u.arm === 'infantry' && u.nation === row('infantry-ignore-one-hit-withdraw').nation;

/** L1051 (A-12: a cost): a Russian battery pays +1 pip to limber or unlimber, even in brigade command. */
export const limberPips = (u: AnrtUnit): number => {
  const r = row('artillery-limber-or-unlimber');
  return isArtillery(u) && u.nation === r.nation ? r.delta : 0;
};
