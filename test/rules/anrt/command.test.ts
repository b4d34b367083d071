import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { budgets, openCommand, whyOutOfCommand } from '../../../src/rules/anrt/phases/command';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { returnGenerals } from '../../../src/rules/anrt/phases/replacement';
import { moraleFactors } from '../../../src/rules/anrt/phases/morale';
import { liveUnits, seatOfSide, type AnrtGeneral, type AnrtState } from '../../../src/rules/anrt/state';
import { STAND_IN_QRS } from '../../../src/rules/anrt/tables/stand-in';
import { anrtSettings, anrtTeaching, TEACHING_SEED, teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * The command layer of a side's phase on the teaching scenario with the stand-in tables
 * (box 12" × 6", general speed 24", +1 pip a brigade, move 1 pip, out of command 2, brigadier
 * move 1, higher commander's extra move 1): the corps commander's dice and their allocation
 * (L21), ADCs (L258), regrouping (L285), generals moving and joining (L451-457, L975-979), and
 * units out of command (L243-253).
 */
const SEED = TEACHING_SEED;
const frenchPhase = teachingFrenchPhase;

/** Opens the French command step again on a changed state, with these dice for the corps commander's pool then the cavalry's own. */
function reopen(s: AnrtState, faces: number[], change: (s: AnrtState) => AnrtState = (x) => x): AnrtState {
  return openCommand(change({ ...s, command: undefined }), new Thrower(scriptedDice(faces), [])).s;
}

const general = (s: AnrtState, id: string, g: Partial<AnrtGeneral>): AnrtState => ({ ...s, generals: { ...s.generals, [id]: { ...s.generals[id]!, ...g } } });
const v = (s: AnrtState, o: AnrtOrder, pending: AnrtOrder[] = []) => anrt.validate(s, 'french', o, pending);
/**
 * The French phase's orders, then (when the Allies have a fire choice, ANRT-F1, or a response)
 * their responses window left silent, so the phase runs through combat to its end.
 */
const resolveFrench = (s: AnrtState, orders: AnrtOrder[]) => anrt.resolve(s, new Map([['french', orders]]), seededDice(SEED));
const throughFrench = (s: AnrtState, orders: AnrtOrder[]) => {
  const r = resolveFrench(s, orders);
  return r.state.step === 'responses' ? anrt.resolve(r.state, new Map([[seatOfSide(r.state, 'allies'), []]]), seededDice('43'.padEnd(64, '0'))) : r;
};

describe('the corps commander\'s dice (§I L21) and their allocation', () => {
  it('divisions whose generals are within 20" share his dice; the cavalry 28" off throws its own', () => {
    const s = frenchPhase();
    expect(s.command!.pools).toMatchObject([{ general: 'lagrange', divisions: ['fr-d1', 'fr-d2'] }]);
    expect(s.command!.pools![0]!.faces).toHaveLength(2);
    expect(Object.keys(s.command!.own)).toEqual(['fr-cav']);
  });

  it('a die becomes pips with the division\'s factors: 5 and two brigades = 7, 2 = 4 (L263, stand-in +1 a brigade)', () => {
    const s = reopen(frenchPhase(), [5, 2, 3]);
    expect(s.pips).toMatchObject({ 'fr-d1': 7, 'fr-d2': 4, 'fr-cav': 4 });
    expect(budgets(s, [{ kind: 'allocate', division: 'fr-d2', die: 5 }])).toMatchObject({ 'fr-d1': { pips: 4 }, 'fr-d2': { pips: 7 } });
  });

  it('/pips allocate previews the whole allocation; a die not thrown or a division beyond 20" is refused with a hint', () => {
    const s = reopen(frenchPhase(), [5, 2, 3]);
    const r = v(s, { kind: 'allocate', division: 'fr-d2', die: 5 });
    expect(r.ok && r.value.preview.join(' ')).toMatch(/1st Division \(Morand\) 2 → 4 pips; 2nd Division \(Friant\) 5 → 7 pips/);
    const die = v(s, { kind: 'allocate', division: 'fr-d2', die: 4 });
    expect(!die.ok && die.error).toMatchObject({ code: 'order/allocate-die', hint: 'Give one of: 5, 2.' });
    const far = v(s, { kind: 'allocate', division: 'fr-cav', die: 5 });
    expect(!far.ok && far.error.code).toBe('order/allocate-division');
  });

  it('orders are priced against the allocation posted; an allocation that would strand orders already posted is refused', () => {
    const s = reopen(frenchPhase(), [5, 2, 3]);
    // The battery goes forward: back 1 would end on the 13e Léger's regimental guns behind it (L381-395, ANRT-W10).
    const moves: AnrtOrder[] = ['fr-1-13l', 'fr-2-13l', 'fr-1-17', 'fr-2-17', 'fr-bty-1'].map((u) => ({ kind: 'move', unit: u, to: u === 'fr-bty-1' ? 'forward 1' : 'back 1' }));
    const pending: AnrtOrder[] = [];
    for (const m of moves) { expect(v(s, m, pending).ok).toBe(true); pending.push(m); }
    const strand = v(s, { kind: 'allocate', division: 'fr-d1', die: 2 }, pending);
    expect(!strand.ok && strand.error).toMatchObject({ code: 'order/pips', message: expect.stringMatching(/leaves 1st Division \(Morand\) 4 pips, but [56] are already ordered/) });
    // With the 5 given to the 2nd Division first, its fifth pip of orders is affordable there.
    const second: AnrtOrder[] = [{ kind: 'allocate', division: 'fr-d2', die: 5 }];
    for (const u of ['fr-1-33', 'fr-2-33', 'fr-1-48', 'fr-2-48', 'fr-bty-2']) { const o: AnrtOrder = { kind: 'move', unit: u, to: 'back 1' }; expect(v(s, o, second).ok).toBe(true); second.push(o); }
    expect(v(s, { kind: 'move', unit: 'fr-1-33', to: 'back 1' }, second.slice(0, 1)).ok).toBe(true);
    const r = resolveFrench(s, [...second.slice(1), second[0]!]);
    expect(r.events.some((e) => e.kind === 'note' && e.text.startsWith('2nd Division (Friant): 7 pips'))).toBe(true);
    expect(r.events.some((e) => e.kind === 'note' && /allocates his dice: 1st Division \(Morand\) 2, 2nd Division \(Friant\) 5/.test(e.text))).toBe(true);
    expect(r.events.filter((e) => e.kind === 'move' && ['fr-1-33', 'fr-2-33', 'fr-1-48', 'fr-2-48', 'fr-bty-2'].includes(e.unit))).toHaveLength(5);
  });

  it('equal corps dice are no choice: /pips allocate is refused with why', () => {
    const s = reopen(frenchPhase(), [3, 3, 5]);
    expect(v(s, { kind: 'allocate', division: 'fr-d2', die: 3 })).toMatchObject({ ok: false, error: { code: 'order/no-allocation', message: expect.stringMatching(/all 3: there is nothing to choose/) } });
  });

  it('with no corps commander every division throws its own, and /pips allocate says so', () => {
    const s = reopen(frenchPhase(), [4, 4, 4], (x) => general(x, 'lagrange', { alive: false }));
    expect(s.command!.pools).toEqual([]);
    expect(Object.keys(s.command!.own).sort()).toEqual(['fr-cav', 'fr-d1', 'fr-d2']);
    expect(v(s, { kind: 'allocate', division: 'fr-d1', die: 4 })).toMatchObject({ ok: false, error: { code: 'order/no-allocation' } });
  });
});

describe('ADCs (L258) and regrouping (L285), declared with the orders for the side\'s next phase', () => {
  it('an ADC sent to a division reaches its general within general speed as the next phase opens: +1 pip, and he is back at once', () => {
    const s0 = frenchPhase();
    const r = v(s0, { kind: 'adc', adc: 'lagrange-adc1', division: 'fr-d1' });
    expect(r.ok && r.value.preview.join(' ')).toMatch(/rides to Général Morand \(14\.6"; he reaches him as your next phase opens/);
    const after = resolveFrench(s0, [{ kind: 'adc', adc: 'lagrange-adc1', division: 'fr-d1' }]).state;
    expect(after.adcs!['lagrange-adc1']!.to).toBe('fr-d1');
    const s = reopen({ ...after, order: ['french', 'allies'], period: 0 }, [3, 3, 3]);
    expect(s.command!.facts['fr-d1']!.adcs).toBe(1);
    expect(s.pips['fr-d1']).toBe(6);
    expect(s.adcs!['lagrange-adc1']!.at).toBeNull();
  });

  it('an ADC of a commander with a brigade stays (L979); one far off rides a general\'s move toward the division', () => {
    const s0 = frenchPhase();
    const held = reopen(s0, [3, 3, 3], (x) => general({ ...x, adcs: { a: { id: 'a', name: 'ADC', side: 'french', of: 'lagrange', at: null, to: 'fr-d1' } } }, 'lagrange', { joined: 'fr-1-13l' }));
    expect(held.command!.facts['fr-d1']!.adcs).toBe(0);
    const far = reopen(s0, [3, 3, 3], (x) => ({ ...x, adcs: { a: { id: 'a', name: 'ADC', side: 'french', of: 'lagrange', at: { x: 22, y: 40 }, to: 'fr-d1' } } }));
    expect(far.command!.facts['fr-d1']!.adcs).toBe(0);
    expect(far.adcs!.a!.at).toMatchObject({ x: 22, y: 16 });
  });

  it('a declared brigade more than 10" from the enemy spends a 6 on three hits, to the units that lost most, never back to full (L285-289)', () => {
    const s0 = frenchPhase();
    const hurt = (x: AnrtState): AnrtState => ({ ...x, regroupNext: { french: ['fr-b1'] }, units: { ...x.units, 'fr-1-13l': { ...x.units['fr-1-13l']!, hits: 2 }, 'fr-2-13l': { ...x.units['fr-2-13l']!, hits: 3 } } });
    const s = reopen(s0, [6, 2, 3], hurt);
    expect(s.command!.regrouping).toEqual(['fr-b1']);
    expect(s.pips['fr-d1']).toBe(5); // 3 pips left after the regroup throw + 2 brigades
    const r = resolveFrench(s, []).state;
    expect(r.units['fr-1-13l']!.hits).toBe(4); // 5 max: back to 4 (two hits)
    expect(r.units['fr-2-13l']!.hits).toBe(3); // the third hit: 4 max, it may not go back to full
    expect(r.regroupNext!.french).toEqual([]);
  });

  it('a brigade under artillery fire last turn, or with the enemy within 10", does not regroup: the declaration lapses', () => {
    const s0 = frenchPhase();
    const s = reopen(s0, [6, 2, 3], (x) => ({ ...x, regroupNext: { french: ['fr-b1'] }, shelled: { 'fr-1-13l': x.turn }, units: { ...x.units, 'fr-1-13l': { ...x.units['fr-1-13l']!, hits: 2 } } }));
    expect(s.command!.regrouping).toEqual([]);
    expect(s.pips['fr-d1']).toBe(8);
    const r = v(s0, { kind: 'regroup', brigade: 'fr-b9', on: true });
    expect(!r.ok && r.error.code).toBe('order/brigade');
  });
});

describe('generals moving (§VII L451-457) and joining (§XIII L975-979)', () => {
  it('a brigadier beginning and ending with his brigade in his box moves free; leaving it he pays the QRS brigadier move', () => {
    const s = frenchPhase();
    const free = v(s, { kind: 'general', general: 'fr-b1-gen', to: 'forward 2' });
    expect(free.ok && free.value.preview.join(' ')).toMatch(/free: he begins and ends with his brigade in his box/);
    const paid = v(s, { kind: 'general', general: 'fr-b1-gen', to: 'forward 12' });
    expect(paid.ok && paid.value.preview.join(' ')).toMatch(/paid.*Pips: 1/);
    const far = v(s, { kind: 'general', general: 'fr-b1-gen', to: 'forward 30' });
    expect(!far.ok && far.error.code).toBe('order/too-far');
  });

  it('a divisional general\'s first move is free, a second paid from his division; a brigadier joins only his own brigade', () => {
    const s = frenchPhase();
    const two = v(s, { kind: 'general', general: 'fr-d1-gen', to: 'forward 30' });
    expect(two.ok && two.value.preview.join(' ')).toMatch(/2 moves: the first free, 1 paid.*Pips: 1 \(1 of \d+ for 1st Division/);
    const wrong = v(s, { kind: 'general', general: 'fr-b1-gen', to: 'here', join: 'fr-1-17' });
    expect(!wrong.ok && wrong.error).toMatchObject({ code: 'order/join', message: expect.stringMatching(/L975/) });
  });

  it('a joined general stands with his unit, adds to its morale, and a divisional general with a brigade costs his division the QRS penalty next phase', () => {
    const s = frenchPhase();
    const r = resolveFrench(s, [{ kind: 'general', general: 'fr-d1-gen', to: 'here', join: 'fr-1-13l' }, { kind: 'move', unit: 'fr-1-13l', to: 'forward 2' }]).state;
    expect(r.generals['fr-d1-gen']).toMatchObject({ joined: 'fr-1-13l', at: r.units['fr-1-13l']!.at });
    expect(moraleFactors(r, r.units['fr-1-13l']!)).toContain('general-attached');
    const next = reopen({ ...r, order: ['french', 'allies'], period: 0 }, [3, 3, 3]);
    expect(next.command!.facts['fr-d1']!.factors['divisional-general-attached']).toBe(1);
    expect(next.pips['fr-d1']).toBe(4);
  });
});

describe('a fallen brigadier (L274, ANRT-C4)', () => {
  it('his brigade may use one pip in its following move, then the limit is spent; its units are commanded as the division\'s own (within 10")', () => {
    const s = reopen(frenchPhase(), [5, 2, 3], (x) => ({ ...general(x, 'fr-b1-gen', { alive: false }), brigadierFell: { 'fr-b1': true } }));
    expect(s.command!.outOfCommand['fr-1-13l']).toBeUndefined(); // 6.7" from Morand
    const first: AnrtOrder = { kind: 'move', unit: 'fr-1-13l', to: 'back 1' };
    expect(v(s, first).ok).toBe(true);
    const second = v(s, { kind: 'move', unit: 'fr-2-13l', to: 'back 1' }, [first]);
    expect(!second.ok && second.error).toMatchObject({ code: 'order/brigadier-fell', message: expect.stringMatching(/no more than 1 pip in its following move \(L274\)/) });
    expect(v(s, { kind: 'move', unit: 'fr-1-17', to: 'back 1' }, [first]).ok).toBe(true); // another brigade
    expect(resolveFrench(s, [first]).state.brigadierFell).toEqual({});
  });
});

describe('generals out of play and back (§VI L271-278, §XIII L998-1015, A-6 split)', () => {
  const fallen = (x: AnrtState, id: string, turn: number, effect: 'incapacitated' | 'badly-wounded' | 'killed'): AnrtState => ({ ...general(x, id, { alive: false }), fallen: { [id]: { turn, effect } } });

  it('a brigadier killed is replaced at the end of his side\'s turn following the one he fell in, with his brigade, at a permanent pip cost', () => {
    const s = frenchPhase();
    const same = throughFrench({ ...fallen(s, 'fr-b1-gen', 1, 'killed'), command: s.command }, []);
    expect(same.state.generals['fr-b1-gen']!.alive).toBe(false); // fell this turn: not yet
    const r = throughFrench({ ...fallen(s, 'fr-b1-gen', 0, 'killed'), command: s.command }, []);
    const g = r.state.generals['fr-b1-gen']!;
    expect(g).toMatchObject({ alive: true, name: "Général Pelet's replacement", replacements: 1 });
    expect(r.state.fallen).toEqual({});
    expect(r.events.some((e) => e.kind === 'note' && e.rule === 'ANRT §VI L278')).toBe(true);
    const next = reopen({ ...r.state, order: ['french', 'allies'], period: 0 }, [5, 2, 3]);
    expect(next.command!.facts['fr-d1']!.factors['replacement-general']).toBe(1);
    expect(next.pips['fr-d1']).toBe(6); // 5 + 2 brigades − 1 replacement (stand-in)
  });

  it('an incapacitated general is back after a move, his division paying the QRS absence penalty meanwhile (L1000)', () => {
    const s = frenchPhase();
    const out = reopen(s, [5, 2, 3], (x) => fallen(x, 'fr-d1-gen', 1, 'incapacitated'));
    expect(out.command!.facts['fr-d1']!.factors['general-incapacitated']).toBe(1);
    const r = throughFrench({ ...fallen(s, 'fr-d1-gen', 0, 'incapacitated'), command: s.command }, []).state;
    expect(r.generals['fr-d1-gen']).toMatchObject({ alive: true, name: 'Général Morand' });
    expect(r.generals['fr-d1-gen']!.replacements).toBeUndefined();
  });

  it('a corps commander removed is replaced at the beginning of the move after next (§XIII L1015)', () => {
    const s = fallen(frenchPhase(), 'lagrange', 1, 'badly-wounded');
    expect(returnGenerals({ ...s, turn: 2 }, 'turn-start').s.generals['lagrange']!.alive).toBe(false);
    expect(returnGenerals({ ...s, turn: 2 }, 'own-turn-end', 'french').s.generals['lagrange']!.alive).toBe(false);
    expect(returnGenerals({ ...s, turn: 3 }, 'turn-start').s.generals['lagrange']).toMatchObject({ alive: true, name: "Général Lagrange's replacement" });
  });
});

describe('units out of command (§VI L243-253)', () => {
  it('as deployed, every unit of both teaching sides is in command with the stand-in box (L245, L250-253): the batteries stand in their brigadiers\' boxes', () => {
    const s = anrt.setup(anrtTeaching(), anrtSettings(), seededDice(SEED)).state;
    const box = { frontInches: STAND_IN_QRS.commandBox!.frontInches, depthInches: STAND_IN_QRS.commandBox!.depthInches };
    const units = liveUnits(s);
    expect(units.filter((u) => u.side === 'french').length).toBeGreaterThan(10);
    expect(units.filter((u) => u.side === 'allies').length).toBeGreaterThan(10);
    expect(units.flatMap((u) => { const why = whyOutOfCommand(s, u, box); return why ? [`${u.id}: ${why}`] : []; })).toEqual([]);
    // The French phase's own command step agrees (both sides' phases open the same way).
    expect(frenchPhase().command!.outOfCommand).toEqual({});
  });

  it('a brigade whose brigadier rode off is out of command: its moves cost the QRS out-of-command price, and morale counts it', () => {
    const before = frenchPhase();
    expect(Object.keys(before.command!.outOfCommand)).not.toContain('fr-1-13l');
    const s = reopen(before, [5, 5, 5], (x) => general(x, 'fr-b1-gen', { at: { x: 10, y: 4 } }));
    expect(Object.keys(s.command!.outOfCommand)).toEqual(expect.arrayContaining(['fr-1-13l', 'fr-2-13l', 'fr-bty-1']));
    expect(Object.keys(s.command!.outOfCommand)).not.toContain('fr-1-17');
    expect(s.command!.outOfCommand['fr-1-13l']).toMatch(/12\.6" from the divisional general, beyond 10" \(L250\)/);
    const r = v(s, { kind: 'move', unit: 'fr-1-13l', to: 'back 1' });
    expect(r.ok && r.value.preview.join(' ')).toMatch(/Out of command.*Pips: 2/);
    const inCmd = v(s, { kind: 'move', unit: 'fr-1-17', to: 'back 1' });
    expect(inCmd.ok && inCmd.value.preview.join(' ')).toMatch(/Pips: 1 /);
    expect(moraleFactors(s, s.units['fr-1-13l']!)).toContain('out-of-command');
    expect(moraleFactors(s, s.units['fr-1-17']!)).not.toContain('out-of-command');
  });

  it('charges test in the order posted, except that units out of command test first (§XII L938)', () => {
    const place = (x: AnrtState): AnrtState => ({
      ...general(general(x, 'fr-cav-gen', { at: { x: 50, y: 20 } }), 'fr-b5-gen', { at: { x: 47, y: 25 } }),
      units: { ...x.units, 'fr-11h': { ...x.units['fr-11h']!, at: { x: 47, y: 26 }, facing: 0 }, 'fr-6ch': { ...x.units['fr-6ch']!, at: { x: 56, y: 28 }, facing: 0 } },
    });
    const s = reopen(frenchPhase(), [5, 2, 6], place);
    expect(s.command!.outOfCommand['fr-6ch']).toBeDefined();
    expect(s.command!.outOfCommand['fr-11h']).toBeUndefined();
    const orders: AnrtOrder[] = [{ kind: 'charge', unit: 'fr-11h', target: 'al-2-2wp' }, { kind: 'charge', unit: 'fr-6ch', target: 'al-1-7r' }];
    expect(v(s, orders[0]!).ok).toBe(true);
    expect(v(s, orders[1]!, [orders[0]!]).ok).toBe(true);
    const r = resolveFrench(s, orders).state;
    expect(r.step).toBe('responses');
    expect(r.charges.map((c) => c.unit)).toEqual(['fr-6ch', 'fr-11h']);
  });
});
