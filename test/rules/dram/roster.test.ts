/**
 * DRAM /roster (issue 11): strengths and orders are open on the table (§10 L179, §5 L64-75), so
 * either side reads the same stands, SP, orders and generals; chits written this turn are face
 * down until phase 1 (§5, HR D-7) and only their own side ever reads them.
 */
import { describe, expect, it } from 'vitest';
import { dramRoster } from '../../../src/rules/dram/present/roster';
import type { DramState } from '../../../src/rules/dram/state';
import { testServices } from '../../helpers/services';

const CH = '222222222222222222';

async function saintRemy(): Promise<DramState> {
  const s = testServices();
  await s.games.create({ guildId: '111111111111111111', channelId: CH, gm: { id: 'gm', name: 'GM' }, ruleset: 'dram', scenario: 'saint-remy' });
  // The scenario's state is built at /game create: the roster of turn 1 before anything happened.
  return s.games.live(CH).state as DramState;
}

/** The scenario after a fight: Fabre lost SP and has Roussel with him, Garnier is gone, Roussel wrote a chit. */
function afterAFight(s: DramState): DramState {
  return {
    ...s,
    stands: { ...s.stands, fabre: { ...s.stands.fabre!, sp: 2, fallingBack: true }, garnier: { ...s.stands.garnier!, sp: -1, removed: true } },
    generals: { ...s.generals, roussel: { ...s.generals.roussel!, apSpent: 1, joined: 'fabre' } },
    chits: [{ by: 'roussel', target: { kind: 'stand', id: 'fabre' }, order: 'D', turn: s.turn + 1, written: false }],
    initiative: { ...s.initiative, 'fr-i-corps': 3 },
  };
}

describe('DRAM /roster (issue 11)', () => {
  it('a side reads its stands with SP and order, its generals with CR and AP left, and its own face-down chits', async () => {
    const lines = dramRoster(afterAFight(await saintRemy()), 'french', true);
    expect(lines[0]).toBe('**French** — turn 1, commanded by Maréchal Delorme (CR 2, 4 of 4 AP left)');
    expect(lines).toContain('__I Corps__ — Général Roussel (CR 1, 2 of 3 AP left, with 1st Division (Fabre)) · initiative 3');
    expect(lines).toContain('• 1st Division (Fabre) — infantry, 2/4 SP, Attack (A), falling back');
    // A stand driven below zero never reads as negative.
    expect(lines).toContain('• 2nd Division (Garnier) — infantry, 0/3 SP, Attack (A), removed');
    expect(lines).toContain('• Cuirassiers (Morel) — heavy cavalry, 3/3 SP, Deploy (D)');
    expect(lines.some((l) => l.startsWith('Chits written, face down until phase 1'))).toBe(true);
    expect(lines).toContain('• Général Roussel → 1st Division (Fabre): Deploy (D), for turn 2');
  });

  it('the enemy reads the same open table, and never the chits', async () => {
    const s = afterAFight(await saintRemy());
    const own = dramRoster(s, 'french', true);
    const enemy = dramRoster(s, 'french', false);
    expect(enemy.join('\n')).not.toMatch(/Chits|Deploy \(D\), for turn/);
    expect(enemy).toEqual(own.filter((l) => !l.startsWith('Chits') && !l.includes('→')));
  });

  it('the Austrian side lists its own corps and an unknown side nothing', async () => {
    const s = await saintRemy();
    const au = dramRoster(s, 'austrians', true);
    expect(au[0]).toMatch(/^\*\*Austrians\*\* — turn 1/);
    expect(au.filter((l) => l.startsWith('__')).length).toBe(Object.values(s.corps).filter((c) => c.side === 'austrians').length);
    expect(au.join('\n')).not.toContain('Fabre');
    expect(dramRoster(s, 'prussians', true)).toEqual([]);
  });
});
