import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { GameEvent } from '../../events';
import { SOLO_FIXED_RULINGS } from '../settings';
import { GENERAL_SAVE_FROM } from '../tables/fire';
import { saves } from './common';

/**
 * Casualties by figure (KUR L14, L16; KS-10, KS-11). Hits fall on the eligible figures — the
 * front rank for fire (L14), every figure in contact for melee (L16). When a special figure or an
 * attached general stands among them, each hit is placed with a pick die first: a D20 ignoring
 * faces over the count (L16: "16 figures … a D20 … ignoring 17-20"), d% above 20 figures. A
 * special figure takes at most one hit per attack; a duplicate falls on an ordinary soldier (L14).
 * Then the saves: a general on 3-6 (L14), everyone else on the attack's save.
 */

/** Someone the pick can strike besides ordinary soldiers: a special figure or an attached general. */
export interface Marked {
  readonly id: string;
  readonly kind: 'officer' | 'musician' | 'standard' | 'general';
  /** 1-based place among the eligible figures. */
  readonly position: number;
}

/** What one attack's hits did to the target. */
export interface CasualtyResult {
  /** Figures removed from the unit (ordinary soldiers and special figures; generals are not unit figures). */
  readonly figures: number;
  /** Special figures killed (ids). */
  readonly specialsKilled: readonly string[];
  /** Generals killed (ids). */
  readonly generalsKilled: readonly string[];
}

/** The die that picks among `n` figures (KS-10). */
const pickDie = (n: number): string => (n <= SOLO_FIXED_RULINGS.pickDieSmall ? 'd20' : 'd%');

/** KS-10: one pick, re-rolling faces over `n` (a D20 "ignoring 17-20"). */
function pick(dice: Dice, n: number, subject: string, rule: string, events: GameEvent[]): number {
  const die = pickDie(n);
  for (let k = 0; k < SOLO_FIXED_RULINGS.pickRerollGuard; k++) {
    const r = ruleRoll(dice, die, { rule, purpose: 'which figure is hit', subject });
    const face = r.rolled.total;
    events.push(r.event(face > n ? `${face} > ${n}: ignored, roll again` : `figure ${face} of ${n}`));
    if (face <= n) return face;
  }
  throw new Error(`KUR casualties: the pick die showed more than ${n} ${SOLO_FIXED_RULINGS.pickRerollGuard} times`);
}

/**
 * Resolve `hits` on a unit: place them (only when someone marked stands among the `eligible`
 * figures), then save them (`saveFrom` for soldiers; generals 3-6).
 */
export function casualtiesByFigure(spec: { unit: string; hits: number; eligible: number; saveFrom: number; marked: readonly Marked[]; rule: string }, dice: Dice): { result: CasualtyResult; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const marked = spec.marked.filter((m) => m.position >= 1 && m.position <= spec.eligible);
  let ordinary = spec.hits;
  const onMarked: Marked[] = [];
  if (marked.length > 0 && spec.hits > 0 && spec.eligible > 0) {
    ordinary = 0;
    for (let h = 0; h < spec.hits; h++) {
      const at = pick(dice, spec.eligible, spec.unit, spec.rule, events);
      const m = marked.find((x) => x.position === at && !onMarked.includes(x));
      // L14: a special figure takes one hit per attack; a duplicate is another ordinary soldier.
      if (m) onMarked.push(m); else ordinary++;
    }
  }
  const soldiers = saves(dice, ordinary, spec.saveFrom, { rule: spec.rule, purpose: 'saving throws', subject: spec.unit });
  events.push(...soldiers.events);
  const specialsKilled: string[] = [];
  const generalsKilled: string[] = [];
  for (const m of onMarked) {
    const from = m.kind === 'general' ? GENERAL_SAVE_FROM.from : spec.saveFrom;
    const s = saves(dice, 1, from, { rule: m.kind === 'general' ? 'KUR L14' : spec.rule, purpose: `${m.kind} hit: saving throw`, subject: m.id });
    events.push(...s.events);
    if (s.failed === 0) continue;
    (m.kind === 'general' ? generalsKilled : specialsKilled).push(m.id);
    events.push({ kind: 'note', rule: spec.rule, text: `${m.id} (${m.kind}) is killed` });
  }
  return { result: { figures: soldiers.failed + specialsKilled.length, specialsKilled, generalsKilled }, events };
}
