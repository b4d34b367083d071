import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { opportunityTargets } from '../../../src/rules/anrt/phases/responses';
import { seatOfSide, withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import { teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * Whole phases through the turn (anrt.resolve) with the movement rules of issue 14: a one-hit unit
 * held or withdrawing as its side's orders are carried out (L204), and evaders taking cover from
 * charging cavalry (L402) — on the teaching scenario, stand-in tables, the French moving.
 */
const base = teachingFrenchPhase();
const put = (s: AnrtState, id: string, x: number, y: number, more: Partial<AnrtState['units'][string]> = {}): AnrtState => withUnit(s, { ...s.units[id]!, at: { x, y }, ...more });
const seed = (n: number) => n.toString(16).padEnd(64, 'a');
const frenchOrders = (s: AnrtState, orders: AnrtOrder[], n = 1) => anrt.resolve({ ...s, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } }, new Map([['french', orders]]), seededDice(seed(n)));

describe('one hit left (L204) as the French orders are carried out', () => {
  // 1/33e Ligne with one hit, 4" south of the Allied I/6th Reserve, nobody else near.
  const s = put(put(base, 'fr-1-33', 20, 20, { hits: 1, facing: 0 }), 'al-1-6r', 20, 24, { facing: 180 });

  it('not paid for, it withdraws a move away from the nearest enemy, ending facing it — and halts on the 2/13e Léger column behind it (L961)', () => {
    const r = frenchOrders(s, []);
    expect(r.events.some((e) => e.kind === 'note' && e.rule === 'ANRT L204' && e.text.includes('fr-1-33'))).toBe(true);
    const mv = r.events.find((e) => e.kind === 'move' && e.unit === 'fr-1-33' && e.rule === 'ANRT §XII L955');
    // 8" back would be y 12, but the 2/13e Léger column stands at (20, 14): a column is no friend a column passes (L381-395).
    expect(mv && mv.kind === 'move' ? [mv.to, mv.facing, mv.stopped] : null).toEqual([{ x: 20, y: 16.25 }, 0, 'withdraws; halts on meeting fr-2-13l']);
    expect(r.state.units['fr-2-13l']!.disordered).toBe(false); // of the same class: not disordered (L961)
  });

  it('held with /move to:hold (one pip) it stays where it is', () => {
    const r = frenchOrders(s, [{ kind: 'move', unit: 'fr-1-33', to: 'hold' }]);
    expect(r.events.some((e) => e.kind === 'move' && e.unit === 'fr-1-33')).toBe(false);
    expect(r.events.some((e) => e.kind === 'note' && e.rule === 'ANRT L204' && e.text.includes('fr-1-33'))).toBe(false);
  });
});

describe('evaders take cover from chargers (L402)', () => {
  // Allied skirmishers 3" from the Erlenbusch (x 56-66), the 11e Hussards 9" west of them.
  const s = put(put(base, 'al-1-6r', 53, 18, { formation: 'skirmish', facing: 270 }), 'fr-11h', 44, 18, { formation: 'column', facing: 90 });

  it('they evade into the wood, face the hussars, and formed cavalry cannot follow them in', () => {
    let seen = 0;
    for (let n = 1; n <= 12 && seen < 2; n++) {
      const a = frenchOrders(s, [{ kind: 'charge', unit: 'fr-11h', target: 'al-1-6r' }], n);
      expect(a.state.step).toBe('responses');
      const b = anrt.resolve(a.state, new Map([[seatOfSide(a.state, 'allies'), [{ kind: 'react', unit: 'al-1-6r', choice: 'evade' }]]]), seededDice(seed(n + 100)));
      const ev = b.events.find((e) => e.kind === 'move' && e.unit === 'al-1-6r' && e.rule === 'ANRT §X L402');
      if (!ev || ev.kind !== 'move') continue; // the hussars failed their charge test with these dice
      seen++;
      expect(ev.to.x).toBeGreaterThan(56);
      expect(ev.stopped).toContain('into Erlenbusch');
      expect(ev.facing).toBeCloseTo(270, 0);
      expect(b.events.some((e) => e.kind === 'status' && e.unit === 'al-1-6r' && e.status === 'routed')).toBe(false);
      expect(b.events.some((e) => e.kind === 'move' && e.unit === 'fr-11h' && e.rule === 'ANRT §X L413')).toBe(true);
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('opportunity charges as declared charges (L204, L381-395, L424)', () => {
  // The Uhlans face south at (30, 30); 1/33e Ligne has moved to (30, 22), 8" in front of them. Everyone else out of the way.
  const far = (s: AnrtState, keep: string[]): AnrtState => ({ ...s, units: Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, keep.includes(id) ? u : { ...u, gone: true }])) });
  const scene = (more: (s: AnrtState) => AnrtState = (x) => x): AnrtState => more({
    ...put(put(far(base, ['al-uh', 'fr-1-33', 'al-1-6r']), 'al-uh', 30, 30, { facing: 180, formation: 'line' }), 'fr-1-33', 30, 22, { formation: 'column' }),
    moves: [{ unit: 'fr-1-33', to: { x: 30, y: 22 }, facing: 0, formation: 'column', inches: 4, pips: 1 }],
  });
  const away = (s: AnrtState) => put(s, 'al-1-6r', 60, 45);

  it('the cavalry may opportunity charge the unit that moved in front of it', () => {
    expect(opportunityTargets(away(scene()), away(scene()).units['al-uh']!).map((u) => u.id)).toEqual(['fr-1-33']);
  });
  it('not through a friendly line within 3" of the enemy (L387); a lone column leaves gaps to pass', () => {
    const col = scene((x) => put(x, 'al-1-6r', 30, 26, { formation: 'column' }));
    expect(opportunityTargets(col, col.units['al-uh']!).map((u) => u.id)).toEqual(['fr-1-33']);
    const s = scene((x) => put(x, 'al-1-6r', 30, 24.5, { formation: 'line', facing: 180 }));
    expect(opportunityTargets(s, s.units['al-uh']!)).toEqual([]);
  });
  it('not with one hit left (it cannot advance)', () => {
    const s = away(scene((x) => put(x, 'al-uh', 30, 30, { facing: 180, formation: 'line', hits: 1 })));
    expect(opportunityTargets(s, s.units['al-uh']!)).toEqual([]);
  });
});
