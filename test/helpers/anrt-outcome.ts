import { expect } from 'vitest';
import type { AnrtState, AnrtUnit } from '../../src/rules/anrt/state';
import type { GameEvent } from '../../src/rules/events';

/** A file's own `expect:` keys: `key` for whole-resolution keys (true when handled), `unit` for a unit's extra fields. */
export interface OutcomeChecks {
  readonly key?: (key: string, want: unknown, log: string) => boolean;
  readonly unit?: (u: AnrtUnit, key: string, want: Readonly<Record<string, unknown>>, log: string) => void;
}

/**
 * Checks a combat resolution against a plain-text case's `expect:` — `notes` / `absent` (text some
 * event does / does not carry), and per unit `at` (within 0.05") and routed / disordered / gone /
 * hits — the checks the ANRT resolution case files share; every failure prints the whole event log.
 */
export function expectOutcome(name: string, r: { readonly s: AnrtState; readonly events: readonly GameEvent[] }, expectations: Readonly<Record<string, unknown>>, more: OutcomeChecks = {}): void {
  const texts = r.events.map((e) => JSON.stringify(e));
  const log = `\n${texts.join('\n')}`;
  for (const [key, want] of Object.entries(expectations)) {
    if (key === 'notes') { for (const w of want as string[]) expect(texts.some((t) => t.includes(w)), `${name}: no event says "${w}"${log}`).toBe(true); continue; }
    if (key === 'absent') { for (const w of want as string[]) expect(texts.some((t) => t.includes(w)), `${name}: an event says "${w}"${log}`).toBe(false); continue; }
    if (more.key?.(key, want, log)) continue;
    const u = r.s.units[key];
    expect(u, `${name}: no unit ${key}`).toBeDefined();
    const w = want as Record<string, unknown>;
    if (w.at) { const [x, y] = w.at as [number, number]; expect(Math.hypot(u!.at.x - x, u!.at.y - y) <= 0.05, `${name}: ${key} at (${u!.at.x.toFixed(3)}, ${u!.at.y.toFixed(3)}), expected (${x}, ${y})${log}`).toBe(true); }
    for (const f of ['routed', 'disordered', 'gone'] as const) if (w[f] !== undefined) expect(u![f] ?? false, `${name}: ${key}.${f}${log}`).toBe(w[f]);
    if (w.hits !== undefined) expect(u!.hits, `${name}: ${key}.hits${log}`).toBe(w.hits);
    more.unit?.(u!, key, w, log);
  }
}
