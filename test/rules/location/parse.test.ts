import { describe, expect, it } from 'vitest';
import { foldId, parseLocation } from '../../../src/rules/location/parse';
import { foldText } from '../../../src/rules/location/names';
import type { LocationContext, LocationError, LocationSpec } from '../../../src/rules/location/types';
import { ctx } from './context';

function spec(text: string, c: LocationContext = ctx): LocationSpec {
  const r = parseLocation(text, c);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${r.error.code} ${r.error.message}`);
  return r.value;
}
function error(text: string, c: LocationContext = ctx): LocationError {
  const r = parseLocation(text, c);
  if (r.ok) throw new Error(`expected ${JSON.stringify(text)} to fail, got ${JSON.stringify(r.value)}`);
  return r.error;
}

describe('grid references', () => {
  it.each(['F7', 'f7', '  F7 ', 'Ｆ７'])('%j is cell F7', (text) => {
    expect(spec(text)).toEqual({ kind: 'place', target: { kind: 'grid', column: 6, row: 7, ref: 'F7' } });
  });
  it.each([
    ['F7 NE', 9], ['F7 north-east', 9], ['F7 northeast', 9], ['F7 North East', 9], ['F7.9', 9], ['F7 . 9', 9],
    ['F7 SW', 1], ['F7 s', 2], ['F7 west', 4], ['F7 centre', 5], ['F7 center', 5], ['F7.7', 7],
  ])('%j narrows to keypad ninth %d', (text, sub) => {
    expect(spec(text)).toMatchObject({ kind: 'place', target: { kind: 'grid', column: 6, row: 7, sub } });
  });
  it('a cell beyond the grid is off the table, and the hint gives the grid’s extent', () => {
    const e = error('Z9');
    expect(e.code).toBe('location/off-table');
    expect(e.hint).toContain('A1 (north-west) to H7 (south-east)');
  });
});

describe('landmarks (case, accents, hyphens and punctuation ignored)', () => {
  it.each(['Ligny', 'ligny', 'LIGNY', 'Lig', 'li'])('%j is Ligny', (text) => {
    expect(spec(text)).toEqual({ kind: 'place', target: { kind: 'landmark', name: 'Ligny', at: { x: 40, y: 50 } } });
  });
  it.each(['Saint-Amand', 'saint amand', 'St Amand', 'St. Amand', 'SAINT–AMAND', 'saintamand'])('%j is Saint-Amand, not the longer name it prefixes', (text) => {
    expect(spec(text)).toMatchObject({ target: { kind: 'landmark', name: 'Saint-Amand' } });
  });
  it.each(['Saint-Amand-la-Haye', 'st amand la haye', 'saint amand l'])('%j is Saint-Amand-la-Haye', (text) => {
    expect(spec(text)).toMatchObject({ target: { name: 'Saint-Amand-la-Haye' } });
  });
  it('accents are ignored both ways', () => {
    expect(spec('wagnelee')).toMatchObject({ target: { name: 'Wagnelée' } });
    expect(spec('WAGNELÉE')).toMatchObject({ target: { name: 'Wagnelée' } });
  });
  it('a unique prefix of a later word counts when nothing starts with the text', () => {
    expect(spec('haye')).toMatchObject({ target: { name: 'Saint-Amand-la-Haye' } });
    expect(error('amand').candidates).toEqual(['Saint-Amand', 'Saint-Amand-la-Haye']);
  });
  it('aliases count', () => {
    expect(spec('Sombref')).toMatchObject({ target: { name: 'Sombreffe' } });
  });
  it('an ambiguous prefix lists the candidates', () => {
    const e = error('Saint');
    expect(e.code).toBe('location/ambiguous');
    expect(e.candidates).toEqual(['Saint-Amand', 'Saint-Amand-la-Haye']);
    expect(e.message).toContain('Saint-Amand, Saint-Amand-la-Haye');
  });
  it('a near miss suggests the closest names', () => {
    const e = error('Lingy');
    expect(e.code).toBe('location/unknown-landmark');
    expect(e.suggestions).toEqual(['Ligny']);
    expect(e.hint).toMatch(/^Did you mean Ligny\?/);
    expect(error('Fluerus').suggestions).toEqual(['Fleurus']);
  });
  it('an unknown name with nothing close suggests nothing but still lists what is accepted', () => {
    const e = error('Waterloo');
    expect(e.code).toBe('location/unknown-landmark');
    expect(e.suggestions).toEqual([]);
    expect(e.hint).toBe(
      'Try D4, D4 NE, D4.9, a landmark such as Brye or Fleurus, 48,42, forward 1mi, back 2", left 3", toward Brye 1mi, wheel left 45, wheel left 45 then forward 4", or contact <enemy>.',
    );
    expect(e.accepted).toContain('contact <enemy>');
  });
});

describe('coordinates in inches', () => {
  it.each(['(12.5, 30)', '12.5,30', '12.5 , 30', 'x12.5 y30', 'x 12.5 y 30', 'X=12.5, Y=30', '( 12.5,30 )'])('%j is (12.5, 30)', (text) => {
    expect(spec(text)).toEqual({ kind: 'place', target: { kind: 'coords', x: 12.5, y: 30 } });
  });
  it('numbers that are not coordinates are a syntax error', () => {
    expect(error('12 30').code).toBe('location/syntax');
    expect(error('12,,30').code).toBe('location/syntax');
  });
});

describe('relative moves', () => {
  it.each([
    ['forward 1.5mi', 'forward', 9],
    ['forward 1.5 miles', 'forward', 9],
    ['forward 9"', 'forward', 9],
    ['forward 9”', 'forward', 9],
    ["forward 9''", 'forward', 9],
    ['forward 9in', 'forward', 9],
    ['Forward  9 inches', 'forward', 9],
    ['advance 1 mile', 'forward', 6],
    ['back 2"', 'back', 2],
    ['backwards 2in', 'back', 2],
    ['left 3"', 'left', 3],
    ['right 0.5mi', 'right', 3],
    ['sidestep right 2in', 'right', 2],
    ['forward 880yd', 'forward', 3],
  ])('%j is %s %d"', (text, kind, inches) => {
    const s = spec(text);
    expect(s.kind).toBe('move');
    if (s.kind !== 'move') return;
    expect(s.steps).toHaveLength(1);
    expect(s.steps[0]).toMatchObject({ kind });
    const step = s.steps[0];
    if (step && 'distance' in step) expect(step.distance?.inches).toBeCloseTo(inches, 12);
  });
  it('yards use the scenario’s yards per inch (NW: 100 yd to the inch); miles are derived from it', () => {
    const nw: LocationContext = { ...ctx, scale: { yardsPerInch: 100 } };
    expect(spec('forward 300yd', nw)).toMatchObject({ steps: [{ distance: { inches: 3 } }] });
    expect(spec('forward 1mi', nw)).toMatchObject({ steps: [{ distance: { inches: 17.6 } }] });
  });
  it('toward a landmark, a cell or coordinates, with or without a distance', () => {
    expect(spec('toward Ligny 1mi')).toEqual({
      kind: 'move', steps: [{ kind: 'toward', target: { kind: 'landmark', name: 'Ligny', at: { x: 40, y: 50 } }, distance: { inches: 6, text: '1mi' } }],
    });
    expect(spec('towards F7 6"')).toMatchObject({ steps: [{ kind: 'toward', target: { kind: 'grid', ref: 'F7' }, distance: { inches: 6 } }] });
    expect(spec('toward saint amand 1.5 mi')).toMatchObject({ steps: [{ target: { name: 'Saint-Amand' }, distance: { inches: 9 } }] });
    expect(spec('toward 12, 30')).toMatchObject({ steps: [{ kind: 'toward', target: { kind: 'coords', x: 12, y: 30 } }] });
    const all = spec('toward Ligny');
    expect(all).toMatchObject({ steps: [{ kind: 'toward', target: { name: 'Ligny' } }] });
    expect(all.kind === 'move' && all.steps[0] && 'distance' in all.steps[0] ? all.steps[0].distance : undefined).toBeUndefined();
  });
  it.each([
    ['wheel left 45', 'left', 45], ['wheel right 90', 'right', 90], ['wheel right 90°', 'right', 90], ['Wheel Left 22.5 degrees', 'left', 22.5],
  ])('%j wheels %s %d°', (text, direction, degrees) => {
    expect(spec(text)).toEqual({ kind: 'move', steps: [{ kind: 'wheel', direction, degrees }] });
  });
  it.each(['wheel left 45 then forward 4"', 'wheel left 45 ; forward 4"', 'WHEEL LEFT 45 THEN FORWARD 4 IN'])('%j is a chain of two steps', (text) => {
    expect(spec(text)).toMatchObject({ kind: 'move', steps: [{ kind: 'wheel', degrees: 45 }, { kind: 'forward', distance: { inches: 4 } }] });
  });
});

describe('contact', () => {
  it.each(['contact pr-2', 'contact II Corps', 'Contact ii corps (pirch)', 'contact rod', 'contact Röder', 'contact pirch'])('%j finds an enemy stand', (text) => {
    expect(spec(text)).toMatchObject({ kind: 'contact' });
  });
  it('by id', () => {
    expect(spec('contact PR-1')).toEqual({ kind: 'contact', enemy: { id: 'pr-1', name: 'I Corps (Zieten)' } });
  });
  // foldId skips foldText for ids it would leave alone: the same answer for every kind of id.
  it.each(['pr-1', '2b/1/ii', 'fr_ney.3', 'bty:12#a+b', '', 'PR-1', 'Röder', 'fr 1', ' pr-1', 'a\u0301', 'x\'\'y', 'ney’s', 'Ｆ７'])('foldId(%j) is foldText of it', (id) => {
    expect(foldId(id)).toBe(foldText(id));
  });
  it('by an id with capitals, accents or spaces (folded as the text is)', () => {
    const enemies = [{ id: 'FR-Ney', name: 'Ney' }, { id: 'Röder 2', name: 'Cavalry' }];
    expect(spec('contact fr-ney', { ...ctx, enemies })).toEqual({ kind: 'contact', enemy: enemies[0] });
    expect(spec('contact RODER 2', { ...ctx, enemies })).toEqual({ kind: 'contact', enemy: enemies[1] });
  });
  it('ambiguous, unknown and missing names', () => {
    expect(error('contact i').code).toBe('location/ambiguous');
    const e = error('contact Reserve Cavlry');
    expect(e.code).toBe('location/unknown-enemy');
    expect(e.suggestions).toEqual(['Reserve Cavalry']);
    expect(error('contact').code).toBe('location/syntax');
  });
});

describe('errors list what would have been accepted', () => {
  it.each([
    ['', 'location/empty'],
    ['   ', 'location/empty'],
    ['forward', 'location/syntax'],
    ['forward 9', 'location/unit'],
    ['forward -3in', 'location/syntax'],
    ['forward 0in', 'location/syntax'],
    ['forward 9 furlongs', 'location/syntax'],
    ['wheel left', 'location/syntax'],
    ['wheel left 200', 'location/syntax'],
    ['wheel up 45', 'location/syntax'],
    ['toward', 'location/syntax'],
    ['toward Lingy 1mi', 'location/unknown-landmark'],
    ['toward Ligny 1 furlong', 'location/unknown-landmark'],
    ['forward 2in then', 'location/syntax'],
    ['F7 then forward 2in', 'location/syntax'],
    ['@@@', 'location/syntax'],
    ['x'.repeat(201), 'location/too-long'],
    [Array(9).fill('forward 1in').join(' then '), 'location/too-many-steps'],
  ])('%j → %s', (text, code) => {
    const e = error(text);
    expect(e.code).toBe(code);
    expect(e.accepted.length).toBeGreaterThan(0);
    expect(e.hint).toContain('Try ');
  });
  it('a bare number is read in the scenario’s default unit when it has one', () => {
    expect(spec('forward 9', { ...ctx, scale: { inchesPerMile: 6, defaultUnit: 'mi' } })).toMatchObject({ steps: [{ distance: { inches: 54 } }] });
  });
  it('miles without any scale are refused with a reason', () => {
    expect(error('forward 1mi', { ...ctx, scale: {} }).code).toBe('location/unit');
    expect(spec('forward 1in', { ...ctx, scale: {} })).toMatchObject({ steps: [{ distance: { inches: 1 } }] });
  });
  it('a landmark that starts with a move word is still found', () => {
    const c: LocationContext = { ...ctx, landmarks: [...ctx.landmarks, { name: 'Advance Post', at: { x: 1, y: 1 } }] };
    expect(spec('advance post', c)).toMatchObject({ kind: 'place', target: { name: 'Advance Post' } });
  });
});
