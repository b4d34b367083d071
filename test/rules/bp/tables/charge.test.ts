import { describe, expect, it } from 'vitest';
import { chargeLegality, type ChargeContext, type UnitKind } from '../../../../src/rules/bp/tables';

const lineInf: UnitKind = { arm: 'infantry', formation: 'line' };
const skirmInf: UnitKind = { arm: 'infantry', formation: 'skirmish' };
const cav: UnitKind = { arm: 'cavalry', formation: 'line' };
const code = (a: UnitKind, t: UnitKind, ctx?: ChargeContext) => {
  const r = chargeLegality(a, t, ctx);
  return r.ok ? 'ok' : r.error.code;
};

describe('charge legality (P0, B&P L57-121, L161-163)', () => {
  it('formed infantry charges infantry and artillery; cavalry charges anything', () => {
    expect(code(lineInf, { arm: 'infantry', formation: 'column' })).toBe('ok');
    expect(code(lineInf, { arm: 'artillery', formation: 'line' })).toBe('ok');
    expect(code(cav, { arm: 'infantry', formation: 'square' })).toBe('ok');
    expect(code(cav, cav)).toBe('ok');
  });
  it('L119: infantry cannot charge cavalry', () => expect(code(lineInf, cav)).toBe('charge/infantry-vs-cavalry'));
  it('L69: skirmishing cavalry may not charge', () => expect(code({ arm: 'cavalry', formation: 'skirmish' }, lineInf)).toBe('charge/skirmish-cavalry'));
  it('L61, L121: skirmishers charge only on skirmish-only ground', () => {
    expect(code(skirmInf, lineInf)).toBe('charge/skirmishers');
    expect(code(skirmInf, skirmInf)).toBe('charge/skirmishers');
    expect(code(skirmInf, lineInf, { terrainOnlySkirmish: true })).toBe('ok');
  });
  it('L32: artillery does not charge', () => expect(code({ arm: 'artillery', formation: 'line' }, lineInf)).toBe('charge/artillery'));
  it('L57 screen, L113 breach, L115 one melee per move, L163 winner immune', () => {
    expect(code(cav, lineInf, { throughSkirmishScreen: true })).toBe('charge/through-screen');
    expect(code(cav, lineInf, { throughNarrowBreach: true })).toBe('charge/through-breach');
    expect(code(cav, lineInf, { chargerMeleedThisMove: true })).toBe('charge/already-fought');
    expect(code(cav, lineInf, { targetWonMeleeThisMove: true })).toBe('charge/winner-immune');
  });
  it('a refusal carries the rule line and a fix', () => {
    const r = chargeLegality(lineInf, cav);
    expect(!r.ok && r.error).toEqual({ code: 'charge/infantry-vs-cavalry', message: 'B&P L119: infantry cannot charge cavalry', hint: 'Fire at the cavalry instead, or charge with cavalry.' });
  });
});
