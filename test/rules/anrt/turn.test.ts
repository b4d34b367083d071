import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { parseAnrtSettings } from '../../../src/rules/anrt/settings';
import { seatOfSide, withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import { anrtSettings, anrtTeaching } from '../../helpers/anrt-game';
import { fireChoices } from '../../../src/rules/anrt/phases/responses';

/**
 * The ANRT turn through the Ruleset contract on the teaching scenario: orders paid in pips and
 * refused with a hint when over budget or out of reach (§VI L266, §X), the responses window only
 * when owed (§X, §VII L424), and the GM's window for a missing QRS cell (DIGEST A-1).
 */
const SEED = '42'.padEnd(64, '0');

/** The game at the French orders window of turn 1, French moving first with `pips` pips in each division. */
function frenchOrders(settings = anrtSettings(), pips = 3): AnrtState {
  let s = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
  for (let i = 0; i < 4 && s.step === 'choose'; i++) s = anrt.resolve(s, new Map([[seatOfSide(s, s.chooser!), [{ kind: 'first', side: 'french' }]]]), seededDice(SEED)).state;
  if (s.step !== 'orders' || s.order[s.period] !== 'french') s = { ...s, order: ['french', 'allies'], period: 0, step: 'orders' };
  // The budgets fixed here, not from the command dice (phases/command.ts has its own tests).
  return { ...s, pips: { 'fr-d1': pips, 'fr-d2': pips, 'fr-cav': pips }, command: undefined };
}

const ok = (s: AnrtState, o: AnrtOrder, pending: AnrtOrder[] = []) => anrt.validate(s, 'french', o, pending);

/** ANRT-F1 off: the non-mover fires at the nearest, and the responses window opens only for charges. */
const NEAREST = anrtSettings({ qrs: 'stand-in', tables: { mode: 'entered' }, fire: { nonMoverChooses: false } });

describe('orders paid in command pips (§VI L266; QRS stand-in pip costs)', () => {
  it('a move within the normal move is accepted with its pips in the preview', () => {
    const r = ok(frenchOrders(), { kind: 'move', unit: 'fr-1-33', to: 'forward 6' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.preview.join(' ')).toMatch(/Pips: 1 \(1 of 3/);
  });

  it('pips over budget: refused privately with the division, what is spent and a hint', () => {
    const s = frenchOrders(undefined, 2);
    const pending: AnrtOrder[] = [{ kind: 'move', unit: 'fr-1-33', to: 'forward 2' }, { kind: 'move', unit: 'fr-2-33', to: 'forward 2' }];
    const r = ok(s, { kind: 'move', unit: 'fr-1-48', to: 'forward 2' }, pending);
    expect(r.ok).toBe(false);
    if (!r.ok) { expect(r.error.code).toBe('order/pips'); expect(r.error.message).toMatch(/has 2, 2 already ordered, this costs 1/); expect(r.error.hint).toMatch(/Withdraw or change/); }
  });

  it('amending an order does not count it twice', () => {
    const s = frenchOrders(undefined, 1);
    expect(ok(s, { kind: 'move', unit: 'fr-1-33', to: 'forward 3' }, [{ kind: 'move', unit: 'fr-1-33', to: 'forward 2' }]).ok).toBe(true);
  });

  it('a move beyond the QRS normal move is refused with the allowance', () => {
    const r = ok(frenchOrders(), { kind: 'move', unit: 'fr-2-33', to: 'forward 9' }); // line: 6" on the stand-in
    expect(r.ok).toBe(false);
    if (!r.ok) { expect(r.error.code).toBe('order/too-far'); expect(r.error.hint).toMatch(/forward 6/); }
  });

  it('a charge out of reach is refused with the distance and the reach', () => {
    const r = ok(frenchOrders(), { kind: 'charge', unit: 'fr-1-33', target: 'al-1-2wp' });
    expect(r.ok).toBe(false);
    if (!r.ok) { expect(r.error.code).toBe('order/out-of-reach'); expect(r.error.message).toMatch(/19" away.*normal move 8"/); expect(r.error.hint).toMatch(/Move closer/); }
  });

  it('the other side cannot order in the mover\'s phase; a routed unit cannot be ordered; one hit left cannot advance (L204)', () => {
    const s = frenchOrders();
    expect(anrt.validate(s, 'allies', { kind: 'move', unit: 'al-1-2wp', to: 'forward 2' }, []).ok).toBe(false);
    const routed = withUnit(s, { ...s.units['fr-1-33']!, routed: true });
    expect(ok(routed, { kind: 'move', unit: 'fr-1-33', to: 'forward 2' }).ok).toBe(false);
    const weak = withUnit(s, { ...s.units['fr-1-33']!, hits: 1 });
    const r = ok(weak, { kind: 'move', unit: 'fr-1-33', to: 'forward 2' });
    expect(!r.ok && r.error.code).toBe('order/one-hit');
    expect(ok(weak, { kind: 'move', unit: 'fr-1-33', to: 'back 2' }).ok).toBe(true);
  });
});

describe('the responses window (§X, §VII L424-430)', () => {
  it('opens when a unit was charged; the charged infantry may stand or form an emergency square against cavalry', () => {
    let s = frenchOrders();
    s = withUnit(s, { ...s.units['fr-11h']!, at: { x: 47, y: 26 }, facing: 0 });
    const charge: AnrtOrder = { kind: 'charge', unit: 'fr-11h', target: 'al-2-2wp' };
    expect(ok(s, charge).ok).toBe(true);
    const after = anrt.resolve(s, new Map([['french', [charge]]]), seededDice(SEED)).state;
    expect(anrt.phase(after).id).toBe('anrt/responses');
    expect(anrt.owing(after)).toEqual(['allies']);
    expect(anrt.validate(after, 'allies', { kind: 'react', unit: 'al-2-2wp', choice: 'square' }, []).ok).toBe(true);
    const bad = anrt.validate(after, 'allies', { kind: 'react', unit: 'al-2-2wp', choice: 'evade' }, []);
    expect(!bad.ok && bad.error.hint).toMatch(/stand, square/);
    expect(anrt.defaultOrders(after, 'allies')).toEqual([{ kind: 'react', unit: 'al-2-2wp', choice: 'stand' }]);
  });

  it('does not open when nothing was charged, no cavalry may opportunity charge and the non-mover does not choose its fire (fire.nonMoverChooses false)', () => {
    const s = frenchOrders(NEAREST);
    const after = anrt.resolve(s, new Map([['french', [{ kind: 'move', unit: 'fr-1-33', to: 'forward 2' }]]]), seededDice(SEED)).state;
    expect(anrt.phase(after).id).not.toBe('anrt/responses');
  });

  it('opens for an opportunity charge: an enemy moved directly in front of cavalry within its normal move; it costs a pip next phase (L325)', () => {
    let s = frenchOrders();
    s = withUnit(s, { ...s.units['al-uh']!, at: { x: 20, y: 28 }, facing: 180 });
    const after = anrt.resolve(s, new Map([['french', [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 6' }]]]), seededDice(SEED)).state;
    expect(anrt.phase(after).id).toBe('anrt/responses');
    expect(anrt.validate(after, 'allies', { kind: 'react', unit: 'al-uh', choice: 'opportunity' }, []).ok).toBe(true);
    const done = anrt.resolve(after, new Map([['allies', [{ kind: 'react', unit: 'al-uh', choice: 'opportunity' }]]]), seededDice(SEED));
    expect(done.events.some((e) => e.kind === 'note' && /al-uh opportunity-charges fr-2-13l/.test(e.text))).toBe(true);
    expect(done.events.some((e) => e.kind === 'engagement' && e.id.includes('al-uh'))).toBe(true);
    // The Allies' phase opens next: the cavalry division's pips carry the −1 (L325).
    expect(done.state.order[done.state.period]).toBe('allies');
    expect((done.state.pipTerms['al-cav'] ?? []).join(' ')).toMatch(/−1 opportunity charges/);
  });
});

describe('fire targets (§IX; ANRT-T6)', () => {
  it('the mover may choose a target in front and in range (no pips); out of range is refused with a hint; the combat fires at it', () => {
    let s = frenchOrders(NEAREST);
    // Two Allied battalions 3" and 4" in front of 1/33e Ligne (musketry long range 4" on the stand-in).
    s = withUnit(s, { ...s.units['al-1-2wp']!, at: { x: 42, y: 17 } });
    s = withUnit(s, { ...s.units['al-2-2wp']!, at: { x: 43, y: 17.8 } });
    const far: AnrtOrder = { kind: 'fire', unit: 'fr-1-33', target: 'al-2-2wp' };
    const r = ok(s, far);
    expect(r.ok).toBe(true);
    const out = ok(s, { kind: 'fire', unit: 'fr-1-33', target: 'al-gren' });
    expect(!out.ok && out.error.code).toBe('order/out-of-range');
    expect(!out.ok && out.error.hint).toMatch(/nearest/);
    const done = anrt.resolve(s, new Map([['french', [far]]]), seededDice(SEED));
    expect(done.events.some((e) => e.kind === 'engagement' && e.id === 'fire:1:fr-1-33' && e.sides[1]!.units[0] === 'al-2-2wp')).toBe(true);
  });
});

describe('the non-mover\'s fire target (§IX; ANRT-F1) and secondary targets (§IX L515, L490; ANRT-F2)', () => {
  /** Two French columns in front of II/2nd West Prussian (line, facing south), both within its 4" musketry. */
  function twoTargets(): AnrtState {
    let s = frenchOrders();
    s = withUnit(s, { ...s.units['al-2-2wp']!, at: { x: 42, y: 20 }, facing: 180 });
    s = withUnit(s, { ...s.units['fr-1-33']!, at: { x: 41, y: 17 }, facing: 0, formation: 'column' });
    s = withUnit(s, { ...s.units['fr-1-48']!, at: { x: 42.8, y: 16.4 }, facing: 0, formation: 'column' });
    return s;
  }

  it('the responses window opens for a real choice of fire targets, though nothing was charged; the choice is fired', () => {
    const s = twoTargets();
    const after = anrt.resolve(s, new Map([['french', []]]), seededDice(SEED)).state;
    expect(anrt.phase(after).id).toBe('anrt/responses');
    expect(anrt.phase(after).label).toMatch(/choose their fire targets/);
    expect(anrt.owing(after)).toEqual(['allies']);
    // Not the nearest (fr-1-33 is 3.2" away, fr-1-48 3.7"): the player's pick is fired at.
    const pick: AnrtOrder = { kind: 'fire', unit: 'al-2-2wp', target: 'fr-1-48' };
    expect(anrt.validate(after, 'allies', pick, []).ok).toBe(true);
    const done = anrt.resolve(after, new Map([['allies', [pick]]]), seededDice(SEED));
    const fire = done.events.find((e) => e.kind === 'engagement' && e.id === 'fire:1:al-2-2wp');
    expect(fire && fire.kind === 'engagement' && fire.sides[1]!.units[0]).toBe('fr-1-48');
  });

  it('a single target in arc and range is no choice (the nearest is fired at); two are; the setting turns the choice off', () => {
    const s = twoTargets();
    expect(fireChoices(s)).toContain('al-2-2wp');
    expect(fireChoices(withUnit(s, { ...s.units['fr-1-48']!, at: { x: 30, y: 10 } }))).not.toContain('al-2-2wp');
    // The Allied batteries have several targets from the start (teaching deployment): the window opens for them.
    expect(fireChoices(frenchOrders())).toEqual(['al-bty-1', 'al-bty-2']);
    expect(fireChoices({ ...s, settings: NEAREST })).toEqual([]);
  });

  it('fire at a column also strikes one other column within 2" of it, at −3 (secondary target)', () => {
    const s = twoTargets();
    const after = anrt.resolve(s, new Map([['french', []]]), seededDice(SEED)).state;
    const done = anrt.resolve(after, new Map([['allies', [{ kind: 'fire', unit: 'al-2-2wp', target: 'fr-1-33' }]]]), seededDice(SEED));
    const second = done.events.find((e) => e.kind === 'engagement' && e.id === 'fire:1:al-2-2wp:fr-1-48');
    expect(second && second.kind === 'engagement' && second.rule).toBe('ANRT §IX L515');
    const note = done.events.find((e) => e.kind === 'note' && /secondary target \(−3\): al-2-2wp → fr-1-48, code \S+ -3/.test(e.text));
    expect(note).toBeDefined();
  });

  it('no secondary target beyond 2" of the original, nor when the original is a line', () => {
    let s = twoTargets();
    s = withUnit(s, { ...s.units['fr-1-48']!, at: { x: 43.1, y: 16.8 } }); // 2.1" from fr-1-33, 3.4" from the firer: in range
    let after = anrt.resolve(s, new Map([['french', []]]), seededDice(SEED)).state;
    let done = anrt.resolve(after, new Map([['allies', [{ kind: 'fire', unit: 'al-2-2wp', target: 'fr-1-33' }]]]), seededDice(SEED));
    expect(done.events.some((e) => e.kind === 'engagement' && e.id === 'fire:1:al-2-2wp')).toBe(true);
    expect(done.events.some((e) => e.kind === 'engagement' && e.rule === 'ANRT §IX L515')).toBe(false);
    s = withUnit(twoTargets(), { ...twoTargets().units['fr-1-33']!, formation: 'line' });
    after = anrt.resolve(s, new Map([['french', []]]), seededDice(SEED)).state;
    done = anrt.resolve(after, new Map([['allies', [{ kind: 'fire', unit: 'al-2-2wp', target: 'fr-1-33' }]]]), seededDice(SEED));
    expect(done.events.some((e) => e.kind === 'engagement' && e.id === 'fire:1:al-2-2wp')).toBe(true);
    expect(done.events.some((e) => e.kind === 'engagement' && e.rule === 'ANRT §IX L515')).toBe(false);
  });
});

describe('volley and countercharge (§X L588; ANRT-F3)', () => {
  /** The hussars charge the Uhlans, 3" in front of them, facing them. */
  function cavalryCharge(): { s: AnrtState; charge: AnrtOrder } {
    let s = frenchOrders();
    s = withUnit(s, { ...s.units['fr-11h']!, at: { x: 47, y: 26 }, facing: 0 });
    s = withUnit(s, { ...s.units['al-uh']!, at: { x: 47, y: 29 }, facing: 180 });
    return { s, charge: { kind: 'charge', unit: 'fr-11h', target: 'al-uh' } };
  }

  it('formed cavalry charged by cavalry may volley and countercharge; a disordered one only countercharges', () => {
    const { s, charge } = cavalryCharge();
    const after = anrt.resolve(s, new Map([['french', [charge]]]), seededDice(SEED)).state;
    expect(anrt.phase(after).id).toBe('anrt/responses');
    expect(anrt.validate(after, 'allies', { kind: 'react', unit: 'al-uh', choice: 'volley' }, []).ok).toBe(true);
    const shaken = withUnit(after, { ...after.units['al-uh']!, disordered: true });
    const r = anrt.validate(shaken, 'allies', { kind: 'react', unit: 'al-uh', choice: 'volley' }, []);
    expect(!r.ok && r.error.code).toBe('order/reaction');
    expect(!r.ok && r.error.hint).toMatch(/countercharge/);
  });

  it('the volley takes the morale test; passed, close musketry by cavalry strikes the chargers before the melee; failed, no volley', () => {
    let volleys = 0;
    for (const seed of ['42', '7', '13', '99']) {
      const { s, charge } = cavalryCharge();
      const dice = seed.padEnd(64, '0');
      const after = anrt.resolve(s, new Map([['french', [charge]]]), seededDice(dice)).state;
      const done = anrt.resolve(after, new Map([['allies', [{ kind: 'react', unit: 'al-uh', choice: 'volley' }]]]), seededDice(dice));
      const test = done.events.find((e) => e.kind === 'roll' && e.purpose === 'morale: volley-and-countercharge' && e.subject === 'al-uh');
      // The chargers test morale first (§I L20): turned back, they never reach the Uhlans, who have nothing to volley at.
      if (done.events.some((e) => e.kind === 'note' && e.text.startsWith('fr-11h does not charge home'))) { expect(test, seed).toBeUndefined(); continue; }
      expect(test, seed).toBeDefined();
      const passed = test?.kind === 'roll' && /^(pass|fight-on) /.test(test.tableRow ?? '');
      const volley = done.events.findIndex((e) => e.kind === 'note' && e.text.startsWith('volley: al-uh → fr-11h'));
      const melee = done.events.findIndex((e) => e.kind === 'engagement' && e.id === 'melee:1:fr-11h:al-uh');
      expect(volley >= 0, `${seed}: ${test?.kind === 'roll' ? test.tableRow : ''}`).toBe(passed);
      if (passed && melee >= 0) expect(volley).toBeLessThan(melee);
      if (passed) volleys++;
    }
    expect(volleys).toBeGreaterThan(0);
  });
});

describe('a missing QRS cell: the GM owes a ruling (DIGEST A-1, tables.mode gm)', () => {
  it('the set-up narrative says how the QRS stands: empty cells will be asked of the GM, or the tables are entered', () => {
    const note = (settings: ReturnType<typeof anrtSettings>) => anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).events.find((e) => e.kind === 'note' && e.rule === 'ANRT A-1');
    expect(note(anrtSettings({}))).toMatchObject({ text: expect.stringMatching(/^The QRS is missing from the text \(DIGEST A-1\): \d+ of its \d+ cells are empty.*\/game ruling key:qrs value:stand-in\.$/) });
    expect(note(anrtSettings())).toMatchObject({ text: expect.stringMatching(/^The QRS tables are entered \(\d+ cells\)/) });
  });

  it('an empty QRS stops the first phase on a GM window (the command box first, L245); each answer resumes it until the pip costs are ruled', () => {
    const settings = anrtSettings({});
    let s = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
    if (s.step === 'choose') s = anrt.resolve(s, new Map(), seededDice(SEED)).state;
    const p = anrt.phase(s);
    expect(p.gm?.id).toBe('anrt/qrs/commandBox.frontInches');
    expect(anrt.owing(s)).toEqual([]);
    expect(anrt.validate(s, 'french', { kind: 'move', unit: 'fr-1-33', to: 'forward 1' }, []).ok).toBe(false);
    const asked: string[] = [];
    for (let i = 0; i < 12 && anrt.phase(s).gm && !asked.includes('anrt/qrs/pips.cost.move'); i++) {
      const q = anrt.phase(s).gm!;
      asked.push(q.id);
      s = anrt.resolve(s, new Map(), seededDice(SEED), { question: q.id, value: '1', by: 'GM' }).state;
      expect(s.rulings[q.id]).toBe('1');
    }
    expect(asked.slice(0, 3)).toEqual(['anrt/qrs/commandBox.frontInches', 'anrt/qrs/commandBox.depthInches', 'anrt/qrs/movement.general']);
    expect(asked).toContain('anrt/qrs/pips.cost.move');
    expect(anrt.phase(s).gm?.id).not.toBe('anrt/qrs/pips.cost.move');
  });

  it('a stale answer (another question id) changes nothing', () => {
    const settings = anrtSettings({});
    let s = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
    if (s.step === 'choose') s = anrt.resolve(s, new Map(), seededDice(SEED)).state;
    expect(anrt.resolve(s, new Map(), scriptedDice([]), { question: 'anrt/other', value: '1', by: 'GM' }).state).toBe(s);
  });
});

describe('the tables (QRS) as entered: /game ruling keys, validated and echoed', () => {
  it('the stand-in loads whole; a cell can be changed; a tables file with a missing row is refused under tables.mode entered with the cell and a hint', () => {
    expect(parseAnrtSettings({ qrs: 'stand-in', tables: { mode: 'entered' } }).ok).toBe(true);
    const partial = parseAnrtSettings({ qrs: { movement: { 'infantry-line': 6 } }, tables: { mode: 'entered' } });
    expect(partial.ok).toBe(false);
    if (!partial.ok) { expect(partial.error.code).toBe('qrs/missing-rows'); expect(partial.error.message).toMatch(/qrs\.movement\.infantry-column/); expect(partial.error.hint).toMatch(/\/game ruling key:qrs/); }
    const bad = parseAnrtSettings({ qrs: { melee: { cavalry: { MASSE: 'Z' } } } });
    expect(!bad.ok && bad.error.message).toMatch(/qrs\.melee\.cavalry\.MASSE/);
  });
});
