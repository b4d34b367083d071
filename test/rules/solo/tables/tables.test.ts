import { describe, expect, it } from 'vitest';
import {
  ARTILLERY_MODIFIERS, ATTACK_VALUE_TABLE, CAVALRY_MELEE_MODIFIERS, CHARGE_BPL, CHARGE_HOME_BPL, CHARGE_HOME_FAIL, CHARGE_HOME_MODIFIERS, CHARGE_MODIFIERS,
  DISORDER_CHITS, FORMATION_CHANGE_MODIFIERS, INFANTRY_MELEE_MODIFIERS, MORALE_BPL, MORALE_MODIFIERS, REFORM_MODIFIERS, STANDSTILL, TROOP_HANDLING_TABLE,
  VOLLEY_MODIFIERS, type ModifierRow,
} from '../../../../src/rules/solo/tables';
import { kurLine, printedValue } from './text';

/** Every modifier list, with the line its rows print on. Each row is found on its line and its value read back. */
const LISTS: [string, readonly ModifierRow<string>[], number][] = [
  ['formation change (L10)', FORMATION_CHANGE_MODIFIERS, 10],
  ['reform (L12)', REFORM_MODIFIERS, 12],
  ['volley (L14)', VOLLEY_MODIFIERS, 14],
  ['artillery (L16)', ARTILLERY_MODIFIERS, 16],
  ['infantry melee (L17)', INFANTRY_MELEE_MODIFIERS, 17],
  ['cavalry melee (L19)', CAVALRY_MELEE_MODIFIERS, 19],
  ['morale (L23)', MORALE_MODIFIERS, 23],
  ['charge test (L27)', CHARGE_MODIFIERS, 27],
  ['charge home (L28)', CHARGE_HOME_MODIFIERS, 28],
];

describe('Kuryakin modifier lists, row by row against the text', () => {
  for (const [name, rows, line] of LISTS) {
    describe(name, () => {
      it.each(rows.map((r) => [r.condition, r] as const))('%s', (_c, row) => {
        expect(row.line).toBe(line);
        expect(kurLine(row.line)).toContain(row.printed);
        expect(row.value).toBe(printedValue(row.printed));
        expect(!!row.optional).toBe(row.printed.includes('(optional)'));
      });
      it('conditions are distinct and the rows keep the printed order', () => {
        expect(new Set(rows.map((r) => r.condition)).size).toBe(rows.length);
        const text = kurLine(line);
        const at = rows.map((r) => text.indexOf(r.printed));
        expect(at).toEqual([...at].sort((a, b) => a - b));
      });
    });
  }
  it('counts: 6 formation, 3 reform, 7 volley, 12 artillery, 4+4 melee, 19 morale, 8 charge, 11 charge home', () => {
    expect(LISTS.map(([, r]) => r.length)).toEqual([6, 3, 7, 12, 4, 4, 19, 8, 11]);
  });
});

describe('K1 generals (L3-5)', () => {
  it('TH and AV D6 rows: 3-4 and 5-6 as printed, 1-2 lost (labels certain from L9-10, L27)', () => {
    for (const t of [TROOP_HANDLING_TABLE, ATTACK_VALUE_TABLE]) {
      expect(t.map((r) => [r.from, r.to])).toEqual([[1, 2], [3, 4], [5, 6]]);
      expect(t[0].printed).toBeNull();
      for (const r of t.slice(1)) expect(kurLine(r.line)).toContain(r.printed!);
    }
    expect(kurLine(9)).toContain('Below Average');
    expect(kurLine(10)).toContain('-1 for Timid');
  });
});

describe('K8 disorder chits (L11)', () => {
  it.each(DISORDER_CHITS.map((r) => [r.event, r] as const))('%s', (_e, row) => {
    expect(kurLine(11)).toContain(row.printed);
    if (row.chits === 'd3') expect(row.printed).toContain('D3');
    else expect(row.printed).toContain(`${row.chits}D`);
  });
});

describe('K7 standstill (L10)', () => {
  it('start fails on 1, stop carries on at 6, Aggressive +1, Timid −1', () => {
    expect(kurLine(10)).toContain(STANDSTILL.start.printed);
    expect(kurLine(10)).toContain(STANDSTILL.stop.printed);
    for (const m of STANDSTILL.modifiers) {
      expect(kurLine(10)).toContain(m.printed);
      expect(m.value).toBe(printedValue(m.printed));
    }
  });
});

describe('BPL tables (L22, L26, L27)', () => {
  it.each([['morale', MORALE_BPL], ['charge', CHARGE_BPL], ['charge home', CHARGE_HOME_BPL]] as const)('%s: each printed grade read back; lost grades null', (_n, t) => {
    for (const [grade, e] of Object.entries(t)) {
      if (e.printed === null) { expect(e.value).toBeNull(); continue; }
      expect(kurLine(e.line)).toContain(e.printed);
      expect(e.printed).toMatch(new RegExp(`^(Grade )?${grade} ?= ?${e.value}%$`));
    }
  });
  it('only Grade A is lost, and only for morale and the charge test (DIGEST K-6)', () => {
    expect(MORALE_BPL.A.value).toBeNull();
    expect(CHARGE_BPL.A.value).toBeNull();
    expect(CHARGE_HOME_BPL.A.value).toBe(90);
    expect([MORALE_BPL.B.value, MORALE_BPL.C.value, MORALE_BPL.D.value]).toEqual([80, 65, 50]);
    expect([CHARGE_BPL.B.value, CHARGE_BPL.C.value, CHARGE_BPL.D.value]).toEqual([75, 65, 55]);
    expect([CHARGE_HOME_BPL.B.value, CHARGE_HOME_BPL.C.value, CHARGE_HOME_BPL.D.value]).toEqual([75, 60, 55]);
  });
  it('L28 failed charge home: A-C infantry halt and volley; a Timid CO retires 100 mm', () => {
    expect(kurLine(28)).toContain(CHARGE_HOME_FAIL.infantryABC.printed);
    expect(kurLine(28)).toContain(CHARGE_HOME_FAIL.timidCo.printed);
    expect(CHARGE_HOME_FAIL.timidCo.printed).toContain(`${CHARGE_HOME_FAIL.timidCo.mm}mm`);
  });
});
