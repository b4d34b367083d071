import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatArtilleryLabel, formatCinCLabel, formatCommanderLabel, formatGeneralLabel, formatUnitLabel, generalMayAttach,
  gunWeightForPounds, isNapoleonName, LABEL_EXAMPLES, MAX_CORPS, MAX_GUN_POUNDS,
  parseArtilleryLabel, parseCinCLabel, parseCommanderLabel, parseGeneralLabel, parseUnitLabel, unitLabelArm, unitLabelChartMismatch,
  type ArtilleryLabel, type CinCLabel, type CommanderLabel, type GeneralLabel, type UnitLabel,
} from '../../../src/rules/nw/labels';
import {
  ARTILLERY_KINDS, CAVALRY_WEIGHTS, FATIGUE_LEVEL_CHART, GUN_WEIGHTS, QUALITIES, SKILLS, type FatigueLevels,
} from '../../../src/rules/nw/tables';
import type { Result } from '../../../src/lib/result';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.value;
};
const code = <T>(r: Result<T>): string => (r.ok ? 'ok' : r.error.code);

const unit = (over: Partial<UnitLabel>): UnitLabel => ({
  brigade: 1, division: 1, corps: 4, cavalryCorps: false, weight: null, sk: 0, mixed: false, levels: null, quality: null, ...over,
});
const lv = (fresh: number, worn: number | null, spent: number | null): FatigueLevels => ({ fresh, worn, spent });

describe('unit labels: every example in NW §2.0-3.0', () => {
  // [line, label as printed, fields, canonical print]
  it.each<[string, string, UnitLabel, string]>([
    ['L33', '1B/1/IV', unit({}), '1B/1/IV'],
    ['L34', '2B/1/IC Medium', unit({ brigade: 2, corps: 1, cavalryCorps: true, weight: 'medium' }), '2B/1/IC Medium'],
    ['L35', '1B/1/IV SK2', unit({ sk: 2 }), '1B/1/IV SK2'],
    ['L36', '1B/1/IV SK1 (MX)', unit({ sk: 1, mixed: true }), '1B/1/IV SK1 (MX)'],
    ['L37', '1B/1/IV SK1 7/5/3 Vet', unit({ sk: 1, levels: lv(7, 5, 3), quality: 'veteran' }), '1B/1/IV SK1 7/5/3 Vet'],
    ['L45', '1B/1/IV SK2 7/4/2 LN', unit({ sk: 2, levels: lv(7, 4, 2), quality: 'line' }), '1B/1/IV SK2 7/4/2 LN'],
    ['L47', '1B/1/I SK1 7/5/3 Vet.', unit({ corps: 1, sk: 1, levels: lv(7, 5, 3), quality: 'veteran' }), '1B/1/I SK1 7/5/3 Vet'],
    ['L47', '2B/1/I SK2 8/6/4 LN.', unit({ brigade: 2, corps: 1, sk: 2, levels: lv(8, 6, 4), quality: 'line' }), '2B/1/I SK2 8/6/4 LN'],
  ])('%s %s', (_line, label, fields, canonical) => {
    const u = value(parseUnitLabel(label));
    expect(u).toEqual(fields);
    expect(formatUnitLabel(u)).toBe(canonical);
  });

  it('L34: a weight means cavalry, none means infantry', () => {
    expect(unitLabelArm(value(parseUnitLabel('2B/1/IC Medium')))).toBe('cavalry');
    expect(unitLabelArm(value(parseUnitLabel(LABEL_EXAMPLES.unit)))).toBe('infantry');
  });
});

describe('unit labels: tolerated input → canonical print', () => {
  it.each([
    ['  1b / 1 / iv   sk 1   7 / 5 / 3   vet ', '1B/1/IV SK1 7/5/3 Vet'], // spacing, case
    ['1B/1/IV SK0 7/5/3 Line', '1B/1/IV 7/5/3 LN'], // SK0 is not printed (L35); full quality word
    ['3B/2/XIIC heavy SK1 ( mx ) 6/3/– Guard', '3B/2/XIIC Heavy SK1 (MX) 6/3/- Guard'], // en dash for "-" (chart L513, N-12)
    ['1B/1/IV MX 2/-/1 Militia.', '1B/1/IV (MX) 2/-/1 Militia'], // bare MX; chart L509
    ['1B/1/XXXIX Light SK2 12/9/6 conscript', '1B/1/XXXIX Light SK2 12/9/6 Conscript'], // highest corps
    ['1B/1/IV\u00a0SK1', '1B/1/IV SK1'], // non-breaking space
  ])('%j → %s', (input, canonical) => expect(formatUnitLabel(value(parseUnitLabel(input)))).toBe(canonical));
});

