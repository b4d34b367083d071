import { describe, expect, it } from 'vitest';
import { checkAnchors, parseAnchors } from '../../src/dice/anchor';
import { auditedDice } from '../../src/games/audited-dice';
import { narrate } from '../../src/narrative/narrate';
import type { RollEvent } from '../../src/rules/events';
import { names } from '../narrative/fixtures';
import { testClock, testServices } from '../helpers/services';

describe('game dice carry their anchor (issue 16)', () => {
  it("each roll's ref names its audit entry and the first 16 hex of that entry's hash", () => {
    const s = testServices();
    const dice = auditedDice(s.trail, { guildId: 'G', gameId: '1', scope: 'game:1/window:1' });
    const rolled = [dice.roll('2d6', { purpose: 'fire' }), dice.roll('1d6', { purpose: 'morale' })];
    const head = s.trail.repo.lastLink('G')!;
    expect(rolled[1]!.ref).toBe(`audit:${head.seq}:${head.hash.slice(0, 16)}`);
    // The post narrating them prints an anchor the offline verifier accepts.
    const events: RollEvent[] = rolled.map((r, i) => ({ kind: 'roll', rule: 'NW §9', purpose: 'x', subject: 's', expression: r.result.expression, faces: [1], modifiers: [], total: r.total, tableRow: `row ${i}`, ref: r.ref! }));
    const parsed = parseAnchors(narrate(events, names).join('\n'));
    expect(parsed.ok && parsed.value).toEqual([{ seq: head.seq, hash: head.hash.slice(0, 16) }]);
  });
});

describe('a resolution post carries the anchors of its rolls and of its seed reveal (issue 16)', () => {
  it('every anchor in the posts is held by the trail, the last one being the reveal entry', async () => {
    const s = testServices({ clock: testClock(Date.UTC(2026, 10, 22, 9, 0)) });
    const G = '111111111111111111', CH = '222222222222222222', GM = { id: 'gm', name: 'Napoleon' };
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    s.games.join(CH, { id: 'p-fr', name: 'Davout' }, 'french:fr-i-corps');
    s.games.join(CH, { id: 'p-au', name: 'Schwarzenberg' }, 'austrians:au-i-korps');
    const w = s.games.start(CH, GM, false);
    expect(s.games.resolve(s.games.live(CH).game.id, w.id, 'gm')).toMatchObject({ resolved: true });
    const text = s.games.repo.outboxFor(CH).map((r) => (JSON.parse(r.body) as { content?: string }).content ?? '').join('\n');
    const reveal = [...s.trail.repo.iterate(G, 'epoch-reveal')].at(-1)!;
    expect(text).toMatch(new RegExp(`🔓 Dice for this phase: seed #${reveal.epochId} .*\\n-# anchor \`#${reveal.seq}:${reveal.hash.slice(0, 16)}\``));
    const anchors = parseAnchors(text);
    if (!anchors.ok) throw new Error(anchors.error.message);
    expect(anchors.value.length).toBeGreaterThan(1); // section footers with dice, and the reveal
    expect(checkAnchors(anchors.value, (seq) => s.trail.repo.hashAt(G, seq), s.trail.repo.lastLink(G)!.seq)).toEqual([]);
  });
});
