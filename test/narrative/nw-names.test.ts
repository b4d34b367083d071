/**
 * nwNames: the name book the narrative uses to print NW ids as names. The narrative is public,
 * so a brigade's name carries its label's identity but never its levels (NW §3.0 L45; VW-1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nameOf, narrate } from '../../src/narrative/index';
import { moveLine } from '../../src/narrative/lines';
import { nwNames } from '../../src/rules/nw/present/names';
import type { GameEvent } from '../../src/rules/events';
import type { NwState } from '../../src/rules/nw/state';
import { teachingState } from '../rules/nw/phases/phase-fixtures';

let s: NwState;
beforeAll(async () => {
  s = await teachingState();
});

describe('nwNames', () => {
  it('names every kind of id the NW events carry', () => {
    const names = nwNames(s);
    expect(names.entry('french')).toEqual({ name: 'French', kind: 'side' });
    expect(names.entry('napoleon')).toEqual({ name: 'Napoleon', kind: 'general', side: 'french' });
    expect(names.entry('charles')).toEqual({ name: 'Archduke Charles', kind: 'general', side: 'austrians' });
    expect(names.entry('lemaire')).toEqual({ name: 'Général Lemaire', kind: 'general', side: 'french' });
    expect(names.entry('au-adc')).toEqual({ name: 'Major Weiss', kind: 'general', side: 'austrians' });
    expect(names.entry('fr-i-corps')).toEqual({ name: 'I Corps', kind: 'corps', side: 'french' });
    expect(names.entry('fr-battery')).toEqual({ name: 'I Corps foot battery', kind: 'unit', side: 'french' });
  });

  it('names brigades with the identity of their label, never its levels', () => {
    const names = nwNames(s);
    expect(nameOf(names, 'fr-1b')).toBe('1st Brigade (1B/1/I)');
    expect(nameOf(names, 'fr-3b')).toBe('3rd Brigade (1B/2/I)');
    expect(nameOf(names, 'au-hussars')).toBe('Hussar Brigade (2B/2/II)');
    for (const id of Object.keys(s.units)) expect(nameOf(names, id)).not.toMatch(/\d+\/\d+\/\d+/);
    expect(names.entry('fr-1b')?.tag).toBeUndefined();
  });

  it('keeps removed brigades and lost officers (built from the state after the resolution)', () => {
    const after: NwState = {
      ...s,
      units: { ...s.units, 'au-3b': { ...s.units['au-3b']!, removed: true, sp: 0, fatigue: 'eliminated' } },
      generals: { ...s.generals, dufour: { ...s.generals['dufour']!, lost: true } },
    };
    const names = nwNames(after);
    expect(nameOf(names, 'au-3b')).toBe('Brigade Stein (1B/2/II)');
    expect(nameOf(names, 'dufour')).toBe('Général Dufour');
  });

  it('falls back to the id for an unknown one', () => {
    expect(nameOf(nwNames(s), 'nobody')).toBe('nobody');
  });

  it('tells the clock (NW §1.2: 30 minutes a turn) and reads places on the map grid', () => {
    const names = nwNames(s);
    expect(names.clock?.(1)).toBe('13:00');
    expect(names.clock?.(4)).toBe('14:30');
    const move: GameEvent = { kind: 'move', rule: 'NW §9.0', unit: 'fr-2b', from: { x: 28, y: 10 }, to: { x: 28, y: 14 }, path: [], cost: 4, allowance: 6 };
    expect(moveLine(names, move)).toBe('➡️ 2nd Brigade (2B/1/I) (French): E5 → E4, 4″ of 6″');
  });

  it('narrates a phase with NW names', () => {
    const events: GameEvent[] = [
      { kind: 'phase', turn: 2, phase: 'nw/maneuver', label: '4. Maneuver' },
      { kind: 'status', rule: 'NW §11.4', unit: 'au-1b', status: 'disordered', on: true, reason: 'lost the combat' },
    ];
    const text = narrate(events, nwNames(s)).join('\n');
    expect(text).toContain('13:30');
    expect(text).toContain('Brigade Mayer (1B/1/II)');
    expect(text).not.toContain('au-1b');
  });
});
