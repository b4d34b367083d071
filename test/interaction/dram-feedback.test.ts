/**
 * Issue 11, "feedback that tells the truth": DRAM move previews that contradicted themselves.
 * Saint-Rémy's opening: 2nd Division (Garnier) at [21, 7] has II Corps artillery at [18, 8.5]
 * across its road to the bridge; Division Kessler holds the village beyond.
 */
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import { advanceAlong, resolvePath } from '../../src/rules/dram/geo';
import { movementPhase } from '../../src/rules/dram/movement';
import { narrate } from '../../src/narrative';
import { namesFor } from '../../src/games/names';
import type { DramState } from '../../src/rules/dram/state';
import type { Services } from '../../src/services/services';
import { silentLog, testServices } from '../helpers/services';

const G = '111111111111111111';
const CH = '222222222222222222';
const GM = { id: 'gm', name: 'Napoleon' };
const FR = { id: 'fr', name: 'Davout' };

async function invoke(services: Services, inv: Invocation): Promise<string> {
  const ctx: CommandContext = { guildId: G, channelId: CH, user: FR, isAdmin: false, services, now: () => new Date(Date.UTC(2026, 10, 22)), log: silentLog, users: {} };
  try {
    return (await execute(prepare(commandMap(), inv), ctx)).content ?? '';
  } catch (e) {
    return errorReply(e, ctx, inv, { guildId: G, userId: FR.id }).content ?? '';
  }
}

async function saintRemy(): Promise<Services> {
  const s = testServices();
  await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
  for (const seat of s.games.openSeats(CH)) if (seat.id.startsWith('french')) s.games.join(CH, FR, seat.id);
  s.games.start(CH, GM, false);
  return s;
}

describe('DRAM move previews tell the truth (issue 11)', () => {
  it('a move that would not move the stand at all is refused, saying why — not accepted "stopping after 0.0\\""', async () => {
    const s = await saintRemy();
    const r = await invoke(s, { name: 'move', options: { unit: 'garnier', to: 'Saint-Rémy bridge' } });
    expect(r).toContain('❌ 2nd Division (Garnier) would not move at all: II Corps artillery is in the way.');
    expect(r).toContain('Plot a path around it, or move the other stand first.');
    expect(r).toContain('`order/no-move`');
    expect(r).not.toContain('accepted');
  });

  it('contact that cannot be reached is not promised, nor answered with "route it over a bridge or ford"', async () => {
    const s = await saintRemy();
    const r = await invoke(s, { name: 'move', options: { unit: 'garnier', to: 'contact kessler' } });
    expect(r).toContain('would not move at all: II Corps artillery is in the way');
    expect(r).not.toContain('bridge or ford');
    expect(r).not.toContain('Contact with Division Kessler');
  });

  it('a move cut short by the Orme says where and why, and how to get across', async () => {
    const s = await saintRemy();
    const r = await invoke(s, { name: 'move', options: { unit: 'morel', to: 'forward 20in' } });
    expect(r).toContain('✅ Move for **Cuirassiers (Morel)** accepted');
    expect(r).toContain('Path 20.0": it crosses ground that cannot be crossed.');
    expect(r).toMatch(/Cut short: it stops after 6\.\d" of the 20\.0" path — The Orme cannot be crossed here\. Route it over a bridge or ford\./);
  });

  it('a friend in the way stops the base short and leaves no contact behind (the resolution reports the reason)', async () => {
    const s = await saintRemy();
    const st = s.games.live(CH).state as DramState;
    const garnier = st.stands.garnier!;
    const path = resolvePath(st, garnier, 'contact kessler');
    expect(path.ok).toBe(true);
    const adv = advanceAlong(st, garnier, path.ok ? path.value : [], 3, { preview: false });
    expect(adv.contact).toBeNull();
    expect(adv.stopped).toBe('II Corps artillery is in the way');
  });

  it('an ordered move that cannot start at resolution says why in the narrative instead of vanishing', async () => {
    const s = await saintRemy();
    const l = s.games.live(CH);
    const st = { ...(l.state as DramState), moveSequence: Object.keys((l.state as DramState).corps) };
    const garnier = st.stands.garnier!;
    // Plotted when the road was clear; II Corps artillery stands across it at resolution.
    const path = resolvePath(st, garnier, 'Saint-Rémy bridge');
    if (!path.ok) throw new Error(path.error.message);
    const step = movementPhase(st, [{ kind: 'move', unit: 'garnier', to: 'Saint-Rémy bridge', path: path.value }]);
    expect(step.events).toContainEqual({ kind: 'note', rule: 'DRAM §7', text: '2nd Division (Garnier) does not move: II Corps artillery is in the way.' });
    expect(narrate(step.events, namesFor(l.game, step.state)).join('\n')).toContain('2nd Division (Garnier) does not move: II Corps artillery is in the way.');
    expect(step.state.stands.garnier!.pose).toEqual(garnier.pose);
  });
});
