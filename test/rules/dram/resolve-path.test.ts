import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { dram } from '../../../src/rules/dram/index';
import { resolvePath } from '../../../src/rules/dram/geo';
import { DRAM_SETTINGS_DEFAULTS } from '../../../src/rules/dram/settings';
import { liveStands } from '../../../src/rules/dram/state';
import { generateBattle } from '../../helpers/dram-battle';

/**
 * resolvePath lists the enemy stands for the location parser only when the text is a "contact"
 * move as the parser reads it (folded: any case, accents, full-width letters, spaces), issue 12.
 * Every way of typing contact must still find its enemy, and only an enemy.
 */
describe('resolvePath: contact moves, however typed', () => {
  const s = dram.setup(generateBattle({ seed: 2026, corpsPerSide: 2, standsPerCorps: 3, turns: 4 }), DRAM_SETTINGS_DEFAULTS, seededDice('5e'.repeat(32))).state;
  const [me] = liveStands(s);
  const foe = liveStands(s).find((x) => x.side !== me!.side)!;
  const friend = liveStands(s).find((x) => x.side === me!.side && x.id !== me!.id)!;

  it.each([`contact ${foe.id}`, `  CONTACT   ${foe.name.toUpperCase()} `, `Ｃｏｎｔａｃｔ ${foe.id}`, `contact\t${foe.name}`])('%j heads for the enemy', (text) => {
    expect(resolvePath(s, me!, text)).toEqual({ ok: true, value: [me!.pose.at, foe.pose.at] });
  });

  it('a friend is no one to contact', () => {
    const r = resolvePath(s, me!, `contact ${friend.id}`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('location/unknown-enemy');
  });

  it('other moves are read as before', () => {
    const r = resolvePath(s, me!, 'forward 2in');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toHaveLength(2);
  });
});
