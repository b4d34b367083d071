/**
 * Issue 11: a private preview map of a plotted move (`/move … preview:true`). DRAM Saint-Rémy's
 * opening: Cuirassiers (Morel) plotted 20" forward stop at the Orme after about 6" (the same
 * cut the receipt reports, dram-feedback.test.ts). The preview is checked as /move checks it,
 * drawn as a crop of the caller's side's map, and nothing is stored, sealed or posted.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { describeGame } from '../../src/games/maps';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { ReplyModel } from '../../src/interaction/reply';
import { drawMap, layoutMap } from '../../src/render/map';
import { projector } from '../../src/render/map/layout';
import { movePlanView, withMovePlan } from '../../src/render/map/move-plan';
import { dramMovePlan } from '../../src/rules/dram/present/move-plan';
import type { DramState } from '../../src/rules/dram/state';
import type { Services } from '../../src/services/services';
import { silentLog, testServices } from '../helpers/services';

const G = '111111111111111111';
const CH = '222222222222222222';
const GM = { id: 'gm', name: 'Napoleon' };
const FR = { id: 'fr', name: 'Davout' };
const AU = { id: 'au', name: 'Blücher' };

async function invoke(services: Services, inv: Invocation, user = FR): Promise<ReplyModel> {
  const ctx: CommandContext = { guildId: G, channelId: CH, user, isAdmin: false, services, now: () => new Date(Date.UTC(2026, 10, 22)), log: silentLog, users: {} };
  try {
    return await execute(prepare(commandMap(), inv), ctx);
  } catch (e) {
    return errorReply(e, ctx, inv, { guildId: G, userId: user.id });
  }
}

async function saintRemy(): Promise<Services> {
  const s = testServices();
  await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
  for (const seat of s.games.openSeats(CH)) s.games.join(CH, seat.id.startsWith('french') ? FR : AU, seat.id);
  s.games.start(CH, GM, false);
  return s;
}

const state = (s: Services) => s.games.live(CH).state as DramState;

describe('DRAM /move preview:true (issue 11)', () => {
  it('answers privately with a map of the move and its text, and plots nothing', async () => {
    const s = await saintRemy();
    const w = s.games.live(CH).window!;
    const queued = s.games.repo.outboxFor(CH).length;
    const r = await invoke(s, { name: 'move', options: { unit: 'Morel', to: 'forward 20in', preview: true } });
    expect(r.visibility).toBe('private');
    expect(r.content).toContain('🔍 **Preview only** — nothing was plotted.');
    // The same words as the receipt would give (validate's preview and warnings).
    expect(r.content).toMatch(/Cut short: it stops after 6\.\d" of the 20\.0" path — The Orme cannot be crossed here/);
    expect(r.content).toContain('dotted ring: its allowance over open ground');
    expect(r.files?.map((f) => f.name)).toEqual(['move-preview.png']);
    expect(r.files![0]!.data.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.KEEP_PREVIEW) writeFileSync('/tmp/move-preview.png', r.files![0]!.data);
    // Nothing stored, sealed or posted.
    for (const seat of s.games.live(CH).seats) expect(s.games.repo.activeSubmissions(w.id, seat.seatId)).toEqual([]);
    expect(s.games.repo.outboxFor(CH)).toHaveLength(queued);
  });

  it('previews a general\'s ride too (generals are drawn as bases, so the crop finds him)', async () => {
    const s = await saintRemy();
    const r = await invoke(s, { name: 'move', options: { unit: 'Delorme', to: 'forward 2in', preview: true } });
    expect(r.visibility).toBe('private');
    expect(r.content).toContain('🔍 **Preview only**');
    expect(r.files?.map((f) => f.name)).toEqual(['move-preview.png']);
  });

  it('refuses as /move refuses: another side\'s stand, and a move that would not move', async () => {
    const s = await saintRemy();
    const enemy = await invoke(s, { name: 'move', options: { unit: 'Kessler', to: 'forward 2in', preview: true } });
    expect(enemy.content).toContain('order/not-yours');
    expect(enemy.files ?? []).toEqual([]);
    const stuck = await invoke(s, { name: 'move', options: { unit: 'garnier', to: 'Saint-Rémy bridge', preview: true } });
    expect(stuck.content).toContain('would not move at all: II Corps artillery is in the way');
    expect(stuck.files ?? []).toEqual([]);
  });

  it('lays out the plan as the movement phase would: the whole path, the part covered, the allowance', async () => {
    const s = await saintRemy();
    const checked = s.games.check(CH, FR, { kind: 'move', unit: 'morel', to: 'forward 20in' });
    const plan = dramMovePlan(state(s), checked.accepted.order);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const p = plan.value;
    const from = state(s).stands['morel']!.pose.at;
    expect(p.planned[0]).toEqual(from);
    expect(p.reached[0]).toEqual(from);
    const len = (pts: readonly { x: number; y: number }[]) => pts.reduce((a, q, i) => (i ? a + Math.hypot(q.x - pts[i - 1]!.x, q.y - pts[i - 1]!.y) : 0), 0);
    expect(len(p.planned)).toBeCloseTo(20, 1);
    expect(len(p.reached)).toBeGreaterThan(6);
    expect(len(p.reached)).toBeLessThan(7);
    // Cuirassiers on their opening order: the allowance of the movement table (DRAM §7).
    expect(p.allowance).toBeGreaterThan(0);
    expect(p.lines[0]).toMatch(/^Cuirassiers \(Morel\): path 20\.0", allowance \d+(\.\d+)?" — stops after 6\.\d": The Orme cannot be crossed here$/);
  });

  it('draws the crop round the whole plan and a red cross where the move stops short', async () => {
    const s = await saintRemy();
    const l = s.games.live(CH);
    const plan = dramMovePlan(state(s), s.games.check(CH, FR, { kind: 'move', unit: 'morel', to: 'forward 20in' }).accepted.order);
    if (!plan.ok) throw new Error(plan.error.message);
    const view = movePlanView(plan.value);
    expect(view.around).toBe('morel');
    const base = describeGame(l.game, l.state, { viewer: { kind: 'side', side: 'french' }, view });
    if (!base.ok) throw new Error(base.error.message);
    const desc = withMovePlan(base.value, plan.value, 'Preview: Morel');
    expect(desc.title.subtitle).toBe('Preview: Morel');
    expect(desc.plan).toMatchObject({ unit: 'morel', cut: true, allowance: plan.value.allowance });
    // Every point of the plan is inside the crop (slid onto the table if need be).
    for (const q of [...plan.value.planned, ...plan.value.reached]) {
      expect(q.x).toBeGreaterThanOrEqual(desc.frame.x0);
      expect(q.x).toBeLessThanOrEqual(desc.frame.x1);
      expect(q.y).toBeGreaterThanOrEqual(desc.frame.y0);
      expect(q.y).toBeLessThanOrEqual(desc.frame.y1);
    }
    // The stop cross is drawn at the stop point; without the plan that pixel is not red.
    const at = (d: typeof desc) => {
      const { canvas } = drawMap(d);
      const p = projector(d, layoutMap(d))(desc.plan!.stop);
      return [...canvas.getContext('2d').getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data];
    };
    const red = ([r, g, b]: number[]) => r! > 150 && g! < 90 && b! < 90;
    expect(red(at(desc))).toBe(true);
    expect(red(at(base.value))).toBe(false);
  });
});
