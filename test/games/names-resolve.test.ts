import { describe, expect, it } from 'vitest';
import { closest, distinctLabels, editDistance, resolveName, resolveOrRefuse } from '../../src/games/names-resolve';
import { ChoiceError } from '../../src/lib/user-error';
import type { PrintedName } from '../../src/rules/plugin';
import { matchesQuery, normalizeName } from '../../src/rules/plugin';

const P: PrintedName[] = [
  { id: 'kessler', kind: 'unit', names: ['Division Kessler', 'Kessler'] },
  { id: 'stauffer', kind: 'unit', names: ['Division Stauffer', 'Stauffer'] },
  { id: 'au-2b', kind: 'unit', names: ['Brigade Koller', '2B/1/II', 'Brigade Koller (2B/1/II)'] },
  { id: 'au-1b', kind: 'unit', names: ['Brigade Kollowrat', '1B/1/II'] },
  { id: 'fr-sr', kind: 'unit', names: ['Garde de Saint-Rémy'] },
];

describe('the one name resolver (issue 11)', () => {
  it('normalises case, accents, quotes and spaces', () => {
    expect(normalizeName('  Saint-Rémy  ')).toBe('saint remy');
    expect(normalizeName('Division\u00a0 KESSLER')).toBe('division kessler');
    expect(matchesQuery('remy', 'Garde de Saint-Rémy')).toBe(true);
  });

  it.each([
    ['kessler', 'kessler'], ['Kessler', 'kessler'], ['DIVISION KESSLER', 'kessler'], ['Division Kess', 'kessler'],
    ['stauf', 'stauffer'], ['2B/1/II', 'au-2b'], ['2b/1/ii', 'au-2b'], ['Brigade Koller', 'au-2b'], ['Brigade Koller (2B/1/II)', 'au-2b'],
    ['saint-remy', 'fr-sr'], ['saint remy', 'fr-sr'], ['Garde de Saint-Remy', 'fr-sr'], ['au-1b', 'au-1b'], ['1B', 'au-1b'],
  ])('"%s" names %s', (typed, id) => {
    const m = resolveName(typed, P);
    expect(m).toMatchObject({ kind: 'found', id });
  });

  it('an exact name wins over a longer one it prefixes ("Brigade Koller" is not "Brigade Kollowrat")', () => {
    expect(resolveName('brigade koller', P)).toMatchObject({ kind: 'found', id: 'au-2b' });
  });

  it('a prefix shared by two names is ambiguous and lists both', () => {
    const m = resolveName('Brigade Kol', P);
    expect(m.kind).toBe('ambiguous');
    expect(m.kind === 'ambiguous' && m.candidates.map((c) => c.id).sort()).toEqual(['au-1b', 'au-2b']);
  });

  it('a misspelling is unknown, with the closest names first', () => {
    const m = resolveName('Kesler', P);
    expect(m.kind).toBe('unknown');
    expect(m.kind === 'unknown' && m.closest[0]!.id).toBe('kessler');
    expect(closest('zzzzzzzz', P)).toEqual([]);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('refuses with "did you mean" and the choices for a select menu', () => {
    expect(resolveOrRefuse('Division Kessler', P, 'unit', 'stand')).toBe('kessler');
    try {
      resolveOrRefuse('Stauffr', P, 'unit', 'stand');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ChoiceError);
      const c = e as ChoiceError;
      expect(c.code).toBe('name/unknown');
      expect(c.message).toContain('Did you mean “Division Stauffer”');
      expect(c.option).toBe('unit');
      expect(c.choices[0]).toEqual({ name: 'Division Stauffer', value: 'stauffer' });
    }
    expect(() => resolveOrRefuse('Brigade Kol', P, 'unit', 'brigade')).toThrow(/could be any of 2: “Brigade Koller”, “Brigade Kollowrat”/);
  });

  it('tells apart two pieces printed alike (Ligny: a "III Corps reserve artillery (12pdr)" on each side) by side, else by what to type', () => {
    const twins: PrintedName[] = [
      { id: 'iii-artillery', kind: 'unit', side: 'french', names: ['III Corps reserve artillery (12pdr)', 'III Res. Art.'] },
      { id: 'iii-korps-artillery', kind: 'unit', side: 'prussians', names: ['III Corps reserve artillery (12pdr)', 'III Res. Art.'] },
    ];
    try {
      resolveOrRefuse('III Res. Art.', twins, 'unit', 'stand');
      expect.unreachable();
    } catch (e) {
      const c = e as ChoiceError;
      expect(c.code).toBe('name/ambiguous');
      expect(c.choices).toEqual([
        { name: 'III Corps reserve artillery (12pdr) — french', value: 'iii-artillery' },
        { name: 'III Corps reserve artillery (12pdr) — prussians', value: 'iii-korps-artillery' },
      ]);
      expect(c.message).toContain('“III Corps reserve artillery (12pdr) — french”, “III Corps reserve artillery (12pdr) — prussians”');
    }
    expect(distinctLabels([{ id: 'a', names: ['Same'] }, { id: 'b', names: ['Same'] }, { id: 'c', names: ['Other'] }])).toEqual(['Same (a)', 'Same (b)', 'Other']);
  });
});
