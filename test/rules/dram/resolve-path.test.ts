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

/**
 * resolvePath remembers the paths it resolved (issue 12), by stands record, pose and text; the
 * map, base and side are checked on a hit. A remembered answer must be the fresh answer.
 */
describe('resolvePath, remembered', () => {
  const s = dram.setup(generateBattle({ seed: 2027, corpsPerSide: 2, standsPerCorps: 3, turns: 4 }), DRAM_SETTINGS_DEFAULTS, seededDice('5e'.repeat(32))).state;
  const [me] = liveStands(s);

  it('answers a repeat with an equal path in an array of its own', () => {
    const first = resolvePath(s, me!, 'wheel left 45 then forward 3in');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const copy = [...first.value];
    // A caller changing its array (the first, or a remembered one) changes no later answer.
    first.value.push({ x: -1, y: -1 });
    const again = resolvePath(s, me!, 'wheel left 45 then forward 3in');
    expect(again).toEqual({ ok: true, value: copy });
    if (again.ok) again.value.pop();
    expect(resolvePath(s, me!, 'wheel left 45 then forward 3in')).toEqual({ ok: true, value: copy });
  });

  it('answers a repeated refusal with the same refusal', () => {
    const a = resolvePath(s, me!, 'toward Nowhere-in-particular 1mi');
    expect(a.ok).toBe(false);
    expect(resolvePath(s, me!, 'toward Nowhere-in-particular 1mi')).toEqual(a);
  });

  it('a mover of another base or side at the same pose is resolved afresh (a wheel pivots on its own corner)', () => {
    const text = 'wheel right 90';
    const own = resolvePath(s, me!, text);
    const wide = resolvePath(s, { ...me!, base: { width: me!.base.width * 3, depth: me!.base.depth } }, text);
    expect(own.ok && wide.ok).toBe(true);
    if (own.ok && wide.ok) expect(wide.value).not.toEqual(own.value);
    expect(resolvePath(s, me!, text)).toEqual(own);
  });

  it('a state where the stand has moved resolves from its new pose', () => {
    const before = resolvePath(s, me!, 'forward 2in');
    const moved = { ...me!, pose: { ...me!.pose, at: { x: me!.pose.at.x + 5, y: me!.pose.at.y } } };
    const s2 = { ...s, stands: { ...s.stands, [me!.id]: moved } };
    const after = resolvePath(s2, moved, 'forward 2in');
    expect(before.ok && after.ok).toBe(true);
    if (before.ok && after.ok) expect(after.value.map((p) => p.x)).toEqual(before.value.map((p) => p.x + 5));
  });

  it('stays right after more texts than it keeps for one pose', () => {
    const texts = Array.from({ length: 40 }, (_, i) => `forward ${1 + i / 10}in`);
    const first = texts.map((t) => resolvePath(s, me!, t));
    expect(texts.map((t) => resolvePath(s, me!, t))).toEqual(first);
  });
});
