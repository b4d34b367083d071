import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/rules/events';
import { COMBAT_MODIFIERS } from '../../../src/rules/dram/tables/combat';
import { parseCases, runCase } from '../../helpers/dram-cases';

/**
 * Issue 17, the DRAM audit: every modifier of DRAM's dice tables (§8 combat L110-117, §9
 * re-organisation L141-148) arises from the state in at least one plain-text case
 * (cases/*.yaml), worked out by the phase itself. A modifier no case produces fails the test.
 */

const DIR = join(import.meta.dirname, 'cases');

/** How each modifier reads in a roll event (combat: "<stand>: <label>" or "<label>: <general>"; reorganisation: its phrase). */
const MARKS: Readonly<Record<string, (label: string) => boolean>> = {
  ...Object.fromEntries(COMBAT_MODIFIERS.map((m) => [`combat/${m.condition}`, (l: string) => l.includes(m.label)])),
  'reorganisation/corps-general-within-1-mile': (l) => l.startsWith('CR of ') && l.endsWith(' within 1 mile'),
  'reorganisation/higher-general-within-1-mile': (l) => l === 'higher-level general within 1 mile',
  'reorganisation/enemy-advancing-or-in-contact-within-2-miles': (l) => l === 'enemy advancing or in contact within 2 miles',
  'reorganisation/cavalry': (l) => l === 'cavalry',
};

const labelsOf = (events: readonly GameEvent[]): string[] => events.flatMap((e) => {
  const rec = e as { modifiers?: readonly { label: string }[]; sides?: readonly { modifiers?: readonly { label: string }[] }[] };
  return [...(rec.modifiers ?? []), ...(rec.sides ?? []).flatMap((x) => x.modifiers ?? [])].map((m) => m.label);
});

describe('DRAM modifier coverage (issue 17)', () => {
  it('every modifier of every DRAM table arises from the state in at least one plain-text case', () => {
    const labels: string[] = [];
    for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml')).sort()) {
      for (const c of parseCases(readFileSync(join(DIR, f), 'utf8'))) labels.push(...labelsOf(runCase(c).events));
    }
    const missing = Object.entries(MARKS).filter(([, seen]) => !labels.some(seen)).map(([id]) => id);
    expect(missing).toEqual([]);
  });
});
