import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRE_MODIFIERS, EVASION_MODIFIERS } from '../../../src/rules/nw/tables/artillery';
import { COMBAT_MODIFIERS } from '../../../src/rules/nw/tables/combat';
import { MANEUVER_MODIFIERS } from '../../../src/rules/nw/tables/maneuver';
import { PURSUIT_MODIFIERS } from '../../../src/rules/nw/tables/optional';
import { RALLY_MODIFIERS } from '../../../src/rules/nw/tables/rally';
import { REACTION_MODIFIERS } from '../../../src/rules/nw/tables/reaction';
import { SKIRMISH_MODIFIERS } from '../../../src/rules/nw/tables/skirmish';
import type { GameEvent } from '../../../src/rules/events';
import { LEADER_LOSS_RULES, type LeaderLossTrigger } from '../../../src/rules/nw/procedures/leaders';
import { LEADER_LOSS } from '../../../src/rules/nw/tables/leaders';
import { parseCases, runCase } from '../../helpers/nw-cases';

/**
 * Issue 17: every modifier of every NW dice table must ARISE in play — from a state built from a
 * scenario snippet (a plain-text case under cases/), by the phase's own conditions function,
 * never from a hand-made modifier list. This test runs every case, reads the modifiers of every
 * roll event, and fails for any table modifier no case produces, unless it is listed below as one
 * that cannot arise, with the reason (the same list is in src/rules/nw/README.md "Modifiers that
 * cannot arise"). A listed one that does arise fails too, so the list stays true.
 *
 * The runner gives no phase a modifier list (test/helpers/nw-cases.ts passes no `conditions`):
 * a case that sets `options.conditions` is refused here.
 */

const DIR = join(import.meta.dirname, 'cases');

/** How each table's modifiers are labelled in roll events: by condition id (namedModifier) or by the printed label (skirmish). */
const TABLES: Record<string, readonly { readonly id: string; readonly marks: string }[]> = {
  maneuver: MANEUVER_MODIFIERS.map((m) => ({ id: m.condition, marks: `${m.condition} ` })),
  skirmish: SKIRMISH_MODIFIERS.map((m) => ({ id: m.condition, marks: `${m.label} (` })),
  'artillery fire': FIRE_MODIFIERS.filter((m) => m.value !== 0).map((m) => ({ id: m.condition, marks: `${m.condition} ` })),
  evasion: EVASION_MODIFIERS.map((m) => ({ id: m.condition, marks: `${m.condition} ` })),
  reaction: REACTION_MODIFIERS.map((m) => ({ id: m.condition, marks: `${m.condition} ` })),
  combat: [...COMBAT_MODIFIERS.map((m) => ({ id: m.condition, marks: `${m.condition} ` })), { id: 'outnumbered', marks: 'outnumbered ' }],
  rally: RALLY_MODIFIERS.map((m) => ({ id: m.condition, marks: `${m.condition} ` })),
  // Pursuit modifiers are per die (never below 1): the roll event names them in its tableRow only;
  // prefixed so that evasion's own `mud-rain-or-snow` cannot stand in for them.
  pursuit: PURSUIT_MODIFIERS.map((m) => ({ id: m.condition, marks: `pursuit:${m.condition} ` })),
};

/**
 * The Leader Loss table (N6: §9.3.2 L267, CRT L767-775, §7.7 L138, §8.4 L198) has no modifiers but
 * four ways to be called; each must arise from a case too, seen in its own event: the 2d6 check
 * (purpose "leader loss", by its rule) or, where no die is rolled, the officer killed.
 */
const LEADER_LOSS_MARKS: Readonly<Record<LeaderLossTrigger, (e: GameEvent) => boolean>> = {
  enemyPassesThrough: (e) => e.kind === 'roll' && e.purpose === 'leader loss' && e.rule === LEADER_LOSS_RULES.enemyPassesThrough,
  crtBrokenOrRecule: (e) => e.kind === 'roll' && e.purpose === 'leader loss' && e.rule === LEADER_LOSS_RULES.crtBrokenOrRecule,
  crtCrushed: (e) => e.kind === 'general' && e.what === 'killed' && e.rule.includes('chart L767'),
  skirmishOrFireNatural: (e) => e.kind === 'general' && e.what === 'killed' && e.rule.includes('L138, L198'),
};

/** Modifiers no case can produce yet, with why (README "Modifiers that cannot arise"). */
const CANNOT_ARISE: Readonly<Record<string, string>> = {};

function modifierLabels(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => {
    const rec = e as { purpose?: string; tableRow?: string; modifiers?: readonly { label: string }[]; sides?: readonly { modifiers?: readonly { label: string }[] }[] };
    // rollPursuit: "…, per die <label>, <label> (never below 1) → …".
    const perDie = rec.purpose === 'pursuit' ? /per die (.*) \(never below 1\)/.exec(rec.tableRow ?? '')?.[1] : undefined;
    const pursuit = perDie ? perDie.split(/, (?=[a-z-]+ [−+])/).map((l) => `pursuit:${l}`) : [];
    return [...(rec.modifiers ?? []), ...(rec.sides ?? []).flatMap((x) => x.modifiers ?? [])].map((m) => m.label).concat(pursuit);
  });
}

describe('NW modifier coverage (issue 17)', () => {
  it('every modifier of every NW table arises from the state in at least one plain-text case', async () => {
    const labels: string[] = [];
    const events: GameEvent[] = [];
    for (const f of readdirSync(DIR).filter((x) => x.endsWith('.yaml')).sort()) {
      for (const c of parseCases(readFileSync(join(DIR, f), 'utf8'))) {
        const opts = c.options as { conditions?: unknown } | undefined;
        expect(opts?.conditions, `${c.case}: a case may not hand the phase a modifier list`).toBeUndefined();
        const r = await runCase(c);
        labels.push(...modifierLabels(r.events));
        events.push(...r.events);
      }
    }
    const triggers = Object.entries(LEADER_LOSS_MARKS).filter(([, seen]) => !events.some(seen)).map(([t]) => `leader loss/${t}`);
    expect(triggers, 'leader loss checks no case calls').toEqual([]);
    expect(Object.keys(LEADER_LOSS_MARKS).sort()).toEqual(Object.keys(LEADER_LOSS).sort());
    const missing: string[] = [];
    const wrongly: string[] = [];
    for (const [table, mods] of Object.entries(TABLES)) {
      for (const m of mods) {
        const key = `${table}/${m.id}`;
        const seen = labels.some((l) => l.startsWith(m.marks));
        if (!seen && !(key in CANNOT_ARISE)) missing.push(key);
        if (seen && key in CANNOT_ARISE) wrongly.push(key);
      }
    }
    expect(missing, 'modifiers no case produces').toEqual([]);
    expect(wrongly, 'listed as unable to arise, yet a case produces them').toEqual([]);
  });
});