describe('unit labels: bad input', () => {
  it.each([
    ['', 'nw/label-syntax'],
    ['SK1 1B/1/IV', 'nw/label-syntax'], // id must come first (L33)
    ['1/1/IV SK1', 'nw/label-syntax'], // no "B"
    ['1B/1/IIII', 'nw/label-syntax'], // not a canonical numeral
    ['1B/1/4 SK1', 'nw/label-syntax'], // corps in Arabic numerals
    ['1B/1/IV SK1 7/5/3 Vet Extra', 'nw/label-syntax'],
    ['1B/1/IV Dragoons', 'nw/label-syntax'], // not a weight
    ['1B/1/IV SK1 7/5 Vet', 'nw/label-syntax'], // only two levels
    ['1B/1/IV SK3', 'nw/label-range'], // §7.1: 0-2
    ['0B/1/IV', 'nw/label-range'],
    ['1B/0/IV', 'nw/label-range'],
    ['1B/1/IV 13/8/5 LN', 'nw/label-range'], // Ch.II §2.2: at most 12
    ['1B/1/IV 1/-/- LN', 'nw/label-range'], // at least 2
    ['1B/1/IV 7/5/5 LN', 'nw/label-range'], // must fall
    ['1B/1/IV 7/3/5 LN', 'nw/label-range'],
    ['1B/1/IV 7/-/- LN', 'nw/label-range'], // no worn and no spent
    ['1B/1/IV 3/2/0 LN', 'nw/label-range'], // spent ≥ 1
    ['1B/1/IV Vet SK1', 'nw/label-order'], // quality before SK (L33 "in this specific order")
    ['1B/1/IV SK1 Medium', 'nw/label-order'],
    ['1B/1/IV 7/5/3 (MX)', 'nw/label-order'],
    ['1B/1/IV SK1 SK2', 'nw/label-order'],
    ['1B/1/IV 7/5/3 Vet LN', 'nw/label-order'],
  ])('%j → %s', (input, expected) => expect(code(parseUnitLabel(input))).toBe(expected));

  it('quotes the bad label and shows an example', () => {
    const r = parseUnitLabel('1B/1/IV SK9');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('"1B/1/IV SK9"');
    expect(r.error.hint).toContain(LABEL_EXAMPLES.unit);
  });
});

describe('HR N-15: label levels against the Fatigue Level Chart', () => {
  it('L37 7/5/3 Vet agrees with the chart (L514)', () => expect(unitLabelChartMismatch(value(parseUnitLabel('1B/1/IV SK1 7/5/3 Vet')))).toBeNull());
  it.each(['1B/1/IV SK2 7/4/2 LN', '2B/1/I SK2 8/6/4 LN.'])('%s (L45/L47) differs → warning', (label) => {
    expect(unitLabelChartMismatch(value(parseUnitLabel(label)))?.code).toBe('nw/label-chart');
  });
  it('no levels or no quality → nothing to check', () => expect(unitLabelChartMismatch(value(parseUnitLabel('1B/1/IV SK2')))).toBeNull());
});

