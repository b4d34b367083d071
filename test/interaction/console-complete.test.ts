import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { consoleFiles, CONSOLE_CHANNEL, CONSOLE_GUILD } from '../../src/adapters/console';
import { completeConsoleLine } from '../../src/adapters/console-complete';
import type { CommandContext } from '../../src/interaction/command';
import { silentLog, testServices } from '../helpers/services';

const FR = { id: 'fr', name: 'Davout' };

async function saintRemy() {
  const s = testServices();
  await s.games.create({ guildId: CONSOLE_GUILD, channelId: CONSOLE_CHANNEL, gm: { id: 'gm', name: 'GM' }, ruleset: 'dram', scenario: 'saint-remy' });
  for (const seat of s.games.openSeats(CONSOLE_CHANNEL)) if (seat.id.startsWith('french')) s.games.join(CONSOLE_CHANNEL, FR, seat.id);
  s.games.start(CONSOLE_CHANNEL, { id: 'gm', name: 'GM' }, false);
  const ctx: CommandContext = { guildId: CONSOLE_GUILD, channelId: CONSOLE_CHANNEL, user: FR, isAdmin: false, services: s, now: () => new Date(), log: silentLog, users: {} };
  return (line: string) => completeConsoleLine(line, commandMap(), ctx);
}

describe('console Tab completion (issue 11)', () => {
  it('completes commands, subcommands and option names', async () => {
    const tab = await saintRemy();
    expect(await tab('/mo')).toEqual([['/move'], '/mo']);
    expect((await tab('/ro'))[0]).toEqual(['/roll', '/rolls', '/roster']);
    expect(await tab('/game jo')).toEqual([['join'], 'jo']);
    expect(await tab('/move u')).toEqual([['unit:'], 'u']);
    // An option already given is not offered again, nor one this ruleset has no use for (DRAM: ANRT's moves:).
    expect((await tab('/move unit:fabre '))[0]).toEqual(['to:', 'join:', 'preview:']);
  });

  it('completes names from the same autocomplete the Discord adapter answers with', async () => {
    const tab = await saintRemy();
    const [hits, part] = await tab('/move unit:Fab');
    expect(part).toBe('unit:Fab');
    expect(hits).toEqual(['unit:fabre']);
    // Only the caller's own pieces: no Austrian stands for the French player.
    expect((await tab('/move unit:kess'))[0]).toEqual([]);
    expect((await tab('/initiative corps:'))[0]).toContain('corps:fr-i-corps');
    expect((await tab('/game join seat:aus'))[0].every((x) => x.startsWith('seat:austrians:'))).toBe(true);
  });
});

describe('console attachments', () => {
  it('a restart never overwrites an earlier run\'s files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-files-'));
    const first = consoleFiles(dir, 'post')('map.png', Buffer.from('one'));
    const second = consoleFiles(dir, 'post')('map.png', Buffer.from('two'));
    expect(first).not.toBe(second);
    expect(readdirSync(dir).sort()).toEqual(['post-001-map.png', 'post-002-map.png']);
    expect(readFileSync(first, 'utf8')).toBe('one');
  });
});
