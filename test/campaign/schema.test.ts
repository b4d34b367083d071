import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';

describe('migration 0008 campaigns', () => {
  it('creates the campaign tables, and the log refuses edits and deletions (append-only)', () => {
    const db = openDb(':memory:');
    const c = db.$client;
    const tables = c.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'campaign%' ORDER BY name").all().map((r) => (r as { name: string }).name);
    expect(tables).toEqual(['campaign_battles', 'campaign_log', 'campaign_players', 'campaign_sides', 'campaign_units', 'campaigns']);
    c.prepare("INSERT INTO campaigns (guild_id, channel_id, name, ruleset, scenario_id, gm_user_id, status, settings, created_at, updated_at) VALUES ('g','c','Waterloo','nw','teaching','u','open','{}',1,1)").run();
    c.prepare("INSERT INTO campaign_log (campaign_id, kind, actor_id, actor_name, text, detail, totals, created_at) VALUES (1,'create','u','U','created','{}','{}',1)").run();
    expect(() => c.prepare("UPDATE campaign_log SET text = 'x'").run()).toThrow(/append-only/);
    expect(() => c.prepare('DELETE FROM campaign_log').run()).toThrow(/append-only/);
    // one open campaign per name in a server
    expect(() => c.prepare("INSERT INTO campaigns (guild_id, channel_id, name, ruleset, scenario_id, gm_user_id, status, settings, created_at, updated_at) VALUES ('g','c2','Waterloo','nw','teaching','u','open','{}',1,1)").run()).toThrow(/UNIQUE/);
  });
});
