import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { seatOfSide, withUnit, type AnrtFormation, type AnrtState } from '../../../src/rules/anrt/state';
import { STAND_IN_QRS } from '../../../src/rules/anrt/tables/stand-in';
import { buildingsOf, coverOf, mayEnterBuildings } from '../../../src/rules/anrt/terrain';
import { anrtSettings, anrtTeaching } from '../../helpers/anrt-game';

/**
 * Terrain (§VII "Terrain Restrictions" L357-363, buildings L306 L361, cover L535) on the teaching
 * scenario's map: the Erlenbusch wood (x 56-66, y 14-22) and the Brandhof farm (x 34-38, y 32-35).
 * Stand-in normal moves: infantry column 8", line 6", skirmish 8"; cavalry column 14", march
 * column 18", skirmish 15"; limbered foot guns 8".
 */
const SEED = '7e'.padEnd(64, '1');
const settings = anrtSettings();

function frenchOrders(): AnrtState {
  let s = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
  for (let i = 0; i < 4 && s.step === 'choose'; i++) s = anrt.resolve(s, new Map([[seatOfSide(s, s.chooser!), [{ kind: 'first', side: 'french' }]]]), seededDice(SEED)).state;
  if (s.step !== 'orders' || s.order[s.period] !== 'french') s = { ...s, order: ['french', 'allies'], period: 0, step: 'orders' };
  return { ...s, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
}
const base = frenchOrders();
const put = (s: AnrtState, id: string, x: number, y: number, formation?: AnrtFormation, facing = 0): AnrtState => withUnit(s, { ...s.units[id]!, at: { x, y }, facing, ...(formation ? { formation } : {}) });
const check = (s: AnrtState, o: AnrtOrder) => anrt.validate(s, 'french', o, []);
const fwd = (unit: string, n: number): AnrtOrder => ({ kind: 'move', unit, to: `forward ${n}` });

describe('woods (L359)', () => {
  it('formed infantry moves at half in the wood: each inch in it counts two', () => {
    const s = put(base, 'fr-1-33', 60, 10, 'column'); // 4" to the wood's edge
    const far = check(s, fwd('fr-1-33', 8)); // 4 + 4×2 = 12 > 8
    expect(far.ok).toBe(false);
    if (!far.ok) { expect(far.error.code).toBe('order/too-far'); expect(far.error.message).toContain('counts double, L359'); }
    const near = check(s, fwd('fr-1-33', 6)); // 4 + 2×2 = 8
    expect(near.ok).toBe(true);
    if (near.ok) expect(near.value.preview.join(' ')).toContain('moves 8" of 8" (2" in woods counts double, L359)');
  });

  it('skirmishing infantry moves as normal in woods; skirmishing cavalry at half', () => {
    expect(check(put(base, 'fr-1-33', 60, 10, 'skirmish'), fwd('fr-1-33', 8)).ok).toBe(true);
    expect(check(put(base, 'fr-11h', 60, 10, 'skirmish'), fwd('fr-11h', 12)).ok).toBe(false); // 4 + 8×2 = 20 > 15
    expect(check(put(base, 'fr-11h', 60, 10, 'skirmish'), fwd('fr-11h', 9)).ok).toBe(true); // 4 + 5×2 = 14
  });

  it('formed cavalry and guns enter only in march column (a battery limbered, ANRT-T9), and then at full speed', () => {
    const col = check(put(base, 'fr-11h', 60, 10, 'column'), fwd('fr-11h', 8));
    expect(col.ok).toBe(false);
    if (!col.ok) { expect(col.error.code).toBe('order/terrain-woods'); expect(col.error.message).toContain('L359'); expect(col.error.hint).toContain('march column'); }
    expect(check(put(base, 'fr-11h', 60, 10, 'march-column'), fwd('fr-11h', 16)).ok).toBe(true);
    const gun = check(put(base, 'fr-bty-2', 60, 13, 'unlimbered'), fwd('fr-bty-2', 2));
    expect(gun.ok).toBe(false);
    if (!gun.ok) expect(gun.error.code).toBe('order/terrain-woods');
    expect(check(put(base, 'fr-bty-2', 60, 10, 'limbered'), fwd('fr-bty-2', 8)).ok).toBe(true);
  });

  it('a move that stays out of the wood is not affected', () => {
    // Beside the 1/48e Ligne at (51, 14), not through it (friends are passed only as L381-395 allow, ANRT-W10).
    expect(check(put(base, 'fr-1-33', 53, 10, 'column'), fwd('fr-1-33', 8)).ok).toBe(true);
  });
});

describe('buildings and towns (L306, L361, L363)', () => {
  it('infantry next to the buildings deploys into them: the QRS enter-buildings price, and it ends disordered', () => {
    const s = put(base, 'fr-1-33', 36, 30.5, 'column'); // its base 0.5" from the Brandhof
    expect(mayEnterBuildings(s, [s.units['fr-1-33']!])).toBe(true);
    const r = check(s, fwd('fr-1-33', 3));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.preview.join(' ')).toContain('deploys into the buildings of Brandhof: its whole move, and it ends disordered (L361)');
      expect(r.value.preview.join(' ')).toContain(`Pips: ${STAND_IN_QRS.pips!.cost!['enter-buildings']}`);
    }
    const after = anrt.resolve(s, new Map([['french', [fwd('fr-1-33', 3)]]]), seededDice(SEED));
    const moved = after.events.find((e) => e.kind === 'move' && e.unit === 'fr-1-33' && e.rule === 'ANRT §VII');
    expect(moved && moved.kind === 'move' ? buildingsOf(after.state, { arm: 'infantry', at: moved.to })?.id : null).toBe('brandhof');
    expect(after.events.some((e) => e.kind === 'status' && e.rule === 'ANRT L361' && e.unit === 'fr-1-33' && e.on)).toBe(true);
    // A plain move is priced and ends as before: no disorder.
    const plain = anrt.resolve(put(base, 'fr-1-33', 20, 20, 'column'), new Map([['french', [fwd('fr-1-33', 3)]]]), seededDice(SEED));
    expect(plain.events.some((e) => e.kind === 'status' && e.rule === 'ANRT L361')).toBe(false);
  });

  it('it must start next to them: deploying into buildings takes a whole move', () => {
    const s = put(base, 'fr-1-33', 36, 28, 'column'); // base 3" away
    expect(mayEnterBuildings(s, [s.units['fr-1-33']!])).toBe(false);
    const r = check(s, fwd('fr-1-33', 5));
    expect(r.ok).toBe(false);
    if (!r.ok) { expect(r.error.code).toBe('order/terrain-buildings'); expect(r.error.hint).toContain('within 1"'); }
  });

  it('passing through a town: infantry and cavalry only in skirmish, column or march column, guns only limbered', () => {
    const line = check(put(base, 'fr-2-33', 36, 31, 'line'), fwd('fr-2-33', 5)); // through y 32-35 to 36
    expect(line.ok).toBe(false);
    if (!line.ok) { expect(line.error.code).toBe('order/terrain-town'); expect(line.error.message).toContain('L363'); }
    expect(check(put(base, 'fr-11h', 36, 28, 'line'), fwd('fr-11h', 10)).ok).toBe(false);
    expect(check(put(base, 'fr-11h', 36, 28, 'column'), fwd('fr-11h', 10)).ok).toBe(true);
    expect(check(put(base, 'fr-bty-2', 36, 28, 'limbered'), fwd('fr-bty-2', 8)).ok).toBe(true);
  });
});