describe('commander labels (NW §2.0 L40; Ch.II §3.1-3.2)', () => {
  it('L40 Ney (V), III Corp, G,14"', () => {
    const c = value(parseCommanderLabel(LABEL_EXAMPLES.commander));
    expect(c).toEqual<CommanderLabel>({ name: 'Ney', valorous: true, command: 'III Corp', skill: 'good', rangeInches: 14 });
    expect(formatCommanderLabel(c)).toBe('Ney (V), III Corp, G,14"');
  });

  it.each([
    ['Ney (V), III Corp, G,14″', 'Ney (V), III Corp, G,14"'], // double prime
    ['Ney (V), III Corp, G,14”', 'Ney (V), III Corp, G,14"'], // curly quote
    ["  Ney(v) ,  III   Corp ,g , 14''  ", 'Ney (V), III Corp, G,14"'], // spacing, case, two primes
    ['Victor, VII Corp, Good, 12 in', 'Victor, VII Corp, G,12"'], // Ch.II §3.1 L557 example; word skill
    ['St. Priest, VIII Corps, A, 6.5"', 'St. Priest, VIII Corps, A,6.5"'], // NT-3 half inch
    ['Hill, 2nd Division, e, 6½”', 'Hill, 2nd Division, E,6.5"'],
    ['Davout, I Corp, E, 20', 'Davout, I Corp, E,20"'], // no inch mark
    ['Poniatowski, V Corp, P, 8"', 'Poniatowski, V Corp, P,8"'],
  ])('%j → %s', (input, canonical) => expect(formatCommanderLabel(value(parseCommanderLabel(input)))).toBe(canonical));

  it.each([
    ['', 'nw/label-syntax'],
    ['Ney (V), III Corp, G', 'nw/label-syntax'], // three fields
    ['Ney, (V), III Corp, G, 14"', 'nw/label-syntax'], // five fields
    [', III Corp, G, 14"', 'nw/label-syntax'], // no name
    ['(V), III Corp, G, 14"', 'nw/label-syntax'],
    ['Ney, , G, 14"', 'nw/label-syntax'], // no command
    ['Ney, III Corp, X, 14"', 'nw/label-syntax'], // not E/G/A/P
    ['Ney, III Corp, G, 14cm', 'nw/label-syntax'],
    ['Ney, III Corp, G, 14.25"', 'nw/label-syntax'], // only half inches
    ['Ney, III Corp, G, 0"', 'nw/label-range'],
    ['(V) Ney, III Corp, G, 14"', 'nw/label-order'],
    ['Ney (V) (V), III Corp, G, 14"', 'nw/label-order'],
    ['Ney, III Corp (V), G, 14"', 'nw/label-order'],
  ])('%j → %s', (input, expected) => expect(code(parseCommanderLabel(input))).toBe(expected));

  it('quotes the bad label and shows an example', () => {
    const r = parseCommanderLabel('Ney, III Corp, Q, 14"');
    expect(r.ok ? null : r.error).toMatchObject({ message: expect.stringContaining('"Ney, III Corp, Q, 14\\""'), hint: expect.stringContaining(LABEL_EXAMPLES.commander) });
  });
});

describe('CinC labels (NW §2.0 L41; presence Ch.II §3.1 L549)', () => {
  it('L41 Napoleon,E,+4', () => {
    const c = value(parseCinCLabel(LABEL_EXAMPLES.cinc));
    expect(c).toEqual<CinCLabel>({ name: 'Napoleon', skill: 'excellent', isNapoleon: true, presence: 4 });
    expect(formatCinCLabel(c)).toBe('Napoleon,E,+4');
  });

  it.each([
    ['Napoleon, A, +2', 'Napoleon,A,+2'], // Ch.II §3.0 L535: Borodino Napoleon "Average"
    ['Napoléon Bonaparte ,p, +1', 'Napoléon Bonaparte,P,+1'], // Waterloo "Poor" + 1
    ['Wellington, E, +3', 'Wellington,E,+3'],
    ['Massena,G,+2', 'Massena,G,+2'], // Ch.II §3.3 L577 "Good" army commander
    ['Kutusov, A, 1', 'Kutusov,A,+1'],
    ['Mack, P, 0', 'Mack,P,+0'],
    ['Blücher, Good', 'Blücher,G,+2'], // NT-17: bonus left off, derived
  ])('%j → %s', (input, canonical) => expect(formatCinCLabel(value(parseCinCLabel(input)))).toBe(canonical));

  it.each([
    ['Napoleon,E,+3', 'nw/label-presence'], // forgot Napoleon's +1
    ['Wellington,E,+4', 'nw/label-presence'], // only Napoleon gets +1
    ['Mack,P,-1', 'nw/label-presence'],
    ['Kutusov,A,+2', 'nw/label-presence'],
    ['Napoleon,E,four', 'nw/label-syntax'],
    ['Napoleon', 'nw/label-syntax'],
    ['Napoleon,E,+4,extra', 'nw/label-syntax'],
    ['Napoleon,X,+4', 'nw/label-syntax'],
    ['Ney (V),G,+2', 'nw/label-syntax'], // V is for commanders
    [',E,+3', 'nw/label-syntax'],
  ])('%j → %s', (input, expected) => expect(code(parseCinCLabel(input))).toBe(expected));

  it('a wrong bonus names the right one', () => {
    const r = parseCinCLabel('Napoleon,E,+3');
    expect(r.ok ? null : r.error).toMatchObject({ message: expect.stringMatching(/"Napoleon,E,\+3".*\+4.*not \+3/u), hint: expect.stringContaining('Napoleon,E,+4') });
  });

  it.each([['Napoleon', true], ['NAPOLÉON I', true], ['Louis-Napoleon', true], ['Joseph Bonaparte', false], ['Napoleonides', false]] as const)(
    'isNapoleonName(%j) = %s', (n, yes) => expect(isNapoleonName(n)).toBe(yes),
  );
});

