import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import { anrtSettings, anrtTeaching } from '../../helpers/anrt-game';

/** What players see of an ANRT game: the map model, printed names, rosters, settings, the verbs' autocomplete. */
const settings = anrtSettings();
const s0 = anrt.setup(anrtTeaching(settings), settings, seededDice('7'.padEnd(64, '0'))).state;

describe('ANRT presentation', () => {
  it('the map describes every unit with its hits and formation, and every general', () => {
    const m = anrt.present.map(s0, { events: [], viewer: { kind: 'public' } });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const json = JSON.stringify(m.value);
    expect(json).toContain('"4/4"');
    expect(json).toContain('Brandhof');
  });

  it('every unit and general is printed under its scenario name; sides by name', () => {
    const printed = anrt.present.printed!(s0);
    expect(printed.find((p) => p.id === 'fr-11h')?.names[0]).toBe('11e Hussards');
    expect(printed.filter((p) => p.kind === 'side').map((p) => p.names[0])).toEqual(['French', 'Allies']);
  });

  it('/roster shows a side its own pips but not the enemy\'s', () => {
    const s = { ...s0, pips: { 'fr-d1': 4 }, pipTerms: { 'fr-d1': ['D6 3', '+1 per-brigade'] } };
    expect(anrt.present.roster!(s, 'french', true).join('\n')).toContain('4 pips');
    expect(anrt.present.roster!(s, 'french', false).join('\n')).not.toContain('pips');
  });

  it('/roster shows its own side the corps dice to allocate, the ADCs\' errands and who is out of command; never to the enemy', () => {
    const s = { ...s0, order: ['french', 'allies'] as const, period: 0 as const, step: 'orders' as const, command: { pools: [{ general: 'lagrange', faces: [5, 2], divisions: ['fr-d1', 'fr-d2'] }], own: { 'fr-cav': 3 }, facts: {}, outOfCommand: { 'fr-bty-1': 'outside its brigadier\'s command box (12" × 6", L245)' }, regrouping: [] } };
    const mine = anrt.present.roster!(s, 'french', true).join('\n');
    const line = 'Général Lagrange\'s dice to allocate (L21): 5, 2 — /pips allocate (default: as thrown, 1st Division (Morand) 5, 2nd Division (Friant) 2)';
    expect(mine).toContain(line);
    // A game saved before ANRT-C15 kept one pool, `pool`: read the same.
    const { pools: _p, ...saved } = s.command;
    expect(anrt.present.roster!({ ...s, command: { ...saved, pool: s.command.pools[0]! } }, 'french', true).join('\n')).toContain(line);
    expect(mine).toContain('ADC 1 of Général Lagrange → at headquarters');
    expect(mine).toMatch(/Foot battery Morand: .*out of command: outside its brigadier's command box/);
    const theirs = anrt.present.roster!(s, 'french', false).join('\n');
    expect(theirs).not.toMatch(/dice to allocate|ADC|out of command/);
  });

  it('/game settings lists the rulings and every QRS table, the stand-in labelled as the project\'s', () => {
    const lines = anrt.present.settings(settings);
    expect(lines.find((l) => l.key === 'tables.mode')?.value).toBe('entered');
    expect(lines.find((l) => l.key === 'qrs.melee')?.value).toContain("the project's stand-in, not the author's");
  });

  it('autocomplete offers the winner the sides, and charge targets only within reach', () => {
    const choose = anrt.inputs['choose first']!.choices!(s0, { seats: ['french'], side: 'french' }, { name: 'side', value: '' }, {});
    expect(choose.map((c) => c.value)).toEqual(['french', 'allies']);
    const s = { ...s0, order: ['french', 'allies'] as const, period: 0 as const, step: 'orders' as const };
    const chargers = anrt.inputs.charge!.choices!(s, { seats: ['french'], side: 'french' }, { name: 'unit', value: '' }, {});
    expect(chargers).toEqual([]); // 19" of open ground between the lines at the start
  });
});
