/**
 * NW §3.0 "Army Rosters" (L43-49): a player's own roster, and the public one the enemy may see.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nwPublicRoster, nwRoster } from '../../src/rules/nw/present/roster';
import type { NwState } from '../../src/rules/nw/state';
import { teachingState } from '../rules/nw/phases/phase-fixtures';

let base: NwState;
/** After some fighting: 1st Brigade spent and disordered, the 3rd destroyed, the battery damaged, I Corps flagged. */
let hurt: NwState;

beforeAll(async () => {
  base = await teachingState();
  const u = base.units;
  hurt = {
    ...base,
    turn: 3,
    units: {
      ...u,
      'fr-1b': { ...u['fr-1b']!, sp: 3, fatigue: 'spent', status: 'disordered', attachedBattery: 'fr-battery' },
      'fr-2b': { ...u['fr-2b']!, sp: 4, fatigue: 'worn', status: 'routed' },
      'fr-3b': { ...u['fr-3b']!, sp: 0, fatigue: 'eliminated', removed: true },
    },
    batteries: { ...base.batteries, 'fr-battery': { ...base.batteries['fr-battery']!, condition: 'damaged', attachedTo: 'fr-1b' } },
    commands: { ...base.commands, 'fr-i-corps': { ...base.commands['fr-i-corps']!, fatigued: true } },
  };
});

describe('nwRoster (own)', () => {
  it('lists the army, each command with its commander, and every brigade with its label, s.p. and state', () => {
    expect(nwRoster(base, 'french')).toEqual([
      "**Armée d'Allemagne** (French) — CinC Napoleon `Napoleon,E,+4`",
      'Army fatigue: lost 0 of 2 (5 units × .40)',
      '__I Corps__ — Général Lemaire `Lemaire (V), I Corp, G,12"`, in command · fatigue: lost 0 of 2 (5 units × .40)',
      'Generals: Général Dufour `1/I Corps` with 1st Brigade',
      '• 1st Brigade `1B/1/I SK1 7/5/3 Vet` — 7/7 s.p., Fresh, good order; ★ Général Dufour',
      '• 2nd Brigade `2B/1/I SK1 6/4/2 LN` — 6/6 s.p., Fresh, good order',
      '• 3rd Brigade `1B/2/I SK2 6/4/2 LN` — 6/6 s.p., Fresh, good order',
      '• Chasseurs à cheval `2B/2/I Light SK1 4/3/2 Vet` — 4/4 s.p., Fresh, good order',
      '• I Corps foot battery `I Corp, 8 lb, Foot` — full strength',
    ]);
  });

  it('says when an off-table reinforcement arrives, and lists ADCs with the army', () => {
    const lines = nwRoster(base, 'austrians');
    expect(lines).toContain('• Hussar Brigade `2B/2/II Medium 5/3/2 Vet` — 5/5 s.p., Fresh, good order; off table, arrives turn 2');
    expect(lines).toContain('ADCs: Major Weiss `ADC` unattached');
    expect(lines[1]).toBe('Army fatigue: lost 0 of 2 (5 units × .35)'); // 5 × .35 = 1.75 → 2 (Ch.II §4.0 L589)
  });

  it('counts losses as the rally phase does: Spent ½, destroyed 1 (Ch.II §4.0 L593-596)', () => {
    const lines = nwRoster(hurt, 'french');
    expect(lines[1]).toBe('Army fatigue: lost 1½ of 2 (5 units × .40)');
    expect(lines[2]).toContain('· fatigue: lost 1½ of 2 (5 units × .40) · 🚩 **fatigued**');
    expect(lines).toContain('• 1st Brigade `1B/1/I SK1 7/5/3 Vet` — 3/7 s.p., Spent, disordered; ★ Général Dufour; with I Corps foot battery');
    expect(lines).toContain('• 2nd Brigade `2B/1/I SK1 6/4/2 LN` — 4/6 s.p., Worn, routed');
    expect(lines).toContain('• 3rd Brigade `1B/2/I SK2 6/4/2 LN` — 0/6 s.p., Eliminated; destroyed');
    expect(lines).toContain('• I Corps foot battery `I Corp, 8 lb, Foot` — damaged; attached to 1st Brigade');
  });

  it('shows a lost commander and a broken army', () => {
    const s: NwState = {
      ...hurt,
      commanders: { ...hurt.commanders, lemaire: { ...hurt.commanders['lemaire']!, status: 'awaiting-replacement', replacementTurn: 5, onTable: false } },
      armies: { ...hurt.armies, french: { ...hurt.armies['french']!, broken: true } },
    };
    const lines = nwRoster(s, 'french');
    expect(lines[1]).toContain('— **broken**');
    expect(lines[2]).toContain('lost, replacement due turn 5');
  });

  it('keeps every line under 200 characters and makes scenario names inert', () => {
    const long: NwState = { ...base, units: { ...base.units, 'fr-1b': { ...base.units['fr-1b']!, name: `*Bold* ${'x'.repeat(300)}` } } };
    const lines = nwRoster(long, 'french');
    for (const l of [...lines, ...nwPublicRoster(long, 'french')]) expect(l.length).toBeLessThan(200);
    expect(lines.find((l) => l.startsWith('• ') && l.includes('Bold'))).toMatch(/^• \\\*Bold\\\* x+…$/);
  });

  it('is empty for a side that has no army', () => {
    expect(nwRoster(base, 'prussians')).toEqual([]);
    expect(nwPublicRoster(base, 'prussians')).toEqual([]);
  });
});

describe('nwPublicRoster', () => {
  it('shows what is on the table and announced, and no s.p., levels, fatigue states or loss counts', () => {
    expect(nwPublicRoster(hurt, 'french')).toEqual([
      "**Armée d'Allemagne** (French) — CinC Napoleon `Napoleon,E,+4`",
      '__I Corps__ — Général Lemaire `Lemaire (V), I Corp, G,12"`, in command · 🚩 **fatigued**',
      'Generals: Général Dufour `1/I Corps` with 1st Brigade',
      '• 1st Brigade `1B/1/I SK1 ?/?/? Vet` — disordered; ★ Général Dufour; with I Corps foot battery',
      '• 2nd Brigade `2B/1/I SK1 ?/?/? LN` — routed',
      '• 3rd Brigade `1B/2/I SK2 ?/?/? LN` — destroyed',
      '• Chasseurs à cheval `2B/2/I Light SK1 ?/?/? Vet` — good order',
      '• I Corps foot battery `I Corp, 8 lb, Foot` — damaged; attached to 1st Brigade',
    ]);
  });

  it('does not say when the enemy\'s reinforcements arrive', () => {
    expect(nwPublicRoster(base, 'austrians')).toContain('• Hussar Brigade `2B/2/II Medium ?/?/? Vet` — good order; off table');
  });

  it('holds none of the side\'s s.p. or levels, whatever they are', () => {
    const odd: NwState = { ...hurt, units: { ...hurt.units, 'fr-chasseurs': { ...hurt.units['fr-chasseurs']!, sp: 913, spStart: 924, levels: { fresh: 924, worn: 935, spent: 946 } } } };
    const text = nwPublicRoster(odd, 'french').join('\n');
    for (const n of ['913', '924', '935', '946', '7/5/3', '3/7', 's.p.', 'Spent', 'Worn', 'lost']) expect(text).not.toContain(n);
  });
});