describe('artillery labels (NW §2.0 L31; weights §8.4 L180-183)', () => {
  const bty = (over: Partial<ArtilleryLabel>): ArtilleryLabel => ({ command: 'IV Corp', pounds: 6, weight: 'medium', kind: 'horse', ...over });

  it('L31 IV Corp, 6 lb, Horse', () => {
    const a = value(parseArtilleryLabel(LABEL_EXAMPLES.artillery));
    expect(a).toEqual(bty({}));
    expect(formatArtilleryLabel(a)).toBe('IV Corp, 6 lb, Horse');
  });

  it('Ch.II §2.5 L496 "6lb (medium)" is read, and agrees with the class', () => {
    expect(value(parseArtilleryLabel('I Corp, 6lb (medium), Foot'))).toEqual(bty({ command: 'I Corp', kind: 'foot' }));
  });

  it.each([
    ['  iv   corp ,6LB,horse ', 'iv corp, 6 lb, Horse'], // spacing and case; the command is kept as printed
    ['IV Corp, 6 lbs, Horse Artillery', 'IV Corp, 6 lb, Horse'],
    ['Guard, 12-pdr, Foot', 'Guard, 12 lb, Foot'],
    ['Reserve, 12 pounder (Heavy), foot art.', 'Reserve, 12 lb, Foot'],
    ['1/II Corps, 3#, Foot battery', '1/II Corps, 3 lb, Foot'],
    ['VI Corp, Heavy, Foot', 'VI Corp, Heavy, Foot'], // NT-19: Prussian howitzers, Optional §3.0 L622
    ['Swedish Army, light, Horse', 'Swedish Army, Light, Horse'], // NT-19: Swedish horse howitzers, L622
    ['IV Corp，9 lb，Foot', 'IV Corp, 9 lb, Foot'], // full-width commas
  ])('%j → %s', (input, canonical) => expect(formatArtilleryLabel(value(parseArtilleryLabel(input)))).toBe(canonical));

  it.each([
    [1, 'light'], [3, 'light'], [4, 'light'], [5, 'light'], [6, 'medium'], [9, 'medium'], [10, 'heavy'], [12, 'heavy'], [24, 'heavy'],
  ] as const)('gunWeightForPounds(%d) = %s (L180-183; NT-18)', (lb, w) => {
    expect(gunWeightForPounds(lb)).toBe(w);
    expect(value(parseArtilleryLabel(`I Corp, ${lb} lb, Foot`)).weight).toBe(w);
  });

  it.each([
    ['', 'nw/label-syntax'],
    ['IV Corp, 6 lb', 'nw/label-syntax'], // no foot/horse
    ['IV Corp, 6 lb, Horse, Guard', 'nw/label-syntax'],
    [', 6 lb, Horse', 'nw/label-syntax'], // no command
    ['IV Corp, six lb, Horse', 'nw/label-syntax'],
    ['IV Corp, 6 kg, Horse', 'nw/label-syntax'],
    ['IV Corp, 6.5 lb, Horse', 'nw/label-syntax'], // whole pounds
    ['IV Corp, 6 lb (huge), Horse', 'nw/label-syntax'],
    ['IV Corp, 6 lb, Mounted', 'nw/label-syntax'],
    ['IV Corp, Rocket, Horse', 'nw/label-syntax'], // NT-19: rockets are a scenario rule
    ['IV Corp, 0 lb, Horse', 'nw/label-range'],
    ['IV Corp, 100 lb, Foot', 'nw/label-range'],
    ['IV Corp, 12 lb (medium), Foot', 'nw/label-range'], // 12 lb is heavy
    ['IV Corp, 6lb (light), Foot', 'nw/label-range'],
    ['6 lb, IV Corp, Horse', 'nw/label-order'],
    ['IV Corp, Horse, 6 lb', 'nw/label-order'],
    ['Horse, 6 lb, IV Corp', 'nw/label-order'],
  ])('%j → %s', (input, expected) => expect(code(parseArtilleryLabel(input))).toBe(expected));

  it('quotes the bad label and shows an example', () => {
    const r = parseArtilleryLabel('IV Corp, 6 lb, Camel');
    expect(r.ok ? null : r.error).toMatchObject({ message: expect.stringContaining('"IV Corp, 6 lb, Camel"'), hint: expect.stringContaining(LABEL_EXAMPLES.artillery) });
  });
});

