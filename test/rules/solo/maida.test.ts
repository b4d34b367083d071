import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { solo } from '../../../src/rules/solo/index';
import { SOLO_SETTINGS_DEFAULTS } from '../../../src/rules/solo/settings';
import { playSolo, replaySolo, soloData, stateHash } from '../../helpers/solo-game';

/**
 * Maida 1806 for Kuryakin (assets/scenarios/solo/maida.yaml): B&P's research re-scaled — every
 * unit's figures recomputed at 1:40 from the men in its note, every piece where the B&P file puts
 * it (inches × 30 = yards = mm), the same sources; played to its end and replayed identically.
 */
const FILE = 'assets/scenarios/solo/maida.yaml';
type Raw = { meta: { sources: string[]; scale: unknown }; orderOfBattle: Record<string, { corps: { divisions: { id: string; figures: number; arm: string; note: string }[] }[] }>; deployment: { unit?: string; general?: string; at: unknown }[] };
const raw = parse(readFileSync(FILE, 'utf8')) as Raw;
const bp = parse(readFileSync('assets/scenarios/bp/maida.yaml', 'utf8')) as Raw;

describe('Maida 1806 at 1:40, 1 mm = 1 yard', () => {
  it('cites the B&P file\'s sources and says 1 mm = 1 yard', () => {
    expect(raw.meta.sources).toEqual(bp.meta.sources);
    expect(raw.meta.scale).toEqual({ yardsPerInch: 1 });
    expect(readFileSync(FILE, 'utf8')).toContain('1 mm = 1 yard');
  });
  it('every unit is its men ÷ 40, rounded half up (at least 1); batteries are the L14 crew norm of 3', () => {
    const units = Object.values(raw.orderOfBattle).flatMap((o) => o.corps.flatMap((c) => c.divisions));
    expect(units).toHaveLength(23);
    for (const u of units) {
      if (u.arm === 'artillery') { expect(u.figures, u.id).toBe(3); continue; }
      const m = /([\d,.]+) men|([\d,.]+) sabres|^(\d+) men/.exec(u.note) ?? /(\d+) men/.exec(u.note);
      const men = Number((m![1] ?? m![2] ?? m![3])!.replace(/,/g, ''));
      expect(u.figures, u.id).toBe(Math.max(1, Math.floor(men / 40 + 0.5)));
    }
  });
  it('every piece on the table stands where the B&P file puts it, in yards', () => {
    const bpAt = new Map(bp.deployment.map((d) => [d.unit ?? d.general, d.at]));
    for (const d of raw.deployment) {
      const was = bpAt.get(d.unit ?? d.general);
      if (was === 'off-table') continue; // the 20th Foot: on the table at the landing (no reinforcement rule)
      expect(d.at, d.unit ?? d.general).toEqual((was as number[]).map((x) => Math.round(x * 30)));
    }
  });
  it('the random legal player plays it to an outcome, and it replays identically', () => {
    const seed = 'maida'.split('').map((c) => c.charCodeAt(0).toString(16)).join('').padEnd(64, '9');
    const played = playSolo(soloData(FILE), SOLO_SETTINGS_DEFAULTS, 11, seed);
    expect(solo.outcome(played.final)).not.toBeNull();
    expect(played.inputs.some((i) => i.kind === 'act' && i.action.kind === 'fire')).toBe(true);
    expect(stateHash(replaySolo(soloData(FILE), SOLO_SETTINGS_DEFAULTS, played.inputs, seed))).toBe(stateHash(played.final));
  }, 60_000);
});
