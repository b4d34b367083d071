import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenes, runScene, type SceneCase } from '../../helpers/anrt-scenes';

/** The plain-text movement scenes (withdrawals, routs, charges and terrain): cases/scenes/*.yaml, format in test/helpers/anrt-scenes.ts. */
const DIR = 'test/rules/anrt/cases/scenes';
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();

function check(c: SceneCase): void {
  const r = runScene(c);
  for (const [key, want] of Object.entries(c.expect)) {
    if (key === 'ok') { expect(r.ok, `${c.case}: ${r.text}`).toBe(want); continue; }
    if (key === 'code') { expect(r.code, `${c.case}: ${r.text}`).toBe(want); continue; }
    if (key === 'sheltered') { expect(r.sheltered, c.case).toBe(want); continue; }
    if (key === 'toGround') { expect(Object.keys(r.s.toGround ?? {}).sort(), c.case).toEqual(want); continue; }
    if (key === 'says') { for (const w of want as string[]) expect(r.text, c.case).toContain(w); continue; }
    if (key === 'saysNot') { for (const w of want as string[]) expect(r.text, c.case).not.toContain(w); continue; }
    if (key === 'notes') {
      const texts = r.events.map((e) => JSON.stringify(e));
      for (const w of want as string[]) expect(texts.some((t) => t.includes(w)), `${c.case}: no event says "${w}"\n${texts.join('\n')}`).toBe(true);
      continue;
    }
    const u = r.s.units[key];
    expect(u, `${c.case}: no unit ${key}`).toBeDefined();
    const w = want as Record<string, unknown>;
    if (w.at) { const [x, y] = w.at as [number, number]; expect(Math.abs(u!.at.x - x) <= 0.05 && Math.abs(u!.at.y - y) <= 0.05, `${c.case}: ${key} at (${u!.at.x.toFixed(3)}, ${u!.at.y.toFixed(3)}), expected (${x}, ${y})`).toBe(true); }
    if (w.near) { const [[x, y], d] = w.near as [[number, number], number]; expect(Math.hypot(u!.at.x - x, u!.at.y - y) <= d, `${c.case}: ${key} at (${u!.at.x.toFixed(3)}, ${u!.at.y.toFixed(3)}), expected within ${d} of (${x}, ${y})`).toBe(true); }
    if (w.facing !== undefined) expect(Math.abs(((u!.facing - (w.facing as number)) % 360 + 540) % 360 - 180), `${c.case}: ${key} facing ${u!.facing}`).toBeLessThan(0.5);
    for (const f of ['routed', 'disordered', 'gone', 'formation'] as const) if (w[f] !== undefined) expect(u![f], `${c.case}: ${key}.${f}`).toBe(w[f]);
  }
}

for (const f of files) {
  describe(`ANRT movement scenes: ${f}`, () => {
    const cases = loadScenes(`${DIR}/${f}`).filter((c) => c.place);
    it.each(cases.map((c) => [`${c.case} (${c.rule})`, c] as const))('%s', (_n, c) => check(c));
  });
}