describe('general labels (NW §2.0 L38; attachment §9.0 L225, Ch.II §3.3 L575)', () => {
  it.each<[string, string, GeneralLabel, string]>([
    ['L38', 'ADC', { kind: 'adc' }, 'ADC'],
    ['L38', '1/IV Corps', { kind: 'division', division: 1, corps: 4, cavalryCorps: false }, '1/IV Corps'],
    ['L225', '1/IV Corp', { kind: 'division', division: 1, corps: 4, cavalryCorps: false }, '1/IV Corps'],
  ])('%s %s', (_line, label, fields, canonical) => {
    const g = value(parseGeneralLabel(label));
    expect(g).toEqual(fields);
    expect(formatGeneralLabel(g)).toBe(canonical);
  });

  it.each([
    ['adc', 'ADC'],
    [' A.D.C. ', 'ADC'],
    ["ADC's", 'ADC'],
    ['2 / xii corps', '2/XII Corps'],
    ['3/VII', '3/VII Corps'], // the word may be left off
    ['1/IC', '1/IC'], // cavalry corps (L34, NT-11), printed without "Corps" (NT-20)
    ['1/IC Corps', '1/IC'],
    ['2B/1/IV', '2B/1/IV'], // traditional division: assigned to a brigade (NT-20)
    ['1b / 3 / xxxix', '1B/3/XXXIX'],
  ])('%j → %s', (input, canonical) => expect(formatGeneralLabel(value(parseGeneralLabel(input)))).toBe(canonical));

  it.each([
    ['', 'nw/label-syntax'],
    ['Aide', 'nw/label-syntax'],
    ['ADC, 1/IV Corps', 'nw/label-syntax'],
    ['1/4 Corps', 'nw/label-syntax'], // Arabic corps
    ['1/IIII Corps', 'nw/label-syntax'],
    ['1/IV Wing', 'nw/label-syntax'],
    ['IV Corps', 'nw/label-syntax'], // no division
    ['1B/1/IV SK1', 'nw/label-syntax'], // a brigade's unit label, not a general's
    ['0/IV Corps', 'nw/label-range'],
    ['1B/0/IV', 'nw/label-range'],
    ['IV/1 Corps', 'nw/label-order'],
    ['IV/1', 'nw/label-order'],
  ])('%j → %s', (input, expected) => expect(code(parseGeneralLabel(input))).toBe(expected));

  it('quotes the bad label and shows an example', () => {
    const r = parseGeneralLabel('1/IV Army');
    expect(r.ok ? null : r.error).toMatchObject({ message: expect.stringContaining('"1/IV Army"'), hint: expect.stringContaining(LABEL_EXAMPLES.general) });
  });

  it('L225: a 1/IV Corp general attaches only to 1st division of IV Corp; an ADC to any unit', () => {
    const g = value(parseGeneralLabel('1/IV Corp'));
    const adc = value(parseGeneralLabel('ADC'));
    const bde = value(parseGeneralLabel('2B/1/IV'));
    const u = (label: string) => value(parseUnitLabel(label));
    expect(generalMayAttach(g, u('3B/1/IV SK1'))).toBe(true);
    expect(generalMayAttach(g, u('1B/2/IV'))).toBe(false);
    expect(generalMayAttach(g, u('1B/1/IVC'))).toBe(false);
    expect(generalMayAttach(adc, u('1B/3/II'))).toBe(true);
    expect(generalMayAttach(bde, u('2B/1/IV'))).toBe(true);
    expect(generalMayAttach(bde, u('1B/1/IV'))).toBe(false);
  });
});

