/** Short labels for crowded maps, from the names in the shipped scenarios. */
import { describe, expect, it } from 'vitest';
import { shortGeneralLabel, shortUnitLabel } from '../../src/render/map/labels';

describe('shortUnitLabel', () => {
  it.each([
    ['1st Division (Fabre)', 'Fabre'], // saint-remy.yaml
    ['Old Guard Grenadiers (Friant)', 'Friant'], // ligny.yaml
    ['Division Kessler', 'Kessler'],
    ['III Corps reserve artillery (12pdr)', 'III Res. Art.'], // a parenthesis with a digit is not a name
    ['II Corps artillery', 'II Art.'],
    ['II Corps reserve cavalry (Wahlen-Jürgass)', 'Wahlen-Jürgass'],
    ['French 3/2', 'French 3/2'], // generated battles
    ['A very long division name without any commander', 'A very long div…'],
  ])('%s → %s', (name, label) => {
    expect(shortUnitLabel(name)).toBe(label);
    expect(shortUnitLabel(name).length).toBeLessThanOrEqual(16);
  });
});

describe('shortGeneralLabel', () => {
  it.each([
    ['Maréchal Delorme', 'Delorme'],
    ['FML Graf Adelsheim', 'Adelsheim'],
    ['Vandamme (III Corps)', 'Vandamme'],
    ['Pirch I (II Corps)', 'Pirch I'],
    ['Marshal Grouchy', 'Grouchy'],
    ['Napoleon', 'Napoleon'],
    ['Général de brigade Louis Compère', 'Compère'], // bp/maida.yaml
    ['Général de division Jean Reynier', 'Reynier'],
    ['Maj-Gen Sir John Stuart', 'Stuart'],
    ['Brig-Gen Wroth Palmer Acland', 'Acland'],
    ['Lt-Col James Kempt', 'Kempt'],
    ['Col John Oswald', 'Oswald'],
    ['Duke of Wellington', 'Wellington'], // anrt/quatre-bras.yaml, nw/quatre-bras.yaml
    ['Prince Bernhard of Saxe-Weimar', 'Saxe-Weimar'],
    ['Lt-Gen de Perponcher', 'Perponcher'],
    ['Maj-Gen van Bylandt', 'Bylandt'],
    ['Lt-Col von Buttlar', 'Buttlar'],
    ['Colonel Marbot', 'Marbot'],
    ['GM Mayer', 'Mayer'],
    ['Général Foy', 'Foy'],
  ])('%s → %s', (name, label) => {
    expect(shortGeneralLabel(name)).toBe(label);
  });
});
