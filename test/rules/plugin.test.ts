import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import type { ReplyModel } from '../../src/interaction/reply';
import { commandMap } from '../../commands/index';
import { RULESET_IDS } from '../../src/rules/contract';
import { RULESETS, SCENARIO_PROFILES } from '../../src/rules/index';
import type { Services } from '../../src/services/services';
import { silentLog, testServices } from '../helpers/services';

const ROOT = resolve(import.meta.dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const rulesetFolder = new RegExp(`^src/rules/(${RULESET_IDS.join('|')})/`);
const shared = [...tsFiles(join(ROOT, 'commands')), ...tsFiles(join(ROOT, 'src'))].map((p) => relative(ROOT, p)).filter((p) => !rulesetFolder.test(p));

describe('rulesets are plug-ins (src/rules/README.md)', () => {
  it('no shared module tests a ruleset id', () => {
    const idTest = /ruleset ?[!=]== ?'|case '(dram|nw|bp|anrt|solo)'/;
    const offenders = shared.flatMap((p) => readFileSync(join(ROOT, p), 'utf8').split('\n').map((line, i) => [p, i + 1, line] as const)).filter(([, , line]) => idTest.test(line));
    expect(offenders.map(([p, n, line]) => `${p}:${n}: ${line.trim()}`)).toEqual([]);
  });

  it('no shared module under src/rules (scenario, geometry, location) imports a ruleset', () => {
    const imports = /from '[^']*\/(dram|nw|bp|anrt|solo)\/[^']*'/;
    // The registry (src/rules/index.ts) is the one module that names them.
    const offenders = shared.filter((p) => p.startsWith('src/rules/') && p !== 'src/rules/index.ts').filter((p) => imports.test(readFileSync(join(ROOT, p), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('every verb a ruleset declares is carried by a slash command, and every ruleset presents itself', () => {
    const carried = new Set(COMMANDS.flatMap((c) => {
      const json = c.data.toJSON() as { name: string; options?: { type: number; name: string }[] };
      const subs = (json.options ?? []).filter((o) => o.type === 1).map((o) => `${json.name} ${o.name}`);
      return [json.name, ...subs];
    }));
    for (const r of Object.values(RULESETS)) {
      expect(Object.keys(r.inputs).filter((v) => !carried.has(v)), r.id).toEqual([]);
      expect(typeof r.present.names).toBe('function');
      expect(typeof r.present.map).toBe('function');
      expect(SCENARIO_PROFILES[r.id]).toBe(r.profile);
    }
  });
});

const G = '111111111111111111';
const CH = '222222222222222222';

async function invoke(services: Services, user: { id: string; name: string }, inv: Invocation): Promise<ReplyModel> {
  const ctx: CommandContext = { guildId: G, channelId: CH, user, isAdmin: false, services, now: () => new Date(Date.UTC(2026, 10, 22)), log: silentLog, users: {} };
  try {
    return await execute(prepare(commandMap(), inv), ctx);
  } catch (e) {
    return errorReply(e, ctx, inv, { guildId: G, userId: user.id });
  }
}

describe('a verb the ruleset does not declare is refused for that reason', () => {
  const GM = { id: 'gm', name: 'Napoleon' };
  const P = { id: 'p1', name: 'Davout' };

  it('DRAM has no /fire, /crew or /choose: each is refused privately with the verbs it has; its /roster comes from its record', async () => {
    const s = testServices();
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    s.games.join(CH, P, 'french:fr-i-corps');
    s.games.start(CH, GM, false);
    const fire = await invoke(s, P, { name: 'fire', options: { unit: 'x', target: 'y' } });
    expect(fire.visibility).toBe('private');
    expect(fire.content).toContain('`game/verb-unsupported`');
    expect(fire.content).toContain('/fire is not part of A Wee DRAM of Napoleon');
    expect(fire.content).toContain('/initiative, /move, /orders issue, /orders losses');
    const crew = await invoke(s, P, { name: 'crew', options: { unit: 'x', to: 'y' } });
    expect(crew.content).toContain('`game/verb-unsupported`');
    expect(crew.content).toContain('/crew is not part of A Wee DRAM of Napoleon');
    // DRAM declares a roster (Presentation.roster), so /roster answers instead of refusing.
    const roster = await invoke(s, P, { name: 'roster', options: {} });
    expect(roster.content).not.toContain('`game/verb-unsupported`');
    expect(roster.content).toContain('Fabre');
    const choose = await invoke(s, P, { name: 'choose', subcommand: 'first', options: { side: 'french' } });
    expect(choose.content).toContain('/choose first is not part of');
  });

  it("NW has no /initiative or /orders issue, and its /move is an action where DRAM's is an order", async () => {
    const s = testServices();
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'nw', scenario: 'teaching' });
    const seat = s.games.openSeats(CH)[0]!.id;
    s.games.join(CH, P, seat);
    s.games.start(CH, GM, false);
    const ini = await invoke(s, P, { name: 'initiative', options: { corps: 'x' } });
    expect(ini.content).toContain('`game/verb-unsupported`');
    expect(ini.content).toContain('/maneuver');
    const issue = await invoke(s, P, { name: 'orders', subcommand: 'issue', options: { general: 'g', target: 't', order: 'A' } });
    expect(issue.content).toContain('/orders issue is not part of Napoleon');
    expect(RULESETS.nw!.inputs.move!.kind).toBe('action');
    expect(RULESETS.dram!.inputs.move!.kind).toBe('order');
  });
});