describe('properties: format(parse(format(x))) is x', () => {
  const levelsArb = fc.constantFrom(...Object.values(FATIGUE_LEVEL_CHART).flatMap((row) => Object.values(row)));
  const unitArb: fc.Arbitrary<UnitLabel> = fc.record({
    brigade: fc.integer({ min: 1, max: 99 }),
    division: fc.integer({ min: 1, max: 99 }),
    corps: fc.integer({ min: 1, max: MAX_CORPS }),
    cavalryCorps: fc.boolean(),
    weight: fc.option(fc.constantFrom(...CAVALRY_WEIGHTS), { nil: null }),
    sk: fc.constantFrom(0, 1, 2),
    mixed: fc.boolean(),
    levels: fc.option(levelsArb, { nil: null }),
    quality: fc.option(fc.constantFrom(...QUALITIES), { nil: null }),
  });
  const nameArb = fc.stringMatching(/^[A-Z][a-z]{0,8}( [A-Z][a-z.'-]{0,8})?$/u).filter((n) => !/\(v\)/iu.test(n));

  it('unit labels round-trip, also with messy spacing and case', () => {
    fc.assert(fc.property(unitArb, fc.boolean(), (u, messy) => {
      const text = formatUnitLabel(u);
      const input = messy ? ` ${text.toLowerCase().replace(/ /gu, '   ').replace(/\//gu, ' / ')} ` : text;
      expect(value(parseUnitLabel(input))).toEqual(u);
    }));
  });

  it('commander labels round-trip', () => {
    const cmdArb: fc.Arbitrary<CommanderLabel> = fc.record({
      name: nameArb,
      valorous: fc.boolean(),
      command: fc.stringMatching(/^[IVX]{1,4} (Corp|Corps|Wing)$/u),
      skill: fc.constantFrom(...SKILLS),
      rangeInches: fc.integer({ min: 1, max: 200 }).map((h) => h / 2),
    });
    fc.assert(fc.property(cmdArb, (c) => {
      expect(value(parseCommanderLabel(formatCommanderLabel(c)))).toEqual(c);
    }));
  });

  it('CinC labels round-trip, and every other bonus is refused', () => {
    const cincArb = fc.record({ name: nameArb, skill: fc.constantFrom(...SKILLS) });
    fc.assert(fc.property(cincArb, fc.integer({ min: -5, max: 9 }), ({ name, skill }, bonus) => {
      const c = value(parseCinCLabel(`${name},${skill[0]}`));
      expect(value(parseCinCLabel(formatCinCLabel(c)))).toEqual(c);
      const printed = `${name},${skill[0]},${bonus >= 0 ? '+' : '-'}${Math.abs(bonus)}`;
      expect(code(parseCinCLabel(printed))).toBe(bonus === c.presence ? 'ok' : 'nw/label-presence');
    }));
  });

  it('artillery labels round-trip', () => {
    const cmdArb = fc.stringMatching(/^[IVX]{1,4} (Corp|Corps)$|^[A-Z][a-z]{1,8}( Reserve)?$/u);
    const btyArb: fc.Arbitrary<ArtilleryLabel> = fc.oneof(
      fc.record({ command: cmdArb, pounds: fc.integer({ min: 1, max: MAX_GUN_POUNDS }), kind: fc.constantFrom(...ARTILLERY_KINDS) })
        .map((a) => ({ ...a, weight: gunWeightForPounds(a.pounds) })),
      fc.record({ command: cmdArb, pounds: fc.constant(null), weight: fc.constantFrom(...GUN_WEIGHTS), kind: fc.constantFrom(...ARTILLERY_KINDS) }),
    );
    fc.assert(fc.property(btyArb, (a) => {
      expect(value(parseArtilleryLabel(formatArtilleryLabel(a)))).toEqual(a);
    }));
  });

  it('general labels round-trip', () => {
    const corpsArb = { corps: fc.integer({ min: 1, max: MAX_CORPS }), cavalryCorps: fc.boolean() };
    const genArb: fc.Arbitrary<GeneralLabel> = fc.oneof(
      fc.constant<GeneralLabel>({ kind: 'adc' }),
      fc.record({ kind: fc.constant('division' as const), division: fc.integer({ min: 1, max: 99 }), ...corpsArb }),
      fc.record({ kind: fc.constant('brigade' as const), brigade: fc.integer({ min: 1, max: 99 }), division: fc.integer({ min: 1, max: 99 }), ...corpsArb }),
    );
    fc.assert(fc.property(genArb, (g) => {
      expect(value(parseGeneralLabel(formatGeneralLabel(g)))).toEqual(g);
    }));
  });

  it('parsers never throw on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (s) => {
      for (const parse of [parseUnitLabel, parseArtilleryLabel, parseGeneralLabel, parseCommanderLabel, parseCinCLabel]) {
        const r = parse(s);
        if (!r.ok) expect(r.error.code).toMatch(/^nw\/label-/u);
      }
    }));
  });
});