describe('cover (L535) and buildings in fire', () => {
  it('woods give soft cover, buildings are buildings (infantry in them), open ground none', () => {
    expect(coverOf(base, { arm: 'infantry', at: { x: 60, y: 18 } })).toBe('soft');
    expect(coverOf(base, { arm: 'infantry', at: { x: 36, y: 33 } })).toBe('buildings');
    expect(coverOf(base, { arm: 'cavalry', at: { x: 36, y: 33 } })).toBeNull();
    expect(coverOf(base, { arm: 'infantry', at: { x: 10, y: 10 } })).toBeNull();
  });

  /** The French battalion fires at an Allied one 3" ahead; the narrative's strike note shows the code and the adjustment. */
  function fireAt(x: number, y: number): string {
    let s = put(base, 'fr-1-33', x, y - 3, 'line', 0);
    s = put(s, 'al-1-7r', x, y, 'line', 180);
    s = withUnit(s, { ...s.units['al-1-7r']!, disordered: false });
    const r = anrt.resolve(s, new Map([['french', [{ kind: 'fire', unit: 'fr-1-33', target: 'al-1-7r' }]]]), seededDice(SEED));
    const all = [...r.events];
    let st = r.state;
    // A responses window may open (a cavalry opportunity): the Allies answer nothing.
    for (let i = 0; i < 3 && st.step === 'responses'; i++) { const n = anrt.resolve(st, new Map(), seededDice(SEED)); all.push(...n.events); st = n.state; }
    return all.flatMap((e) => (e.kind === 'note' && e.text.startsWith('musketry') && e.text.includes('fr-1-33 → al-1-7r') ? [e.text] : [])).join('\n');
  }

  it('a target in the wood is fired at with the QRS soft-cover adjustment', () => {
    const soft = STAND_IN_QRS.fireAdjust!['target-in-soft-cover']!;
    expect(fireAt(61, 5)).toMatch(/code \S+ →/); // open ground: no adjustment
    expect(fireAt(61, 18)).toContain(` ${soft} →`);
  });

  it('a battalion in buildings is fired at on the QRS "buildings" row', () => {
    const code = String(STAND_IN_QRS.musketry!.results!.long!.line!.buildings);
    expect(fireAt(36, 33.5)).toContain(`code ${code}`);
  });
});
