import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { distance } from '../../geometry/vector';
import { moraleResult } from '../procedures/morale';
import { supportFactor, supportIn } from '../procedures/support';
import { withUnit, type AnrtState, type AnrtUnit } from '../state';
import type { MoraleFactor, MoraleResult, MoraleTest } from '../tables/vocabulary';
import { isOutOfCommand } from './command';
import { halfLost, normalMove } from './common';
import { need, qrsValue, type Thrower } from './gm';
import { nationalMorale } from './nations';
import { nearestEnemy, routUnit, withdrawUnit } from './withdraw';

/**
 * Morale tests (§XII L905-930, the table on the QRS) with the factors the state gives, and what
 * each result does to the unit. Rulings ANRT-T5 (README): "withdraw" and "rout" move as §XII
 * L952-966 says (phases/withdraw.ts); a unit pushed off the table is removed.
 */

/** A general within this many inches is "attached" for morale (ANRT-T3; the text's bases are missing, A-11). */
export const WITH_UNIT_INCHES = 2;

export function moraleFactors(s: AnrtState, u: AnrtUnit, extra: readonly MoraleFactor[] = []): MoraleFactor[] {
  const f: MoraleFactor[] = [];
  if (u.cls === 'elite' || u.cls === 'veteran' || u.cls === 'inferior' || u.cls === 'bad') f.push(u.cls);
  if (u.disordered) f.push('disordered');
  if (u.hits === 1) f.push('one-hit-left');
  else if (halfLost(s, u)) f.push('half-hits-lost');
  if (Object.values(s.generals).some((g) => g.alive && g.side === u.side && (g.joined === u.id || distance(g.at, u.at) <= WITH_UNIT_INCHES))) f.push('general-attached');
  if (isOutOfCommand(s, u)) f.push('out-of-command');
  // Support (L945-949) is a factor of every morale test on the QRS (procedures/support.ts).
  const sp = supportFactor(supportIn(s, u));
  if (sp) f.push(sp);
  return [...f, ...extra];
}

/** A morale test of `u`, taken `against` the unit that charged or fought it when there is one (the national characteristics read it, §XV). */
export function testMorale(s: AnrtState, u: AnrtUnit, test: MoraleTest, th: Thrower, extra: readonly MoraleFactor[] = [], against?: AnrtUnit): { result: MoraleResult; events: GameEvent[] } {
  const roll = th.throw(1, 'ANRT §XII L905', `morale: ${test}`, u.id);
  const factors = moraleFactors(s, u, extra);
  const printed = nationalMorale(u, test, against);
  const r = moraleResult(s.settings.qrs, test, roll.faces[0]!, factors, s.rulings, u.id, s.turn, printed);
  const result = need(r);
  const from = r.kind === 'value' && r.from === 'gm' ? 'the GM ruled' : 'QRS';
  const terms = [...factors, ...printed.map((p) => `${p.label} ${p.delta > 0 ? '+' : ''}${p.delta} (${p.line})`)];
  return { result, events: [{ ...roll.event, tableRow: `${result} (${from}${terms.length ? `; ${terms.join(', ')}` : ''})` }] };
}

/**
 * What a morale result does to the unit (ANRT-T5). `origin`: where its charge started this phase
 * (cavalry rallying back); `cause`: where the enemy that caused the test stands (default: the
 * nearest enemy) — withdrawers end facing it, routers run directly away from it (phases/withdraw.ts).
 */
export function applyMorale(s0: AnrtState, id: string, result: MoraleResult, origin?: Point, cause?: Point): { s: AnrtState; events: GameEvent[] } {
  const u = s0.units[id]!;
  const events: GameEvent[] = [];
  let s = s0;
  switch (result) {
    // "pursue" moves the unit (L896-900, phases/pursuit.ts); it disorders nothing (ANRT-P3).
    case 'disorder':
      if (!u.disordered) { s = withUnit(s, { ...u, disordered: true }); events.push({ kind: 'status', rule: 'ANRT §XII', unit: id, status: 'disordered', on: true, reason: result }); }
      break;
    case 'withdraw': { const r = withdrawUnit(s, id, cause, origin); s = r.s; events.push(...r.events); break; }
    case 'rout': { const r = routUnit(s, id, cause ?? nearestEnemy(s, u)?.at); s = r.s; events.push(...r.events); break; }
    case 'rally-back':
      if (origin) { s = withUnit(s, { ...u, at: origin }); events.push({ kind: 'move', rule: 'ANRT §XI', unit: id, from: u.at, to: origin, path: [u.at, origin], stopped: 'rallies back' }); }
      break;
    default: break;
  }
  return { s, events };
}
